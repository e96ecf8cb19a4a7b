#!/usr/bin/env bash
# Derives labelled test clips from the real clips in the shared data folder, with ffmpeg.
# Usage: Benchmarks/make_derived_clips.sh OUTDIR
# Each clip gets OUTDIR/<name>.mp4 and OUTDIR/<name>.json (same format as
# clip_labels/<clip>.json). The labels follow by construction: they are the source clip's
# intervals, kept in the same milliseconds because every derivation keeps the source's
# timestamps. Re-running overwrites everything (ffmpeg -y), so the script is idempotent.
# Data root: $LIVENESS_DATA, else <repo>/../shared/data. Needs ffmpeg/ffprobe (5.1) and python3.
# The set-up and the helpers (ff, label, describe) are in derived_common.sh, shared with
# make_attack_clips.sh.
set -euo pipefail

. "$(dirname "$0")/derived_common.sh"

baseline=$data/openwillis_selfie_videos/baseline.mp4
not_expressive=$data/openwillis_selfie_videos/not_expressive.mp4
single_face=$data/pyfeat_face_videos/single_face.mp4
real=$data/liveness_real_vs_spoof_samples/videos/real.mov
grid=$data/grid_blink_clip_dinoman/example.mp4
no_face=$data/pyfeat_face_videos/no_face.mp4
need "$baseline" "$not_expressive" "$single_face" "$real" "$grid" "$no_face"

# --- 1. A printed-photo attack: one still frame held 25 s, nothing moves, so it must time out.
ff -i "$baseline" -vf "select=eq(n\,10),scale=960:540" -frames:v 1 "$tmp/still.png"
ff -loop 1 -framerate 30 -i "$tmp/still.png" -t 25 "${enc[@]}" "$out/still_photo_25s.mp4"
label "$out/still_photo_25s.json" "$labels/baseline.json" "$out/still_photo_25s.mp4" \
  "frame 10 of openwillis_selfie_videos/baseline.mp4, scaled to 960x540, held 25 s at 30 fps" \
  "Printed-photo attack: one frame held for 25 s, so no blink and no turn can happen. The session must time out (20 s cap after the autoshot), never pass." \
  '{"expectedOutcome": "timedOut"}'

# --- 2. The camera moves, the head does not: the whole frame rolls +-8 deg (period 2 s) and
# slides +-40 px sideways (period 1.5 s). Uncovered corners are black: rotate fills them, and the
# shifted frame is laid over a blacked-out copy of itself (same timestamps as the source).
ff -i "$not_expressive" -filter_complex \
  "[0:v]scale=960:540,rotate=a='8*PI/180*sin(2*PI*t/2)':ow=iw:oh=ih:c=black,split[m][o];
   [m]drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill[bg];
   [bg][o]overlay=x='40*sin(2*PI*t/1.5)':y=0[v]" \
  -map "[v]" "${enc[@]}" "$out/camera_moves.mp4"
label "$out/camera_moves.json" "$labels/not_expressive.json" "$out/camera_moves.mp4" \
  "openwillis_selfie_videos/not_expressive.mp4 scaled to 960x540; whole frame rotated by 8*sin(2*pi*t/2) deg and shifted by 40*sin(2*pi*t/1.5) px horizontally, black fill" \
  "Camera motion only: the head is still relative to the scene, the whole image rolls and slides. The source has no blink and no turn (every frame eye-checked), so nothing may be credited: any turn credited here comes from camera motion."

