#!/usr/bin/env bash
# Soak: a long batch of real clips (the samples repeated, with a truncated file in the mix for
# the error path) to show memory stays flat. Samples the coordinator's and the workers' memory
# from /proc every second and compares the start (the first sample after 10 s) with the end
# (the last sample before the batch finished); also the per-clip peak RSS the workers report.
# Usage: Benchmarks/soak.sh [CLIPS] [JOBS]   (default 1000 clips, 2 workers; release build)
# Prints a Markdown table for Benchmarks/RESULTS.md ("Soak").
set -euo pipefail
cd "$(dirname "$0")/.."
clips=${1:-1000}
jobs=${2:-2}
. Benchmarks/common.sh
counts CLIPS="$clips" JOBS="$jobs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The error path too: a clip whose index is at the start, cut to 30 %: it decodes, then stops.
ffmpeg -nostdin -loglevel error -y -i "$data/pyfeat_face_videos/single_face.mp4" -c copy -movflags +faststart "$work/faststart.mp4"
python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(d[: len(d) * 30 // 100])' \
  "$work/faststart.mp4" "$work/truncated.mp4"
samples=(
  "$(pwd)/Samples/grid_talking_face.mp4"
  "$(pwd)/Samples/openwillis_baseline.mp4"
  "$data/pyfeat_face_videos/single_face.mp4"
  "$data/liveness_real_vs_spoof_samples/videos/real.mov"
  "$work/truncated.mp4"
)
for sample in "${samples[@]}"; do [ -f "$sample" ] || { echo "$0: $sample not found" >&2; exit 2; }; done
for i in $(seq 0 $((clips - 1))); do echo "${samples[$((i % ${#samples[@]}))]}"; done > "$work/list.txt"

"$liveness" score --list "$work/list.txt" --jobs "$jobs" --seed 1 --output "$work/out.jsonl" 2> "$work/stderr" &
pid=$!
start=$(date +%s)
: > "$work/samples.tsv"
# elapsed, pid, role, VmRSS kB, VmHWM kB
while kill -0 "$pid" 2> /dev/null; do
  now=$(($(date +%s) - start))
  for p in "$pid" $(pgrep -P "$pid" || true); do
    role=$([ "$p" = "$pid" ] && echo coordinator || echo worker)
    awk -v t="$now" -v p="$p" -v r="$role" '/^VmRSS:/ {rss = $2} /^VmHWM:/ {hwm = $2} END {if (rss) print t "\t" p "\t" r "\t" rss "\t" hwm}' \
      "/proc/$p/status" 2> /dev/null >> "$work/samples.tsv" || true
  done
  sleep 1
done
wait "$pid" || true

python3 - "$work/samples.tsv" "$work/out.jsonl" "$clips" "$jobs" <<'PY'
import collections, json, statistics, sys
samples_file, out, clips, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rows = [line.split("\t") for line in open(samples_file).read().splitlines()]
by_pid = collections.defaultdict(list)
for t, pid, role, rss, hwm in rows:
    by_pid[(role, pid)].append((int(t), int(rss) / 1024, int(hwm) / 1024))
records, summary = [], None
for line in open(out):
    r = json.loads(line)
    if "summary" in r:
        summary = r["summary"]
    else:
        records.append(r)
print(f"| process | samples | start (s) | RSS at start MB | peak RSS at start MB | end (s) | RSS at end MB | peak RSS at end MB |")
print("|---|---|---|---|---|---|---|---|")
for (role, pid), series in sorted(by_pid.items()):
    later = [s for s in series if s[0] >= 10] or series
    first, last = later[0], series[-1]
    print(f"| {role} {pid} | {len(series)} | {first[0]} | {first[1]:.0f} | {first[2]:.0f} | {last[0]} | {last[1]:.0f} | {last[2]:.0f} |")
peaks = [r["timing"]["peakRSSMB"] for r in records if r.get("timing", {}).get("peakRSSMB")]
n = min(50, len(peaks) // 2)
if n:
    print()
    print(f"Per-clip peak RSS reported by the workers: first {n} scored clips max {max(peaks[:n]):.0f} MB "
          f"(median {statistics.median(peaks[:n]):.0f}), last {n} max {max(peaks[-n:]):.0f} MB (median {statistics.median(peaks[-n:]):.0f}).")
if summary:
    print(f"{len(records)} lines for {clips} listed clips with {jobs} workers ({summary['workersStarted']} started) in "
          f"{summary['wallMs'] / 1000:.0f} s: outcomes {summary['outcomes']}, errors {summary['errors']}, "
          f"{summary['frames']} frames, {summary['framesPerSecond']:.0f} frames/s, {summary['clipsPerMinute']:.0f} clips/min.")
PY
