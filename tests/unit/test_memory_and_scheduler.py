"""The memory limit and the Dask scheduler address are checked when they are read: a size
that is not positive, or an address Dask cannot parse, is refused as input (exit 2) before
any work starts, naming the variable or option and a value that works."""

from __future__ import annotations

import contextlib
import socket

import pytest

from gamegraph.cluster import ClusterSettings, Task, check_scheduler, configure, run_tasks, settings
from gamegraph.errors import InputError
from gamegraph.memory import memory_limit


@pytest.mark.parametrize("size", ["-5G", "0", "0.4", "-0", "nan", "inf", "1e400", "G", "5X"])
def test_a_memory_limit_that_is_not_a_positive_size_is_refused(
    monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", size)
    with pytest.raises(InputError, match=f"GAMEGRAPH_MEMORY_LIMIT='{size}' is not a positive"):
        memory_limit()


@pytest.mark.parametrize(
    ("size", "limit"), [("8G", 8 * 2**30), ("500M", 500 * 2**20), ("1.5k", 1536), ("7", 7)]
)
def test_a_memory_limit_with_a_suffix_is_read_in_bytes(
    monkeypatch: pytest.MonkeyPatch, size: str, limit: int
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", size)
    assert memory_limit() == limit


@pytest.mark.parametrize(
    "address",
    ["notaurl", "tcp://host", "tcp://:8786", "host:99999", "tcp://host:0", "tcp://a b:1", ":"],
)
def test_a_scheduler_address_dask_cannot_parse_is_refused_before_any_work(address: str) -> None:
    with pytest.raises(InputError, match=r"is not a Dask scheduler address .* tcp://host:8786"):
        configure(scheduler=address)


@pytest.mark.parametrize(
    "address",
    ["tcp://127.0.0.1:8786", "127.0.0.1:8786", "tls://node-3.cluster:8786", "tcp://[::1]:1"],
)
def test_a_scheduler_address_with_host_and_port_is_kept(address: str) -> None:
    try:
        configure(scheduler=address)
        assert settings().scheduler == address == check_scheduler(f" {address} ")
    finally:
        configure()


def test_the_scheduler_from_the_environment_is_checked_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_DASK_SCHEDULER", "notaurl")
    with pytest.raises(InputError, match="'notaurl' is not a Dask scheduler address"):
        settings()


def _square(x: int) -> int:
    return x * x


def test_a_local_cluster_starts_quietly_while_another_process_holds_port_8787() -> None:
    # another gamegraph's cluster (or anything else) on Dask's default HTTP port: the old
    # cluster warned "Port 8787 is already in use", an error under this suite's settings
    with contextlib.ExitStack() as stack:
        holder = stack.enter_context(socket.socket())
        with contextlib.suppress(OSError):  # already held by someone: the same situation
            holder.bind(("127.0.0.1", 8787))
            holder.listen()
        tasks = [Task(_square, (i,), memory=1, name="square") for i in range(6)]
        assert run_tasks(tasks, where=ClusterSettings(workers=1)) == [i * i for i in range(6)]


def test_a_scheduler_address_where_nothing_listens_is_an_error_at_once() -> None:
    """A refused connection is said at once (the Dask client would retry for its 10 s)."""
    with socket.socket() as probe:  # a port free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    tasks = [Task(_square, (i,), memory=1, name="square") for i in range(2)]
    with pytest.raises(InputError) as caught:
        run_tasks(tasks, where=ClusterSettings(scheduler=address))
    assert str(caught.value).startswith(f"no Dask scheduler answers at {address}: nothing")
    assert "(connection refused)" in str(caught.value)
