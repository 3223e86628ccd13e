#!/bin/sh
# --jobs as a user relies on it: `check --jobs N` judges in N
# processes with the bytes of one; plain --tap and --junit with --jobs write
# the bytes of one process; a process killed under --jobs is named with what
# it did not judge; a part whose verdicts cannot be written (/tmp full) is
# said, exit 3; --stats counts each record once; tests/fuzz/run.sh reads
# FUZZ_SECONDS. Nothing here measures a time (tests/bench.sh does). Needs ps
# (procps) to see processes, and root for a mount namespace (/tmp full).
# Usage: tests/jobs.sh REFEREE SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"
command -v ps >/dev/null || { echo "SKIP: no ps"; exit 77; }

# Under the sanitizers (REFEREE_SANITIZED=1: tests/CMakeLists.txt sets it in
# that build) the big file is a quarter as big (a quarter of the games) and the runs over 120 small files
# are left out: every mode still runs, over the same kinds of input, with
# fewer repetitions of one code path (the plain build runs them all).
quick=${REFEREE_SANITIZED:-0}
games=40
[ "$quick" = 1 ] && games=10

# about 10 MB of games in one file (a part takes a process a while; 2.5 MB
# under the sanitizers, ten times slower), and a directory of records that
# pass, one that fails and the big file
for v in classic chinese italian two-player; do "$ref" gen --variant "$v" --seed 5 --games "$games"; done >"$tmp/block.cgr"
for i in 1 2 3 4; do cat "$tmp/block.cgr"; done >"$tmp/big.cgr"
mkdir -p "$tmp/dir/a" "$tmp/dir/b"
cp "$src"/corpus/classic/*.cgr "$tmp/dir/a/"
cp "$src"/corpus/chinese/*.cgr "$tmp/dir/b/"
sed 's/expect: legal/expect: illegal DRAW 3:1/' "$src/corpus/classic/legal-2p-full-hand.cgr" \
  >"$tmp/dir/a/wrong.cgr"
{ echo "# expect: legal"; cat "$tmp/big.cgr"; } >"$tmp/dir/b/big.cgr"

# same_run DESCRIPTION -- args...: --jobs 1 and --jobs 2 write the same bytes
# (stdout, and the JUnit file when --junit "$tmp/j.xml" is among the args),
# and exit with the same status
same_run() {
  what=$1; shift 2
  rm -f "$tmp/j.xml"
  "$ref" "$@" --jobs 1 >"$tmp/one" 2>"$tmp/one.err"; one=$?
  [ -f "$tmp/j.xml" ] && mv "$tmp/j.xml" "$tmp/one.xml"
  "$ref" "$@" --jobs 2 >"$tmp/two" 2>"$tmp/two.err"; two=$?
  if [ "$one" -ne "$two" ] || ! cmp -s "$tmp/one" "$tmp/two"; then
    fail "$what: --jobs 2 (exit $two) differs from --jobs 1 (exit $one)"
    sed 's/^/  | /' "$tmp/two.err" | head -5
  elif [ -f "$tmp/one.xml" ] && ! cmp -s "$tmp/one.xml" "$tmp/j.xml"; then
    fail "$what: the JUnit file of --jobs 2 differs"
  fi
  rm -f "$tmp/one.xml"
  [ -s "$tmp/one" ] || fail "$what: no output to compare"
}

# plain --tap and --junit with --jobs (they were refused)
same_run "--tap" -- --tap --part-size 0 "$tmp/dir/a/legal-2p-full-hand.cgr" "$tmp/big.cgr" \
  "$tmp/dir/a/wrong.cgr"
same_run "--junit" -- --junit "$tmp/j.xml" "$tmp/dir/a/wrong.cgr" "$tmp/big.cgr"
same_run "--tap over many files" -- --tap "$src/corpus"/*/*.cgr

# check --jobs: the same bytes in every output mode
same_run "check" -- check "$tmp/dir"
same_run "check --tap" -- check --tap "$tmp/dir"
same_run "check --json" -- check --json "$tmp/dir"
same_run "check --junit" -- check --junit "$tmp/j.xml" "$tmp/dir"
same_run "check --coverage" -- check --coverage "$tmp/dir" "$src/corpus"
ln -s /nonexistent "$tmp/dir/a/m-dangling.cgr"
same_run "check --json, an entry that cannot be read" -- check --json "$tmp/dir"
rm "$tmp/dir/a/m-dangling.cgr"

