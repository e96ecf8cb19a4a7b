"""The classic Python dlib blink pipeline: each frame resized to 450 px wide, made gray, faces
found by dlib's HOG detector (get_frontal_face_detector, no upsampling), 68 points fitted to
each face and the eye-aspect ratio computed from them.
Usage: dlib_hog68.py CLIP LANDMARK_MODEL"""
import sys

import cv2
import dlib
import numpy as np

from peer_common import run

detector = dlib.get_frontal_face_detector()
predictor = dlib.shape_predictor(sys.argv[2])


def eye_aspect_ratio(eye):
    return (np.linalg.norm(eye[1] - eye[5]) + np.linalg.norm(eye[2] - eye[4])) / (2 * np.linalg.norm(eye[0] - eye[3]))


def per_frame(frame):
    height, width = frame.shape[:2]
    small = cv2.resize(frame, (450, round(height * 450 / width)), interpolation=cv2.INTER_AREA)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    rects = detector(gray, 0)
    for rect in rects:
        shape = predictor(gray, rect)
        points = np.array([(p.x, p.y) for p in shape.parts()], dtype=float)
        (eye_aspect_ratio(points[36:42]) + eye_aspect_ratio(points[42:48])) / 2
    return len(rects)


run("dlib", sys.argv[1], per_frame)
