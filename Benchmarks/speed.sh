#!/usr/bin/env bash
# Speed and memory of `liveness score`, end to end (decode included), on one thread of one core.
# Usage: Benchmarks/speed.sh [RUNS]   (run from anywhere; builds nothing: `make bench` builds first)
# Prints a Markdown table: per clip, the median over RUNS of frames/s and ms per stage, and the
# peak RSS. Two modes per clip: "as scored" (the run stops when the session ends, as users see
# it) and "whole clip" (a configuration that never takes the autoshot, so every frame is found,
# fitted and measured). Then each stage over decode, whole clip, against the budget of
# Benchmarks/README.md ("What a frame may cost").
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
. Benchmarks/common.sh
counts RUNS="$runs"

# One thread: OpenCV's own worker threads, FFmpeg's decoding threads and OpenBLAS's (the face
# descriptors) off; and one core (taskset -c 1), as the other speed scripts run: left free, the
# decoder still takes a second core (not_expressive: decode 1.6 ms a frame, 3.7 on one core).
one_thread

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '{"framesToAutoshot": 1000}' > "$work/whole-clip.json"

clips=(
  "$data/liveness_real_vs_spoof_samples/videos/real.mov"
  "$data/pyfeat_face_videos/single_face.mp4"
  "Samples/openwillis_baseline.mp4"
  "$data/pyfeat_face_videos/no_face.mp4"
  "$data/openwillis_selfie_videos/not_expressive.mp4"
)

echo "| clip | size | mode | frames | frames/s | decode | detect | landmarks | motion | logic | describe | descriptors | peak RSS MB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for clip in "${clips[@]}"; do
  [ -f "$clip" ] || { echo "skipping $clip: not found" >&2; continue; }
  for mode in "as scored" "whole clip"; do
    config=()
    [ "$mode" = "whole clip" ] && config=(--config "$work/whole-clip.json")
    for run in $(seq "$runs"); do
      taskset -c 1 "$liveness" score "$clip" --seed 1 --json "${config[@]}" > "$work/run$run.json" || [ $? -eq 1 ]
    done
    python3 - "$clip" "$mode" "$work/ratios.jsonl" "$work"/run*.json <<'PY'
import json, statistics, sys, os
clip, mode, ratios, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
reports = [json.load(open(f)) for f in files]
med = lambda key: statistics.median(r["timing"]["msPerFrame"][key] for r in reports)
r0 = reports[0]
size = f'{r0["input"]["width"]}x{r0["input"]["height"]}'
fps = statistics.median(r["timing"]["framesPerSecond"] for r in reports)
rss = max(r["timing"]["peakRSSMB"] for r in reports)
stages = " | ".join(f"{med(k):.2f}" for k in ["decode", "detect", "landmarks", "motion", "logic", "describe"])
descriptors = r0["timing"]["descriptors"]["count"]
print(f'| {os.path.basename(clip)} | {size} | {mode} | {r0["frames"]["processed"]} | {fps:.0f} | {stages} | {descriptors} | {rss:.0f} |')
if mode == "whole clip":
    with open(ratios, "a") as f:
        print(json.dumps({"clip": os.path.basename(clip), **{k: med(k) / med("decode") for k in ["detect", "landmarks", "motion", "logic"]}}), file=f)
PY
    rm -f "$work"/run*.json
  done
done
echo
echo "Stages are milliseconds per frame (medians over $runs runs, one thread, one core); frames/s excludes the"
echo "one-off model load (about 0.5 s), which the peak RSS includes."
echo
# The budget of Benchmarks/README.md ("What a frame may cost"): each stage over decode, whole clip.
python3 - Benchmarks/README.md "$work/ratios.jsonl" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
table = text[text.index("<!-- budget:begin -->"):text.index("<!-- budget:end -->")].splitlines()[3:]
budget = {cells[0]: dict(zip(["detect", "landmarks", "motion", "logic"], map(float, cells[1:])))
          for cells in ([c.strip() for c in row.strip("|").split("|")] for row in table if row.strip())}
measured = {r["clip"]: r for r in map(json.loads, open(sys.argv[2]))}
print("| clip | stage | over decode | budget | |")
print("|---|---|---|---|---|")
for clip, stages in budget.items():
    if clip not in measured:
        print(f"| {clip} | not measured | | | |")
        continue
    for stage, most in stages.items():
        print(f"| {clip} | {stage} | {measured[clip][stage]:.2f} | {most:.2f} | {'over' if measured[clip][stage] > most else 'within'} |")
PY