# --- 3 and 4. Retimings: SPEC decides on timestamps, so 10 fps, 60 fps and a variable frame rate
# must give the same decisions. fps=N picks the nearest source frame for each output time (60 fps
# duplicates frames); the select pattern drops frames irregularly (n%5==1 or n%7==3) and keeps
# the survivors' own timestamps. -enc_time_base -1 keeps the source time base: otherwise ffmpeg
# 5.1 encodes VFR on a 1/fps grid and would round real.mov's 68/64 ms spacing.
vfr_select="select='not(eq(mod(n,5),1))*not(eq(mod(n,7),3))'"
retime_10fps() { # SRC NAME LABEL SRCDESC NOTES
  ff -i "$1" -vf fps=10 "${enc[@]}" "$out/${2}_10fps.mp4"
  label "$out/${2}_10fps.json" "$3" "$out/${2}_10fps.mp4" "$4 retimed to 10 fps (ffmpeg fps=10)" "$5"
}
retime() { # SRC NAME LABEL SRCDESC NOTES
  local src=$1 name=$2 lab=$3 desc=$4 notes=$5
  retime_10fps "$@"
  ff -i "$src" -vf fps=60 "${enc[@]}" "$out/${name}_60fps.mp4"
  ff -i "$src" -vf "$vfr_select" -fps_mode vfr -enc_time_base -1 "${enc[@]}" "$out/${name}_vfr.mp4"
  label "$out/${name}_60fps.json" "$lab" "$out/${name}_60fps.mp4" "$desc retimed to 60 fps (ffmpeg fps=60, frames duplicated)" "$notes"
  label "$out/${name}_vfr.json" "$lab" "$out/${name}_vfr.mp4" \
    "$desc with frames dropped where n%5==1 or n%7==3 (variable frame rate, source timestamps kept)" "$notes"
}
retime "$single_face" single_face "$labels/single_face.json" "pyfeat_face_videos/single_face.mp4" \
  "Same motion as single_face, same timestamps, other frame timing: one eye-checked blink, no turn (the smile from ~0.6 s is not a turn)."
retime "$real" real "$labels/real.json" "liveness_real_vs_spoof_samples/videos/real.mov" \
  "Same motion as real.mov, same timestamps, other frame timing: two big eye-checked turns (image-left 6.1-9.0 s, image-right 9.1-12.1 s), weaker model-agree turns, one uncertain blink."
# Four genuine github selfie clips with eye-checked blinks (scored with the fitted guide, as their
# sources are): a phone at 30 fps, a talking webcam user, a webcam at 25 fps, glasses.
github=$data/github_selfie_clips
for clip in faceswap_data2 onezlab_face reddy_capture liveportrait_d13; do
  need "$github/videos/$clip.mp4"
  retime "$github/videos/$clip.mp4" "$clip" "$github/labels/$clip.json" "github_selfie_clips/videos/$clip.mp4" \
    "Same motion as github_selfie_clips/$clip, same timestamps, other frame timing: the source's labels (EVALUATION ONLY, see its SOURCE.txt)."
done
# Two of the people shared with issue 44, at 10 fps only (SPEC §2: a lid closes and opens between
# two frames there): a 120 fps phone selfie stored sideways (ffmpeg turns it upright as it
# decodes), and a 30 fps webcam.
for clip in markxhewson_face2.mp4 airiku_interview.avi; do
  need "$github/videos/$clip"
  retime_10fps "$github/videos/$clip" "${clip%.*}" "$github/labels/${clip%.*}.json" "github_selfie_clips/videos/$clip" \
    "Same motion as github_selfie_clips/$clip at 10 fps: the source's labels (EVALUATION ONLY, see its SOURCE.txt)."
done

