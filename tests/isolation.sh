#!/bin/sh
# A record's verdict depends on its own lines only: tests/isolation.py, run
# with python3 (installed by tests/setup.sh); without it, SKIP (exit 77).
# ISOLATION_SCALE=N judges each variant of a corpus record after and before N
# records (1 by default; the number of corpus records: the whole product).
# Usage: tests/isolation.sh REFEREE SOURCE_DIR ISOLATION_API
set -u
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
exec python3 "$(dirname "$0")/isolation.py" "$1" "$2" "$3"
