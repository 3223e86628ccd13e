#!/bin/sh
# What --jobs costs over one process, counted where a count does not depend
# on the machine's load (--jobs 2 on one file under 1.7x the speed
# of one process). Nothing here measures a time (tests/bench.sh does):
# - the system calls of the processes: a commit of what a process has done
#   (jobs.c) every record was a call every record (an lseek), which costs
#   1.4 us on the 2-core test machine;
# - the processes forked: N workers that live for the run and take the parts
#   (or batches of files) in turn; one forked a part was a fork, an exit
#   and ~175 page faults a part (4 processes for --jobs 2 at 7a2ed59); over
#   small files N - 1, the parent judging batches too (2 at 3264dde);
# - the system calls one process makes a small file (11 at 3264dde);
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

# processes forked: --jobs 2 forks 2, however many parts or batches
forks() {
  strace -f -c -o "$tmp/forks" -e trace=clone,clone3,fork,vfork "$ref" --quiet --jobs 2 "$@" \
    >/dev/null 2>&1
  awk '$NF ~ /^(clone|clone3|fork|vfork)$/ { n += $4 } END { print n + 0 }' "$tmp/forks"
}
nf=$(forks --part-size $((b / 8)) "$tmp/b.cgr")
[ "$nf" -eq 2 ] || fail "--jobs 2 on a file cut into 8 parts forked $nf processes (2 workers expected)"
mkdir "$tmp/many"
awk -v d="$tmp/many" '/^cgr 1/ { if (out) close(out); out = sprintf("%s/g%04d.cgr", d, ++n) } { print > out }' \
  "$tmp/a.cgr"
# over small files the parent judges batches too, between handing them out:
# N - 1 workers, a fork, an exit and a worker's page faults (about 77 of
# 15-20 us on the 2-core test machine) fewer; 2 at 3264dde
nb=$(forks "$tmp/many"/*.cgr)
[ "$nb" -eq 1 ] || fail "--jobs 2 on $(ls "$tmp/many" | wc -l) small files forked $nb processes (1 worker expected: the parent judges too)"

# many small files (--jobs 2 at 1.26-1.54x of one process on
# 2,000 of them). Counted on 400 one-hand games, a file each, their names of
# one length:
"$ref" gen --variant classic --games 400 --hands 1 --seed 3 >"$tmp/hands.cgr"
mkdir "$tmp/hands"
awk -v d="$tmp/hands" '/^cgr 1/ { if (out) close(out); out = sprintf("%s/h%04d.cgr", d, ++n) } { print > out }' \
  "$tmp/hands.cgr"
# - the output files the parent makes: a temporary file is an inode of /tmp's
#   file system (0.3 ms of the parent's CPU on ext4, while a worker waits for
#   its next batch); one a batch was 16 for --jobs 2 (8N batches). Those
#   printed serve again: no more than the outputs held at once, at most the
#   4N slots of the pool's ring, however many batches there are.
strace -o "$tmp/opens" -e trace=openat,open "$ref" --quiet --jobs 2 "$tmp/hands"/*.cgr >/dev/null 2>&1
made=$(grep -c -e O_TMPFILE -e 'O_CREAT|O_EXCL' "$tmp/opens")
[ "$made" -le 8 ] ||
  fail "--jobs 2 on 400 small files made $made temporary files (at most 8, the outputs held at once: one a batch?)"
# - the batches: their share shrinks as the files go (guided self-scheduling),
#   so that the last worker does not judge a long batch alone at the end (in
#   8N batches of one size, the last was 1/16 of the work). Each batch is one
#   message of its files' names, so its bytes grow with its files.
strace -o "$tmp/sent" -e trace=sendto "$ref" --quiet --jobs 2 "$tmp/hands"/*.cgr >/dev/null 2>&1
sizes=$(awk -F', ' '/^sendto/ { print $3 }' "$tmp/sent" | tr '\n' ' ')
echo "$sizes" | awk '{ exit !(NF >= 3 && $NF * 4 <= $1) }' ||
  fail "--jobs 2 on 400 small files: the batches' messages ($sizes bytes) end with one over a quarter of the first"

# - the system calls of one process a small file (run.c): an open, an fstat,
#   the reads, an fstat (the file kept its size), a close; the fstat of
#   stdio's buffer, a second fstat and an lseek for the size at the start
#   were 11 at 3264dde (1.3-1.5 us each on the 2-core test machine)
strace -o "$tmp/one" "$ref" --quiet "$tmp/hands/h0001.cgr" >/dev/null 2>&1
strace -o "$tmp/all" "$ref" --quiet "$tmp/hands"/*.cgr >/dev/null 2>&1
nh=$(ls "$tmp/hands" | wc -l)
per=$(awk -v a="$(wc -l <"$tmp/one")" -v b="$(wc -l <"$tmp/all")" -v n="$nh" \
  'BEGIN { printf "%.1f", (b - a) / (n - 1) }')
awk -v p="$per" 'BEGIN { exit !(p <= 8) }' ||
  fail "one process on $nh small files: $per system calls a file (at most 8: three fstat and an lseek?)"
percall=$per

# - the parent of check --jobs walks the directory before its processes
#   judge anything: it asked lstat and stat of every file (800 calls for 400
#   files, one after the other); readdir says which entries are regular files
#   (the files it judges itself are asked by descriptor, not counted here)
strace -o "$tmp/stats" -e trace=stat,lstat,newfstatat,fstatat64,statx,fstat \
  "$ref" check --quiet --jobs 2 "$tmp/hands" >/dev/null 2>&1
stats=$(grep 'stat' "$tmp/stats" | grep -v -c -e AT_EMPTY_PATH -e '^fstat(')
[ "$stats" -le 100 ] ||
  fail "check --jobs 2 on 400 files: the parent made $stats stat calls (at most 100: a stat a file?)"

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
[ "$fails" -eq 0 ] && echo "jobs cost: $seeks lseek calls for $records records; $nf processes forked on 8 parts, $nb on small files; $made temporary files for 400 small files, batches of $sizes bytes, $stats stat calls in check's walk, $percall system calls a small file; the parent $per instructions a byte"
exit "$((fails > 0))"
