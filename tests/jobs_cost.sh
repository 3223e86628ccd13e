#!/bin/sh
# What --jobs costs over one process, counted where a count does not depend
# on the machine's load (issue 26: --jobs 2 on one file under 1.7x the speed
# of one process). Nothing here measures a time (tests/bench.sh does):
# - the system calls of the processes: a commit of what a process has done
#   (jobs.c) every record was a call every record (an lseek), which costs
#   1.4 us on the 2-core virtual machine of issue 26;
# - the instructions of the parent, which reads every byte of the input to
#   cut it before, and while, its processes judge: 2.4 a byte on generated
#   games at e59899a (callgrind), a memchr a line.
# Skipped (77) without strace or valgrind.
# Usage: tests/jobs_cost.sh REFEREE SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"
command -v strace >/dev/null || { echo "SKIP: no strace"; exit 77; }
command -v valgrind >/dev/null || { echo "SKIP: no valgrind"; exit 77; }

for v in classic chinese italian two-player; do "$ref" gen --variant "$v" --seed 7 --games 10; done >"$tmp/a.cgr"
cat "$tmp/a.cgr" "$tmp/a.cgr" "$tmp/a.cgr" >"$tmp/b.cgr"
records=$(grep -c '^cgr ' "$tmp/b.cgr")
a=$(wc -c <"$tmp/a.cgr")
b=$(wc -c <"$tmp/b.cgr")

# lseek calls of every process, with 4 parts: a few a part, not one a record
strace -f -c -o "$tmp/calls" -e trace=lseek "$ref" --quiet --jobs 2 --part-size $((b / 4)) \
  "$tmp/b.cgr" >/dev/null 2>&1
seeks=$(awk '$NF == "lseek" { print $4 }' "$tmp/calls")
[ -n "$seeks" ] || seeks=0
[ "$seeks" -le $((records / 4)) ] ||
  fail "--jobs 2 on $records records made $seeks lseek calls (at most $((records / 4)): a commit every record?)"

# the parent's instructions (callgrind): valgrind runs in the process it
# starts, so that pid's profile is the parent's (the children, forked,
# write their own; --parse-only: they cut the same parts and are quicker)
parent() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.%p" "$ref" --parse-only --jobs 2 \
    --part-size 400000 "$1" >/dev/null 2>"$tmp/vg" &
  pid=$!
  wait "$pid"
  sed -n 's/^summary: *//p' "$tmp/cg.$pid" 2>/dev/null
}
ia=$(parent "$tmp/a.cgr")
ib=$(parent "$tmp/b.cgr")
if [ -z "$ia" ] || [ -z "$ib" ]; then
  fail "no callgrind profile of the parent: $(tail -3 "$tmp/vg")"
else
  # a byte more to cut, what it costs (the program's start counts in both)
  per=$(awk -v x="$ia" -v y="$ib" -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", (y - x) / (b - a) }')
  awk -v p="$per" 'BEGIN { exit !(p < 1.9) }' ||
    fail "the parent of --jobs 2 ran $per instructions a byte of input to cut it (at most 1.9)"
fi
[ "$fails" -eq 0 ] && echo "jobs cost: $seeks lseek calls for $records records; the parent $per instructions a byte"
exit "$((fails > 0))"
