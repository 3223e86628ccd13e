#!/bin/sh
# A real cluster: a one-node Slurm cluster (Debian's slurm-wlm daemons and
# munge), started by this test as root with its own configuration, socket and
# ports, and stopped by it by PID; an array job of 4 shards (referee --shard
# K/4 --json) over a generated corpus; referee merge; and the verdicts (every
# byte of the JSON) and the exit status of one process.
# Skips (exit 77: ctest shows it as skipped) with the reason when it cannot
# run: not root, Slurm not installed (tests/setup.sh installs slurmd,
# slurmctld, slurm-client and munge; no test installs anything), the daemons
# not starting.
# Usage: tests/slurm.sh REFEREE SOURCE_DIR
set -u
ref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
skip() { echo "slurm: SKIPPED: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "not root (the test starts munged, slurmctld and slurmd itself)"
missing=""
for tool in munged slurmctld slurmd sbatch sinfo; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
[ -z "$missing" ] ||
  skip "not installed:$missing (slurmd slurmctld slurm-client munge: sh tests/setup.sh installs them)"

dir=$(mktemp -d)
chmod 755 "$dir" # munged wants its socket's directory open to all
pids=""
stop() {
  for p in $pids; do kill "$p" 2>/dev/null; done
  for p in $pids; do wait "$p" 2>/dev/null; done
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 3' INT TERM

# munge: a key and a socket of our own
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$dir/munge.key"
munged -F --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge.seed" \
  >"$dir/munged.out" 2>&1 &
pids="$pids $!"

# slurm: one node (this machine), ports picked from our PID
port=$((20000 + $$ % 20000))
host=$(hostname)
mkdir -p "$dir/state" "$dir/spool"
cat >"$dir/slurm.conf" <<CONF
ClusterName=referee$$
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=refnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=shards Nodes=refnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -N refnode -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &
pids="$pids $!"
i=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
  i=$((i + 1))
  [ $i -lt 60 ] || { tail -3 "$dir"/*.out "$dir"/*.log; skip "the Slurm daemons did not start"; }
  sleep 0.5
done

# the corpus: generated games of every variant, and corpus records (illegal
# and malformed ones among them)
for v in classic two-player chinese italian; do
  "$ref" gen --variant "$v" --games 12 --seed 7 >"$dir/gen-$v.cgr"
done
files="$dir/gen-classic.cgr $dir/gen-two-player.cgr $dir/gen-chinese.cgr $dir/gen-italian.cgr"
files="$files $(ls "$src"/corpus/classic/*.cgr | tr '\n' ' ')"
# shellcheck disable=SC2086
"$ref" --json $files >"$dir/one.json" && one=0 || one=$?

cat >"$dir/shard.sh" <<JOB
#!/bin/sh
"$ref" --json --shard "\$SLURM_ARRAY_TASK_ID/4" $files >"$dir/shard-\$SLURM_ARRAY_TASK_ID.jsonl"
echo \$? >"$dir/status-\$SLURM_ARRAY_TASK_ID"
JOB
timeout 120 sbatch --wait --array=0-3 -D "$dir" -o "$dir/job-%a.log" "$dir/shard.sh" \
  >"$dir/sbatch.out" 2>&1
for k in 0 1 2 3; do
  [ -s "$dir/status-$k" ] || { cat "$dir/sbatch.out" "$dir"/job-*.log; echo "FAIL: shard $k did not run"; exit 1; }
done
"$ref" merge --json "$dir"/shard-0.jsonl "$dir"/shard-1.jsonl "$dir"/shard-2.jsonl \
  "$dir"/shard-3.jsonl >"$dir/merged.json" && merged=0 || merged=$?
if ! cmp -s "$dir/one.json" "$dir/merged.json" || [ "$merged" -ne "$one" ]; then
  echo "FAIL: 4 Slurm shards merged (exit $merged) differ from one process (exit $one)"
  diff "$dir/one.json" "$dir/merged.json" | head -5
  exit 1
fi
echo "slurm: 4 shards in an array job on a one-node cluster, merged: $(wc -l <"$dir/one.json") records, exit $one, as one process"
