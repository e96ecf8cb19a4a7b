#!/usr/bin/env python3
"""Derive the 68-point rigid 3D reference face used for head-pose estimation.

Input: the fitted 3D landmarks (pt3d_68_xyz) of the AFLW2000-3D subset in
../shared/data/aflw2000_3d_subset (see SOURCE.txt there). The pose labels in that
file are deliberately NOT read here: they are kept for evaluating our yaw later,
so building the shape from them would leak.

Output: Sources/LivenessCore/HeadPose/ReferenceFace.swift (generated).

Steps: generalised Procrustes alignment of the 54 shapes -> canonical orientation
from the face's own left/right symmetry -> centre, scale (outer eye corners 1.0
apart) -> mirror-symmetrise -> write Swift. Run: python3 Models/derive_reference_face.py
"""
import json
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared/data/aflw2000_3d_subset/pose_and_landmarks.json"
OUT = REPO / "Sources/LivenessCore/HeadPose/ReferenceFace.swift"

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


def similarity_align(src, dst):
    """Best s, R, t (R a proper rotation) minimising |s * src @ R.T + t - dst|^2 (Umeyama)."""
    mu_s, mu_d = src.mean(0), dst.mean(0)
    a, b = src - mu_s, dst - mu_d
    u, sig, vt = np.linalg.svd(b.T @ a)
    d = np.ones(len(sig))
    d[-1] = np.sign(np.linalg.det(u @ vt))  # flip the weakest axis rather than reflect
    r = u @ np.diag(d) @ vt
    s = (sig * d).sum() / (a ** 2).sum()
    return s, r, mu_d - s * mu_s @ r.T


def apply(st, x):
    s, r, t = st
    return s * x @ r.T + t


def normalise(x):
    """Centre on the centroid, scale to unit Frobenius norm (centroid size 1)."""
    x = x - x.mean(0)
    return x / np.linalg.norm(x)


def rms_to_mean(shapes):
    mean = shapes.mean(0)
    return np.sqrt(((shapes - mean) ** 2).sum(-1).mean()), mean


def mirror(p):
    return p * np.array([-1.0, 1.0, 1.0])


# 1. Load; image frame (x right, y down, z toward camera) is left-handed, so
#    negate y to get a right-handed x right, y up, z toward camera frame.
entries = json.loads(DATA.read_text())
raw = np.array([e["pt3d_68_xyz"] for e in entries.values()], dtype=float)
raw[:, :, 1] *= -1
n = len(raw)

# 2. Generalised Procrustes analysis. "Before" = only translation and scale
#    removed, for comparison with the full similarity alignment.
shapes = np.array([normalise(x) for x in raw])
rms_before, _ = rms_to_mean(shapes)
mean = shapes[0]
for it in range(100):
    aligned = np.array([apply(similarity_align(x, mean), x) for x in shapes])
    # Re-anchor the new mean to the old one so the iteration cannot drift in rotation.
    new_mean = normalise(aligned.mean(0))
    new_mean = apply(similarity_align(new_mean, mean), new_mean)
    new_mean = normalise(new_mean)
    done = np.abs(new_mean - mean).max() < 1e-12
    mean = new_mean
    if done:
        break
rms_after, _ = rms_to_mean(aligned)
per_shape = np.sqrt(((aligned - mean) ** 2).sum(-1).mean(-1))

# 3. Canonical orientation from the face itself (no labels).
#    x: summed right->left partner vectors (longer pairs such as the jaw weigh more,
#    i.e. the least-squares direction); points from 36 toward 45.
x_axis = sum(mean[l] - mean[r] for r, l in PAIRS)
x_axis /= np.linalg.norm(x_axis)
y_axis = mean[27] - mean[8]                       # chin -> nose bridge
y_axis -= (y_axis @ x_axis) * x_axis
y_axis /= np.linalg.norm(y_axis)
z_axis = np.cross(x_axis, y_axis)                 # right-handed
basis = np.stack([x_axis, y_axis, z_axis])        # rows = new axes
face = mean @ basis.T
assert face[30, 2] > face[[36, 45], 2].mean(), "z must point out of the face (nose tip in front)"

