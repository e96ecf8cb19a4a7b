#!/usr/bin/env bash
# Builds the peers' Python environment from PyPI, pinned by requirements.txt, in
# Benchmarks/peers/venv/ (git-ignored; never committed). Idempotent: an environment whose
# packages already match the pins is left as it is.
# Usage: Benchmarks/peers/setup_venv.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=$here/venv
python=${PYTHON:-python3}

if [ -x "$venv/bin/python" ] && "$venv/bin/python" - "$here/requirements.txt" <<'PY'
import sys
from importlib.metadata import version, PackageNotFoundError
pins = [l.split("#")[0].strip() for l in open(sys.argv[1])]
for pin in filter(None, pins):
    name, wanted = pin.split("==")
    try:
        if version(name) != wanted: sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PY
then
  echo "peers venv: $venv matches requirements.txt"
  exit 0
fi

"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
# mediapipe asks for opencv-contrib-python without a pin; the pin above must be what is installed.
"$venv/bin/python" -m pip check
"$venv/bin/python" -c "import mediapipe as mp, dlib, cv2, numpy; mp.solutions.face_mesh; dlib.get_frontal_face_detector(); print('peers venv: mediapipe', mp.__version__, 'dlib', dlib.__version__, 'opencv', cv2.__version__, 'numpy', numpy.__version__)"