# --- 5. Rotated storage: pixels turned, display matrix turns them back, so a player (or OpenCV)
# that honours the metadata shows single_face upright. ffmpeg 5.1 writes the display matrix only
# on stream copy, and there `-metadata:s:v:0 rotate=R` stores R as ffprobe's (counter-clockwise)
# rotation; so pixels turned 90 deg counter-clockwise need R=-90 (the classic "rotate=90 means
# show turned clockwise" would come out upside down here). Each result is checked below.
rotate_clip() { # NAME PIXEL_FILTER R
  local name=$1 filter=$2 r=$3
  ff -i "$single_face" -vf "$filter" "${enc[@]}" "$tmp/$name.mp4"
  ff -i "$tmp/$name.mp4" -c copy -metadata:s:v:0 rotate="$r" "$out/$name.mp4"
  local got
  got=$(ffprobe -v error -select_streams v:0 -show_entries stream_side_data=rotation -of csv=p=0 "$out/$name.mp4" | tr -d ',[:space:]')
  # (180 may read back as -180: compare modulo 360.)
  [ -n "$got" ] && (( (got - r) % 360 == 0 )) || { echo "$0: $name: display matrix rotation is '$got', wanted $r" >&2; exit 1; }
  # Upright check: the first frame decoded with autorotation (ffmpeg's default) must match the
  # source's first frame (mean absolute grey difference a few levels at most: only codec noise).
  ff -i "$out/$name.mp4" -frames:v 1 -f rawvideo -pix_fmt gray "$tmp/$name.gray"
  ff -i "$single_face" -frames:v 1 -f rawvideo -pix_fmt gray "$tmp/source.gray"
  python3 - "$tmp/$name.gray" "$tmp/source.gray" "$name" <<'PY'
import sys
a, b = (open(p, "rb").read() for p in sys.argv[1:3])
diff = sum(abs(x - y) for x, y in zip(a, b)) / max(len(b), 1) if len(a) == len(b) else 255
if diff > 8:
    sys.exit(f"{sys.argv[3]}: not upright after autorotation (mean grey difference {diff:.1f})")
PY
  label "$out/$name.json" "$labels/single_face.json" "$out/$name.mp4" \
    "pyfeat_face_videos/single_face.mp4 stored with pixels turned ($filter) and a display matrix of $r deg (ffprobe's counter-clockwise convention) that turns them back upright" \
    "Shown upright by any player that honours the rotation metadata; the stored pixels are turned. Same blink as single_face, no turn. Must score like single_face."
}
rotate_clip single_face_rot90 transpose=2 -90            # stored 90 deg counter-clockwise
rotate_clip single_face_rot180 "transpose=2,transpose=2" 180
rotate_clip single_face_rot270 transpose=1 90            # stored 90 deg clockwise

# --- 6. Off-centre start: for t < 1.2 s the frame slides 220 px right over black (the face sits
# right of the guide circle), then the original framing. The 1 ms margin keeps the frame at
# exactly 1.2 s (frame 36) in the original framing despite floating-point t.
ff -i "$single_face" -filter_complex \
  "[0:v]split[m][o];[m]drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill[bg];
   [bg][o]overlay=x='if(lt(t,1.199),220,0)':y=0[v]" \
  -map "[v]" "${enc[@]}" "$out/single_face_offcentre.mp4"
label "$out/single_face_offcentre.json" "$labels/single_face.json" "$out/single_face_offcentre.mp4" \
  "pyfeat_face_videos/single_face.mp4 with the frame shifted 220 px right over black for t < 1.2 s, original framing from 1.2 s" \
  "The face is off to the right of the guide circle until 1.2 s: the prompt offCentre, then the autoshot once the face is in (not before 1200 ms). The blink (833-1000 ms) happens before the face is in, so before the autoshot: it must not be credited." \
  '{"expectedPrompts": ["offCentre"], "faceInFromMs": 1200}'

# --- 7. Too close: for t < 1.2 s a 2x zoom on the face (the 320x180 area centred on the face,
# near (296, 205) in single_face, scaled back to 640x360), then the original.
ff -i "$single_face" -filter_complex \
  "[0:v]split[m][z];[z]crop=320:180:136:115,scale=640:360[zoom];
   [m][zoom]overlay=0:0:enable='lt(t,1.199)'[v]" \
  -map "[v]" "${enc[@]}" "$out/single_face_tooclose.mp4"
label "$out/single_face_tooclose.json" "$labels/single_face.json" "$out/single_face_tooclose.mp4" \
  "pyfeat_face_videos/single_face.mp4 zoomed 2x on the face (crop 320x180 at 136,115, scaled to 640x360) for t < 1.2 s, original from 1.2 s" \
  "The face is centred but twice too big until 1.2 s: the prompt tooClose, then the autoshot once the face is in (not before 1200 ms). The blink (833-1000 ms) happens during the zoom, before the autoshot: it must not be credited." \
  '{"expectedPrompts": ["tooClose"], "faceInFromMs": 1200}'

# --- 8. The 96x128 talking-face crop in the middle of a 288x384 black canvas: the guide circle
# (radius 0.40 x 288 = 115 px, centred) then holds the whole crop (corners 80 px from centre).
ff -i "$grid" -vf "pad=288:384:96:128:black" "${enc[@]}" "$out/grid_padded.mp4"
label "$out/grid_padded.json" "$labels/grid_example.json" "$out/grid_padded.mp4" \
  "grid_blink_clip_dinoman/example.mp4 (96x128) padded to the centre of a 288x384 black canvas" \
  "Tight talking-face crop (eyes ~10 px) centred so the whole face fits the guide circle. Two eye-checked blinks, no turn."