# many small files: the parent judges batches too, between handing them out
# to N - 1 workers; the bytes and the status stay those of one process, with
# a file that cannot be read and illegal records among them, over 256 files
# (not measured) and under (measured), and check over them as a directory
"$ref" gen --variant classic --games 300 --hands 1 --seed 11 >"$tmp/hands.cgr"
mkdir "$tmp/hands"
awk -v d="$tmp/hands" '/^cgr 1/ { if (out) close(out); out = sprintf("%s/h%04d.cgr", d, ++n) } { print > out }' \
  "$tmp/hands.cgr"
sed 's/^\(Anne draw\).*/\1 XX/' "$tmp/hands/h0100.cgr" >"$tmp/hands/h0100b.cgr"
ls "$tmp/hands"/*.cgr >"$tmp/list"
sed '150a\
'"$tmp/hands/missing.cgr" "$tmp/list" | tr '\n' '\0' >"$tmp/list0"
head -120 "$tmp/list" | tr '\n' '\0' >"$tmp/few0"
for opts in "" --json --tap "--junit $tmp/j.xml" "--json --keep-going"; do
  # shellcheck disable=SC2086 # the options are words
  same_run "$opts over many small files" -- $opts --files0-from "$tmp/list0"
  [ "$quick" = 1 ] && continue
  # shellcheck disable=SC2086
  same_run "$opts over 120 small files" -- $opts --files0-from "$tmp/few0"
done
for j in 1 2; do
  "$ref" --quiet --stats --jobs "$j" --files0-from "$tmp/list0" 2>&1 | sed -n 's/ in .*//p' >"$tmp/st$j"
done
[ -s "$tmp/st1" ] && cmp -s "$tmp/st1" "$tmp/st2" ||
  fail "--stats --jobs 2 over many small files: $(cat "$tmp/st2"), --jobs 1: $(cat "$tmp/st1")"
same_run "check over many small files" -- check "$tmp/hands"
same_run "check --json over many small files" -- check --json "$tmp/hands"
same_run "check --coverage over many small files" -- check --coverage "$tmp/hands" "$tmp/dir"

# children: the processes of a run, as ps sees them while it runs (the run
# in the background; ps until it ends). Prints how many were ever seen.
children() {
  "$@" >"$tmp/run.out" 2>"$tmp/run.err" &
  pid=$!
  seen=""
  while kill -0 "$pid" 2>/dev/null; do
    for c in $(ps -o pid= --ppid "$pid" 2>/dev/null); do
      case " $seen " in *" $c "*) ;; *) seen="$seen $c" ;; esac
    done
  done
  wait "$pid"
  echo "$seen" | wc -w
}
n=$(children "$ref" check --jobs 2 "$tmp/dir")
[ "$n" -ge 1 ] || fail "check --jobs 2 judged in one process (no child process seen)"

# a small first file is judged in the parent before it forks: its records
# are counted once (each process forked after it counted them again: 1,205
# records for 1,201 at e59899a), so --stats and what a killed process is
# said not to have judged hold the true numbers
small="$src/corpus/classic/legal-2p-full-hand.cgr"
for j in 1 2; do
  "$ref" --quiet --stats --jobs "$j" --part-size 2000000 "$small" "$tmp/big.cgr" 2>&1 |
    sed -n 's/^stats: \([0-9]*\) records\{0,1\}, .*/\1/p' >"$tmp/records$j"
done
[ -s "$tmp/records1" ] && cmp -s "$tmp/records1" "$tmp/records2" ||
  fail "--stats --jobs 2 after a small file counts $(cat "$tmp/records2") records, --jobs 1 $(cat "$tmp/records1")"

