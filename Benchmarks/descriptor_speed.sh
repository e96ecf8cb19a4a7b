#!/usr/bin/env bash
# What SPEC §5's face descriptors cost: per descriptor and per clip, on OpenBLAS and on Debian's
# reference BLAS, side by side in the same run (interleaved: OpenBLAS, reference, OpenBLAS, ...),
# each run pinned to one core (taskset -c 1) with one BLAS thread.
# Usage: Benchmarks/descriptor_speed.sh [RUNS]   (needs a release build and libopenblas0-pthread)
# The reference BLAS is chosen for a run by putting its folder first on LD_LIBRARY_PATH, so no
# system setting changes. Prints a Markdown table: per clip and BLAS, the descriptors the session
# computed, the median ms per descriptor, their total per clip and the whole run's wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
. Benchmarks/common.sh
counts RUNS="$runs"
arch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
reference=/usr/lib/$arch/blas
[ -f "$reference/libblas.so.3" ] || { echo "$0: Debian's reference BLAS ($reference/libblas.so.3) is not installed" >&2; exit 2; }

one_thread
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

clips=(
  "$data/liveness_real_vs_spoof_samples/videos/real.mov"
  "$data/pyfeat_face_videos/single_face.mp4"
  "Samples/openwillis_baseline.mp4"
  "Benchmarks/output/derived/face_swap.mp4"
)

for blas in openblas reference; do
  if [ $blas = reference ]; then env=(env "LD_LIBRARY_PATH=$reference:/usr/lib/$arch/lapack"); else env=(env); fi
  "${env[@]}" "$liveness" --version | sed -n 2p | sed "s/^/$blas: /" >&2
done
for run in $(seq "$runs"); do
  for clip in "${clips[@]}"; do
    [ -f "$clip" ] || { echo "skipping $clip: not found (derived clips: Benchmarks/make_derived_clips.sh)" >&2; continue; }
    for blas in openblas reference; do
      if [ $blas = reference ]; then env=(env "LD_LIBRARY_PATH=$reference:/usr/lib/$arch/lapack"); else env=(env); fi
      "${env[@]}" taskset -c 1 "$liveness" score "$clip" --seed 1 --json > "$work/$(basename "$clip").$blas.$run.json" || [ $? -eq 1 ]
    done
  done
done

echo "| clip | BLAS | descriptors | ms per descriptor | descriptor ms per clip | wall ms per clip | descriptors' share |"
echo "|---|---|---|---|---|---|---|"
python3 - "$work" "${clips[@]}" <<'PY'
import glob, json, os, statistics, sys
work, clips = sys.argv[1], sys.argv[2:]
for clip in clips:
    name = os.path.basename(clip)
    for blas in ("openblas", "reference"):
        reports = [json.load(open(f)) for f in sorted(glob.glob(f"{work}/{name}.{blas}.*.json"))]
        if not reports:
            continue
        count = reports[0]["timing"]["descriptors"]["count"]
        each = statistics.median(r["timing"]["descriptors"]["msEach"] for r in reports)
        wall = statistics.median(r["timing"]["wallMs"] for r in reports)
        print(f"| {name} | {blas} | {count} | {each:.1f} | {count * each:.0f} | {wall:.0f} | {100 * count * each / wall:.0f} % |")
PY
echo
echo "Medians over $runs interleaved runs per clip and BLAS; one core (taskset -c 1), one BLAS thread."
