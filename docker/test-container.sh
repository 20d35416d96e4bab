#!/usr/bin/env bash
# `make test-container`: the integration tests against gamegraph's Neo4j image, started by
# testcontainers through podman's Docker-compatible API socket, all on 127.0.0.1.
#
#   1. installs podman, runc, mmdebstrap, uidmap, slirp4netns and fuse-overlayfs with apt-get
#      when podman or mmdebstrap is missing (as root; apt-get update first);
#   2. writes a containers.conf for this run: runc (crun refuses a mixed cgroup v1/v2 host)
#      and ulimits a root without CAP_SYS_RESOURCE may set;
#   3. builds the image when it is missing or stale (docker/build-image.sh --if-stale);
#   4. starts `podman system service` on a socket of this run's own;
#   5. runs pytest on CONTAINER_TESTS (default: the subset below) with
#      GAMEGRAPH_TEST_NEO4J=container, so a container that cannot start fails the run;
#   6. at exit, whatever happened, removes every container labelled with this run's id and
#      stops the socket.
#
# Usage: docker/test-container.sh [pytest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-.venv/bin/python}
image=${GAMEGRAPH_IMAGE:-localhost/gamegraph-neo4j:5.26}
began=$SECONDS

fail() {
    echo "error: make test-container: $*" >&2
    exit 1
}

if ! command -v podman >/dev/null || ! command -v mmdebstrap >/dev/null || ! command -v runc >/dev/null; then
    [[ $(id -u) == 0 ]] || fail "podman, runc and mmdebstrap are missing and only root may apt-get install them (apt-get install podman runc mmdebstrap uidmap slirp4netns fuse-overlayfs)"
    echo "installing podman, runc, mmdebstrap, uidmap, slirp4netns, fuse-overlayfs (apt-get) ..."
    apt-get update -qq >/dev/null || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        podman runc mmdebstrap uidmap slirp4netns fuse-overlayfs >/dev/null ||
        fail "apt-get install podman runc mmdebstrap uidmap slirp4netns fuse-overlayfs failed"
fi

run_id=$(cat /proc/sys/kernel/random/uuid)
run_dir=$(mktemp -d "${TMPDIR:-/tmp}/gamegraph-podman.XXXXXX")
export CONTAINERS_CONF="$run_dir/containers.conf"
cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
CONF

service_pid=
cleanup() {
    local ids
    ids=$(podman ps -aq --filter "label=io.gamegraph.test-run=$run_id" 2>/dev/null || true)
    if [[ -n $ids ]]; then
        echo "removing containers left by this run: $ids"
        # shellcheck disable=SC2086
        podman rm -f -v $ids >/dev/null 2>&1 || true
    fi
    if [[ -n $service_pid ]]; then
        kill "$service_pid" 2>/dev/null || true
        wait "$service_pid" 2>/dev/null || true
    fi
    rm -rf "$run_dir"
}
trap cleanup EXIT

build_began=$SECONDS
CONTAINER_ENGINE=podman GAMEGRAPH_IMAGE="$image" PYTHON="$python" docker/build-image.sh --if-stale ||
    fail "the image $image could not be built (docker/build-image.sh)"
build_seconds=$((SECONDS - build_began))

socket="$run_dir/podman.sock"
podman system service --time=0 "unix://$socket" >"$run_dir/service.log" 2>&1 &
service_pid=$!
for _ in $(seq 1 100); do
    [[ -S $socket ]] && break
    kill -0 "$service_pid" 2>/dev/null || fail "podman system service exited: $(tail -3 "$run_dir/service.log" | tr '\n' ' ')"
    sleep 0.2
done
[[ -S $socket ]] || fail "podman's API socket $socket did not appear within 20 s"

export DOCKER_HOST="unix://$socket"
export TESTCONTAINERS_RYUK_DISABLED=true # Ryuk's image comes from a registry; the trap cleans
export TESTCONTAINERS_CONNECTION_MODE=docker_host
export TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
export GAMEGRAPH_TEST_NEO4J=container
export GAMEGRAPH_TEST_CONTAINER_IMAGE="$image"
export GAMEGRAPH_TEST_RUN_ID="$run_id"
export GAMEGRAPH_NEO4J_HEAP=${GAMEGRAPH_NEO4J_HEAP:-1g} GAMEGRAPH_NEO4J_PAGECACHE=${GAMEGRAPH_NEO4J_PAGECACHE:-256m}
unset NEO4J_URI

# Loads, verifies and runs every query of every game (the games' contract), the connection,
# the named queries, verify, the GDS component queries of every game, and the container
# route's own checks. The bulk route is not among them: it rewrites the store of the local
# server's home with neo4j-admin and restarts that server, and a container's store and
# process are the container's (its tests need the local Neo4j and run in `make test`).
default_tests=(
    tests/integration/test_games_contract_neo4j.py
    tests/integration/test_connection.py
    tests/integration/test_queries.py
    tests/integration/test_verify.py
    tests/integration/test_gds.py
    tests/integration/test_container_route.py
)
echo "make test-container: podman ready and image checked in $((SECONDS - began)) s (image step ${build_seconds} s)"
set +e
# JOBS pytest-xdist workers (make's JOBS, default 2), each with a container of its own
workers=(-n "${JOBS:-2}" --dist loadfile)
if [[ $# -gt 0 ]]; then
    "$python" -m pytest "${workers[@]}" "$@"
else
    "$python" -m pytest "${workers[@]}" "${default_tests[@]}"
fi
status=$?
set -e
exit $status # pytest's summary stays the last line
