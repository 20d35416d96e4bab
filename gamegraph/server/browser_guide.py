"""The gamegraph Browser guide and style, served by the local Neo4j at /browser/guides/.

Neo4j 5.26 serves Neo4j Browser from the newest ``neo4j-browser*.zip`` in ``<home>/web``
when there is one (``internal.dbms.web_dir_path``), instead of the copy inside the
neo4j-browser jar. :func:`install_guide` writes such a zip: the jar's ``browser/`` tree plus
the files of ``gamegraph/server/guide/`` under ``browser/guides/``. Then
``:play http://127.0.0.1:7474/browser/guides/gamegraph.html`` runs the guide and
``:style http://127.0.0.1:7474/browser/guides/gamegraph.grass`` applies the style (the
launcher allows 127.0.0.1 and localhost in ``browser.remote_content_hostname_allowlist``).
Neo4j accepts only ``neo4j-browser.zip`` or ``neo4j-browser-YYYY.MM.DD+N.zip`` as names, so
the zip is ``neo4j-browser.zip``; a fingerprint of the jar and the guide files beside it
(``neo4j-browser.zip.gamegraph``) says when it must be rebuilt.
"""

from __future__ import annotations

import hashlib
import zipfile
from importlib import resources
from pathlib import Path

__all__ = ["GUIDE_FILES", "guide_url", "install_guide"]

GUIDE_FILES = ("gamegraph.html", "gamegraph.grass")
ZIP_NAME = "neo4j-browser.zip"
STAMP_SUFFIX = ".gamegraph"


def guide_url(http_uri: str) -> str:
    """Where the local Neo4j serves the guide (for ``:play``)."""
    return f"{http_uri.rstrip('/')}/browser/guides/gamegraph.html"


def _guide_bytes() -> dict[str, bytes]:
    folder = resources.files("gamegraph.server").joinpath("guide")
    return {name: folder.joinpath(name).read_bytes() for name in GUIDE_FILES}


def install_guide(home: Path, lib: Path, http_uri: str) -> Path | None:
    """Write ``<home>/web/neo4j-browser.zip`` (Browser plus the guide,
    its commands pointing at ``http_uri``) unless it is there already; remove older ones. None
    when no neo4j-browser jar is in ``lib`` (Neo4j then serves its own Browser, no guide)."""
    jars = sorted(lib.glob("neo4j-browser-*.jar"))
    if not jars:
        return None
    jar = jars[-1]
    guide = {
        name: data.replace(b"{{HTTP}}", http_uri.rstrip("/").encode())
        for name, data in _guide_bytes().items()
    }
    digest = hashlib.sha256(jar.name.encode() + str(jar.stat().st_size).encode())
    for name in GUIDE_FILES:
        digest.update(name.encode() + guide[name])
    digest.update(http_uri.encode())
    web = home / "web"
    target = web / ZIP_NAME
    stamp = web / (ZIP_NAME + STAMP_SUFFIX)
    fingerprint = digest.hexdigest()
    if target.is_file() and stamp.is_file() and stamp.read_text().strip() == fingerprint:
        return target
    web.mkdir(parents=True, exist_ok=True)
    for old in web.glob("neo4j-browser*.zip"):
        old.unlink()  # Neo4j would serve the newest of several
    tmp = web / (ZIP_NAME + ".tmp")
    with zipfile.ZipFile(jar) as source, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        # the first entry must be the root folder: Neo4j serves the folder it extracts first
        out.writestr("browser/", b"")
        for info in source.infolist():
            if info.filename.startswith("browser/") and info.filename != "browser/":
                out.writestr(info, source.read(info))
        out.writestr("browser/guides/", b"")
        for name, data in guide.items():
            out.writestr(f"browser/guides/{name}", data)
    tmp.replace(target)
    stamp.write_text(fingerprint + "\n")
    return target
