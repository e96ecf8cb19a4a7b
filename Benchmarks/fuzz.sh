#!/usr/bin/env bash
# Seeded mutation fuzzing, bounded in size and time, of what reads untrusted bytes:
#   decode   mutated copies of small real clips (MP4/H.264, faststart MP4, WebM/VP8, MOV/HEVC,
#            AVI/MJPEG, MKV) scored in batch mode with a per-clip time and memory limit: the
#            decoders run in worker processes, so a crash or a hang is reported as that clip's
#            error kind ("crashed", "timeLimit", "memoryLimit") and the batch goes on;
#   config   mutated --config JSON (bytes and values: types, ranges, huge and odd numbers,
#            duplicate keys, deep nesting), each read by `liveness score`;
#   list     mutated --list files and mutated --resume output files (JSON lines).
# Every crash (a signal, a Swift runtime trap, an uncaught C++ exception) and every hang is
# counted, and its input kept in Benchmarks/output/fuzz-findings/ (ignored by git).
# Usage: Benchmarks/fuzz.sh [SEED] [DECODE_MUTANTS] [CONFIG_MUTANTS] [LIST_MUTANTS]
#   (defaults 1, 400, 400, 40; release build). Prints a Markdown summary for RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${1:-1}
decode_n=${2:-400}
config_n=${3:-400}
list_n=${4:-40}
. Benchmarks/common.sh
findings=Benchmarks/output/fuzz-findings
mkdir -p "$findings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

# --- seeds: small real clips in the containers and codecs users upload -------------------------
mkdir -p "$work/seeds" "$work/decode"
single=$data/pyfeat_face_videos/single_face.mp4
cp "$data/grid_blink_clip_dinoman/example.mp4" "$work/seeds/grid.mp4"
ff -i "$single" -t 0.5 -an -c copy "$work/seeds/single-head.mp4"
ff -i "$single" -t 0.5 -an -c copy -movflags +faststart "$work/seeds/single-faststart.mp4"
ff -i "$data/liveness_real_vs_spoof_samples/videos/real.mov" -t 0.7 -an -vf scale=160:90 -c:v libvpx -b:v 200k "$work/seeds/real.webm"
ff -i "$data/pyfeat_face_videos/face_noface.mov" -t 0.5 -an -vf scale=160:90 -c:v libx265 -x265-params log-level=error "$work/seeds/hevc.mov"
ff -i "$single" -t 0.4 -an -vf scale=160:90 -c:v mjpeg "$work/seeds/mjpeg.avi"
ff -i "$single" -t 0.4 -an -vf scale=160:90 -c:v libx264 "$work/seeds/small.mkv"

python3 - "$seed" "$decode_n" "$work/seeds" "$work/decode" <<'PY'
# Mutations: bit flips, byte runs overwritten with random or "interesting" values (0, 0xFF,
# 0x7F, 0x80: sizes and counts), truncation, a chunk deleted, duplicated or inserted.
import os, random, sys
seed, n, seeds, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rng = random.Random(seed)
files = sorted(os.listdir(seeds))
interesting = [b"\x00\x00\x00\x00", b"\xff\xff\xff\xff", b"\x7f\xff\xff\xff", b"\x80\x00\x00\x00", b"\x00\x00\x00\x01"]
def mutate(data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        at = rng.randrange(len(data))
        if kind == 0:
            for _ in range(rng.randint(1, 16)):
                i = rng.randrange(len(data)); data[i] ^= 1 << rng.randrange(8)
        elif kind == 1:
            k = rng.randint(1, 512); data[at:at + k] = bytes(rng.getrandbits(8) for _ in range(min(k, len(data) - at)))
        elif kind == 2:
            v = rng.choice(interesting); data[at:at + len(v)] = v
        elif kind == 3:
            del data[rng.randrange(len(data)):]
        elif kind == 4:
            k = rng.randint(1, 4096); chunk = data[at:at + k]; data[at:at] = chunk if rng.random() < 0.5 else b""
            if rng.random() < 0.5: del data[at:at + k]
        else:
            data[at:at] = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 256)))
        if not data:
            data = bytearray(b"\x00")
    return bytes(data)
for i in range(n):
    name = files[i % len(files)]
    src = open(os.path.join(seeds, name), "rb").read()
    ext = os.path.splitext(name)[1]
    with open(os.path.join(out, f"m{i:05d}-{os.path.splitext(name)[0]}{ext}"), "wb") as f:
        f.write(mutate(src))
