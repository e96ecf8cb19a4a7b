# Sourced by the scripts that derive labelled clips from the shared data (make_derived_clips.sh,
# make_attack_clips.sh) with their arguments: checks them and the tools, then sets data (the data
# root: $LIVENESS_DATA, else <repo>/../shared/data), labels (its clip_labels), out (OUTDIR, made),
# tmp (removed on exit), and the helpers enc, ff, need, label and describe.

if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
data=${LIVENESS_DATA:-$repo/../shared/data}
labels=$data/clip_labels

for tool in ffmpeg ffprobe python3; do
  command -v "$tool" >/dev/null || { echo "$0: $tool not found" >&2; exit 2; }
done

mkdir -p "$1"
out=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Small outputs: H.264, fast preset, default quality, no audio (the engine never reads it).
enc=(-an -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p)
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

# label OUT.json SOURCE_LABEL.json VIDEO SOURCE_DESCRIPTION NOTES [EXTRA_JSON] [SHIFT_MS]
# Copies the blinks and turns of SOURCE_LABEL (shifted by SHIFT_MS when a prefix was added) and
# measures frames/fps/timestamps from the derived VIDEO itself, so the file describes what was made.
label() {
  LABEL_DATA_ROOT=$data python3 - "$@" <<'PY'
import json, os, subprocess, sys
out, src, video, source, notes = sys.argv[1:6]
extra = json.loads(sys.argv[6]) if len(sys.argv) > 6 and sys.argv[6] else {}
shift = float(sys.argv[7]) if len(sys.argv) > 7 else 0.0
with open(src) as f:
    s = json.load(f)

def probe(*args):
    return subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", *args, video],
                          check=True, capture_output=True, text=True).stdout
frames = json.loads(probe("-show_entries", "frame=pts_time", "-of", "json"))["frames"]
pts = [float(fr["pts_time"]) * 1000 for fr in frames]
info = json.loads(probe("-show_entries", "stream=avg_frame_rate:format=duration", "-of", "json"))
num, den = (float(x) for x in info["streams"][0]["avg_frame_rate"].split("/"))
duration = float(info["format"]["duration"]) * 1000

# Where the source label lies in the data root (clip_labels/real.json), or its name when it was
# written on the way (a copy with the actions taken out).
root = os.path.realpath(os.environ["LABEL_DATA_ROOT"])
origin = os.path.relpath(os.path.realpath(src), root)
if origin.startswith(".."):
    origin = "clip_labels/" + os.path.basename(src)

def copy(interval):
    # Frame numbers of the source no longer apply after retiming: kept as sourceFrames only.
    c = {"startMs": round(interval["startMs"] + shift, 1), "endMs": round(interval["endMs"] + shift, 1),
         "confidence": interval["confidence"]}
    for key in ("direction", "maxDeg", "note"):
        if key in interval:
            c[key] = interval[key]
    if "frames" in interval:
        c["sourceFrames"] = interval["frames"]
    return c

label = {
    "clip": out.rsplit("/", 1)[-1][:-len(".json")],
    "source": source,
    "fps": round(num / den, 3) if den else None,
    "durationMs": round(duration, 1),
    "frames": len(pts),
    "firstFrameMs": round(min(pts), 3),
    "lastFrameMs": round(max(pts), 3),
    "blinks": [copy(b) for b in s["blinks"]],
    "turns": [copy(t) for t in s["turns"]],
    "notes": notes,
    "labelsFrom": origin + (f", shifted by {shift:g} ms" if shift else ", same ms"),
    "conventions": "frames/fps/first/last/duration measured with ffprobe on this file (presentation "
                   "timestamps; OpenCV may report the last frames of an H.264 mp4 as 0). Intervals are "
                   "the source label's, whose conventions apply: " + s.get("conventions", ""),
}
label.update(extra)
with open(out, "w") as f:
    json.dump(label, f, indent=1)
    f.write("\n")
PY
}


# need FILE...: exits naming the first that cannot be read.
need() {
  local f
  for f in "$@"; do
    [ -r "$f" ] || { echo "$0: $f: missing (set LIVENESS_DATA to the data folder)" >&2; exit 2; }
  done
}

# describe NAME...: one line per clip, measured on the files written (only the clips named,
# whatever else OUTDIR holds).
describe() {
  local name mp4 info rot
  for name in "$@"; do
    mp4=$out/$name.mp4
    info=$(ffprobe -v error -select_streams v:0 -count_frames \
      -show_entries stream=nb_read_frames,width,height:stream_side_data=rotation:format=duration,size \
      -of default=noprint_wrappers=1 "$mp4")
    get() { printf '%s\n' "$info" | sed -n "s/^$1=//p" | head -1; }
    rot=$(get rotation)
    printf '%-34s frames=%-4s duration=%6.2fs size=%sx%s%s bytes=%s\n' "$name" "$(get nb_read_frames)" \
      "$(get duration)" "$(get width)" "$(get height)" "${rot:+ rotation=$rot}" "$(get size)"
  done
}
