#!/usr/bin/env bash
# Set up everything the tests need (a virtual environment with the package and its test and web
# extras, and Debian's Chromium for the browser tests), then run lint, types and the whole suite.
# Extra arguments go to pytest, e.g. scripts/test.sh -k churn
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,web,analysis]'

# Browser tests drive Debian's Chromium through Playwright; no browser is ever downloaded.
if [ ! -x /usr/bin/chromium ]; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
exec .venv/bin/python -m pytest -n 2 -q "$@"
