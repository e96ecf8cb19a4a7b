"""MediaPipe Face Mesh (mediapipe 0.10.21, its bundled model) in tracking mode, as its own
examples run it on a video: BGR frame -> RGB -> FaceMesh.process. The face detector runs only
until a face is found, then the mesh follows it from frame to frame.
Usage: mediapipe_face_mesh.py CLIP"""
import sys

import cv2
import mediapipe as mp

from peer_common import run

mesh = mp.solutions.face_mesh.FaceMesh(
    static_image_mode=False, max_num_faces=1, refine_landmarks=False,
    min_detection_confidence=0.5, min_tracking_confidence=0.5)


def per_frame(frame):
    result = mesh.process(cv2.cvtColor(frame, cv2.COLOR_BGR2RGB))
    return len(result.multi_face_landmarks or [])


run("mediapipe", sys.argv[1], per_frame)
