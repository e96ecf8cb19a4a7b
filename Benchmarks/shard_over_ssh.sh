#!/usr/bin/env bash
# Runs a batch as N shards on several hosts with GNU parallel (`--sshlogin`), merges the JSON
# lines, and checks that every listed clip was scored exactly once. Here the "hosts" are two
# sshd servers on loopback ports with a throwaway host key and user key; the same command with
# real host names (and a list and clips on shared storage) spreads a batch over machines.
#
# Usage: Benchmarks/shard_over_ssh.sh [--local] LIST OUTPUT
#   LIST    clip paths, one per line, absolute (every host must see them at the same paths)
#   OUTPUT  where the merged JSON lines go (every shard's clip lines, then every shard's summary)
#   --local no ssh: GNU parallel's local sshlogin ':' (two job slots)
# Environment: LIVENESS (the binary; default .build/release/liveness, else .build/debug/liveness),
#   SHARDS (default 4), JOBS (workers per shard, default 1).
# Exit status: 0 when every clip is in OUTPUT exactly once, 1 when not, 2 on bad use,
#   77 when sshd cannot run here (nothing was tested).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=ssh
if [ "${1:-}" = "--local" ]; then mode=local; shift; fi
list=${1:?usage: $0 [--local] LIST OUTPUT}
output=${2:?usage: $0 [--local] LIST OUTPUT}
shards=${SHARDS:-4}
jobs=${JOBS:-1}
liveness=${LIVENESS:-}
if [ -z "$liveness" ]; then
  for candidate in .build/release/liveness .build/debug/liveness; do
    [ -x "$candidate" ] && { liveness=$candidate; break; }
  done
fi
[ -n "$liveness" ] && [ -x "$liveness" ] || { echo "$0: no liveness binary (swift build -c release)" >&2; exit 2; }
liveness=$(cd "$(dirname "$liveness")" && pwd)/$(basename "$liveness")
command -v parallel > /dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

work=$(mktemp -d)
sshd_pid=
cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ $mode = ssh ]; then
  sshd=$(command -v sshd || echo /usr/sbin/sshd)
  [ -x "$sshd" ] || { echo "$0: sshd is not installed (apt-get install openssh-server)" >&2; exit 77; }
  ports=$(python3 -c 'import socket
for _ in range(2):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  port_a=$(echo "$ports" | sed -n 1p)
  port_b=$(echo "$ports" | sed -n 2p)
  ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$work/user_key"
  cp "$work/user_key.pub" "$work/authorized_keys"
  chmod 600 "$work/authorized_keys"
  # sshd wants its privilege-separation directory when started as root.
  [ "$(id -u)" = 0 ] && mkdir -p /run/sshd
  cat > "$work/sshd_config" <<EOF
Port $port_a
Port $port_b
ListenAddress 127.0.0.1
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
PidFile $work/sshd.pid
LogLevel ERROR
EOF
  if ! "$sshd" -f "$work/sshd_config" -E "$work/sshd.log"; then
    echo "$0: sshd would not start: $(cat "$work/sshd.log" 2> /dev/null)" >&2
    exit 77
  fi
  for _ in $(seq 50); do [ -s "$work/sshd.pid" ] && break; sleep 0.1; done
  sshd_pid=$(cat "$work/sshd.pid" 2> /dev/null || true)
  ssh_command="ssh -i $work/user_key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
  $ssh_command -p "$port_a" 127.0.0.1 true || { echo "$0: cannot log in to the loopback sshd" >&2; exit 77; }
  # Two "hosts", one job slot each: each sshlogin is "SLOTS/SSH COMMAND HOST".
  logins="1/$ssh_command -p $port_a 127.0.0.1,1/$ssh_command -p $port_b 127.0.0.1"
else
  logins="2/:"
fi

# The recipe: one job per shard; parallel sends each to a free host and prints each job's
# stdout (its JSON lines) whole when it ends. A shard exits 3 when one of its clips failed,
# which is still a finished shard: the job log tells the two apart from a host that broke.
parallel --will-cite --sshlogin "$logins" --joblog "$work/joblog" -q \
  "$liveness" score --list "$list" --shard "{}/$shards" --jobs "$jobs" --seed 1 \
  ::: $(seq "$shards") > "$output" || true

python3 - "$list" "$output" "$work/joblog" "$shards" <<'PY'
import collections, json, sys
list_file, output, joblog, shards = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
listed = collections.Counter(l.rstrip("\r\n") for l in open(list_file, encoding="utf-8") if l.strip())
scored, summaries = collections.Counter(), []
for line in open(output, encoding="utf-8"):
    record = json.loads(line)
    if "summary" in record:
        summaries.append(record["summary"])
    else:
        scored[record["path"]] += 1
jobs = [row.split("\t") for row in open(joblog).read().splitlines()[1:]]
hosts = sorted({row[1] for row in jobs})
bad_jobs = [row for row in jobs if row[6] not in ("0", "3")]
ok = scored == listed and len(summaries) == shards and not bad_jobs
shard_names = sorted(s["shard"] for s in summaries)
print(f"{sum(scored.values())} lines for {sum(listed.values())} listed clips from {len(summaries)} shards "
      f"({', '.join(shard_names)}) on {len(hosts)} host(s); job exit codes {sorted(row[6] for row in jobs)}")
if scored != listed:
    print(f"missing: {dict(listed - scored)}; extra: {dict(scored - listed)}", file=sys.stderr)
if bad_jobs:
    print(f"jobs that broke: {bad_jobs}", file=sys.stderr)
sys.exit(0 if ok else 1)
PY