# 4. Origin at the centroid of the nose and eye points; outer eye corners 1.0 apart.
face -= face[CENTRE_POINTS].mean(0)
face /= np.linalg.norm(face[45] - face[36])

# 5. Symmetrise about the x = 0 plane so the reference has no built-in yaw.
#    Averaging pairs moves no centroid of the (symmetric) centring set in y or z,
#    but changes the eye-corner distance slightly, so rescale afterwards.
sym = face.copy()
for r, l in PAIRS:
    avg = 0.5 * (face[r] + mirror(face[l]))
    sym[r], sym[l] = avg, mirror(avg)
sym[MIDLINE, 0] = 0.0
sym /= np.linalg.norm(sym[45] - sym[36])
asym = np.sqrt(((sym - face) ** 2).sum(-1).mean())

# How each input shape sits relative to the reference (used only to pick
# near-frontal shapes for the check below): the reference's forward axis (+z)
# expressed in each shape's camera frame.
to_camera = []
for x in shapes:
    s, r, t = similarity_align(x, mean)           # camera-frame shape -> GPA mean
    to_camera.append(r.T @ basis.T)               # reference axes -> camera frame
forward = np.array([m[:, 2] for m in to_camera])
off_axis_deg = np.degrees(np.arccos(np.clip(forward[:, 2], -1, 1)))

# 6a. Check: weak-perspective projection at yaw 0 (orthographic drop of z, any
#     scale) versus the mean 2D (x, y) of near-frontal shapes, similarity-aligned.
ref2d = sym[:, :2]
frontal = np.flatnonzero(off_axis_deg < 10.0)
obs = np.array([apply(similarity_align(raw[i][:, :2], ref2d), raw[i][:, :2]) for i in frontal])
obs_mean = apply(similarity_align(obs.mean(0), ref2d), obs.mean(0))
rms_2d = np.sqrt(((obs_mean - ref2d) ** 2).sum(-1).mean())

# 6b. Summary (residuals in units of the mean shape's outer-eye-corner distance).
iod = np.linalg.norm(mean[45] - mean[36])
eye_plane_z = sym[[36, 39, 42, 45], 2].mean()
print(f"shapes: {n}; GPA iterations: {it + 1}")
print(f"Procrustes residual RMS (inter-ocular units): before {rms_before / iod:.4f}, "
      f"after {rms_after / iod:.4f}; worst shape {per_shape.max() / iod:.4f} "
      f"({list(entries)[per_shape.argmax()]})")
print(f"asymmetry removed by symmetrising (RMS): {asym:.4f}")
print(f"nose tip (30) depth in front of eye-corner plane (36, 39, 42, 45): {sym[30, 2] - eye_plane_z:.4f}; "
      f"in front of outer corners (36, 45): {sym[30, 2] - sym[[36, 45], 2].mean():.4f}")
print(f"inter-ocular distance (36-45): {np.linalg.norm(sym[45] - sym[36]):.4f}")
print(f"check: yaw-0 weak-perspective projection vs mean of {len(frontal)} near-frontal shapes "
      f"(forward axis within 10 deg of the camera axis, from GPA, no labels): RMS {rms_2d:.4f}")

# 7. Write Swift.
lines = [
    "// Generated by Models/derive_reference_face.py from the AFLW2000-3D subset's fitted",
    "// 3D landmarks (pt3d_68_xyz) in ../shared/data/aflw2000_3d_subset. Do not edit by hand.",
    "// Units: outer-eye-corner distance (points 36-45) = 1.",
    "// Axes: x = image right for a frontal face, y up, z toward the camera.",
    "",
    "/// The 68-point rigid reference face used to estimate head pose (iBUG 300-W numbering, 0-based).",
    "public enum ReferenceFace {",
    "    /// x right, y up, z toward the camera; outer eye corners 1.0 apart.",
    "    public static let points: [Vector3] = [",
]
fmt = lambda v: f"{round(v, 4) + 0.0:.4f}"  # + 0.0 turns -0.0 into 0.0
lines += [f"        Vector3(x: {fmt(p[0])}, y: {fmt(p[1])}, z: {fmt(p[2])}), // {i}"
          for i, p in enumerate(sym)]
lines += ["    ]", "}", ""]
OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text("\n".join(lines))
print(f"wrote {OUT.relative_to(REPO)}")
