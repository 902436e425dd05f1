#!/usr/bin/env bash
# Durable payment-intent creations per second through the real endpoint
# (origin check, validation, exact-amount reservation, intent + event rows,
# synchronous=FULL commit), beside raw one-row-per-commit SQLite on the same
# disk in the same run.
#
#   bench/intents.sh [DURATION_S] [CONNECTIONS]
#   PAYD_BENCH_BIN=/path/to/other/payd bench/intents.sh   (another binary, for a before/after)
set -euo pipefail
cd "$(dirname "$0")/.."
json() { node scripts/json-field.mjs "$1"; }

DURATION=${1:-10}
CONNS=${2:-16}
PAYD=${PAYD_BENCH_BIN:-$PWD/build/payd}
WORK=$(mktemp -d /tmp/payd-bench.XXXXXX)
PORT=18082
pid=""
cleanup() { [[ -n "$pid" ]] && kill "$pid" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

export PAYD_DATA_DIR=$WORK/data
tenant=$($PAYD tenant create --name Bench --json | json id)
integration=$($PAYD integration create --tenant "$tenant" --name Bench --chains 31337 --tokens USDC \
  --payout 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC --origins https://shop.example --json | json id)
cat > "$WORK/payd.toml" <<EOT
listen = "127.0.0.1:$PORT"
log_level = "warn"
[limits]
public_intents_per_min = 1000000
# The creations outnumber the key-less cap's default (10,000 open intents per
# integration), which would answer 429 to the rest: this measures the writes.
[public]
max_open_intents = 100000000
EOT
# No chain is needed to create intents; the watcher just retries in the background.
"$PAYD" --config "$WORK/payd.toml" serve 2> "$WORK/payd.log" &
pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "payd did not start:"; cat "$WORK/payd.log"; exit 1; }

raw=$(build/payd_bench_sqlite "$WORK" 5)
export PAYD_INTENT_PATH="/public/integrations/$integration/intent"
# Where the time goes when the flush is cheap: payd's CPU per creation and
# how busy the machine's cores were (from /proc; wrk shares them).
payd_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
cpu_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8}' /proc/stat; }
ticks_before=$(payd_ticks)
read -r busy_before all_before < <(cpu_ticks)
out=$(wrk -t2 -c"$CONNS" -d"${DURATION}s" --latency -s bench/intent.lua "http://127.0.0.1:$PORT")
ticks_after=$(payd_ticks)
read -r busy_after all_after < <(cpu_ticks)
grep -q "Non-2xx" <<< "$out" && { echo "payd answered non-2xx:"; echo "$out"; tail "$WORK/payd.log"; exit 1; }
rps=$(awk '/Requests\/sec/ {print $2}' <<< "$out")
p99=$(awk '/ 99%/ {print $2}' <<< "$out")
printf '%-52s %8s /s  p99 %s\n' "payd POST .../intent (durable, $CONNS connections)" "$rps" "$p99"
printf '%-52s %8s /s\n' "raw SQLite, one 600-byte row per commit, FULL" "$raw"
awk -v a="$rps" -v b="$raw" 'BEGIN { printf "ratio payd/raw: %.2f\n", a / b }'
awk -v t="$((ticks_after - ticks_before))" -v hz="$(getconf CLK_TCK)" -v rps="$rps" -v d="$DURATION" \
  -v busy="$((busy_after - busy_before))" -v all="$((all_after - all_before))" -v cores="$(nproc)" \
  'BEGIN { printf "payd CPU per creation: %.0f us; cores busy: %.2f of %d\n", t / hz / (rps * d) * 1e6, busy / all * cores, cores }'
