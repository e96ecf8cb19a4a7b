#!/usr/bin/env bash
# The hostile corpus, in two halves, for Benchmarks/RESULTS.md ("Hostile input"):
#  1. hostile files: the corpus of make_hostile_corpus.sh scored in batch mode with a per-clip
#     time limit, each case checked against its manifest;
#  2. hostile commands (Benchmarks/hostile_commands.py): closed streams, outputs pointed at
#     devices and inputs, protocol-like names under strace, endless inputs, stop signals,
#     meaningless numbers.
# Prints a Markdown table for each and the count of cases tried and right.
# Usage: Benchmarks/hostile_corpus.sh [DIR] [JOBS]
#   DIR  where the corpus is made (default Benchmarks/hostile-corpus, ignored by git); it is
#        reused when its manifest.json is already there.
# Exit status: 0 when every case is as expected, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-Benchmarks/hostile-corpus}
jobs=${2:-2}
. Benchmarks/common.sh
counts JOBS="$jobs"
[ -f "$dir/manifest.json" ] || Benchmarks/make_hostile_corpus.sh "$dir"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
/usr/bin/time -f "%e s wall; %M KB peak RSS of the largest process (coordinator or a worker)" \
  "$liveness" score --list "$dir/list.txt" --jobs "$jobs" --seed 1 --clip-timeout 120 --output "$out" || status=$?
echo "batch exit status: $status" >&2
(python3 - "$dir" "$out" <<'PY'
import json, os, sys
folder, out = sys.argv[1], sys.argv[2]
cases = json.load(open(os.path.join(folder, "manifest.json")))
records, summary = {}, None
for line in open(out):
    r = json.loads(line)
    if "summary" in r:
        summary = r["summary"]
    else:
        records[os.path.relpath(r["path"], folder)] = r

def exit_code(r):
    if r.get("error"):
        return r["error"]["exitCode"]
    return 0 if r.get("outcome") == "passed" else 1

def credits(r):
    return {a["action"]: a["ms"] for a in r.get("actions", []) if a.get("credited")}

failures = 0
print("| case | what | expected | got | ms | peak RSS MB | as expected |")
print("|---|---|---|---|---|---|---|")
for case in cases:
    r = records.get(case["file"])
    if r is None:
        print(f"| {case['case']} | {case['note']} | | **no line** | | | no |")
        failures += 1
        continue
    code = exit_code(r)
    ok = code in case["exitCodes"]
    if case["outcome"]:
        ok = ok and r.get("outcome") == case["outcome"]
    if case["errorKind"]:
        ok = ok and (r.get("error") or {}).get("kind") == case["errorKind"]
    got = r.get("outcome") or (r.get("error") or {}).get("kind")
    if r.get("outcome"):
        got += ", " + ", ".join(f"{a} at {ms:.0f} ms" for a, ms in credits(r).items()) if credits(r) else ""
    if case["twin"]:
        twin = records.get(case["twin"], {})
        slack = 2 * 1000 / (twin.get("input", {}).get("declaredFps") or 30) + 1
        mine, theirs = credits(r), credits(twin)
        same = r.get("outcome") == twin.get("outcome")
        if case["twinMatch"] == "credits":
            same = same and mine.keys() == theirs.keys() and all(abs(mine[a] - theirs[a]) <= slack for a in theirs)
        ok = ok and same
        got += f" (twin: {'same' if same else 'DIFFERENT'})"
    expected = f"exit {'/'.join(map(str, case['exitCodes']))}" + (f", {case['outcome']}" if case["outcome"] else "") + (f", {case['errorKind']}" if case["errorKind"] else "") + (f", like {case['twin']} ({case['twinMatch']})" if case["twin"] else "")
    timing = r.get("timing", {})
    rss = timing.get("peakRSSMB")
    failures += 0 if ok else 1
    print(f"| {case['case']} | {case['note']} | {expected} | exit {code}: {got} | {timing.get('wallMs', 0):.0f} | {'' if rss is None else f'{rss:.0f}'} | {'yes' if ok else '**no**'} |")
if summary:
    print()
    print(f"{len(records)} clips in {summary['wallMs'] / 1000:.1f} s with {summary['jobs']} workers "
          f"({summary['workersStarted']} started): outcomes {summary['outcomes']}, errors {summary['errors']}; "
          f"peak RSS coordinator {summary['peakRSSMB']['coordinator']:.0f} MB, worker {summary['peakRSSMB']['worker']:.0f} MB.")
print()
print(f"{len(cases)} file cases tried, {len(cases) - failures} right.")
sys.exit(1 if failures else 0)
PY
) || files_status=$?
echo
python3 Benchmarks/hostile_commands.py "$liveness" "$dir" || commands_status=$?
[ "${files_status:-0}" = 0 ] && [ "${commands_status:-0}" = 0 ]
