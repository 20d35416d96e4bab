#!/usr/bin/env bash
# Build gamegraph's Neo4j 5.26 image with podman or docker, from Debian's packages and Maven
# Central only (no container registry):
#
#   1. base image: mmdebstrap makes a Debian bookworm root file system (minbase + OpenJDK 17
#      JRE), `<engine> import` turns it into localhost/gamegraph-neo4j-base:bookworm;
#   2. the jars: gamegraph's own installer resolves Neo4j, Neo4j Browser, APOC and GDS from
#      Maven Central into its cache (as `gamegraph neo4j install` does), copied into the context;
#   3. docker/Containerfile adds them and the entrypoint.
#
# Usage: docker/build-image.sh [--if-stale]
#   --if-stale   build only when the image is missing or was built from other inputs
#                (its label io.gamegraph.image-key is a hash of every input)
# Environment: CONTAINER_ENGINE (podman, else docker), GAMEGRAPH_IMAGE (default
# localhost/gamegraph-neo4j:5.26), DEBIAN_MIRROR (default http://deb.debian.org/debian; a
# local mirror for air-gapped machines), PYTHON (default .venv/bin/python).
set -euo pipefail
cd "$(dirname "$0")/.."

engine=${CONTAINER_ENGINE:-$(command -v podman >/dev/null && echo podman || echo docker)}
image=${GAMEGRAPH_IMAGE:-localhost/gamegraph-neo4j:5.26}
base=localhost/gamegraph-neo4j-base:bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
python=${PYTHON:-.venv/bin/python}

versions=$("$python" -c 'from gamegraph.server.defaults import NEO4J_VERSION, GDS_VERSION, APOC_VERSION, BROWSER_VERSION; print(NEO4J_VERSION, GDS_VERSION, APOC_VERSION, BROWSER_VERSION)')
read -r neo4j_version gds_version _ _ <<<"$versions"
key=$(cat docker/Containerfile docker/entrypoint.sh docker/build-image.sh \
    gamegraph/server/pom.xml gamegraph/server/gds-pom.xml | sha256sum | cut -c1-16)

label() { "$engine" image inspect --format '{{ index .Labels "io.gamegraph.image-key" }}' "$1" 2>/dev/null || true; }

if [[ ${1:-} == --if-stale ]] && [[ $(label "$image") == "$key" ]]; then
    echo "image $image is up to date (key $key)"
    exit 0
fi

began=$SECONDS
work=$(mktemp -d "${TMPDIR:-/tmp}/gamegraph-image.XXXXXX")
trap 'rm -rf "$work"' EXIT

if ! "$engine" image inspect "$base" >/dev/null 2>&1; then
    command -v mmdebstrap >/dev/null || { echo "error: mmdebstrap is needed to build the base image (apt-get install mmdebstrap)" >&2; exit 1; }
    echo "base image $base: mmdebstrap bookworm (minbase + openjdk-17-jre-headless) from $mirror ..."
    # openjdk's post-install script needs /usr/share/man/man1, which minbase leaves out
    mmdebstrap --quiet --variant=minbase --include=openjdk-17-jre-headless \
        --essential-hook='mkdir -p "$1/usr/share/man/man1"' \
        --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
        bookworm "$work/rootfs.tar" \
        "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
        "deb ${DEBIAN_SECURITY_MIRROR:-${mirror%/debian}/debian-security} bookworm-security main"
    "$engine" import --quiet --change 'CMD ["/bin/bash"]' "$work/rootfs.tar" "$base" >/dev/null
    rm -f "$work/rootfs.tar"
fi

echo "jars: Neo4j $neo4j_version, APOC, Neo4j Browser, GDS $gds_version (gamegraph's cache) ..."
root=$("$python" -c 'from gamegraph.server.install import ensure_installed; print(ensure_installed(gds=True).root)')
mkdir -p "$work/context/gds"
cp -r "$root/lib" "$work/context/lib"
cp -r "$root/gds-$gds_version/plugin" "$root/gds-$gds_version/lib" "$work/context/gds/"
rm -f "$work/context/lib/.gamegraph-complete"
cp docker/entrypoint.sh "$work/context/"

"$engine" build --quiet -f docker/Containerfile -t "$image" \
    --build-arg BASE="$base" --build-arg NEO4J_VERSION="$neo4j_version" \
    --build-arg GDS_VERSION="$gds_version" --build-arg IMAGE_KEY="$key" \
    "$work/context" >/dev/null
size=$("$engine" image inspect --format '{{ .Size }}' "$image")
echo "built $image (key $key): $((size / 1000000)) MB in $((SECONDS - began)) s"
