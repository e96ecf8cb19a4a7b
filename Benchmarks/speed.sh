#!/usr/bin/env bash
# Speed and memory of `liveness score`, end to end (decode included), on one thread.
# Usage: Benchmarks/speed.sh [RUNS]   (run from anywhere; builds nothing: `make bench` builds first)
# Prints a Markdown table: per clip, the median over RUNS of frames/s and ms per stage, and the
# peak RSS. Two modes per clip: "as scored" (the run stops when the session ends, as users see
# it) and "whole clip" (a configuration that never takes the autoshot, so every frame is found,
# fitted and measured).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
. Benchmarks/common.sh
counts RUNS="$runs"

# One thread: OpenCV's own worker threads, FFmpeg's decoding threads and OpenBLAS's (the face
# descriptors) off.
one_thread

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '{"framesToAutoshot": 1000}' > "$work/whole-clip.json"

clips=(
  "$data/liveness_real_vs_spoof_samples/videos/real.mov"
  "$data/pyfeat_face_videos/single_face.mp4"
  "Samples/openwillis_baseline.mp4"
  "$data/pyfeat_face_videos/no_face.mp4"
)

echo "| clip | size | mode | frames | frames/s | decode | detect | landmarks | motion | logic | describe | descriptors | peak RSS MB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for clip in "${clips[@]}"; do
  [ -f "$clip" ] || { echo "skipping $clip: not found" >&2; continue; }
  for mode in "as scored" "whole clip"; do
    config=()
    [ "$mode" = "whole clip" ] && config=(--config "$work/whole-clip.json")
    for run in $(seq "$runs"); do
      "$liveness" score "$clip" --seed 1 --json "${config[@]}" > "$work/run$run.json" || [ $? -eq 1 ]
    done
    python3 - "$clip" "$mode" "$work"/run*.json <<'PY'
import json, statistics, sys, os
clip, mode, files = sys.argv[1], sys.argv[2], sys.argv[3:]
reports = [json.load(open(f)) for f in files]
med = lambda key: statistics.median(r["timing"]["msPerFrame"][key] for r in reports)
r0 = reports[0]
size = f'{r0["input"]["width"]}x{r0["input"]["height"]}'
fps = statistics.median(r["timing"]["framesPerSecond"] for r in reports)
rss = max(r["timing"]["peakRSSMB"] for r in reports)
stages = " | ".join(f"{med(k):.2f}" for k in ["decode", "detect", "landmarks", "motion", "logic", "describe"])
descriptors = r0["timing"]["descriptors"]["count"]
print(f'| {os.path.basename(clip)} | {size} | {mode} | {r0["frames"]["processed"]} | {fps:.0f} | {stages} | {descriptors} | {rss:.0f} |')
PY
    rm -f "$work"/run*.json
  done
done
echo
echo "Stages are milliseconds per frame (medians over $runs runs, one thread); frames/s excludes the"
echo "one-off model load (about 0.5 s), which the peak RSS includes."
