// Loaded into every process node's test runner starts (`node --import` in the
// Makefile's NODE_TEST): makes stdout a blocking pipe, so that what a test file
// reports is written whole before --test-force-exit ends the process.
//
// Why: stdout to a pipe is written asynchronously once the pipe is full, and a
// forced exit drops what was still queued, cutting a report in the middle of
// one of its frames. Node 20's runner then spins for ever at 100% CPU on the
// cut frame, deaf to SIGTERM (nodejs/node#62693, fixed after Node 20's end).
// A file that failed with long errors (payd's answers quoted in full) while the
// runner was busy did exactly that in a run under ThreadSanitizer: a failure
// turned into a hang. tests/e2e/runner_stdout.test.mjs holds the case.
process.stdout._handle?.setBlocking?.(true);