PY
ls "$work"/decode/* | sort > "$work/decode.txt"
start=$(date +%s)
"$liveness" score --list "$work/decode.txt" --jobs 2 --seed 1 --clip-timeout 20 --memory-limit 2048 \
  --output "$work/decode.jsonl" 2> "$work/decode.err" || true
decode_s=$(($(date +%s) - start))

# --- config: mutated JSON read by `score` before anything else --------------------------------
mkdir -p "$work/config"
python3 - "$seed" "$config_n" "$work/config" <<'PY'
import json, os, random, sys
seed, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
base = {"circleCentreX": 0.5, "circleCentreY": 0.5, "circleRadius": 0.4, "settleMs": 300, "framesToAutoshot": 3,
        "tooFarHeightFraction": 0.35, "blinkClosure": 0.22, "blinkMaxAbsYaw": 25, "blinkNoiseMultiple": 6,
        "squintShare": 0.35, "openEyeFallback": 0.22, "openEyePercentile": 0.8, "openEyeWindowMs": 600,
        "openEyeMinSamples": 2, "openEyeMaxAbsYaw": 25, "turnDegrees": 7.5, "turnHoldFrames": 2,
        "cameraStillMaxDegPerSec": 5, "focalLengthPx": None, "graceMs": 500, "capMs": 20000, "snapshotMaxClosure": 0.11,
        "snapshotMaxYawFromNeutral": 5, "snapshotWindowMs": 2000}
odd_values = [None, True, False, 0, -0.0, -1, 1e308, -1e308, 5e-324, 2**53 + 1, 2**64, 3.5, "0.5", "", [], {}, [1], {"a": 1}, "\u0000", "😀"]
odd_texts = ["1e400", "-1e400", "NaN", "Infinity", "0x10", "00012", "1.", ".5", "+1", "1e-400", "123456789012345678901234567890"]
def structural():
    config = {k: v for k, v in base.items() if rng.random() < 0.7}
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(base) + ["unknownKey", "", "circleradius", "settleMs "])
        config[key] = rng.choice(odd_values)
    text = json.dumps(config)
    if rng.random() < 0.3:
        key = rng.choice(list(base))
        text = text[:-1] + f', "{key}": {rng.choice(odd_texts)}' + "}"
    if rng.random() < 0.1:
        key = rng.choice(list(base))
        text = text[:-1] + f', "{key}": 1, "{key}": 2' + "}"
    return text.encode()
def nesting():
    depth = rng.choice([100, 1000, 10000, 100000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return (opener * depth + "1" + closer * depth).encode()
def bytewise():
    data = bytearray(json.dumps(base).encode())
    for _ in range(rng.randint(1, 8)):
        if not data:
            break
        at = rng.randrange(len(data))
        choice = rng.randrange(4)
        if choice == 0: data[at] = rng.getrandbits(8)
        elif choice == 1: del data[at]
        elif choice == 2: data[at:at] = bytes([rng.choice(b'{}[]",:0123456789.eE-+\\ntuefalsn\x00\xff')])
        else: del data[at:]
    if rng.random() < 0.05: data = b"\xef\xbb\xbf" + data
    return bytes(data)
for i in range(n):
    kind = rng.choices([structural, bytewise, nesting], weights=[6, 6, 1])[0]
    open(os.path.join(out, f"c{i:05d}.json"), "wb").write(kind())
PY
: > "$work/config.tsv"
start=$(date +%s)
for config in "$work"/config/*.json; do
  status=0
  timeout -s KILL 20 "$liveness" score /nonexistent.mp4 --config "$config" > /dev/null 2> "$work/config.err" || status=$?
  first=$(head -c 300 "$work/config.err" | head -1)
  verdict=other
  case "$first" in
    *"malformed configuration"*) verdict=rejected ;;
    *"/nonexistent.mp4: no such file"*) verdict=accepted ;;
  esac
  if [ $status -ge 128 ] || grep -qE "Fatal error|terminate called|Program crashed" "$work/config.err"; then
    verdict=crash; cp "$config" "$findings/"
  fi
  [ $(wc -l < "$work/config.err") -gt 1 ] && [ "$verdict" != crash ] && verdict="$verdict-multiline"
  printf '%s\t%s\t%s\n' "$(basename "$config")" "$status" "$verdict" >> "$work/config.tsv"
done
config_s=$(($(date +%s) - start))

# --- list and resume files: mutated paths lists and mutated JSON-lines outputs ------------------
mkdir -p "$work/list"
printf '%s\n' "$data/grid_blink_clip_dinoman/example.mp4" /nonexistent/a.mp4 > "$work/base-list.txt"
"$liveness" score --list "$work/base-list.txt" --jobs 1 --seed 1 --output "$work/base-out.jsonl" 2> /dev/null || true
python3 - "$seed" "$list_n" "$work/base-list.txt" "$work/base-out.jsonl" "$work/list" <<'PY'
import os, random, sys
seed, n, base_list, base_out, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
rng = random.Random(seed + 7)
def mutate(data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(max(1, len(data)))
        choice = rng.randrange(5)
        if choice == 0 and data: data[at % len(data)] = rng.getrandbits(8)
        elif choice == 1: data[at:at] = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64)))
        elif choice == 2: data[at:at] = rng.choice([b"\n", b"\r\n", b"\x00", b"\n\n\n", b"{\"path\":", b"\"summary\"", b"\xff\xfe", b"/" * 5000])
        elif choice == 3: del data[at:]
        else: data[at:at] = data[: rng.randint(0, len(data))]
    return bytes(data)
for i in range(n):
    open(os.path.join(out, f"l{i:05d}.txt"), "wb").write(mutate(open(base_list, "rb").read()))
    open(os.path.join(out, f"l{i:05d}.jsonl"), "wb").write(mutate(open(base_out, "rb").read()))
PY
: > "$work/list.tsv"
start=$(date +%s)
for list in "$work"/list/*.txt; do
  output=${list%.txt}.jsonl
  status=0
  timeout -s KILL 60 "$liveness" score --list "$list" --output "$output" --resume --jobs 1 --clip-timeout 10 > /dev/null 2> "$work/list.err" || status=$?
  verdict=ok
  if [ $status -ge 128 ] || grep -qE "Fatal error|terminate called|Program crashed" "$work/list.err"; then
    verdict=crash; cp "$list" "$output" "$findings/" 2> /dev/null || true
  elif ! tail -n 1 "$output" | python3 -c 'import json, sys; assert "summary" in json.loads(sys.stdin.read())' 2> /dev/null; then
    verdict=no-summary
  fi
  printf '%s\t%s\t%s\n' "$(basename "$list")" "$status" "$verdict" >> "$work/list.tsv"
done
list_s=$(($(date +%s) - start))

python3 - "$work" "$decode_s" "$config_s" "$list_s" "$seed" "$findings" <<'PY'
import collections, json, os, shutil, sys
work, decode_s, config_s, list_s, seed, findings = sys.argv[1], *map(int, sys.argv[2:5]), int(sys.argv[5]), sys.argv[6]
records, summary = [], {}
for line in open(os.path.join(work, "decode.jsonl")):
    r = json.loads(line)
    if "summary" in r: summary = r["summary"]
    else: records.append(r)
kinds = collections.Counter((r.get("error") or {}).get("kind") or r.get("outcome") for r in records)
for r in records:
    if (r.get("error") or {}).get("kind") in ("crashed", "timeLimit", "memoryLimit", "workerFailed", "internalFailure"):
        shutil.copy(r["path"], findings)
slowest = max(records, key=lambda r: r["timing"]["wallMs"])
print(f"Seed {seed}.")
print()
print("| target | inputs | time | results | crashes | hangs |")
print("|---|---|---|---|---|---|")
print(f"| decode (batch, --clip-timeout 20, --memory-limit 2048) | {len(records)} | {decode_s} s | "
      f"{', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))} | {kinds.get('crashed', 0)} | {kinds.get('timeLimit', 0)} |")
rows = [l.split("\t") for l in open(os.path.join(work, "config.tsv")).read().splitlines()]
verdicts = collections.Counter(r[2] for r in rows)
codes = collections.Counter(r[1] for r in rows)
print(f"| config (--config) | {len(rows)} | {config_s} s | {', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))}; exit codes {dict(sorted(codes.items()))} | "
      f"{verdicts.get('crash', 0)} | {sum(1 for r in rows if r[1] == '137')} |")
rows = [l.split("\t") for l in open(os.path.join(work, "list.tsv")).read().splitlines()]
verdicts = collections.Counter(r[2] for r in rows)
codes = collections.Counter(r[1] for r in rows)
print(f"| list + resume (--list, --output --resume) | {len(rows)} | {list_s} s | {', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))}; exit codes {dict(sorted(codes.items()))} | "
      f"{verdicts.get('crash', 0)} | {sum(1 for r in rows if r[1] == '137')} |")
print()
print(f"Slowest decode mutant: {os.path.basename(slowest['path'])}, {slowest['timing']['wallMs']:.0f} ms; "
      f"workers started: {summary.get('workersStarted')} for {summary.get('jobs')} jobs; peak RSS worker {summary.get('peakRSSMB', {}).get('worker', 0):.0f} MB.")
PY
