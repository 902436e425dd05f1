#!/usr/bin/env bash
# Throughput of GET /api/v1/payment-links/:id (authenticated, rate-limited,
# read from SQLite) beside nginx serving the same bytes as a static file, in
# one run on one machine. The server under test is pinned to CPU 0 with one
# worker thread; wrk runs on CPU 1. Prints both figures and their ratio.
#
#   bench/run.sh [DURATION_S] [CONNECTIONS]
#   PAYD_BENCH_PROFILE=out.data bench/run.sh   # also `perf record` payd during its run
#   PAYD_BIN=/tmp/payd-old bench/run.sh        # another build of payd
set -euo pipefail
cd "$(dirname "$0")/.."
json() { node scripts/json-field.mjs "$1"; }

DURATION=${1:-10}
CONNS=${2:-64}
PAYD=${PAYD_BIN:-$PWD/build/payd}  # PAYD_BIN: another build, to compare in one run
WORK=$(mktemp -d /tmp/payd-bench.XXXXXX)
PAYD_PORT=18080
NGINX_PORT=18081
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

export PAYD_DATA_DIR=$WORK/data
tenant=$($PAYD tenant create --name Bench --json | json id)
integration=$($PAYD integration create --tenant "$tenant" --name Bench --chains 31337 --tokens USDC \
  --payout 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC --json | json id)
export PAYD_KEY=$($PAYD key create --tenant "$tenant" --name bench --scopes payments:read,payments:write \
  --rate-limit 1000000000 --json | json key)

cat > "$WORK/payd.toml" <<EOT
listen = "127.0.0.1:$PAYD_PORT"
threads = 1
log_level = "warn"
EOT
taskset -c 0 "$PAYD" --config "$WORK/payd.toml" serve 2> "$WORK/payd.log" &
pids+=($!)
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PAYD_PORT/healthz" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$PAYD_PORT/healthz" >/dev/null || { echo "payd did not start:"; cat "$WORK/payd.log"; exit 1; }

link=$(curl -sf -H "X-API-Key: $PAYD_KEY" -H 'Content-Type: application/json' \
  -d "{\"integrationId\":\"$integration\",\"type\":\"LINK\",\"name\":\"Bench\",\"amount\":\"25.00\",\"currency\":\"USD\"}" \
  "http://127.0.0.1:$PAYD_PORT/api/v1/payment-links" | json id)
mkdir -p "$WORK/www"
curl -sf -H "X-API-Key: $PAYD_KEY" "http://127.0.0.1:$PAYD_PORT/api/v1/payment-links/$link" > "$WORK/www/link.json"

cat > "$WORK/nginx.conf" <<EOT
worker_processes 1;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/www;
    location = /link.json { default_type application/json; }
  }
}
EOT
taskset -c 0 nginx -c "$WORK/nginx.conf" -p "$WORK" &
pids+=($!)
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$NGINX_PORT/link.json" >/dev/null && break; sleep 0.1; done

run_wrk() { taskset -c 1 wrk -t1 -c"$CONNS" -d"${DURATION}s" --latency "$@"; }
rps() { awk '/Requests\/sec/ {print $2}'; }
p99() { awk '/ 99%/ {print $2}'; }

echo "body: $(wc -c < "$WORK/www/link.json") bytes; $CONNS connections, ${DURATION}s each; servers on CPU 0, wrk on CPU 1"
if [[ -n "${PAYD_BENCH_PROFILE:-}" ]]; then
  perf record -q -F 499 -g -o "$PAYD_BENCH_PROFILE" -p "${pids[0]}" -- sleep "$DURATION" &
  perf_pid=$!
fi
payd_out=$(run_wrk -s bench/api-key.lua "http://127.0.0.1:$PAYD_PORT/api/v1/payment-links/$link")
[[ -n "${perf_pid:-}" ]] && wait "$perf_pid"
nginx_out=$(run_wrk "http://127.0.0.1:$NGINX_PORT/link.json")
payd_rps=$(rps <<< "$payd_out"); nginx_rps=$(rps <<< "$nginx_out")
grep -q "Non-2xx" <<< "$payd_out" && { echo "payd answered non-2xx during the run:"; echo "$payd_out"; exit 1; }
printf '%-44s %10s req/s  p99 %s\n' "payd GET /api/v1/payment-links/:id" "$payd_rps" "$(p99 <<< "$payd_out")"
printf '%-44s %10s req/s  p99 %s\n' "nginx static file, same body" "$nginx_rps" "$(p99 <<< "$nginx_out")"
awk -v a="$payd_rps" -v b="$nginx_rps" 'BEGIN { printf "ratio payd/nginx: %.2f\n", a / b }'
