"""The side-by-side table of run.sh from its JSON lines: per clip, the median frames/s of each
tool over the runs and the engine's ratio to each peer.
Usage: table.py RUNS.jsonl RUNS LOAD_BEFORE LOAD_AFTER COMMIT"""
import collections
import datetime
import json
import os
import statistics
import sys

path, runs, load_before, load_after, commit = sys.argv[1:6]
fps = collections.defaultdict(dict)
frames, sizes, order = {}, {}, []
for line in open(path):
    r = json.loads(line)
    clip = os.path.basename(r["clip"])
    if clip not in order:
        order.append(clip)
    fps[clip, r["tool"]][r["run"]] = r["fps"]
    if r["tool"] == "engine":
        frames[clip], sizes[clip] = r["frames"], r["size"]

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
