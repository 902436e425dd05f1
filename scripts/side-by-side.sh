#!/usr/bin/env bash
# Runs shell commands side by side, each one's output printed whole once all
# are done, in the order given; fails if any failed.
#   scripts/side-by-side.sh "COMMAND 1" "COMMAND 2" ...
set -uo pipefail
dir=$(mktemp -d -t payd-side-XXXXXX)
trap 'rm -rf "$dir"' EXIT
pids=()
for ((i = 1; i <= $#; i++)); do
  bash -c "${!i}" >"$dir/$i.log" 2>&1 &
  pids+=($!)
done
status=0
for ((i = 1; i <= $#; i++)); do
  code=0
  wait "${pids[$((i - 1))]}" || code=$?
  echo "-- ${!i}: $([[ $code == 0 ]] && echo passed || echo "FAILED (exit $code)")"
  cat "$dir/$i.log"
  ((code == 0)) || status=1
done
exit $status
