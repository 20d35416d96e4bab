#!/usr/bin/env bash
# Installs Debian's chromium (/usr/bin/chromium) for the Browser guide test
# (tests/integration/test_guide_in_browser.py) when it is missing. Needs root and apt-get; the
# browser comes from the distribution's packages, never from a download of its own.
# Exit status 0 when /usr/bin/chromium is there afterwards, 1 (with one line why) when not.
set -euo pipefail
chromium=/usr/bin/chromium
if [ -x "$chromium" ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "error: $chromium is missing and installing it needs root (apt-get install chromium)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null; then
    echo "error: $chromium is missing and this machine has no apt-get to install it" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q chromium >/dev/null
[ -x "$chromium" ] || { echo "error: apt-get installed no $chromium" >&2; exit 1; }
