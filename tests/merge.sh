#!/bin/sh
# referee merge proves that its shards are one run: it refuses,
# naming the file, shards of two runs (inputs of equal size and time whose
# bytes were swapped between the shards; a directory's file replaced), an
# output without its closing line, shards made with other options, CRLF
# line ends, absurd counts, --junit over verdicts; every number of a closing
# line is checked; shards of the same files in other directories (other
# machines) merge; 5,000 shards merge, and too few file descriptors are said.
# Usage: tests/merge.sh REFEREE SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"
# refused DESCRIPTION TEXT FILE -- merge arguments...: exit 3, TEXT and FILE
# said, and nothing on standard output: every shard is checked before a
# record, a count or a TAP line is printed
refused() {
  what=$1; text=$2; file=$3; shift 4
  expect 3 "$what" -- "$ref" merge "$@"
  contains "$tmp/err" "$text" "$what: why"
  contains "$tmp/err" "$file" "$what: the file named"
  [ -s "$tmp/out" ] && { fail "$what: printed before refusing:"; head -3 "$tmp/out" | sed 's/^/  | /'; }
}

c=$src/corpus/classic
cd "$tmp" || exit 1

# Two records of the same size: one legal, one illegal (a comment pads the
# shorter), with the same time.
legal=$c/legal-2p-full-hand.cgr
illegal=$c/illegal-go-out-by-add.cgr
pad() { # FILE SIZE: FILE padded with a comment line to SIZE bytes
  n=$(($2 - $(wc -c <"$1") - 3))
  { cat "$1"; printf '# '; head -c "$n" /dev/zero | tr '\0' x; echo; } 
}
big=$(($(wc -c <"$legal") > $(wc -c <"$illegal") ? $(wc -c <"$legal") : $(wc -c <"$illegal")))
big=$((big + 10))
pad "$legal" "$big" >L.cgr
pad "$illegal" "$big" >I.cgr
[ "$(wc -c <L.cgr)" -eq "$(wc -c <I.cgr)" ] || fail "the two records are not of one size"
"$ref" --json L.cgr >/dev/null || fail "L.cgr is not legal"
"$ref" --json I.cgr >/dev/null; [ $? -eq 1 ] || fail "I.cgr is not illegal"

# 1. the bytes swapped between two shards of "one" run (equal size, equal mtime)
cp L.cgr a.cgr; cp I.cgr b.cgr; touch -d '2026-01-01 00:00' a.cgr b.cgr
"$ref" --json --shard 0/2 a.cgr b.cgr >s0.jsonl 2>/dev/null
cp I.cgr a.cgr; cp L.cgr b.cgr; touch -d '2026-01-01 00:00' a.cgr b.cgr
"$ref" --json --shard 1/2 a.cgr b.cgr >s1.jsonl 2>/dev/null
refused "inputs swapped between the shards" "bytes differ" s0.jsonl -- s0.jsonl s1.jsonl
# the same over one file of two records (every shard reads all of it)
cat L.cgr I.cgr >ab.cgr; touch -d '2026-01-01 00:00' ab.cgr
"$ref" --json --shard 0/2 ab.cgr >t0.jsonl 2>/dev/null
cat I.cgr L.cgr >ab.cgr; touch -d '2026-01-01 00:00' ab.cgr
"$ref" --json --shard 1/2 ab.cgr >t1.jsonl 2>/dev/null
refused "one file's records swapped between the shards" "bytes differ" t0.jsonl -- t0.jsonl t1.jsonl
# check over a directory whose file is replaced by one of the same size
mkdir -p dir
sed 's/^# expect: .*/# expect: legal/' "$legal" >x.cgr
sed 's/^# expect: .*/# expect: legal/' "$illegal" >y.cgr
pad x.cgr "$big" >dir/x.cgr
pad y.cgr "$big" >dir/y.cgr
[ "$(wc -c <dir/x.cgr)" -eq "$(wc -c <dir/y.cgr)" ] || fail "x.cgr and y.cgr differ in size"
"$ref" check --json --shard 0/2 dir >c0.jsonl 2>/dev/null
cp dir/x.cgr dir/y.cgr
"$ref" check --json --shard 1/2 dir >c1.jsonl 2>/dev/null
refused "check: a file replaced by one of the same size" "bytes differ" c0.jsonl -- --tap c0.jsonl c1.jsonl

