"""The side-by-side table of run.sh from its JSON lines: per clip, the median frames/s of each
tool over the runs and the engine's ratio to each peer; then what issue 47's goal (twice
MediaPipe's frames/s, 2.5 times at 1080 lines) leaves a frame once the engine has decoded it and
fitted its landmarks, by the engine's own stage timers in the same runs.
Usage: table.py RUNS.jsonl RUNS LOAD_BEFORE LOAD_AFTER COMMIT"""
import collections
import datetime
import json
import os
import statistics
import sys

path, runs, load_before, load_after, commit = sys.argv[1:6]
fps = collections.defaultdict(dict)
stages = collections.defaultdict(lambda: collections.defaultdict(list))
frames, sizes, order = {}, {}, []
for line in open(path):
    r = json.loads(line)
    clip = os.path.basename(r["clip"])
    if clip not in order:
        order.append(clip)
    fps[clip, r["tool"]][r["run"]] = r["fps"]
    if r["tool"] == "engine":
        frames[clip], sizes[clip] = r["frames"], r["size"]
        for stage, ms in r["msPerFrame"].items():
            stages[clip][stage].append(ms)

def median(clip, tool):
    return statistics.median(fps[clip, tool].values())


def ratio(clip, peer):
    """The median over runs of the engine's frames/s over the peer's in the same run: the two
    ran minutes apart at most, so a drift in the machine's speed mostly cancels."""
    return statistics.median(e / fps[clip, peer][run] for run, e in fps[clip, "engine"].items())


print(f"{datetime.date.today()}, commit {commit}, {runs} interleaved runs, each pinned to one core "
      f"(taskset -c 1), load average {load_before} before and {load_after} after (2 cores).\n")
print("| clip | size | frames | engine | MediaPipe Face Mesh | dlib HOG+68 | decode only "
      "| engine / MediaPipe | engine / dlib | engine / decode |")
print("|---|---|---|---|---|---|---|---|---|---|")
for clip in order:
    e, m, d, dec = (median(clip, t) for t in ("engine", "mediapipe", "dlib", "decode"))
    spread = f"{min(fps[clip, 'engine'].values()):.0f}-{max(fps[clip, 'engine'].values()):.0f}"
    print(f"| {clip} | {sizes[clip]} | {frames[clip]} | {e:.0f} ({spread}) | {m:.0f} | {d:.0f} | {dec:.0f} "
          f"| **{ratio(clip, 'mediapipe'):.2f}** | **{ratio(clip, 'dlib'):.2f}** | {ratio(clip, 'decode'):.2f} |")
print("\nFrames per second, medians over the runs (the engine's lowest-highest in brackets); each "
      "tool's frame loop is timed from the first frame read to the last frame done, model loading "
      "left out. Ratios are medians over the runs of the engine's frames/s over the peer's in the same run.")

# Issue 47's goal: 2.5 times MediaPipe's frames/s for frames of 1080 lines or more, twice below.
print("\n| clip | goal: ms a frame | engine decode | engine landmarks | left for detect, motion, logic "
      "| engine detect + motion + logic now |")
print("|---|---|---|---|---|---|")
for clip in order:
    times = 2.5 if min(map(int, sizes[clip].split("x"))) >= 1080 else 2.0
    goal = 1000 / (times * median(clip, "mediapipe"))
    ms = {stage: statistics.median(values) for stage, values in stages[clip].items()}
    left = goal - ms["decode"] - ms["landmarks"]
    print(f"| {clip} | {goal:.2f} ({times:g} x MediaPipe) | {ms['decode']:.2f} | {ms['landmarks']:.2f} "
          f"| **{left:.2f}** | {ms['detect'] + ms['motion'] + ms['logic']:.2f} |")
print("\nThe engine's stage timers (`timing.msPerFrame` of its report), medians over the same runs. "
      "\"Left\" is what the goal allows a frame beyond decoding it and fitting its landmarks (one fit a "
      "frame, two on a frame where a face is found anew).")
