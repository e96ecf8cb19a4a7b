#!/usr/bin/env bash
# Derives picture attacks (SPEC §6) from genuine clips of the shared data folder, with ffmpeg:
# photos of four people taken at labelled moments, held still, panned, swivelled, bent, flipped in
# turn and shown as a slideshow, each at 10, 15, 24 and 30 fps. None of them may pass.
# Usage: Benchmarks/make_attack_clips.sh OUTDIR
# Each clip gets OUTDIR/<kind>_<person>_<N>fps.mp4 and .json (the label format of
# make_derived_clips.sh, plus "attack": true, "kind" and "expectedOutcome": "notPassed"). A picture
# holds no live action, so the labels hold no counted blink or turn: the moments a photo changes
# (a flip, a swivel) are uncertain intervals, neither hit nor false alarm, and a credit anywhere
# else is a false alarm. The attacks are judged by attacks.apcer.<kind> (Benchmarks/README.md).
# The github_selfie_clips are evaluation only: what is derived from them stays in OUTDIR, which
# is not committed. Needs ffmpeg/ffprobe (5.1) and python3; set-up and helpers: derived_common.sh.
set -euo pipefail

. "$(dirname "$0")/derived_common.sh"

selfies=$data/github_selfie_clips
no_face=$data/pyfeat_face_videos/no_face.mp4

# --- The people. Each photo is one frame of a genuine clip, cut to a card (crop W:H:X:Y in the
# clip's pixels, scaled to CARD) and laid on a 640x480 frame at AT, so that the face's ellipse is
# centred in the default guide circle (radius 0.40 x 480 = 192 px) and fills about 62 % of its
# diameter: the photo reaches the autoshot. Frames were chosen with `liveness measure` (yaw and
# closure of the engine) inside the clip's labels:
#   tran      tranvanluyt_real.mp4 (phone selfie): open 530 (yaw 2.6), shut 534 (the eye-checked
#             blink 532-537), turned 61 (yaw 16.6, 14 deg from open, in the turn 57-177);
#             slideshow 50, 57, 59, 61, 63 (yaw 3.1, 7.4, 10.9, 16.6, 22.8: 0 to 20 deg along it).
#   faceswap  faceswap_data1.mp4 (webcam): open 58 (yaw 4.3), shut 61 (blink 60-65, lids shut
#             61-64), turned 92 (yaw 12.4, the labelled turn's peak, 22.7 deg by the labels).
#   alaa      alaa_headpose_test.mp4: open 10 (yaw 0.2), turned 46 (yaw -16.3, in the turn 38-150),
#             shut 68 (blink 66-71, eyes closed in a 3/4 view, yaw -32: her only eye-checked
#             blinks are at turn onsets); slideshow 33, 40, 43, 46, 48 (yaw -0.4 to -20.1).
#   pyfeat    pyfeat_face_videos/single_face.mp4: open 24, shut 27 (blink 25-29, lids shut 26-28).
declare -A video label crop card at
person() { # NAME VIDEO LABEL CROP CARD AT
  video[$1]=$2 label[$1]=$3 crop[$1]=$4 card[$1]=$5 at[$1]=$6
  need "$2" "$3"
}
person tran "$selfies/videos/tranvanluyt_real.mp4" "$selfies/labels/tranvanluyt_real.json" 368:592:0:64 238:384 216:48
person faceswap "$selfies/videos/faceswap_data1.mp4" "$selfies/labels/faceswap_data1.json" 384:480:174:0 228:284 207:112
person alaa "$selfies/videos/alaa_headpose_test.mp4" "$selfies/labels/alaa_headpose_test.json" 272:340:44:8 308:384 165:48
person pyfeat "$data/pyfeat_face_videos/single_face.mp4" "$labels/single_face.json" 288:360:142:0 308:384 167:47
need "$no_face"

# photo PERSON FRAME: $tmp/PERSON_FRAME.png, that frame whole, and $tmp/PERSON_FRAME_card.png.
photo() {
  ff -i "${video[$1]}" -vf "select=eq(n\,$2)" -frames:v 1 "$tmp/$1_$2.png"
  ff -i "$tmp/$1_$2.png" -vf "crop=${crop[$1]},scale=${card[$1]}" "$tmp/$1_$2_card.png"
}

