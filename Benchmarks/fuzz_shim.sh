#!/usr/bin/env bash
# libFuzzer with AddressSanitizer on the shim's decode path (Benchmarks/fuzz/shim_video_fuzzer.cpp),
# built with the Swift toolchain's clang, seeded with small real clips, for a bounded time.
# Usage: Benchmarks/fuzz_shim.sh [SECONDS] [SEED]   (default 120 s, seed 1)
# Crashes, timeouts and out-of-memory inputs land in Benchmarks/output/fuzz-findings/shim/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
seed=${2:-1}
clang=${CLANGXX:-/opt/swift/usr/bin/clang++}
data=${LIVENESS_DATA:-../shared/data}
out=Benchmarks/output/fuzz-shim
findings=Benchmarks/output/fuzz-findings/shim
mkdir -p "$out/corpus" "$findings"
[ -x "$clang" ] || { echo "$0: $clang not found (set CLANGXX)" >&2; exit 2; }

shim=Sources/CLivenessShim
if ! "$clang" -g -O1 -std=c++17 -fsanitize=fuzzer,address -fuse-ld=lld -I"$shim/include" -I"$shim" -I/usr/include/opencv4 \
  Benchmarks/fuzz/shim_video_fuzzer.cpp "$shim/video.cpp" "$shim/image.cpp" "$shim/runtime.cpp" \
  -lopencv_core -lopencv_imgproc -lopencv_imgcodecs -lopencv_videoio -ldlib -o "$out/shim_video_fuzzer" > "$out/build.log" 2>&1; then
  cat "$out/build.log" >&2
  exit 2
fi

# Seeds: small clips in the containers and codecs users upload (made once).
if [ -z "$(ls -A "$out/corpus")" ]; then
  ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
  single=$data/pyfeat_face_videos/single_face.mp4
  cp "$data/grid_blink_clip_dinoman/example.mp4" "$out/corpus/grid.mp4"
  ff -i "$single" -t 0.3 -an -vf scale=160:90 -c:v libx264 -movflags +faststart "$out/corpus/h264.mp4"
  ff -i "$single" -t 0.3 -an -vf scale=160:90 -c:v libvpx "$out/corpus/vp8.webm"
  ff -i "$single" -t 0.3 -an -vf scale=160:90 -c:v mjpeg "$out/corpus/mjpeg.avi"
  ff -i "$single" -t 0.3 -an -vf scale=160:90 -c:v libx265 -x265-params log-level=error "$out/corpus/hevc.mov"
  ff -i "$single" -t 0.3 -an -vf scale=160:90,transpose=1 -c:v libx264 -metadata:s:v:0 rotate=90 "$out/corpus/rotated.mp4"
fi

# One process, one thread for FFmpeg and OpenCV: findings replay exactly.
export OPENCV_FOR_THREADS_NUM=1 OPENCV_FFMPEG_CAPTURE_OPTIONS="threads;1"
# Debian's OpenCV and FFmpeg are not instrumented; leaks inside them are not ours to chase here.
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
status=0
"$out/shim_video_fuzzer" -seed="$seed" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=262144 \
  -artifact_prefix="$findings/" -print_final_stats=1 "$out/corpus" 2> "$out/log.txt" || status=$?
grep -E "^(#[0-9]+ +DONE|stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)" "$out/log.txt" | tail -20
echo "libFuzzer exit status $status; findings: $(ls "$findings" | wc -l) file(s) in $findings"
