#!/usr/bin/env bash
# Runs the README's Slurm job array ("Past one machine") on a real one-node Slurm cluster on
# localhost: munged, slurmctld and slurmd started here with a configuration written into a
# temporary folder (the machine's CPUs, its own state, spool and log folders), all stopped and
# removed at exit. The array scores LIST as SHARDS shards, each appending to its own file with
# --resume. One task is cancelled (scancel) while it runs, once it has written some but not all of
# its shard's lines, and requeued (scontrol requeue). Then the shards' clip lines must hold every
# clip of LIST exactly once, each in the shard the README's hash gives it, with the outcomes of a
# one-machine batch of the same list and seed. Installs slurm-wlm and munge when they are missing
# (Debian packages). Waits on squeue's states, polling, within TIMEOUT.
#
# Usage: Benchmarks/slurm_array.sh LIST
#   LIST  clip paths, one per line, absolute (the tasks run in the temporary folder)
# Environment: LIVENESS (the binary; default the release build), SHARDS (default 4),
#   TIMEOUT (seconds the whole run may take, default 900).
# Exit status: 0 when every clip is in the shards exactly once with the one-machine outcomes,
#   1 when not, 2 on bad use, 77 when Slurm cannot run here (not root, or a daemon would not start).
set -euo pipefail
cd "$(dirname "$0")/.."
list=${1:?usage: $0 LIST}
[ -f "$list" ] || { echo "$0: no list file $list" >&2; exit 2; }
list=$(cd "$(dirname "$list")" && pwd)/$(basename "$list")
shards=${SHARDS:-4}
timeout=${TIMEOUT:-900}
. Benchmarks/common.sh
counts SHARDS="$shards" TIMEOUT="$timeout"
[ "$(id -u)" = 0 ] || { echo "$0: needs root (to install Slurm, and for slurmd to start jobs)" >&2; exit 77; }
deadline=$((SECONDS + timeout))

missing=$(for p in slurm-wlm munge; do dpkg-query -W -f='${Status}\n' $p 2> /dev/null | grep -q 'ok installed' || echo $p; done)
if [ -n "$missing" ]; then
  echo "installing:" $missing
  # The package lists are fetched only when apt knows no candidate for a missing package.
  for p in $missing; do
    apt-cache policy "$p" 2> /dev/null | grep -q 'Candidate: [0-9]' || { apt-get update -q; break; }
  done
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
fi

work=$(mktemp -d /tmp/liveness-slurm.XXXXXX)
mkdir -p "$work"/{munge,state,spool,log,out}
munged_pid= ctld_pid= slurmd_pid= job= batch_pid=
export SLURM_CONF=$work/slurm.conf

# Whether $SECONDS is still before the deadline; else says what was awaited and fails.
in_time() {
  [ $SECONDS -lt $deadline ] && return 0
  echo "$0: gave up after ${timeout} s waiting for $1" >&2
  return 1
}