# shut_onto PERSON OPEN SHUT BOX DX DY: the open photo with the eyes of the shut one, registered:
# BOX (W:H:X:Y around both eyes in OPEN's pixels) is taken from SHUT at X+DX, Y+DY (the shift of
# the eye corners from OPEN to SHUT) and laid over OPEN with a 6 px feathered edge, so the two
# photos differ in the eyes alone. Writes $tmp/PERSON_shut_card.png.
shut_onto() {
  local who=$1 open=$2 shut=$3 dx=$5 dy=$6 w h x y
  IFS=: read -r w h x y <<<"$4"
  ff -i "$tmp/${who}_$open.png" -i "$tmp/${who}_$shut.png" -filter_complex \
    "[1:v]crop=$w:$h:$((x + dx)):$((y + dy)),format=rgba,
     geq=r='r(X\,Y)':g='g(X\,Y)':b='b(X\,Y)':a='255*clip(min(min(X\,W-1-X)\,min(Y\,H-1-Y))/6\,0\,1)'[eyes];
     [0:v][eyes]overlay=$x:$y:format=rgb" "$tmp/${who}_shut.png"
  ff -i "$tmp/${who}_shut.png" -vf "crop=${crop[$who]},scale=${card[$who]}" "$tmp/${who}_shut_card.png"
}

# The still scene behind the photo: frame 0 of no_face.mp4 (sky), cut to 640x480.
ff -i "$no_face" -vf "scale=-2:480,crop=640:480" -frames:v 1 "$tmp/sky.png"

# How the photo is held, as the filter that lays card [c] on the sky [0:v] as [v] (30 fps, so
# n/30 is the time): `still`; `pan` (from 1.2 s, +-60 px sideways, period 3 s); `swivel BEND`
# (from 1.5 s, turned +-20 deg about its vertical axis, period 3 s, as closed_eye_photo; BEND > 0:
# folded down the middle, each half BEND deg back from the fold, a card bent toward the camera);
# `shake` (a hand's tremor: two sines of 0.5-1.5 px and 0.5 deg of roll with fixed phases, and a
# per-frame jitter of +-0.4 px and +-0.2 deg from a hash of the frame number: the same each run).
holding() { # MOTION [BEND] PERSON
  local motion=$1
  [ "$motion" = swivel ] && shift
  local w h x y
  IFS=: read -r w h <<<"${card[$2]}"
  IFS=: read -r x y <<<"${at[$2]}"
  case $motion in
    still) echo "[0:v][c]overlay=$x:$y[v]" ;;
    pan) echo "[0:v][c]overlay=x='$x+if(lt(n\,36)\,0\,60*sin(2*PI*(n-36)/90))':y=$y[v]" ;;
    swivel) folded "$1" "$w" "$h" "$x" "$y" ;;
    shake)
      local jitter="(sin(n*12.9898+SEED)*43758.5453-floor(sin(n*12.9898+SEED)*43758.5453)-0.5)"
      local dx="1.5*sin(2*PI*1.3*t+0.7)+0.6*sin(2*PI*3.1*t+2.1)+0.8*${jitter//SEED/1}"
      local dy="1.2*sin(2*PI*1.1*t+1.9)+0.5*sin(2*PI*2.7*t+0.3)+0.8*${jitter//SEED/2}"
      local roll="(0.5*sin(2*PI*0.9*t+1.3)+0.4*${jitter//SEED/3})*PI/180"
      echo "[c]format=rgba,pad=iw+24:ih+24:12:12:color=black@0,rotate=a='$roll':c=none[held];
            [0:v][held]overlay=x='$x-12+$dx':y='$y-12+$dy'[v]" ;;
  esac
}

# folded BEND W H X Y: the card as two halves meeting at its vertical midline, each a plane seen
# by a pinhole camera 3.3 card widths away (so a card turned 20 deg has its near edge 5 % taller,
# as closed_eye_photo's), swivelled together and each bent BEND deg back. A half is warped whole,
# 2 px past the fold (no gap), with an 8 px transparent border on its other three sides (no
# smeared edges) but none at the fold, where a border's blend would draw a dark seam.
folded() {
  local bend=$1 w=$2 h=$3 x=$4 y=$5 p=8 half=$(( $2 / 2 ))
  local d=$(( w * 10 / 3 )) swivel="if(lt(in\,45)\,0\,20*PI/180*sin(2*PI*(in-45)/90))"
  # panel SIDE_ANGLE FOLD_X U_LEFT U_RIGHT: perspective= for one padded half; u runs along the
  # card from the fold, v from its middle row; its corners go where the camera sees them.
  panel() {
    local a="($swivel$1*PI/180)" fold=$2 spec="perspective=sense=destination:eval=frame" i=0 u v
    for v in $(( -h / 2 - p )) $(( h / 2 + p )); do
      for u in $3 $4; do
        local depth="$d/($d-($u)*sin($a))"
        spec+=":x$i='$fold+($u)*cos($a)*$depth':y$i='$(( p + h / 2 ))+($v)*$depth'"
        i=$(( i + 1 ))
      done
    done
    echo "$spec"
  }
  echo "[c]format=rgba,split[cl][cr];
        [cl]crop=$(( half + 2 )):$h:0:0,pad=iw+$p:ih+$(( 2 * p )):$p:$p:color=black@0,$(panel "+$bend" $(( p + half )) $(( -half - p )) 2)[lw];
        [cr]crop=$(( w - half + 2 )):$h:$(( half - 2 )):0,pad=iw+$p:ih+$(( 2 * p )):0:$p:color=black@0,$(panel "-$bend" 2 -2 $(( w - half + p )))[rw];
        [0:v][lw]overlay=$(( x - p )):$(( y - p ))[left];[left][rw]overlay=$(( x + half - 2 )):$(( y - p ))[v]"
}

