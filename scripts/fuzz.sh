#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (built in build-fuzz by `make build-fuzz`),
# FUZZ_JOBS at a time (default 1), each for SECONDS on its seed corpus tests/fuzz/corpus/<target>.
# New inputs go to a work directory outside the repository, never into the seeds:
#   scripts/fuzz.sh [SECONDS] [TARGET...]    (default: 25 s, every target)
#   FUZZ_WORK_DIR=dir keeps what the fuzzer learned between runs (default: a temporary
#   directory, removed afterwards). Exits non-zero when a target had a finding;
#   the input that caused it is kept as <work dir>/<target>/crash-* (or leak-, timeout-, oom-).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-25}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(json_input amount origin payment_uri rpc_decode traces client_address v1_intent_terms integration_terms dashboard_forms ecb_daily)
bin=${FUZZ_BUILD:-build-fuzz}/tests/fuzz

work=${FUZZ_WORK_DIR:-}
if [[ -z "$work" ]]; then
  work=$(mktemp -d -t payd-fuzz-XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi

declare -A max_len=([json_input]=8192 [rpc_decode]=8192 [traces]=8192 [ecb_daily]=8192)

# One target for `seconds`; prints its line of the table (and, on a finding,
# the report and where the input is kept); returns non-zero on a finding.
fuzz_one() {
  local t=$1 status=0
  mkdir -p "$work/$t"
  local log="$work/$t.log"
  "$bin/fuzz_$t" "$work/$t" "tests/fuzz/corpus/$t" \
    -max_total_time="$seconds" -max_len="${max_len[$t]:-4096}" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/$t/" >"$log" 2>&1 || status=$?
  local runs last cov ft rate
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  rate=$(sed -n 's/.* exec\/s: \([0-9]*\).*/\1/p' <<<"$last")
  if ((status != 0)); then
    {
      printf '%-12s %10s %7s %7s %8s  %s\n' "$t" "${runs:-?}" "${cov:-?}" "${ft:-?}" "${rate:-?}" FINDING
      # The property or sanitizer report, and the input that caused it.
      grep -E -A12 'PROPERTY FAILED|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error' "$log" | head -40
      grep -E '^artifact_prefix|Test unit written to' "$log" || true
      if [[ -z "${FUZZ_WORK_DIR:-}" ]]; then
        local keep
        keep=$(mktemp -d -t payd-fuzz-finding-XXXXXX)
        cp -r "$work/$t" "$log" "$keep/"
        echo "kept in $keep; reproduce with: $bin/fuzz_$t <that crash-* file>"
      fi
    } >"$work/$t.report"
    return 1
  fi
  printf '%-12s %10s %7s %7s %8s  %s\n' "$t" "${runs:-?}" "${cov:-?}" "${ft:-?}" "${rate:-?}" ok >"$work/$t.report"
}

# FUZZ_JOBS targets at a time (default 1); the table in the targets' order.
jobs=${FUZZ_JOBS:-1}
printf '%-12s %10s %7s %7s %8s  %s\n' target executions cov ft exec/s result
for t in "${targets[@]}"; do
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
  fuzz_one "$t" &
done
wait
findings=0
for t in "${targets[@]}"; do
  cat "$work/$t.report"
  if grep -q FINDING "$work/$t.report"; then findings=$((findings + 1)); fi
done
((findings == 0)) || exit 1
