#!/usr/bin/env bash
# Runs the test bundle's XCTest classes as many at once as the machine has cores, with GNU
# parallel. Each job is a process of its own, so classes that share what a process computes once
# run in one job: the still-photo accuracy classes of LivenessBenchTests share the stills'
# measures, those of LivenessVisionTests the clips' (SharedAnalyzer); a CLI class shares nothing
# with another and is a job alone. The longest jobs start first, so the queues end together; each
# job's output comes whole when it ends. Exit status: 0 when every job passed.
#
# usage: Tests/run_test_classes.sh BUNDLE [JOBS]
set -euo pipefail
bundle=$1
jobs=${2:-$(nproc)}
# Each test is listed as Module.Class/testName, after a heading.
classes=$("$bundle" --list-tests | grep -E '^[A-Za-z0-9_]+\.[A-Za-z0-9_]+/' | sed 's,/.*,,' | sort -u)
# The CLI classes that take longest on this machine, longest first (Benchmarks/RESULTS.md, "The
# test suite's time").
slowest_cli=(BatchScoreTests HostileCommandTests LiveWindowTests HostileInputTests HostileBenchTests SameFaceTests SlurmArrayTests)
module() { grep "^$1\." <<< "$classes" | grep -vxF "${2:-}" | paste -sd, -; }
{
  echo LivenessBenchTests.ClipAccuracyTests
  module LivenessBenchTests LivenessBenchTests.ClipAccuracyTests
  for class in "${slowest_cli[@]}"; do
    grep -qxF "LivenessCLITests.$class" <<< "$classes" || { echo "run_test_classes.sh: no class LivenessCLITests.$class" >&2; exit 2; }
    echo "LivenessCLITests.$class"
  done
  module LivenessVisionTests
  grep '^LivenessCLITests\.' <<< "$classes" | grep -vxF -f <(printf 'LivenessCLITests.%s\n' "${slowest_cli[@]}")
  for other in $(sed 's,\..*,,' <<< "$classes" | sort -u | grep -vxE 'LivenessBenchTests|LivenessVisionTests|LivenessCLITests'); do
    module "$other"
  done
} > "${TMPDIR:-/tmp}/liveness-test-jobs.$$"
count=$(wc -l < "${TMPDIR:-/tmp}/liveness-test-jobs.$$")
echo "Running $(wc -l <<< "$classes") test classes as $count jobs, $jobs at a time"
status=0
# parallel starts its jobs with SIGALRM ignored, and the tool keeps a stop signal it was started
# with ignored (so nohup works): env --default-signal gives the tests the signals a shell gives.
parallel --will-cite --jobs "$jobs" --halt never env --default-signal "$bundle" {} < "${TMPDIR:-/tmp}/liveness-test-jobs.$$" || status=$?
rm -f "${TMPDIR:-/tmp}/liveness-test-jobs.$$"
if [ "$status" -eq 0 ]; then echo "All $count test jobs passed"; else echo "$status of $count test jobs failed (search the log for 'error:')"; fi
exit "$status"