# scene NAME KIND PERSON SECONDS NOISE "HOLDING" BASE [CARD:FIRST-LAST]... NOTES EXTRA_JSON
# Shows photo BASE (a card of $tmp), with each CARD in its place from frame FIRST to LAST (at
# 30 fps), held as HOLDING says, with sensor noise when NOISE is "noise" (ffmpeg's temporal noise,
# strength 6, seed 1717: the same each run). Made once at 30 fps, then each rate by `fps=N`
# (nearest frame in time): the same content in ms at every rate. EXTRA_JSON holds the labels.
rates=(10 15 24 30)
made=()
conventions="frames/fps/first/last/duration measured with ffprobe on this file (presentation timestamps). Intervals are this script's timeline in ms from the first frame (the 30 fps scene's, which fps=N keeps)."
scene() {
  local name=$1 kind=$2 who=$3 seconds=$4 noise=$5 hold=$6 base=$7
  shift 7
  local inputs=(-loop 1 -framerate 30 -t "$seconds" -i "$tmp/sky.png" -loop 1 -framerate 30 -t "$seconds" -i "$tmp/$base.png")
  local graph="[1:v]format=rgba,setsar=1[c0]" i=0
  while [ $# -gt 2 ]; do
    local png=${1%%:*} span=${1#*:}
    inputs+=(-loop 1 -framerate 30 -t "$seconds" -i "$tmp/$png.png")
    graph+=";[c$i][$(( i + 2 )):v]overlay=0:0:format=rgb:enable='between(n\,${span%-*}\,${span#*-})'[c$(( i + 1 ))]"
    i=$(( i + 1 ))
    shift
  done
  local notes=$1 extra=$2 finish="format=yuv420p"
  [ "$noise" = noise ] && finish="noise=alls=6:allf=t:all_seed=1717,$finish"
  graph+=";[c$i]null[c];$(holding $hold "$who");[v]$finish[out]"
  ff "${inputs[@]}" -filter_complex "$graph" -map "[out]" -frames:v $(( seconds * 30 )) -c:v ffv1 "$tmp/$name.mkv"
  local rate clip
  for rate in "${rates[@]}"; do
    clip=${name}_${rate}fps
    ff -i "$tmp/$name.mkv" -vf "fps=$rate" "${enc[@]}" "$out/$clip.mp4"
    label "$out/$clip.json" "${label[$who]}" "$out/$clip.mp4" \
      "photos of ${video[$who]#"$data/"} ($kind), 640x480, made at 30 fps and retimed to $rate fps (ffmpeg fps=$rate)" \
      "$notes" "$(python3 -c 'import json, sys; e = json.loads(sys.argv[1]); e.update(attack=True, kind=sys.argv[2], expectedOutcome="notPassed", labelsFrom="none: a picture holds no live action", conventions=sys.argv[3]); print(json.dumps(e))' "$extra" "$kind" "$conventions")"
    made+=("$clip")
  done
}

# The labels of each timeline: the moments a photo changes, as uncertain intervals (ms).
none='{"blinks": [], "turns": []}'
swivelling='{"blinks": [], "turns": [{"startMs": 1500, "endMs": 6000, "confidence": "uncertain", "note": "the photo swivelling"}]}'
flips='{"startMs": 2000, "endMs": 2500, "confidence": "uncertain", "note": "photo B (turned) shown"},
       {"startMs": 3000, "endMs": 3066.7, "confidence": "uncertain", "note": "photo C (shut) shown"}'
flipping="{\"blinks\": [$flips], \"turns\": [$flips]}"
shut='{"startMs": 3000, "endMs": 3066.7, "confidence": "uncertain", "note": "the shut photo shown"}'
blinking="{\"blinks\": [$shut], \"turns\": [$shut]}"
sliding='{"startMs": 1500, "endMs": 3700, "confidence": "uncertain", "note": "the slideshow along the turn"}'
sliding="{\"blinks\": [$sliding], \"turns\": [$sliding]}"

for who_frames in "tran 530 534 61 50 57 59 63" "faceswap 58 61 92" "alaa 10 68 46 33 40 43 48" "pyfeat 24 27"; do
  read -r who frames <<<"$who_frames"
  for f in $frames; do photo "$who" "$f"; done
done
shut_onto tran 530 534 208:44:61:303 0 0
shut_onto faceswap 58 61 198:55:279:145 -5 19
shut_onto pyfeat 24 27 136:40:228:140 0 0

# --- One photo: held still (with sensor noise), panned, swivelled, bent and swivelled (5-6 s).
scene photo_still_faceswap photo_still faceswap 5 noise still faceswap_58_card \
  "One photo (eyes open, facing the camera) held still in front of a still camera, with sensor noise: nothing changes, so nothing may be credited." "$none"
scene photo_panned_tran photo_panned tran 5 clean pan tran_530_card \
  "One photo (eyes open) held still for the autoshot, then moved +-60 px sideways (period 3 s) across the frame: the face's configuration never changes, so nothing may be credited." "$none"
scene photo_swivelled_tran photo_swivelled tran 6 clean "swivel 0" tran_530_card \
  "One photo (eyes open) held 1.5 s, then swivelled +-20 deg about its vertical axis (period 3 s): the photo's yaw changes as a plane's, never a head's. Not passed (SPEC §6, solid); the swivel is an uncertain turn." "$swivelling"
scene photo_bent_faceswap photo_bent faceswap 6 clean "swivel 25" faceswap_58_card \
  "One photo (eyes open) bent down its middle (each half 25 deg back) and swivelled +-20 deg from 1.5 s (period 3 s): two planes, still no head. Not passed; the swivel is an uncertain turn." "$swivelling"

# --- Photos flipped in turn (5 s): open/shut registered to the pixel (A, C for frames 90-91 at
# 3.0 s, A); open/turned/shut (A for the autoshot, B 2.0-2.5 s, A, C 3.0-3.067 s, A) on a still
# camera, and held by a shaking hand with sensor noise. C's two frames at 30 fps start on a whole
# second, where every rate has a frame: one frame at 10 and 15 fps, two at 24 and 30.
for who in tran faceswap pyfeat; do
  case $who in tran) open=530 ;; faceswap) open=58 ;; pyfeat) open=24 ;; esac
  scene "two_photo_flip_$who" two_photo_flip "$who" 5 clean still "${who}_${open}_card" "${who}_shut_card:90-91" \
    "Two photos registered to the pixel, eyes open (A) and the same photo with the eyes of a shut frame (C), flipped A, C (3.0 s, 2 frames at 30 fps), A on a still camera: a cut, not a blink. Must not pass (SPEC §6, continuous)." "$blinking"
