#!/usr/bin/env bash
# Two builds of the engine side by side on the same clips in one run, each `liveness score` pinned
# to one core (taskset -c 1) with OpenCV and FFmpeg on one thread, every frame analysed
# ({"framesToAutoshot": 1000}); the two builds alternate clip by clip, the first of each pair
# changing from run to run. Prints, per clip, the median over RUNS runs of each build's stage times
# (ms a frame) and frames a second, and the ratio new / old. What a change costs, measured beside
# the build before it (the machine's speed drifts too much for figures from different runs).
# Usage: Benchmarks/side_by_side.sh OLD_LIVENESS NEW_LIVENESS RUNS CLIP...
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { grep -m1 '^# Usage:' "$0" | sed 's/^# //' >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2") runs=$3
shift 3
for bin in "$old" "$new"; do [ -x "$bin" ] || { echo "$0: not an executable: $bin" >&2; exit 2; }; done
LIVENESS=$new . Benchmarks/common.sh
counts RUNS="$runs"
one_thread
export OPENCV_LOG_LEVEL=ERROR
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo '{"framesToAutoshot": 1000}' > "$out/whole-clip.json"
for run in $(seq "$runs"); do
  for clip in "$@"; do
    [ -f "$clip" ] || { echo "$0: missing clip $clip" >&2; exit 2; }
    pair=(old new)
    (( run % 2 )) || pair=(new old)
    for which in "${pair[@]}"; do
      bin=$old; [ "$which" = new ] && bin=$new
      # A check that does not pass exits 1 with its report; an error leaves no report to read.
      { taskset -c 1 "$bin" score "$clip" --seed 1 --json --config "$out/whole-clip.json" 2>/dev/null || true; } |
        python3 -c 'import json, sys; r = json.load(sys.stdin); print(json.dumps({"build": sys.argv[1], "clip": sys.argv[2], **r["timing"]}))' \
          "$which" "$(basename "$clip")" >> "$out/runs.jsonl"
    done
  done
done
python3 - "$out/runs.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
stages = list(rows[0]["msPerFrame"])
print(f"{'clip':28} {'build':5} " + " ".join(f"{s:>9}" for s in stages) + f" {'fps':>8}")
for clip in dict.fromkeys(r["clip"] for r in rows):
    med = {}
    for build in ("old", "new"):
        mine = [r for r in rows if r["clip"] == clip and r["build"] == build]
        med[build] = {s: statistics.median(r["msPerFrame"][s] for r in mine) for s in stages}
        med[build]["fps"] = statistics.median(r["framesPerSecond"] for r in mine)
        print(f"{clip:28} {build:5} " + " ".join(f"{med[build][s]:9.3f}" for s in stages) + f" {med[build]['fps']:8.1f}")
    print(f"{clip:28} {'ratio':5} " + " ".join(f"{med['new'][s] / med['old'][s]:9.2f}" if med['old'][s] else f"{'-':>9}" for s in stages)
          + f" {med['new']['fps'] / med['old']['fps']:8.2f}")
PY