# --- 9. A printed photo with shut eyes, swivelled in front of a still camera: frame 27 of
# single_face (lids closed 26-28), its face cut out (320x260 at 160,40) and enlarged 1.5x so that
# the face's outline is centred in the guide circle, held 1.5 s, then turned about its vertical axis +-20 deg (period 3 s; near edge taller, far
# edge shorter, as a card turns; a transparent border keeps the warp from smearing its edges) over
# the still sky of no_face.mp4. Eyes that were never seen open
# blink never: no blink may be credited. The card's turning changes the face's yaw like a head turn
# does; SPEC cannot tell the two apart, so those seconds are labelled as uncertain turns.
ff -i "$single_face" -vf "select=eq(n\,27),crop=320:260:160:40,scale=480:390" -frames:v 1 "$tmp/shut.png"
ff -i "$no_face" -vf "scale=960:540" -frames:v 1 "$tmp/sky.png"
turn='if(lt(in\,45)\,0\,20*PI/180*sin(2*PI*(in-45)/90))'  # radians, by frame number (30 fps)
near="H/2*(1+0.15*sin($turn))" far="H/2*(1-0.15*sin($turn))" half="W/2*cos($turn)"
card="perspective=sense=destination:eval=frame:x0='W/2-$half':y0='H/2-$far':x1='W/2+$half':y1='H/2-$near'"
card+=":x2='W/2-$half':y2='H/2+$far':x3='W/2+$half':y3='H/2+$near'"
ff -loop 1 -framerate 30 -t 8 -i "$tmp/sky.png" -loop 1 -framerate 30 -t 8 -i "$tmp/shut.png" \
  -filter_complex "[1:v]format=rgba,pad=iw+40:ih+40:20:20:color=black@0,$card[card];[0:v][card]overlay=x=266:y=56[v]" \
  -map "[v]" "${enc[@]}" "$out/closed_eye_photo.mp4"
label "$out/closed_eye_photo.json" "$labels/single_face.json" "$out/closed_eye_photo.mp4" \
  "frame 27 of pyfeat_face_videos/single_face.mp4 (eyes shut), cropped 320x260 at 160,40 and scaled 1.5x, over frame 0 of no_face.mp4 (sky) scaled to 960x540: held 1.5 s, then turned +-20 deg about its vertical axis (period 3 s), 8 s at 30 fps" \
  "Printed-photo attack with shut eyes: the eyes are never seen open, so no blink may be credited and the session must not pass. The card's turning (from 1.5 s) changes the face's yaw as a head turn would: labelled as uncertain turns, neither a hit nor a false alarm." \
  '{"blinks": [], "turns": [{"startMs": 1500, "endMs": 8000, "confidence": "uncertain", "note": "the photo card turning"}]}'

# --- 10. Eyes shut at the start: frame 15 of the grid clip (mid-blink, lids closed 14-16) held 2 s,
# then the clip from frame 16 (the lids opening) on, padded as grid_padded. The first blink's
# closing is cut off, so only the second (frame 37, now at 2840 ms) is a blink: opening the eyes is
# none, and nothing may be credited before they have been seen open.
ff -i "$grid" -vf "select=eq(n\,15)" -frames:v 1 "$tmp/grid_shut.png"
ff -loop 1 -framerate 25 -t 2 -i "$tmp/grid_shut.png" -i "$grid" -filter_complex \
  "[0:v]format=yuv420p,setsar=1[a];[1:v]select='gte(n\,16)',setpts=PTS-STARTPTS,format=yuv420p,setsar=1[b];
   [a][b]concat=n=2:v=1:a=0,pad=288:384:96:128:black[v]" \
  -map "[v]" -r 25 "${enc[@]}" "$out/grid_closed_start.mp4"
