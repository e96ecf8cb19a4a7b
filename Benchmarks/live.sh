#!/usr/bin/env bash
# Real-time figures of `liveness live`, headless, on 640x480 clips made with ffmpeg from real
# selfie clips, each played as if it were a camera (--source: frames released at their
# timestamps, the newest analysed, the others dropped).
# Usage: Benchmarks/live.sh [RUNS]   (run from anywhere; builds nothing: swift build -c release)
# Prints a Markdown table: per clip and mode, the median over RUNS of the p50 and p95 analysis
# time per analysed frame (ms), the worst p95, the frames analysed and dropped; then the load
# average, since other work on the machine shows up in these figures.
# Modes: "as live" (the run ends with the session, as a user sees it) and "whole clip" (a
# configuration that never takes the autoshot, so every frame of the clip is played).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
. Benchmarks/common.sh
counts RUNS="$runs"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '{"framesToAutoshot": 1000}' > "$work/whole-clip.json"

# name|source: real.mov is a 15 fps webcam selfie (960x540) that passes; single_face.mp4 is 30 fps
# (640x360) with a blink and no turn.
clips=(
  "real-640x480|$data/liveness_real_vs_spoof_samples/videos/real.mov"
  "single_face-640x480|$data/pyfeat_face_videos/single_face.mp4"
)

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "| clip (640x480) | fps | mode | frames | analysed | dropped | p50 ms | p95 ms | worst p95 ms |"
echo "|---|---|---|---|---|---|---|---|---|"
for entry in "${clips[@]}"; do
  name=${entry%%|*}; source=${entry#*|}
  [ -f "$source" ] || { echo "skipping $source: not found" >&2; continue; }
  clip="$work/$name.mp4"
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$source" -vf scale=640:480 -an \
    -c:v libx264 -crf 18 -pix_fmt yuv420p "$clip"
  for mode in "as live" "whole clip"; do
    config=()
    [ "$mode" = "whole clip" ] && config=(--config "$work/whole-clip.json")
    for run in $(seq "$runs"); do
      "$liveness" live --source "$clip" --headless --seed 7 "${config[@]}" | tail -n 1 > "$work/run$run.json" || [ $? -eq 1 ]
    done
    python3 - "$name" "$mode" "$clip" "$work"/run*.json <<'PY'
import json, statistics, subprocess, sys
name, mode, clip, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
runs = [json.load(open(f)) for f in files]
fps = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=r_frame_rate",
                      "-of", "csv=p=0", clip], capture_output=True, text=True).stdout.strip()
num, den = (fps.split("/") + ["1"])[:2]
med = lambda f: statistics.median(f(r) for r in runs)
print(f'| {name} | {float(num) / float(den):.0f} | {mode} | {med(lambda r: r["frames"]["captured"]):.0f} '
      f'| {med(lambda r: r["frames"]["analysed"]):.0f} | {med(lambda r: r["frames"]["dropped"]):.0f} '
      f'| {med(lambda r: r["latencyMs"]["p50"]):.1f} | {med(lambda r: r["latencyMs"]["p95"]):.1f} '
      f'| {max(r["latencyMs"]["p95"] for r in runs):.1f} |')
PY
    rm -f "$work"/run*.json
  done
done
echo
echo "Medians over $runs runs each; latency is the analysis time per analysed frame (FrameAnalyzer"
echo "plus the session's step), not decoding or drawing. Load average before: $load_before;"
echo "after: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores)."