# The daemons' logs, for a run that went wrong.
show_logs() {
  for f in "$work"/log/*.log "$work"/log/*.out; do
    [ -s "$f" ] && { echo "--- $f" >&2; tail -n 15 "$f" >&2; }
  done
  return 0
}

cleanup() {
  local status=$?
  [ $status = 0 ] || show_logs
  if [ -n "$job" ] && [ -n "$ctld_pid" ]; then
    scancel "$job" 2> /dev/null || true
    # A task's processes belong to slurmstepd, not to slurmd: wait for them to go first.
    for _ in $(seq 300); do
      [ -z "$(squeue -h -j "$job" -t PENDING,RUNNING,COMPLETING,SUSPENDED,REQUEUED -o %i 2> /dev/null)" ] && break
      sleep 0.2
    done
  fi
  for pid in $batch_pid $slurmd_pid $ctld_pid $munged_pid; do
    kill "$pid" 2> /dev/null && wait "$pid" 2> /dev/null || true
  done
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# munged with its own key and socket: Slurm's daemons and commands find it through AuthInfo.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket=$work/munge/munge.socket
munged -F --force --socket="$socket" --key-file="$work/munge/munge.key" --pid-file="$work/munge/munged.pid" \
  --seed-file="$work/munge/munged.seed" --log-file="$work/log/munged.log" > "$work/log/munged.out" 2>&1 &
munged_pid=$!
until [ -S "$socket" ]; do
  kill -0 $munged_pid 2> /dev/null || { echo "$0: munged would not start" >&2; show_logs; exit 77; }
  in_time "munged's socket" || exit 77
  sleep 0.1
done

node=$(hostname -s)
cpus=$(nproc)
read -r ctld_port slurmd_port < <(python3 -c 'import socket
ports = []
for _ in range(2):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); ports.append(s.getsockname()[1]); s.close()
print(*ports)')
cat > "$SLURM_CONF" <<EOF
ClusterName=liveness
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
# The main scheduling pass every 2 s rather than every 60 s: a requeued task waits for one.
SchedulerParameters=sched_interval=2
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
# Finished tasks stay visible to squeue and scontrol for the whole run.
MinJobAge=3600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -f "$SLURM_CONF" > "$work/log/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -f "$SLURM_CONF" -N "$node" > "$work/log/slurmd.out" 2>&1 &
slurmd_pid=$!
until [ "$(sinfo -h -n "$node" -o %T 2> /dev/null)" = idle ]; do
  for pid in $ctld_pid $slurmd_pid; do
    kill -0 "$pid" 2> /dev/null || { echo "$0: a Slurm daemon would not start" >&2; show_logs; exit 77; }
  done
  in_time "node $node to be idle" || exit 77
  sleep 0.2
done
echo "Slurm $(sinfo -V | cut -d' ' -f2): node $node with $cpus CPU(s) idle"

# Each listed clip's shard by the README's rule, FNV-1a-64 of its path as written mod SHARDS, + 1;
# and how many clips each shard holds.
python3 - "$list" "$shards" > "$work/shard_of" <<'PY'
import sys
list_file, shards = sys.argv[1], int(sys.argv[2])
for path in (l.rstrip("\r\n") for l in open(list_file, encoding="utf-8") if l.strip()):
    h = 0xcbf29ce484222325
    for byte in path.encode():
        h = ((h ^ byte) * 0x100000001b3) % 2**64
    print(f"{h % shards + 1}\t{path}")
PY
shard_size() { cut -f1 "$work/shard_of" | grep -cx "$1" || true; }
[ "$(cut -f1 "$work/shard_of" | sort | uniq -c | awk '$1 >= 2' | wc -l)" -ge 1 ] ||
  { echo "$0: no shard gets two clips of the list, so none can be cancelled halfway: list more clips" >&2; exit 2; }

# The README's job array, one CPU and one worker per task, with the seed of the one-machine run.
out=$work/out
cat > "$work/shards.sh" <<EOF
#!/bin/sh
#SBATCH --array=1-$shards --cpus-per-task=1
"$liveness" score --list "$list" --shard "\$SLURM_ARRAY_TASK_ID/$shards" --jobs 1 --seed 1 \\
  --output "$out/shard-\$SLURM_ARRAY_TASK_ID.jsonl" --resume
EOF
start=$SECONDS
job=$(sbatch --parsable --requeue --chdir="$work" --output="$work/log/task-%A_%a.out" "$work/shards.sh")
job=${job%%;*}
echo "$(date +%T) submitted array job $job: $shards task(s) over $(grep -c . "$list") listed clip(s)"

# One task's state (PENDING, RUNNING, COMPLETED, CANCELLED, ...).
state() { squeue -h -j "${job}_$1" -t all -o %T 2> /dev/null | head -n 1; }
# The clip lines a shard's file holds so far.
clip_lines() { if [ -f "$out/shard-$1.jsonl" ]; then grep -vc '^{"summary"' "$out/shard-$1.jsonl" || true; else echo 0; fi; }
# Whether every task of the array has ended.
array_done() {
  local states
  states=$(squeue -h -r -j "$job" -t all -o %T 2> /dev/null)
  [ "$(echo "$states" | grep -c .)" = "$shards" ] && ! echo "$states" | grep -qvE '^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE)$'
}

# Cancel the first task seen running with some but not all of its shard's clip lines written; one
# that finished before the cancel reached it does not count, and the next running one is tried.
cancelled=
while [ -z "$cancelled" ]; do
  in_time "a task to cancel while it runs" || exit 1
  array_done && { echo "$0: every task ended before one could be cancelled while running (a longer list?)" >&2; exit 1; }
  for task in $(seq "$shards"); do
    lines_before=$(clip_lines "$task")
    [ "$(state "$task")" = RUNNING ] && [ "$lines_before" -ge 1 ] && [ "$lines_before" -lt "$(shard_size "$task")" ] || continue
    scancel "${job}_$task"
    until [[ $(state "$task") =~ ^(COMPLETED|FAILED|CANCELLED)$ ]]; do in_time "task $task to stop" || exit 1; sleep 0.2; done
    [ "$(state "$task")" = CANCELLED ] && { cancelled=$task; break; }
  done
  sleep 0.2
done
echo "$(date +%T) task $cancelled cancelled while running, after $lines_before of its $(shard_size "$cancelled") clip(s); state $(state "$cancelled")"
scontrol requeue "${job}_$cancelled"
# Slurm holds a requeued job back for two minutes (its EligibleTime); an operator lets it go now.
scontrol update JobId="${job}_$cancelled" StartTime=now
until array_done; do in_time "the array to finish" || exit 1; sleep 0.5; done
array_seconds=$((SECONDS - start))
echo "$(date +%T) array done; task $cancelled: $lines_before clip line(s) before its cancel, $(clip_lines "$cancelled") after its requeue"
scontrol show job -o "$job" > "$work/tasks"

start=$SECONDS
# In the background, so that a signal to this script is acted on at once (bash's wait returns).
"$liveness" score --list "$list" --jobs "$cpus" --seed 1 > "$work/one_machine.jsonl" 2> "$work/log/one_machine.err" &
batch_pid=$!
wait $batch_pid || true
batch_pid=
one_seconds=$((SECONDS - start))

python3 - "$work/shard_of" "$out" "$shards" "$work/one_machine.jsonl" "$work/tasks" "$cancelled" \
  "$array_seconds" "$one_seconds" <<'PY'
import collections, glob, json, os, re, sys
shard_of_file, out, shards, one_file, tasks_file, cancelled, array_s, one_s = sys.argv[1:]
shards = int(shards)
shard_of = [line.rstrip("\n").split("\t", 1) for line in open(shard_of_file, encoding="utf-8")]
listed = collections.Counter(path for _, path in shard_of)
expected_shard = {path: f"shard-{shard}.jsonl" for shard, path in shard_of}

def verdict(record):
    """What a clip came to: its outcome, where it stopped, what was credited, or its error."""
    error = record.get("error") or {}
    credited = [(a.get("action"), a.get("frame")) for a in record.get("actions") or [] if a.get("credited")]
    return (record.get("outcome"), record.get("incompleteStage"), error.get("kind"), credited)

scored, shard_verdicts, last_summary, misplaced = collections.Counter(), {}, {}, []
for path in sorted(glob.glob(os.path.join(out, "shard-*.jsonl"))):
    for line in open(path, encoding="utf-8"):
        record = json.loads(line)
        if "summary" in record:
            last_summary[os.path.basename(path)] = record["summary"]
        else:
            scored[record["path"]] += 1
            shard_verdicts[record["path"]] = verdict(record)
            if expected_shard.get(record["path"]) != os.path.basename(path):
                misplaced.append(f"{record['path']} in {os.path.basename(path)}")
one = {}
for line in open(one_file, encoding="utf-8"):
    record = json.loads(line)
    if "summary" not in record:
        one[record["path"]] = verdict(record)

problems = []
if scored != listed:
    problems.append(f"missing: {dict(listed - scored)}; extra: {dict(scored - listed)}")
if misplaced:
    problems.append(f"clips outside the shard FNV-1a-64 gives them: {misplaced}")
if len(last_summary) != shards:
    problems.append(f"{len(last_summary)} shard file(s) with a summary, not {shards}")
aborted = [name for name, s in last_summary.items() if s.get("aborted")]
if aborted:
    problems.append(f"shards whose last run was stopped: {aborted}")
different = {p: (shard_verdicts.get(p), one.get(p)) for p in listed if shard_verdicts.get(p) != one.get(p)}
if different:
    problems.append(f"outcomes unlike the one-machine batch (shards, one machine): {different}")
# scontrol's one line per task: "JobId=... ArrayTaskId=3 ... JobState=COMPLETED ... Restarts=1 ... ExitCode=0:0".
tasks = {}
for line in open(tasks_file).read().splitlines():
    fields = dict(re.findall(r"(?:^|\s)(ArrayTaskId|JobState|Restarts|ExitCode|EligibleTime|StartTime|EndTime)=(\S+)", line))
    tasks[fields.get("ArrayTaskId")] = fields
for task, fields in sorted(tasks.items()):
    print(f"  task {task}: {fields.get('JobState')}, exit code {fields.get('ExitCode')}, restarts {fields.get('Restarts')}, "
          f"eligible {fields.get('EligibleTime')}, ran {fields.get('StartTime')} to {fields.get('EndTime')}")
# A shard exits 3 when one of its clips could not be scored: still a finished shard.
if len(tasks) != shards or any(f.get("JobState") not in ("COMPLETED", "FAILED") or f.get("ExitCode") not in ("0:0", "3:0")
                               for f in tasks.values()):
    problems.append(f"tasks that did not finish: {tasks}")
restarts = tasks.get(cancelled, {}).get("Restarts", "0")
if restarts == "0":
    problems.append(f"task {cancelled} shows no restart after its requeue")
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
outcomes = collections.Counter(v[0] or v[2] for v in shard_verdicts.values())
print(f"{sum(scored.values())} clip lines for {sum(listed.values())} listed clips from {len(last_summary)} shards in {array_s} s; "
      f"task {cancelled} cancelled while running, requeued (Restarts={restarts}) and finished; "
      f"outcomes {dict(sorted(outcomes.items()))}, the same as one machine ({len(one)} clips in {one_s} s)")
PY
