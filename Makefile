# gamegraph's two set-up commands on a fresh machine (Python 3.11+, a JDK 17 and Maven):
#
#   make load    # venv + install, fetch and start the local Neo4j 5.26, gamegraph load --n 60
#   make test    # the whole test suite: unit tests and integration tests on a real Neo4j
#
# `make image` builds gamegraph's Neo4j 5.26 image with podman or docker from Debian packages
# and Maven Central (no registry; docker/README.md); `make test-container` runs the integration
# tests against it through testcontainers (installing podman when missing; as root).
#
# Both create .venv on first use. `make load N=24` loads another n; `make lint` runs ruff and
# mypy; `make bench` runs the benchmarks (minutes); `make mutation` runs the mutation tests of
# the engines and the graph core (hours; SAMPLE=200 runs a seeded sample; tools/mutation.py).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
N      ?= 60
STAMP  := $(VENV)/.installed

.PHONY: install load test image test-container lint bench mutation clean

install: $(STAMP)

# uv (from PyPI, into the venv) installs the dependencies in seconds where pip takes minutes
# (22 s against 115 s here with its cache warm, 46 s cold); pip does it when uv cannot be had.
# uv leaves compiling to the first import, unless PYTHONDONTWRITEBYTECODE forbids that. Then
# the numba kernels of `make load`'s graphs are compiled into numba's cache, a process per
# game, as many at once as there are cores (gamegraph/loader/warmup.py): 12-14 s here, where a
# fresh checkout's first load spent 15.5 s of one core.
UV_INSTALL = $(BIN)/uv pip install --quiet --python $(BIN)/python \
	$(if $(PYTHONDONTWRITEBYTECODE),--compile-bytecode)

$(STAMP): pyproject.toml examples/gamegraph-examples/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	{ $(BIN)/python -m pip install --quiet 'uv>=0.5' && \
	  $(UV_INSTALL) -e '.[dev]' -e examples/gamegraph-examples; } || \
	{ echo "make install: without uv; pip installs instead (minutes)" && \
	  $(BIN)/python -m pip install --quiet --upgrade pip && \
	  $(BIN)/python -m pip install --quiet -e '.[dev]' && \
	  $(BIN)/python -m pip install --quiet --no-deps -e examples/gamegraph-examples; }
	$(BIN)/python -m gamegraph.loader.warmup
	touch $(STAMP)

load: $(STAMP)
	$(BIN)/gamegraph load --n $(N)

# the suite on JOBS pytest-xdist workers, each with a Neo4j of its own (tests/integration/
# conftest.py); JOBS=0 runs it in this one process (what a NEO4J_URI database needs)
JOBS ?= 2

test: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) --dist loadfile --durations=25

image: $(STAMP)
	PYTHON=$(BIN)/python docker/build-image.sh

# CONTAINER_TESTS="tests/integration" runs the whole integration suite in the container
CONTAINER_TESTS ?=

test-container: $(STAMP)
	JOBS=$(JOBS) PYTHON=$(BIN)/python docker/test-container.sh $(CONTAINER_TESTS)

# Debian's chromium for tests/integration/test_guide_in_browser.py (as root, with apt-get; the
# test runs this itself when /usr/bin/chromium is missing)
.PHONY: chromium
chromium:
	tools/install-chromium.sh

lint: $(STAMP)
	$(BIN)/ruff check gamegraph tests benchmarks tools
	$(BIN)/ruff format --check gamegraph tests benchmarks tools
	$(BIN)/mypy gamegraph

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/loader.py
	$(BIN)/python benchmarks/queries.py

SAMPLE ?= 0

mutation: $(STAMP)
	$(BIN)/python tools/mutation.py --sample $(SAMPLE)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