# 2. the same files copied into two directories (two machines): they merge,
# as one run over either directory
mkdir -p m1/logs m2/logs
cp L.cgr m1/logs/a.cgr; cp I.cgr m1/logs/b.cgr; cp "$c/legal-3p-hand.cgr" m1/logs/c.cgr
sleep 1; cp m1/logs/*.cgr m2/logs/   # other times
(cd m1 && "$ref" --json logs/a.cgr logs/b.cgr logs/c.cgr) >one.json; one=$?
(cd m1 && "$ref" --json --shard 0/2 logs/a.cgr logs/b.cgr logs/c.cgr) >p0.jsonl
(cd m2 && "$ref" --json --shard 1/2 logs/a.cgr logs/b.cgr logs/c.cgr) >p1.jsonl
expect "$one" "two machines, relative names: merge" -- "$ref" merge --json p0.jsonl p1.jsonl
cmp -s one.json "$tmp/out" || fail "two machines: the merged output is not one run's"
# absolute names: the directories differ, the names without them do not
"$ref" --json --shard 0/2 "$tmp"/m1/logs/*.cgr >q0.jsonl
"$ref" --json --shard 1/2 "$tmp"/m2/logs/*.cgr >q1.jsonl
expect "$one" "two machines, absolute names: merge" -- "$ref" merge q0.jsonl q1.jsonl
contains "$tmp/out" "3 records: 2 legal, 1 illegal" "two machines: the counts of one run"
# check over the two directories, the recipe's find | sort -z | --files0-from
(cd m1 && "$ref" check logs) >check.txt; checked=$?
(cd m1 && "$ref" check --json --shard 0/2 logs) >r0.jsonl
(cd m2 && "$ref" check --json --shard 1/2 logs) >r1.jsonl
expect "$checked" "two machines, check: merge" -- "$ref" merge r0.jsonl r1.jsonl
cmp -s check.txt "$tmp/out" || fail "two machines, check: not one check's output"
for k in 0 1; do
  (cd "m$((k + 1))" && find logs -name '*.cgr' -print0 | sort -z |
    "$ref" --json --shard $k/2 --files0-from -) >f$k.jsonl
done
expect "$one" "two machines, --files0-from: merge" -- "$ref" merge --json f0.jsonl f1.jsonl
cmp -s one.json "$tmp/out" || fail "two machines, --files0-from: not one run's output"
# a file of another size on one machine is another run
echo '# one more line' >>m2/logs/c.cgr
(cd m2 && "$ref" --json --shard 1/2 logs/a.cgr logs/b.cgr logs/c.cgr) >p1.jsonl
refused "another file size" "not shards of one run" p1.jsonl -- p0.jsonl p1.jsonl

# 3. --run-id binds the shards: the same id merges, another is refused
"$ref" --json --shard 0/2 --run-id ci-42 m1/logs/a.cgr m1/logs/b.cgr >i0.jsonl
"$ref" --json --shard 1/2 --run-id ci-42 m1/logs/a.cgr m1/logs/b.cgr >i1.jsonl
expect 1 "--run-id, the same" -- "$ref" merge i0.jsonl i1.jsonl
"$ref" --json --shard 1/2 --run-id ci-43 m1/logs/a.cgr m1/logs/b.cgr >i1.jsonl
refused "--run-id, another" "other --run-id" i1.jsonl -- i0.jsonl i1.jsonl
"$ref" --json --shard 1/2 m1/logs/a.cgr m1/logs/b.cgr >i1.jsonl
refused "--run-id and none" "not shards of one run" i1.jsonl -- i0.jsonl i1.jsonl
expect 3 "--run-id without --shard" -- "$ref" --json --run-id x L.cgr
contains "$tmp/err" "--run-id goes with --shard" "--run-id without --shard, said"

# 4. an output without its closing line
"$ref" --json L.cgr I.cgr | head -n 1 >h.jsonl
refused "referee --json | head -1" "h.jsonl" "line 1" -- h.jsonl
"$ref" check --json dir | head -n 1 >h.jsonl
refused "check --json | head -1, merge --tap" "h.jsonl" "line 1" -- --tap h.jsonl
head -n 1 s0.jsonl >h.jsonl
refused "a shard without its closing line" "no closing line" h.jsonl -- h.jsonl

# 5. shards made with other options; CRLF line ends
"$ref" --json --shard 0/2 --lang fr --keep-going L.cgr I.cgr >o0.jsonl
"$ref" --json --shard 1/2 --explain L.cgr I.cgr >o1.jsonl
refused "other options" "other options" o1.jsonl -- --json o0.jsonl o1.jsonl
[ -s "$tmp/out" ] && fail "other options: merge printed verdicts"
"$ref" --json --shard 1/2 --lang fr --keep-going L.cgr I.cgr >o1.jsonl
expect 1 "the same options" -- "$ref" merge o0.jsonl o1.jsonl
"$ref" --json --shard 1/2 --rules chinese L.cgr I.cgr >o1.jsonl
refused "another --rules" "other options" o1.jsonl -- o0.jsonl o1.jsonl
"$ref" --json --shard 0/2 L.cgr I.cgr >w0.jsonl
"$ref" --json --shard 1/2 L.cgr I.cgr >w1.jsonl
sed 's/$/\r/' w1.jsonl >crlf.jsonl
refused "CRLF line ends" "CR" crlf.jsonl -- --json w0.jsonl crlf.jsonl
grep -q "$(printf '\r')" "$tmp/out" && fail "CRLF: a CR in the output"

# 6. absurd counts: refused at once, with a message
sed 's/"n":2,/"n":100000000,/' w1.jsonl >n.jsonl
refused '"n":100000000' "closing line" n.jsonl -- w0.jsonl n.jsonl
start=$(date +%s)
timeout 20 "$ref" merge n.jsonl >/dev/null 2>&1
[ $(($(date +%s) - start)) -le 5 ] || fail '"n":100000000 took more than 5 s'
sed 's/"n":2,/"n":18446744073709551615,/' w1.jsonl >n.jsonl
refused '"n":2^64-1' "closing line" n.jsonl -- w0.jsonl n.jsonl
sed 's/"n":2,/"n":18446744073709551616,/' w1.jsonl >n.jsonl
refused '"n":2^64' "not a count" n.jsonl -- w0.jsonl n.jsonl

# 7. every number and digest of a closing line is checked against the file
for key in k n segments own bytes input_bytes lines records; do
  sed "s/\"$key\":\([0-9]*\)/\"$key\":1\1/" w1.jsonl >x.jsonl
  cmp -s x.jsonl w1.jsonl && fail "\"$key\" not found in the closing line"
  expect 3 "\"$key\" changed" -- "$ref" merge w0.jsonl x.jsonl
  contains "$tmp/err" x.jsonl "\"$key\" changed: the file named"
done
for key in run options inputs content judged; do
  sed "s/\"$key\":\"0*\([0-9a-f]\)/\"$key\":\"f\1/; s/\"$key\":\"f0/\"$key\":\"f1/" w1.jsonl >x.jsonl
  cmp -s x.jsonl w1.jsonl && fail "\"$key\" not found in the closing line"
  expect 3 "\"$key\" changed" -- "$ref" merge w0.jsonl x.jsonl
done
# a record moved from one shard to the other, the closing lines left alone
{ head -n 1 w1.jsonl; cat w0.jsonl; } >x.jsonl
{ tail -n +2 w1.jsonl; } >y.jsonl
expect 3 "a record moved between shards" -- "$ref" merge x.jsonl y.jsonl

# 7b. nothing printed before a refusal: a shard missing, a file that is no
# shard (was "0 passed, 0 failed", or TAP's header), a shard read from a pipe
# (read through, kept, then merged)
expect 3 "a shard missing" -- "$ref" merge w0.jsonl
contains "$tmp/err" "missing" "a shard missing: why"
[ -s "$tmp/out" ] && fail "a shard missing: printed '$(head -1 "$tmp/out")' before refusing"
echo '{"file":"a.cgr","record":1,"verdict":"legal"}' >plain.jsonl
refused "a file that is not a shard" "no \"segment\" number" plain.jsonl -- plain.jsonl
refused "a file that is not a shard, --tap" "no \"segment\" number" plain.jsonl -- --tap plain.jsonl
"$ref" --json L.cgr I.cgr >one.json
expect 1 "a shard from a pipe" -- sh -c "cat w1.jsonl | \"\$0\" merge --json w0.jsonl -" "$ref"
cmp -s one.json "$tmp/out" || fail "a shard from a pipe: not one run's output"
expect 3 "a shard from a pipe, the other missing" -- sh -c "cat w1.jsonl | \"\$0\" merge -" "$ref"
[ -s "$tmp/out" ] && fail "a shard from a pipe, the other missing: printed before refusing"
head -n 1 w1.jsonl >cut.jsonl
expect 3 "a pipe cut short" -- sh -c "cat cut.jsonl | \"\$0\" merge --json w0.jsonl -" "$ref"
[ -s "$tmp/out" ] && fail "a pipe cut short: printed before refusing"

# 8. merge --junit of verdicts: refused with a message, or the file written
rm -f m.xml
"$ref" merge --junit m.xml w0.jsonl w1.jsonl >/dev/null 2>"$tmp/err"; got=$?
if [ ! -s m.xml ] && { [ "$got" -ne 3 ] || ! grep -q w0.jsonl "$tmp/err"; }; then
  fail "merge --junit of verdicts: exit $got, no m.xml, and nothing said"
fi
expect 3 "merge --tap of verdicts" -- "$ref" merge --tap w0.jsonl w1.jsonl
contains "$tmp/err" "w0.jsonl" "merge --tap of verdicts: the file named"

# 9. 5,000 shards merge; with 1,024 file descriptors, merge says why not
mkdir -p many
cat L.cgr I.cgr "$c/legal-3p-hand.cgr" >three.cgr
"$ref" --json three.cgr >one.json; one=$?
for k in 0 1 2; do "$ref" --json --shard $k/5000 three.cgr >many/$k.jsonl; done
# shards 3 to 4999 hold no segment: their outputs differ only by "k" (a
# process each would take minutes here); shard 4999's is checked to be so
"$ref" --json --shard 3/5000 three.cgr >empty3.jsonl
"$ref" --json --shard 4999/5000 three.cgr >empty4999.jsonl
awk -v dir=many '{ for (k = 3; k < 5000; k++) { line = $0; sub(/"k":3,/, "\"k\":" k ",", line)
                   print line >(dir "/" k ".jsonl"); close(dir "/" k ".jsonl") } }' empty3.jsonl
cmp -s many/4999.jsonl empty4999.jsonl || fail "shard 4999/5000 is not shard 3's with its k"
expect "$one" "5,000 shards" -- "$ref" merge --json many/*.jsonl
cmp -s one.json "$tmp/out" || fail "5,000 shards: not one run's output"
(ulimit -n 1024 2>/dev/null && exec "$ref" merge many/*.jsonl) >"$tmp/out" 2>"$tmp/err"; got=$?
if [ "$got" -ne "$one" ]; then
  [ "$got" -eq 3 ] || fail "5,000 shards, ulimit -n 1024: exit $got"
  contains "$tmp/err" "Too many open files" "5,000 shards, ulimit -n 1024: why"
fi

# a shard's file name is user data: bytes a terminal acts on are shown escaped
esc=$(printf 's\033[2J.jsonl')
: >"$esc"
expect 3 "an empty shard with an escape in its name" -- "$ref" merge "$esc"
contains "$tmp/err" 's\x1b[2J.jsonl: empty' "an escape in a shard's name"
grep -q "$(printf '\033')" "$tmp/err" && fail "an escape in a shard's name reached the terminal"

[ "$fails" -eq 0 ] && echo "merge: shards of one run merged, every other case refused and said"
exit $((fails > 0))