done
for who in tran faceswap alaa; do
  case $who in tran) a=530 b=61 c=534 ;; faceswap) a=58 b=92 c=61 ;; alaa) a=10 b=46 c=68 ;; esac
  flip=("${who}_${a}_card" "${who}_${b}_card:60-74" "${who}_${c}_card:90-91")
  scene "three_photo_flip_$who" three_photo_flip "$who" 5 clean still "${flip[@]}" \
    "Three photos of one person, eyes open facing the camera (A), head turned (B), eyes shut (C), shown A (autoshot), B 2.0-2.5 s, A, C 3.0-3.067 s, A on a still camera: each action would be a jump between two frozen pictures. Must not pass (SPEC §6)." "$flipping"
  scene "three_photo_flip_shaking_$who" three_photo_flip_shaking "$who" 5 noise shake "${flip[@]}" \
    "The three-photo flip (A, B 2.0-2.5 s, A, C 3.0-3.067 s, A) held by a shaking hand (tremor and per-frame jitter of the whole card, fixed) with sensor noise. Must not pass (SPEC §6)." "$flipping"
done

# --- A slideshow of five photos along a turn (0 to 20 deg), each 300 ms (the last 400 ms), out
# and back: 1 (to 1.5 s), 2, 3, 4, 5, 4, 3, 2, 1 (from 3.7 s).
for who in tran alaa; do
  case $who in tran) set -- 50 57 59 61 63 ;; alaa) set -- 33 40 43 46 48 ;; esac
  show=("${who}_$2_card:45-53" "${who}_$3_card:54-62" "${who}_$4_card:63-71" "${who}_$5_card:72-83"
        "${who}_$4_card:84-92" "${who}_$3_card:93-101" "${who}_$2_card:102-110")
  scene "photo_slideshow_turn_$who" photo_slideshow_turn "$who" 5 clean still "${who}_$1_card" "${show[@]}" \
    "Five photos taken along a labelled head turn (0 to 20 deg), shown in order out and back, 300-400 ms each, from 1.5 s to 3.7 s, on a still camera: a turn made of cuts. Must not pass (SPEC §6, continuous)." "$sliding"
done

describe "${made[@]}"