# a process killed under --json --jobs 2: exit 3, and stderr names the file,
# the part's lines and bytes, and the records not judged, which are exactly
# those missing from the output
"$ref" --json --jobs 1 "$tmp/big.cgr" >"$tmp/all.json" 2>/dev/null
total=$(grep -c '"record"' "$tmp/all.json")
killed=""
for try in 1 2 3 4 5 6 7 8; do
  "$ref" --json --jobs 2 --part-size 2000000 "$tmp/big.cgr" >"$tmp/k.json" 2>"$tmp/k.err" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    c=$(ps -o pid=,stat= --ppid "$pid" 2>/dev/null | awk '$2 ~ /^[RS]/ { print $1; exit }')
    [ -n "$c" ] && kill -9 "$c" 2>/dev/null && break
  done
  wait "$pid"
  st=$?
  [ "$st" -eq 0 ] && continue # the process ended before the signal came: again
  killed=$st
  break
done
if [ -z "$killed" ]; then
  fail "--jobs 2: no process could be killed in 8 runs"
elif [ "$killed" -ne 3 ]; then
  fail "--jobs 2, a process killed: exit $killed, not 3"
else
  line=$(grep 'not judged' "$tmp/k.err")
  from=$(echo "$line" | sed -n 's/.*: records \([0-9]*\) to \([0-9]*\) were not judged.*/\1/p')
  to=$(echo "$line" | sed -n 's/.*: records \([0-9]*\) to \([0-9]*\) were not judged.*/\2/p')
  case $line in
    *"big.cgr: the part of lines "*", bytes "*" to "*"killed by signal 9"*) ;;
    *) fail "--jobs 2, a process killed: stderr does not say the part and the signal: $(cat "$tmp/k.err")" ;;
  esac
  if [ -z "$from" ] || [ -z "$to" ]; then
    fail "--jobs 2, a process killed: no records named: $(cat "$tmp/k.err")"
  else
    got=$(grep -o '"record":[0-9]*' "$tmp/k.json" | cut -d: -f2 | tr '\n' ' ')
    want=$(awk -v t="$total" -v a="$from" -v b="$to" 'BEGIN { for (i = 1; i <= t; i++) if (i < a || i > b) printf "%d ", i }')
    [ "$got" = "$want" ] ||
      fail "--jobs 2, a process killed: the output does not hold exactly the records but $from to $to"
  fi
fi

# the temporary directory full: --jobs writes each part's verdicts to a
# temporary file (tmpfile(3): in /tmp), here a tmpfs of 4 KB over /tmp in a
# mount namespace of the test's own; a part whose verdicts cannot all be
# written is said, with its lines, and the run exits 3 (bdbce29 exited 0 with
# 12 KB of the 1 MB of verdicts). The program runs from a descriptor and
# reads and writes through descriptors opened outside (the build and $tmp may
# lie under /tmp, hidden there). Needs root (unshare, mount): else skipped.
full_tmp=""
if unshare -m sh -c 'mount -t tmpfs -o size=4k none /tmp' 2>/dev/null; then
  unshare -m sh -c 'mount -t tmpfs -o size=4k none /tmp &&
    exec /proc/self/fd/9 --json --jobs 2 --part-size 2000000 /dev/fd/3' \
    9<"$ref" 3<"$tmp/big.cgr" >"$tmp/full.json" 2>"$tmp/full.err"
  st=$?
  parts=$(grep -c '^referee: /dev/fd/3: the part of lines .*: its verdicts could not all be written to a temporary file' "$tmp/full.err")
  [ "$st" -eq 3 ] && [ "$parts" -ge 1 ] ||
    fail "--jobs 2 with /tmp full: exit $st, $parts part(s) said: $(head -3 "$tmp/full.err")"
else
  full_tmp="no mount namespace (not root?): --jobs with /tmp full not tried"
fi

# tests/fuzz/run.sh reads FUZZ_SECONDS when run directly (a bad value is a
# usage error before anything is built; no compiler named, so that a script
# that ignores it stops at once too, saying what is missing)
CC_FUZZ=no-such-cc FUZZ_SECONDS=soon timeout 60 sh "$src/tests/fuzz/run.sh" >"$tmp/fz" 2>&1
st=$?
[ "$st" -eq 3 ] && grep -q "FUZZ_SECONDS" "$tmp/fz" ||
  fail "tests/fuzz/run.sh with FUZZ_SECONDS=soon: exit $st, not a usage error naming it"

if [ "$fails" -gt 0 ]; then
  echo "$fails failure(s)"
  exit 1
fi
if [ -n "$full_tmp" ]; then
  echo "SKIP: $full_tmp"
  exit 77
fi
echo "jobs: all passed"
