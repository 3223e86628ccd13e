#!/bin/sh
# The Python package (referee/python, docs/python.md) as a user installs it
# from the repository: a virtual environment of Debian's python3, `pip install
# --no-index` from the wheels Debian ships (/usr/share/python-wheels: pip,
# setuptools, wheel), the extension linked to this build's shared library;
# then Python's own test runner over tests/python/ (REFEREE: this build's
# command, whose verdicts check() must give).
# Without python3-venv, python3-dev or the wheels (tests/setup.sh --tests
# installs them) it says SKIP and exits 77.
. "$(dirname "$0")/lib.sh"
build=$(cd "$(dirname "$ref")" && pwd)
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3 || true)
wheels=/usr/share/python-wheels
[ -n "$py" ] && "$py" -c 'import ensurepip, venv, sysconfig, os, sys
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null ||
  { echo "SKIP: python3 with venv and its headers (python3-venv, python3-dev) is not installed"; exit 77; }
ls "$wheels"/wheel-*.whl "$wheels"/setuptools-*.whl >/dev/null 2>&1 ||
  { echo "SKIP: the wheels of setuptools and wheel (python3-setuptools-whl, python3-wheel-whl) are not installed"; exit 77; }
[ -e "$build/libcanasta-referee.so.0" ] || { echo "FAIL: no shared library in $build"; exit 1; }

"$py" -m venv "$tmp/venv" || { echo "FAIL: python3 -m venv"; exit 1; }
CANASTA_REFEREE_BUILD=$build "$tmp/venv/bin/pip" install -q --no-index --find-links "$wheels" \
  "$src/referee/python" >"$tmp/pip.log" 2>&1 || { echo "FAIL: pip install:"; sed 's/^/  | /' "$tmp/pip.log"; exit 1; }
cd "$src/tests/python" || exit 1
REFEREE=$ref SOURCE_DIR=$src PYTHONDONTWRITEBYTECODE=1 "$tmp/venv/bin/python" -m unittest -v \
  >"$tmp/unittest.log" 2>&1
status=$?
tail -n 40 "$tmp/unittest.log"
exit "$status"
