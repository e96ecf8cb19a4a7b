# Sourced by the benchmark scripts from the repository's top: the shared data and the release
# binary, which they run but never build.
data=${LIVENESS_DATA:-../shared/data}
liveness=$PWD/.build/release/liveness
[ -x "$liveness" ] || { echo "build first: swift build -c release" >&2; exit 2; }
