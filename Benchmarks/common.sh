# Sourced by the benchmark scripts from the repository's top: the shared data and the release
# binary (or $LIVENESS), which they run but never build.
data=${LIVENESS_DATA:-../shared/data}
liveness=$(realpath -m "${LIVENESS:-.build/release/liveness}")
[ -x "$liveness" ] || { echo "build first: swift build -c release (or set LIVENESS to a liveness binary)" >&2; exit 2; }

# One thread for OpenCV, FFmpeg and BLAS: figures of one core, comparable from run to run.
one_thread() {
    export OPENCV_FOR_THREADS_NUM=1 OPENCV_FFMPEG_CAPTURE_OPTIONS="threads;1" OPENBLAS_NUM_THREADS=1
}

# Exits with the script's usage line (its "# Usage:" comment) unless each NAME=VALUE is a whole
# number from 1: a mistyped count would otherwise surface as an error of seq or of the binary.
counts() {
    local pair
    for pair in "$@"; do
        [[ ${pair#*=} =~ ^[1-9][0-9]*$ ]] && continue
        echo "$0: ${pair%%=*} must be a whole number from 1, not '${pair#*=}'" >&2
        grep -m1 '^# Usage:' "$0" | sed 's/^# //' >&2
        exit 2
    done
}
