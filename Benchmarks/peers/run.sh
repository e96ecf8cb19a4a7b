#!/usr/bin/env bash
# The engine side by side with its peers on the same clips, in one run: `liveness score` (whole
# clip: {"framesToAutoshot": 1000}, so every frame is analysed), MediaPipe Face Mesh in tracking
# mode, the classic Python dlib HOG+68 pipeline at width 450, and decoding alone. Every run is
# pinned to one core (taskset -c 1) with OpenCV and FFmpeg on one thread; the four tools are
# interleaved clip by clip, in an order that rotates from run to run, and the table gives the
# median frames/s over RUNS runs and the engine's ratio to each.
# Usage: Benchmarks/peers/run.sh [RUNS] [--write-results]
#   --write-results also replaces the table between the peers markers of Benchmarks/RESULTS.md.
# Builds the Python environment on first use (setup_venv.sh); builds nothing else (make
# bench-peers builds the release engine first).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=5 write=
for arg in "$@"; do
  case $arg in
    --write-results) write=1 ;;
    *[!0-9]*|''|0) echo "usage: $0 [RUNS] [--write-results]" >&2; exit 2 ;;
    *) runs=$arg ;;
  esac
done
. Benchmarks/common.sh
model=${LIVENESS_LANDMARK_MODEL:-/usr/share/dlib/shape_predictor_68_face_landmarks.dat}
Benchmarks/peers/setup_venv.sh
python=Benchmarks/peers/venv/bin/python

one_thread
export OPENCV_LOG_LEVEL=ERROR OMP_NUM_THREADS=1 TF_CPP_MIN_LOG_LEVEL=3 GLOG_minloglevel=2

clips=(
  "$data/liveness_real_vs_spoof_samples/videos/real.mov"
  "$data/pyfeat_face_videos/single_face.mp4"
  "$data/openwillis_selfie_videos/not_expressive.mp4"
)
tools=(engine mediapipe dlib decode)
out=Benchmarks/output/peers
mkdir -p "$out"
lines=$out/runs.jsonl
: > "$lines"
echo '{"framesToAutoshot": 1000}' > "$out/whole-clip.json"

one() {  # tool clip: one JSON line on stdout
  case $1 in
    engine) taskset -c 1 "$liveness" score "$2" --seed 1 --json --config "$out/whole-clip.json" |
              python3 Benchmarks/peers/engine_line.py "$2" ;;
    mediapipe) taskset -c 1 "$python" Benchmarks/peers/mediapipe_face_mesh.py "$2" 2>/dev/null ;;
    dlib) taskset -c 1 "$python" Benchmarks/peers/dlib_hog68.py "$2" "$model" ;;
    decode) taskset -c 1 "$python" Benchmarks/peers/decode_only.py "$2" ;;
  esac
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for run in $(seq "$runs"); do
  for clip in "${clips[@]}"; do
    [ -f "$clip" ] || { echo "missing $clip (set LIVENESS_DATA)" >&2; exit 2; }
    for k in "${!tools[@]}"; do
      tool=${tools[$(( (k + run) % ${#tools[@]} ))]}
      line=$(one "$tool" "$clip" || true)
      [ -n "$line" ] || { echo "$tool failed on $clip" >&2; exit 1; }
      echo "{\"run\": $run, ${line#\{}" >> "$lines"
    done
  done
  echo "run $run of $runs done ($(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

python3 Benchmarks/peers/table.py "$lines" "$runs" "$load_before" "$load_after" "$(git rev-parse --short HEAD)" > "$out/table.md"
cat "$out/table.md"
if [ -n "$write" ]; then
  python3 - "$out/table.md" Benchmarks/RESULTS.md <<'PY'
import re, sys
table, results = open(sys.argv[1]).read(), sys.argv[2]
text = open(results).read()
begin, end = "<!-- peers:begin -->", "<!-- peers:end -->"
if begin not in text or end not in text:
    sys.exit(f"{results}: no {begin} ... {end} section to replace")
text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: f"{begin}\n{table}{end}", text, flags=re.S)
open(results, "w").write(text)
print(f"table written into {results}", file=sys.stderr)
PY
fi
