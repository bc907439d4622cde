#!/usr/bin/env bash
# Runs every test (`swift test --skip-build`, arguments passed on) and makes sure the
# run ends: `make test` calls it.
#
# A test run that stops making progress is reported, not waited for:
# - Once Swift Testing has written its results (the xUnit file, whose end is written
#   after the last test and before the process exits) the process has EXIT_GRACE
#   seconds to exit; it needs a second or two (the exit stops the PostgreSQL test
#   servers no test destroyed). If it does not, the threads' stacks are printed, the
#   process is killed and the run fails, even when every test passed: a process that
#   does not end by itself is a fault to find, not to wait out.
# - A run still going after RUN_LIMIT seconds prints the same and fails.
# The stacks come from gdb when it is installed (make test does not need it).
# A run that fails ends by printing its failures again, so the last lines of a long
# log (all a CI page may keep) name the tests that failed and why.
set -uo pipefail

RUN_LIMIT=${GEOCACHE_TEST_RUN_LIMIT:-2700}
EXIT_GRACE=${GEOCACHE_TEST_EXIT_GRACE:-120}
SWIFT=${SWIFT:-swift}

results_dir=$(mktemp -d "${TMPDIR:-/tmp}/geocache-test-results-XXXXXX")
trap 'rm -rf "$results_dir"' EXIT
results="$results_dir/results.xml"
# This package's test process (not another checkout's).
tests_binary="$(pwd)/.build/.*PackageTests.xctest"
# swift test adds the library's name to the path it is given.
written="$results_dir/results-swift-testing.xml"

log="$results_dir/output.txt"
"$SWIFT" test --skip-build --xunit-output "$results" "$@" > >(tee "$log") 2>&1 &
runner=$!

# What every process under the runner is doing, and each test process's threads.
report_stuck() {
    echo "run-tests: $1" >&2
    ps -eo pid,ppid,etimes,stat,wchan:24,args --forest -ww | cut -c1-240 >&2 || true
    if command -v gdb >/dev/null; then
        for pid in $(pgrep -f "$tests_binary" || true); do
            echo "run-tests: threads of $pid" >&2
            timeout 120 gdb -p "$pid" -batch -nx -ex 'set pagination off' -ex 'thread apply all bt 30' >&2 2>&1 || true
        done
    fi
}

# Ends the runner and every test process under it.
stop_run() {
    pkill -KILL -f "$tests_binary" 2>/dev/null || true
    kill -KILL "$runner" 2>/dev/null || true
    wait "$runner" 2>/dev/null || true
}

started=$SECONDS
finished_at=""
while kill -0 "$runner" 2>/dev/null; do
    # The file's head is written at the start; its end once the last test is done.
    if [ -z "$finished_at" ] && grep -qs '</testsuites>' "$written"; then finished_at=$SECONDS; fi
    if [ -n "$finished_at" ] && [ $((SECONDS - finished_at)) -ge "$EXIT_GRACE" ]; then
        report_stuck "every test has finished, but the test process has not exited in ${EXIT_GRACE} s"
        stop_run
        if grep -q '<testsuite [^>]*errors="0"[^>]* failures="0"' "$written"; then
            echo "run-tests: FAILED: every test passed, but the test process hung on its way out (stacks above)" >&2
        else
            echo "run-tests: tests failed (see above), and the test process hung on its way out" >&2
        fi
        exit 1
    fi
    if [ $((SECONDS - started)) -ge "$RUN_LIMIT" ]; then
        report_stuck "the test run has gone on for ${RUN_LIMIT} s: a test hangs"
        stop_run
        exit 1
    fi
    sleep 2
done
wait "$runner"
status=$?
# The tee behind the runner's output ends once it has written the last of it.
wait
if [ "$status" -ne 0 ]; then
    echo "run-tests: FAILED (exit $status); the failures, again:"
    grep -a "✘" "$log" | grep -av "✘ Suite " | tail -n 60 || true
fi
exit "$status"
