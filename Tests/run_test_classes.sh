#!/usr/bin/env bash
# Runs every XCTest class of the test bundle, as many at once as the machine has cores, with GNU
# parallel: each class runs in a process of its own, so the fixtures a class builds once (the
# hostile corpus, a loaded analyzer, the clips' metrics) are built once as in a serial run. The
# classes that take longest start first, so the queues end together. Each class's output comes
# whole when it ends. Exit status: 0 when every class passed.
#
# usage: Tests/run_test_classes.sh BUNDLE [JOBS]
set -euo pipefail
bundle=$1
jobs=${2:-$(nproc)}
# The longest classes on this machine (Benchmarks/RESULTS.md, "The test suite's time"), longest first.
slowest=(
  LivenessBenchTests.ClipAccuracyTests LivenessBenchTests.EyeClosureTests LivenessCLITests.BatchScoreTests
  LivenessCLITests.LiveWindowTests LivenessCLITests.SameFaceTests LivenessCLITests.HostileCommandTests
  LivenessCLITests.HostileInputTests LivenessCLITests.HostileBenchTests LivenessCLITests.SlurmArrayTests
)
classes=$("$bundle" --list-tests | sed 's,/.*,,' | sort -u)
for class in "${slowest[@]}"; do
  grep -qxF "$class" <<< "$classes" || { echo "run_test_classes.sh: $class is not a test class of $bundle" >&2; exit 2; }
done
rest=$(grep -vxF -f <(printf '%s\n' "${slowest[@]}") <<< "$classes")
count=$(wc -l <<< "$classes")
echo "Running $count test classes, $jobs at a time"
status=0
# parallel starts its jobs with SIGALRM ignored, and the tool keeps a stop signal it was started
# with ignored (so nohup works): env --default-signal gives the tests the signals a shell gives.
printf '%s\n' "${slowest[@]}" $rest | parallel --will-cite --jobs "$jobs" --halt never env --default-signal "$bundle" {} || status=$?
if [ "$status" -eq 0 ]; then echo "All $count test classes passed"; else echo "$status of $count test classes failed (search the log for 'error:')"; fi
exit "$status"
