#!/usr/bin/env bash
# Set up everything the tests need (a virtual environment with the package and its test, web and
# postgres extras, Debian's Chromium for the browser tests and Debian's PostgreSQL for the web
# app's database tests), then run lint, types and the whole suite.
# Extra arguments go to pytest, e.g. scripts/test.sh -k churn
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,web,rl,postgres,analysis]'

# Browser tests drive Debian's Chromium through Playwright; no browser is ever downloaded.
# The web app's tests also run over a throw-away PostgreSQL server (tests/postgres.py).
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
MISSING=""
if [ ! -x /usr/bin/chromium ]; then MISSING="$MISSING chromium"; fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then MISSING="$MISSING postgresql"; fi
if [ -n "$MISSING" ]; then
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy

# Compile every game's kernels and computer player once, before the tests start servers and
# worker processes that would otherwise each wait for the same compile (Numba caches it all on
# disk, and later processes load it), in two processes: nothing else runs yet, though the load
# average still counts the installs just done.
nice -n 5 .venv/bin/hexarena warmup --jobs 2
# The rl extra is installed above: its tests (OpenSpiel, PettingZoo, Gymnasium) must run, not
# be skipped for want of it.
export HEXARENA_REQUIRE_RL=1
exec .venv/bin/python -m pytest -n 2 -q "$@"
