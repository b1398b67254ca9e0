#!/usr/bin/env bash
# Create Benchmarks/peers/.venv and install the pinned peers. Safe to run again:
# an existing venv is reused and pip only installs what is missing or differs.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
if ! .venv/bin/python -m pip install --disable-pip-version-check -q -r requirements.txt; then
  echo "setup.sh: pip install failed" >&2
  exit 1
fi
.venv/bin/python -c 'import rapidfuzz, hassil; from importlib.metadata import version as v; print("peers ready: rapidfuzz", v("rapidfuzz"), "hassil", v("hassil"))'