label "$out/grid_closed_start.json" "$labels/grid_example.json" "$out/grid_closed_start.mp4" \
  "frame 15 of grid_blink_clip_dinoman/example.mp4 (eyes shut) held 2 s at 25 fps, then its frames 16-74 (source frame 16 at 2000 ms), padded to the centre of a 288x384 black canvas" \
  "Eyes shut from the start: they open at 2.0 s (source frames 16-17, the end of the first blink, whose closing is cut off). Opening is no blink; the second blink (source frame 37) is, and must be credited." \
  '{"blinks": [{"startMs": 2840, "endMs": 2880, "confidence": "eye-checked", "sourceFrames": [37, 37], "note": "the source clip second blink, shifted by 1360 ms"}]}' 1360

# --- 11. The laughing squint alone: real.mov's first 2.8 s (the squint at 1.67-2.07 s, frames
# 25-31), before its first labelled turn (2.87 s) and its uncertain blink (5.0 s).
ff -i "$real" -t 2.8 "${enc[@]}" "$out/real_squint.mp4"
label "$out/real_squint.json" "$labels/real.json" "$out/real_squint.mp4" \
  "liveness_real_vs_spoof_samples/videos/real.mov, its first 2.8 s (frames 0-41), same timestamps" \
  "The laughing squint of real.mov (frames 25-31, rejected as a blink by the labels: eyes open, lens glare) with no blink around it: none may be credited. Labels are real.json's (its later intervals lie past the end)."

# --- 12. Face swaps (SPEC §5): one person frames the autoshot, another does the actions. The
# first 0.5 s of a clip whose autoshot is at 367 ms, then the whole of real.mov (another man, who
# laughs, turns both ways and blinks), both at 960x540 and 30 fps. Without the same-face rule both
# pass (real.mov's own turn and laugh are credited); with it nothing may be credited after the
# swap. The labels are the first clip's with no blink and no turn, so any credit is a false alarm.
# face_swap starts with the pyfeat man; face_swap_lookalike with the openwillis man, whose dlib
# descriptors lie only 0.57-0.72 from real.mov's man (Benchmarks/RESULTS.md).
swap() { # NAME FIRST FIRST_DESCRIPTION
  local name=$1 first=$2 desc=$3
  ff -i "$first" -i "$real" -filter_complex \
    "[0:v]trim=end=0.5,setpts=PTS-STARTPTS,scale=960:540,fps=30,setsar=1[a];
     [1:v]setpts=PTS-STARTPTS,scale=960:540,fps=30,setsar=1[b];[a][b]concat=n=2:v=1:a=0[v]" \
    -map "[v]" "${enc[@]}" "$out/$name.mp4"
  python3 - "$labels/baseline.json" "$tmp/no_actions.json" <<'PY'
import json, sys
label = json.load(open(sys.argv[1]))
label.update(blinks=[], turns=[])
json.dump(label, open(sys.argv[2], "w"))
PY
  label "$out/$name.json" "$tmp/no_actions.json" "$out/$name.mp4" \
    "$desc for 0-0.5 s, then liveness_real_vs_spoof_samples/videos/real.mov from its start, both scaled to 960x540 at 30 fps" \
    "Face swap: one man frames the autoshot (at about 367 ms), then from 0.5 s the man of real.mov laughs, turns and blinks. None of it may be credited: faceChanged, and the session must not pass." \
    '{"expectedOutcome": "notPassed", "faceChanged": true}'
}
swap face_swap "$single_face" "pyfeat_face_videos/single_face.mp4"
swap face_swap_lookalike "$baseline" "openwillis_selfie_videos/baseline.mp4"

describe still_photo_25s camera_moves \
  single_face_10fps single_face_60fps single_face_vfr real_10fps real_60fps real_vfr \
  faceswap_data2_10fps faceswap_data2_60fps faceswap_data2_vfr onezlab_face_10fps onezlab_face_60fps onezlab_face_vfr \
  reddy_capture_10fps reddy_capture_60fps reddy_capture_vfr liveportrait_d13_10fps liveportrait_d13_60fps liveportrait_d13_vfr \
  markxhewson_face2_10fps airiku_interview_10fps \
  single_face_rot90 single_face_rot180 single_face_rot270 \
  single_face_offcentre single_face_tooclose grid_padded closed_eye_photo grid_closed_start real_squint \
  face_swap face_swap_lookalike
