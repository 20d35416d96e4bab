"""The local Neo4j's file locks (install, start, bulk load): one holder at a time."""

from __future__ import annotations

from pathlib import Path

from gamegraph.server.install import file_lock
from gamegraph.server.swap import BULK_LOCK, bulk_lock


def test_a_held_bulk_lock_is_not_taken_without_waiting(tmp_path: Path) -> None:
    with bulk_lock(tmp_path, wait=True) as held:
        assert held
        assert (tmp_path / BULK_LOCK).is_file()
        with bulk_lock(tmp_path, wait=False) as second:
            assert not second
    with bulk_lock(tmp_path, wait=False) as again:
        assert again


def test_a_file_lock_creates_its_directory_and_is_held(tmp_path: Path) -> None:
    path = tmp_path / "new" / "install.lock"
    with file_lock(path) as held:
        assert held and path.is_file()
        with file_lock(path, wait=False) as second:
            assert not second
