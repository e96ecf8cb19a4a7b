"""Turns the report of `liveness score --json` (stdin) into run.sh's JSON line for the engine.
Usage: liveness score CLIP --json ... | engine_line.py CLIP"""
import json
import sys

report = json.load(sys.stdin)
size = f'{report["input"]["width"]}x{report["input"]["height"]}'
print(json.dumps({"tool": "engine", "clip": sys.argv[1], "frames": report["frames"]["processed"],
                  "ms": report["timing"]["wallMs"], "fps": report["timing"]["framesPerSecond"], "size": size,
                  "msPerFrame": report["timing"]["msPerFrame"]}))
