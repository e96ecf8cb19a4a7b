#!/usr/bin/env bash
# Writes a corpus of hostile inputs for `liveness score`, made with FFmpeg from the real clips of
# the shared data folder, and next to them `manifest.json` (what each must give) and `list.txt`
# (every case, for `liveness score --list`).
#
# Usage: Benchmarks/make_hostile_corpus.sh [--quick] DIR
#   --quick  small versions of the slow cases (the 8K clip has 3 frames, the 10-minute clips are
#            160x90 at 2 fps, the twins come from a 2.4 s clip): what the CLI tests use.
#
# manifest.json is a list of cases: {"case", "file", "exitCodes": [allowed exit codes of
# `liveness score FILE`], "outcome": expected outcome or null, "errorKind": expected error kind
# (the batch line's error.kind) or null, "twin": a file that must score the same or null,
# "twinMatch": "credits" (same outcome, the same actions credited within two frames' time) or
# "outcome" (same outcome only), "note"}.
# Generated media are never committed (see .gitignore).
set -euo pipefail
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
out=${1:?usage: $0 [--quick] DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
data=${LIVENESS_DATA:-$root/../shared/data}
single=$data/pyfeat_face_videos/single_face.mp4
noface=$data/pyfeat_face_videos/no_face.mp4
real=$data/liveness_real_vs_spoof_samples/videos/real.mov
vfrclip=$data/pyfeat_face_videos/face_noface.mov
for clip in "$single" "$noface" "$real"; do
  [ -f "$clip" ] || { echo "$0: $clip not found (set LIVENESS_DATA to the shared data folder)" >&2; exit 2; }
done
command -v ffmpeg > /dev/null || { echo "$0: ffmpeg is not installed (apt-get install ffmpeg)" >&2; exit 2; }
mkdir -p "$out"
cd "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
# Lossless 4:4:4 H.264: a rotated copy then holds exactly the pixels of its upright twin.
lossless=(-an -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv444p)

entries=()
# expect FILE EXITCODES OUTCOME KIND TWIN NOTE [TWINMATCH]   (- for none; EXITCODES like 3 or 1,3)
expect() {
  local file=$1 codes=$2 outcome=$3 kind=$4 twin=$5 note=$6 match=${7:-credits}
  [ "$twin" = - ] && match=-
  q() { if [ "$1" = - ]; then echo null; else echo "\"$1\""; fi; }
  entries+=("{\"case\": \"${file%.*}\", \"file\": \"$file\", \"exitCodes\": [$codes], \"outcome\": $(q "$outcome"), \"errorKind\": $(q "$kind"), \"twin\": $(q "$twin"), \"twinMatch\": $(q "$match"), \"note\": \"$note\"}")
}

# Not videos at all.
: > zero-byte.mp4
expect zero-byte.mp4 3 - noFrames - "an empty file"
printf 'This is a note, not a video.\n' > text-named.mp4
expect text-named.mp4 3 - notAVideo - "a text file named .mp4"
python3 -c 'import random, sys; random.seed(42); sys.stdout.buffer.write(bytes(random.getrandbits(8) for _ in range(65536)))' > garbage.mp4
expect garbage.mp4 3 - notAVideo - "64 KiB of seeded random bytes"
ff -i "$single" -vn -c:a aac audio-only.m4a
expect audio-only.m4a 3 - notAVideo - "the clip's sound track alone"
rm -f missing.mp4
expect missing.mp4 3 - fileNotFound - "listed but absent"

# Damaged videos.
cut_bytes() { python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(d[: len(d) * 30 // 100])' "$1" "$2"; }
cut_bytes "$single" truncated-index-at-end.mp4
expect truncated-index-at-end.mp4 3 - notAVideo - "first 30 % of a file whose index (moov) is at the end"
ff -i "$single" -c copy -movflags +faststart "$work/faststart.mp4"
cut_bytes "$work/faststart.mp4" truncated-index-at-start.mp4
expect truncated-index-at-start.mp4 3 - corruptVideo - "first 30 % of a file whose index is at the start: decodes, then stops"
python3 - "$single" corrupt-middle.mp4 <<'PY'
import random, sys
data = bytearray(open(sys.argv[1], "rb").read())
random.seed(7)
start = len(data) // 3
data[start:start + 20000] = bytes(random.getrandbits(8) for _ in range(20000))
open(sys.argv[2], "wb").write(data)
PY
expect corrupt-middle.mp4 1,3 - - - "20 kB of noise over the middle of the media data: a partial result or a corrupt-video error"
ff -i "$single" -an -c:v mjpeg -q:v 5 "$work/mjpeg.avi"
python3 - "$work/mjpeg.avi" unknown-codec.avi <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
head = data[:4096].replace(b"MJPG", b"ZZZZ")
open(sys.argv[2], "wb").write(head + data[4096:])
PY
expect unknown-codec.avi 3 - notAVideo - "an AVI whose codec tag was renamed ZZZZ"

# Stills named as videos: FFmpeg would play each as a one-frame clip.
ff -i "$single" -frames:v 1 -f image2 -c:v png still-png.mp4
expect still-png.mp4 3 - notAVideo - "a PNG image named .mp4"
ff -i "$single" -frames:v 1 -f image2 -c:v mjpeg still-jpeg.mov
expect still-jpeg.mov 3 - notAVideo - "a JPEG image named .mov"

# Unusual but valid videos.
ff -i "$single" -an -frames:v 1 -c:v libx264 -pix_fmt yuv420p one-frame.mp4
expect one-frame.mp4 1 incomplete - - "a single frame: ends before the autoshot"
if [ $quick = 1 ]; then big=(-t 0.6 -vf scale=7680:4320,fps=5); else big=(-t 2 -vf scale=7680:4320,fps=10); fi
ff -i "$single" -an "${big[@]}" -c:v libx264 -preset ultrafast -pix_fmt yuv420p frame-8k.mp4
expect frame-8k.mp4 1 incomplete - - "7680x4320 frames, shrunk to 4K before analysis"
if [ $quick = 1 ]; then small=(scale=160:90,fps=2); else small=(scale=320:180,fps=5); fi
ff -i "$single" -an -vf "${small[0]}" -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$work/face-small.mp4"
ff -stream_loop -1 -i "$work/face-small.mp4" -t 600 -c copy ten-minutes.mp4
expect ten-minutes.mp4 1 timedOut - - "10 minutes of a face that blinks and never turns: the 20 s cap"
ff -i "$noface" -an -vf "${small[0]}" -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$work/noface-small.mp4"
ff -stream_loop -1 -i "$work/noface-small.mp4" -t 600 -c copy ten-minutes-no-face.mp4
expect ten-minutes-no-face.mp4 1 incomplete - - "10 minutes without a face: every frame decoded"

# Twins: each must score like upright.mp4 (same outcome; credits within two frames' time).
# Both sources end incomplete: single_face has no turn, and real.mov's first 7.5 s credit a turn
# but no blink (its one blink candidate comes with a fast head move, which the blink rule does not
# read); the twins must match the turn's credit and the outcome.
if [ $quick = 1 ]; then source=("$single"); else source=("$real" -t 7.5); fi
twin_outcome=incomplete
twin_code=1
ff -i "${source[@]}" -vf format=yuv444p "${lossless[@]}" upright.mp4
expect upright.mp4 $twin_code $twin_outcome - - "the upright twin of the cases below"
first_frame() { ffmpeg -nostdin -loglevel error -i "$1" -frames:v 1 -pix_fmt rgb24 -f rawvideo - | md5sum; }
upright_frame=$(first_frame upright.mp4)
# rotate-D: pixels stored turned D degrees counter-clockwise, with a display matrix saying "turn
# D degrees clockwise to show it", as a phone held upright records (D = 90 for portrait).
# FFmpeg 5.1 writes `-metadata:s:v:0 rotate=R` as a matrix that turns R degrees counter-clockwise
# (ffprobe shows rotation=R), the opposite of what the tag used to mean; so the tag is 360 - D,
# and FFmpeg's own auto-rotation must show the first frame exactly as upright.mp4's.
for turn in 90:transpose=2 180:hflip,vflip 270:transpose=1; do
  degrees=${turn%%:*}
  ff -i "${source[@]}" -vf "format=yuv444p,${turn#*:}" "${lossless[@]}" "$work/turned.mp4"
  for tag in $(( (360 - degrees) % 360 )) $degrees; do
    ff -i "$work/turned.mp4" -c copy -metadata:s:v:0 rotate=$tag rotate-$degrees.mp4
    [ "$(first_frame rotate-$degrees.mp4)" = "$upright_frame" ] && break
  done
  [ "$(first_frame rotate-$degrees.mp4)" = "$upright_frame" ] || { echo "$0: cannot make rotate-$degrees.mp4 display upright" >&2; exit 1; }
  expect rotate-$degrees.mp4 $twin_code $twin_outcome - upright.mp4 "stored turned $degrees degrees counter-clockwise; its display matrix turns it upright (FFmpeg shows it as upright.mp4)"
done
# Variable frame rate, twice: every frame kept but every other one 40 % of an interval late, and
# about one frame in four dropped at irregular places. The outcome must hold; single credits may
# move, as the detector's schedule is in milliseconds (other frames get a fresh box, so the
# landmarks move by a fraction of a pixel) and dropped frames sample the motion differently.
rate=$(ffprobe -v error -select_streams v -show_entries stream=r_frame_rate -of csv=p=0 upright.mp4)
ff -i "${source[@]}" -vf "format=yuv444p,settb=1/90000,setpts='(N+0.4*mod(N\,2))/(($rate)*TB)'" \
  -fps_mode passthrough -enc_time_base -1 -video_track_timescale 90000 "${lossless[@]}" vfr-retimed.mp4
expect vfr-retimed.mp4 $twin_code $twin_outcome - upright.mp4 "the twin with uneven frame intervals (every other frame 40 % late)" outcome
ff -i "${source[@]}" -vf "format=yuv444p,select='not(eq(mod(n\,5)\,2))*not(eq(mod(n\,7)\,3))'" -fps_mode vfr "${lossless[@]}" vfr-dropped.mp4
expect vfr-dropped.mp4 $twin_code $twin_outcome - upright.mp4 "the twin with about one frame in four dropped at irregular places, timestamps kept" outcome
ff -i upright.mp4 -c copy "$work/upright.mkv"
python3 - "$work/upright.mkv" wrong-fps-header.mkv <<'PY'
# Matroska's DefaultDuration (element 0x23E383) says how long each frame lasts; claim 120 fps.
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
at = data.find(b"\x23\xe3\x83")
assert at > 0 and data[at + 3] == 0x84, "DefaultDuration not found"
data[at + 4:at + 8] = struct.pack(">I", 1_000_000_000 // 120)
open(sys.argv[2], "wb").write(data)
PY
expect wrong-fps-header.mkv $twin_code $twin_outcome - upright.mp4 "the twin in Matroska with a 120 fps header"
# Late timestamps: Matroska stores no frame count, and OpenCV makes one from the duration, which
# counts from 0 s, not from the first frame (600 s: 18000 frames too many). A third of one is
# still a truncation.
for offset in 600 36000; do
  ff -i upright.mp4 -c copy -output_ts_offset $offset late-start-$offset.mkv
  expect late-start-$offset.mkv $twin_code $twin_outcome - upright.mp4 "the twin in Matroska, its timestamps starting at $offset s" outcome
done
cut_bytes late-start-600.mkv truncated-late-start.mkv
expect truncated-late-start.mkv 3 - corruptVideo - "first 30 % of the Matroska starting at 600 s: decodes, then stops"
# Display matrices that are no quarter turn: -45 degrees (ffprobe: rotation 45), which snapping
# to the nearest quarter made a 90-degree turn, and all zero, whose undefined angle OpenCV gives as
# INT_MIN. Neither may turn the frames: they score as the upright twin.
display_matrix() {
  python3 - "$@" <<'PY'
import math, struct, sys
source, target, how = sys.argv[1:]
data = bytearray(open(source, "rb").read())
at = data.find(b"tkhd")
matrix = at + 8 + (32 if data[at + 4] == 1 else 20) + 16
fixed = lambda v: int(round(v * 65536)) & 0xFFFFFFFF
if how == "zero":
    values = [0] * 9
elif how.startswith("hflip"):
    # Mirrored left to right, then turned by the degrees after "hflip" (ffmpeg's own order).
    a = math.radians(float(how[5:] or 0))
    values = [fixed(-math.cos(a)), fixed(math.sin(a)), 0, fixed(math.sin(a)), fixed(math.cos(a)), 0, 0, 0, 1 << 30]
else:
    a = math.radians(float(how))
    values = [fixed(math.cos(a)), fixed(math.sin(a)), 0, fixed(-math.sin(a)), fixed(math.cos(a)), 0, 0, 0, 1 << 30]
data[matrix:matrix + 36] = struct.pack(">9I", *values)
open(target, "wb").write(data)
PY
}
display_matrix upright.mp4 turned-45.mp4 -45
expect turned-45.mp4 $twin_code $twin_outcome - upright.mp4 "a display matrix turning 45 degrees: no quarter turn, frames left as stored"
display_matrix upright.mp4 zero-matrix.mp4 zero
expect zero-matrix.mp4 $twin_code $twin_outcome - upright.mp4 "an all-zero display matrix: no rotation"
# A display matrix that mirrors (a front camera's preview, issue 36 row 8): the stored frames are
# the camera's own image, so only the matrix's turn applies; a mirror alone turns nothing.
display_matrix upright.mp4 hflip.mp4 hflip
expect hflip.mp4 $twin_code $twin_outcome - upright.mp4 "a display matrix that mirrors left to right: the frames as stored"
display_matrix rotate-90.mp4 hflip-rotate-90.mp4 hflip90
expect hflip-rotate-90.mp4 $twin_code $twin_outcome - upright.mp4 "rotate-90.mp4's matrix mirrored too: turned upright, not mirrored"
display_matrix rotate-180.mp4 vflip-rotate-180.mp4 hflip180
expect vflip-rotate-180.mp4 $twin_code $twin_outcome - upright.mp4 "frames stored upside down under a matrix that mirrors them top to bottom (a half turn and a left-right mirror): turned upright, not mirrored"
# MPEG-TS has no FourCC: OpenCV gave its stream type (0x1b, an escape character) as the codec.
ff -i upright.mp4 -c copy -bsf:v h264_mp4toannexb upright.ts
expect upright.ts $twin_code $twin_outcome - upright.mp4 "the twin in MPEG-TS (its codec named h264, not by a control character)"
# Two video streams, the video second: OpenCV reads the first (a cover picture, a 2x2 track).
ff -i upright.mp4 -frames:v 1 "$work/cover.png"
ff -i "$work/cover.png" -i upright.mp4 -map 0:v -map 1:v -c:v:0 png -c:v:1 copy cover-first.mkv
expect cover-first.mkv 3 - notAVideo - "a PNG cover as the first video stream, the clip second: refused, naming the stream to keep"
ff -f lavfi -i color=size=2x2:rate=30:duration=2 -i upright.mp4 -map 0:v -map 1:v -c:v:0 libx264 -pix_fmt yuv420p -c:v:1 copy tiny-track-first.mp4
expect tiny-track-first.mp4 3 - notAVideo - "a 2x2 track first, the clip second: refused, not scored as the 2x2 track"
# Audio that outlasts the video, as a browser's MediaRecorder often writes (issue 36 row 7): the
# container's duration is the audio's; the video is whole.
ff -f lavfi -i sine=frequency=440:duration=10 -c:a libopus "$work/tone.ogg"
ff -i upright.mp4 -i "$work/tone.ogg" -map 0:v -map 1:a -c copy long-audio.mkv
expect long-audio.mkv $twin_code $twin_outcome - upright.mp4 "the twin in Matroska with 10 s of audio: scored whole, not cut short"
ff -i upright.mp4 -i "$work/tone.ogg" -map 0:v -map 1:a -c:v libvpx -b:v 4M -c:a copy long-audio.webm
expect long-audio.webm $twin_code $twin_outcome - upright.mp4 "the twin re-encoded to VP8 in WebM with 10 s of audio" outcome
# 60 ms of one-sample PCM packets from 0.93 s: runs of over a thousand audio packets between two
# frames, where OpenCV gives up on a frame after 512 packets of other streams.
ff -i upright.mp4 -itsoffset 0.93 -f lavfi -t 0.06 -i sine=r=48000 -map 0:v -map 1:a -c:v copy -af asetnsamples=n=1 -c:a pcm_s16le audio-burst.mkv
expect audio-burst.mkv $twin_code $twin_outcome - upright.mp4 "the twin in Matroska with runs of over a thousand audio packets between frames: read on, not cut short"
# Frames of an odd shape: no face, searched within a frame's worth of pixels (issue 36 row 13).
ff -f lavfi -i testsrc=size=16000x16:rate=10 -t 1 -c:v libx264 -pix_fmt yuv420p strip-16000x16.mp4
expect strip-16000x16.mp4 1 incomplete - - "16000x16 frames: no face, the search bounded to a 640x640 still's pixels"
ff -f lavfi -i testsrc=size=16x16000:rate=10 -t 1 -c:v libx264 -pix_fmt yuv420p strip-16x16000.mp4
expect strip-16x16000.mp4 1 incomplete - - "16x16000 frames: the same standing up (a worker scoring both strips in turn kept OpenCV's cascade buffers 20000 x 20000)"

# Names FFmpeg would take for protocols, each a copy of the upright twin: "file:one-frame.mp4"
# would open one-frame.mp4, "pipe:0" the worker's stdin (the requests), "http:/127.0.0.1:9/..."
# a connection. They must score as upright.mp4: the local file of that name.
cp upright.mp4 file:one-frame.mp4
expect file:one-frame.mp4 $twin_code $twin_outcome - upright.mp4 "named like FFmpeg's file protocol"
cp upright.mp4 pipe:0
expect pipe:0 $twin_code $twin_outcome - upright.mp4 "named like FFmpeg's pipe protocol (stdin)"
mkdir -p "http:/127.0.0.1:9"
cp upright.mp4 "http:/127.0.0.1:9/http-named.mp4"
expect "http:/127.0.0.1:9/http-named.mp4" $twin_code $twin_outcome - upright.mp4 "a path that reads as an http URL"
# A name that is not UTF-8 (Latin-1 "cafe" with an acute e): the manifest holds it as the tool
# shows it, "caf\xE9.mp4"; list.txt holds its bytes.
cp upright.mp4 "$(printf 'caf\351.mp4')"
expect 'caf\\xE9.mp4' $twin_code $twin_outcome - upright.mp4 "a file name that is not UTF-8"
rm -f fifo.mp4
mkfifo fifo.mp4
expect fifo.mp4 3 - notARegularFile - "a FIFO named .mp4 (nobody writes to it): refused, not waited on"

if [ $quick = 0 ] && [ -f "$vfrclip" ]; then
  cp "$vfrclip" vfr-hevc.mov
  expect vfr-hevc.mov 1 incomplete - - "a real HEVC clip with a variable frame rate and a negative start time"
fi

{
  echo "["
  for i in "${!entries[@]}"; do
    sep=$([ "$i" -lt $((${#entries[@]} - 1)) ] && echo "," || true)
    echo "  ${entries[$i]}$sep"
  done
  echo "]"
} > manifest.json
# The listed paths, a name shown with \xNN written back as its byte.
python3 -c 'import json, os, re, sys; [sys.stdout.buffer.write(re.sub(rb"\\x([0-9A-F]{2})", lambda m: bytes([int(m.group(1), 16)]), os.path.join(os.getcwd(), c["file"]).encode()) + b"\n") for c in json.load(open("manifest.json"))]' > list.txt
echo "$(wc -l < list.txt) cases in $(pwd)" >&2
