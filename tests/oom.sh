#!/bin/sh
# Out of memory is an error, never a verdict (exit status 4). Each case is run
# once with tests/oom/failalloc.c preloaded, which makes every allocation of
# the program fail in turn, each in a child of its own (see that file); every
# child must end either as the run without failure does (same output, same
# status: the allocation was not needed, or its failure was absorbed), or
# with status 4, "out of memory" on stderr, and as its output a prefix of the
# full run's made of whole records (those judged before memory ran out).
# Anything else — another status, a verdict that differs, a crash — fails.
# usage: oom.sh REFEREE FAILALLOC.so SOURCE_DIR
set -u
referee=$1
shim=$2
src=$3
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 1
fail=0
# sweep N NAME ARGS...: case N, its report in $tmp/N/report and its status
# (0: every child as it should be) in $tmp/N/status; the cases run at once
sweep() {
  d="$tmp/$1"
  name=$2
  shift 2
  mkdir -p "$d/sweep"
  "$referee" "$@" >"$d/ref.out" 2>"$d/ref.err"
  echo $? >"$d/ref.rc"
  OOM_DIR="$d/sweep" LD_PRELOAD="$shim" "$referee" "$@" >"$d/parent.out" 2>"$d/parent.err"
  echo $? >"$d/parent.rc"
  python3 - "$d" "$name" >"$d/report" 2>&1 <<'PY'

import os, sys
d, name = sys.argv[1], sys.argv[2]
read = lambda p, mode="rb": open(os.path.join(d, p), mode).read()
ref_out, ref_rc = read("ref.out"), int(read("ref.rc", "r"))
bad = []
if read("parent.out") != ref_out or int(read("parent.rc", "r")) != ref_rc:
    bad.append("the run with every allocation succeeding differs from the plain run")
parent = read("parent.out")
statuses = [l.split() for l in read("sweep/status", "r").splitlines()] if os.path.exists(os.path.join(d, "sweep/status")) else []
if not statuses:
    bad.append("no allocation was swept (is the shim preloaded?)")
kinds = {"same": 0, "4": 0}
for call, status, off in statuses:
    status, off = int(status), int(off)
    out = parent[:off] + read(f"sweep/{call}.out")
    err = read(f"sweep/{call}.err").decode("utf-8", "replace")
    if status == ref_rc and out == ref_out:
        kinds["same"] += 1
    elif status == 4 and "out of memory" in err and ref_out.startswith(out):
        kinds["4"] += 1
    else:
        why = f"status {status}" + ("" if ref_out.startswith(out) else ", output not a prefix of the full run's")
        bad.append(f"allocation {call}: {why}; stderr: {err.strip()[:200]!r}; stdout ends {out[-160:]!r}")
print(f"{name}: {len(statuses)} allocations failed in turn: {kinds['same']} as the full run, "
      f"{kinds['4']} out of memory (status 4)")
for b in bad[:10]:
    print(f"FAIL: {name}: {b}")
if len(bad) > 10:
    print(f"FAIL: {name}: ... {len(bad) - 10} more")
sys.exit(1 if bad else 0)
PY
  echo $? >"$d/status"
}

# every allocation of: two files (a hand's score kept, the next file opened),
# --explain --json at a refused take (the table kept before each action,
# what was legal instead tried on copies), and check with a ruleset file
# that extends a built-in, where the empty stock asks whether the pile could
# be taken with the foot picked up (what-if space two levels deep)
sweep 1 "two files, the second illegal" corpus/classic/legal-2p-full-hand.cgr \
  corpus/classic/illegal-wild-overflow.cgr &
sweep 2 "--explain --json at a refused take" --explain --json \
  corpus/classic/illegal-pile-no-match.cgr &
sweep 3 "check, a ruleset file, the stock empty with the foot down" check \
  corpus/custom/illegal-must-take-with-foot.cgr &
wait
for n in 1 2 3; do
  cat "$tmp/$n/report"
  [ "$(cat "$tmp/$n/status" 2>/dev/null)" = 0 ] || fail=1
done
[ "$fail" -eq 0 ] && echo "oom: every allocation's failure is the full verdict or exit status 4"
exit "$fail"
