#!/bin/sh
# Installs the Debian packages named as arguments that are not installed yet
# (apt-get, as root or through sudo). Used by tests/setup.sh alone, which
# installs everything before any test runs: no test calls it.
set -eu
need=""
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
    need="$need $pkg"
done
[ -n "$need" ] || exit 0
echo "== installing:$need"
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
