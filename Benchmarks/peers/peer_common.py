"""What every peer script shares: open a clip as the engine's benchmark does (FFmpeg on one
thread) and print one JSON line with the frames processed and the frame loop's time."""
import json
import os
import sys
import time

os.environ.setdefault("OPENCV_FFMPEG_CAPTURE_OPTIONS", "threads;1")
import cv2  # noqa: E402  (the variable above must be set before cv2 opens a file)

cv2.setNumThreads(1)


def frames(path):
    """The clip's frames, BGR, as OpenCV decodes them."""
    capture = cv2.VideoCapture(path, cv2.CAP_FFMPEG)
    if not capture.isOpened():
        sys.exit(f"{path}: OpenCV cannot open it")
    while True:
        ok, frame = capture.read()
        if not ok:
            return
        yield frame


def run(name, path, per_frame):
    """Times the loop over every frame (the model loads before, as the engine's frames/s leaves
    its model load out) and prints {"tool", "clip", "frames", "ms", "fps", "faces"}."""
    count = 0
    faces = 0
    start = time.perf_counter()
    for frame in frames(path):
        faces += per_frame(frame)
        count += 1
    ms = (time.perf_counter() - start) * 1000
    print(json.dumps({"tool": name, "clip": path, "frames": count, "ms": round(ms, 1),
                      "fps": round(count / ms * 1000, 2) if ms > 0 else None, "faces": faces}))
