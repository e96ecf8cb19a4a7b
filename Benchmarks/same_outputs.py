#!/usr/bin/env python3
"""Does a change change any decision? Scores every clip of the manifest with two builds of
`liveness` (each clip with its own seed and configuration) and compares what each wrote: the
trace, the event stream and the exit code byte for byte, the report with its timing left out
(`timing`), and its configuration by the keys the old build prints (new keys are the new
build's tunables at their defaults). Prints each difference and exits 1 if any.

    Benchmarks/same_outputs.py OLD_LIVENESS NEW_LIVENESS [--jobs N] [--only NAME ...]

A refactor that claims "no decision changed" shows this passing on the whole manifest.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def clip_path(manifest, video):
    kind, rest = video.split(":", 1)
    return os.path.normpath(os.path.join(HERE, manifest[kind], rest))


def without_timing(value):
    """The report without what differs from run to run: times and the machine's load."""
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k != "timing"}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


def only_keys_of(old, new):
    """`new` with only the keys `old` has: a configuration that gained keys, with their defaults
    printed, replays the same run."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {k: only_keys_of(old[k], new[k]) for k in old if k in new} | {k: None for k in old if k not in new}
    return new


def score(binary, clip, video, folder):
    os.makedirs(folder)
    command = [binary, "score", video, "--seed", str(clip.get("seed", 1)), "--trace", os.path.join(folder, "trace.csv"),
               "--out", os.path.join(folder, "out")]
    if "config" in clip:
        config = os.path.join(folder, "config.json")
        with open(config, "w") as f:
            json.dump(clip["config"], f)
        command += ["--config", config]
    run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return run.returncode


def read(path, kind):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    return without_timing(json.loads(data)) if kind == "json" else data


def compare(clip, old, new, work):
    video = clip_path(MANIFEST, clip["video"])
    folders = [os.path.join(work, clip["name"], side) for side in ("old", "new")]
    codes = [score(binary, clip, video, folder) for binary, folder in zip((old, new), folders)]
    differences = []
    if codes[0] != codes[1]:
        differences.append(f"exit code {codes[0]} -> {codes[1]}")
    for name, kind in (("trace.csv", "bytes"), ("out/events.jsonl", "bytes"), ("out/report.json", "json")):
        a, b = (read(os.path.join(folder, name), kind) for folder in folders)
        if kind == "json" and a and b and "config" in a and "config" in b:
            b["config"] = only_keys_of(a["config"], b["config"])
        if a != b:
            differences.append(f"{name} differs")
    return clip["name"], differences


def main():
    global MANIFEST
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--manifest", default=os.path.join(HERE, "manifest.json"))
    args = parser.parse_args()
    with open(args.manifest) as f:
        MANIFEST = json.load(f)
    MANIFEST = {**MANIFEST, "data": os.path.join(os.path.dirname(args.manifest), MANIFEST["data"]),
                "derived": os.path.join(os.path.dirname(args.manifest), MANIFEST["derived"])}
    clips = [c for c in MANIFEST["clips"] if not args.only or c["name"] in args.only]
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda c: compare(c, os.path.abspath(args.old), os.path.abspath(args.new), work), clips))
    changed = [(name, d) for name, d in results if d]
    for name, differences in changed:
        print(f"{name}: {'; '.join(differences)}")
    print(f"{len(clips) - len(changed)} of {len(clips)} clips identical")
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
