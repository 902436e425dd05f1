#!/usr/bin/env bash
# payd on PostgreSQL, measured beside PostgreSQL itself in one run on one
# durable server (fsync on, a throwaway cluster on a Unix socket):
#  1. pgbench, one 600-byte INSERT per transaction, CONNECTIONS clients;
#  2. durable intent creations through POST /public/integrations/:id/intent
#     (wrk, bench/intent.lua) with one payd process, then two on the same
#     database, CONNECTIONS connections in all;
#  3. the authenticated read of bench/run.sh (GET /api/v1/payment-links/:id,
#     one worker thread) on PostgreSQL beside the same on SQLite.
# Prints each figure and the ratios.
#
#   bench/postgres.sh [DURATION_S] [CONNECTIONS]
#   PAYD_BIN=/tmp/payd-old bench/postgres.sh   # another build of payd
set -euo pipefail
cd "$(dirname "$0")/.."
json() { node scripts/json-field.mjs "$1"; }

DURATION=${1:-10}
CONNS=${2:-16}
PAYD=${PAYD_BIN:-$PWD/build/payd}  # PAYD_BIN: another build, to compare in one run
WORK=$(mktemp -d /tmp/payd-bench-pg.XXXXXX)
PG=$(mktemp -u /tmp/payd-bench-pgdata.XXXXXX)  # the postgres user must reach it
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/postgres-test-server.sh stop "$PG" || true
  rm -rf "$WORK"
}
trap cleanup EXIT

server=$(PAYD_PG_DURABLE=1 scripts/postgres-test-server.sh start "$PG")
db_url() { node -e "const u = new URL(process.argv[1]); u.pathname = '/' + process.argv[2]; console.log(u.href)" "$server" "$1"; }
psql "$server" -qXc "CREATE DATABASE pgbench_one" -c "CREATE DATABASE payd_intents" -c "CREATE DATABASE payd_reads"

# 1. PostgreSQL alone.
psql "$(db_url pgbench_one)" -qXc "CREATE TABLE one_row (id bigserial PRIMARY KEY, payload text NOT NULL)"
echo "INSERT INTO one_row(payload) VALUES (repeat('x', 600));" > "$WORK/one_row.sql"
pgbench_tps=$(pgbench -n -c "$CONNS" -j 2 -T "$DURATION" -f "$WORK/one_row.sql" "$(db_url pgbench_one)" 2>&1 |
  awk '/^tps/ {print $3; exit}')

start_payd() {  # PORT DATABASE_URL DATA_DIR [THREADS]; PIN=cpu pins it
  cat > "$WORK/payd-$1.toml" <<EOT
listen = "127.0.0.1:$1"
log_level = "warn"
${4:+threads = $4}
[limits]
public_intents_per_min = 1000000
public_reads_per_min = 1000000
[public]
# The cap on open key-less intents is a guard against spam, which this load
# is: past ~10,000 open intents it would measure the guard (each creation
# counts them), not creation.
max_open_intents = ${PAYD_BENCH_MAX_OPEN_INTENTS:-0}
EOT
  PAYD_DATABASE_URL=$2 PAYD_DATA_DIR=$3 ${PIN:+taskset -c $PIN} "$PAYD" --config "$WORK/payd-$1.toml" serve \
    2> "$WORK/payd-$1.log" &
  pids+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$1/readyz" >/dev/null && return; sleep 0.1; done
  echo "payd did not start:"; cat "$WORK/payd-$1.log"; exit 1
}
merchant() {  # DATABASE_URL DATA_DIR -> exports INTEGRATION, KEY
  local tenant
  tenant=$(PAYD_DATABASE_URL=$1 PAYD_DATA_DIR=$2 $PAYD tenant create --name Bench --json | json id)
  INTEGRATION=$(PAYD_DATABASE_URL=$1 PAYD_DATA_DIR=$2 $PAYD integration create --tenant "$tenant" --name Bench \
    --chains 31337 --tokens USDC --payout 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC \
    --origins https://shop.example --json | json id)
  KEY=$(PAYD_DATABASE_URL=$1 PAYD_DATA_DIR=$2 $PAYD key create --tenant "$tenant" --name bench \
    --scopes payments:read,payments:write --rate-limit 1000000000 --json | json key)
}
wrk_rps() {  # CONNECTIONS URL [wrk args...]
  local c=$1 url=$2
  shift 2
  local out
  out=$(${WRK_PIN:+taskset -c $WRK_PIN} wrk -t1 -c"$c" -d"${DURATION}s" "$@" "$url")
  if grep -q "Non-2xx" <<< "$out"; then echo "non-2xx answers:" >&2; echo "$out" >&2; exit 1; fi
  awk '/Requests\/sec/ {print $2}' <<< "$out"
}

# 2. Intent creations: one process, then two sharing the database.
intents_url=$(db_url payd_intents)
merchant "$intents_url" "$WORK/unused"
export PAYD_INTENT_PATH="/public/integrations/$INTEGRATION/intent"
start_payd 18090 "$intents_url" "$WORK/unused" ${INTENT_THREADS:-}
one_rps=$(wrk_rps "$CONNS" http://127.0.0.1:18090 -s bench/intent.lua)
start_payd 18091 "$intents_url" "$WORK/unused" ${INTENT_THREADS:-}
wrk_rps $((CONNS / 2)) http://127.0.0.1:18090 -s bench/intent.lua > "$WORK/a.rps" &
first=$!
PAYD_INTENT_OFFSET=500000 wrk_rps $((CONNS / 2)) http://127.0.0.1:18091 -s bench/intent.lua > "$WORK/b.rps"
wait "$first"
two_rps=$(awk '{s += $1} END {print s}' "$WORK/a.rps" "$WORK/b.rps")
for p in "${pids[@]}"; do kill "$p"; done
wait "${pids[@]}" 2>/dev/null || true
pids=()

# 3. The authenticated read, one worker thread on CPU 0, wrk on CPU 1 (the
# PostgreSQL server wherever the kernel puts it).
read_rps() {  # DATABASE_URL DATA_DIR [THREADS, default 1]
  merchant "$1" "$2"
  PIN=0 start_payd 18092 "$1" "$2" "${3:-1}"
  local link
  link=$(curl -sf -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
    -d "{\"integrationId\":\"$INTEGRATION\",\"type\":\"LINK\",\"name\":\"Bench\",\"amount\":\"25.00\",\"currency\":\"USD\"}" \
    http://127.0.0.1:18092/api/v1/payment-links | json id)
  PAYD_KEY=$KEY WRK_PIN=1 wrk_rps 64 "http://127.0.0.1:18092/api/v1/payment-links/$link" -s bench/api-key.lua
  kill "${pids[-1]}"
  wait "${pids[-1]}" 2>/dev/null || true
  unset 'pids[-1]'
}
pg_read=$(read_rps "$(db_url payd_reads)" "$WORK/unused")
pg_read8=$(read_rps "$(db_url payd_reads)" "$WORK/unused" 8)
sqlite_read=$(read_rps "" "$WORK/sqlite-data")

echo "PostgreSQL 15, durable, on one machine with payd; ${DURATION}s per run, $CONNS connections"
printf '%-58s %9s /s\n' "pgbench: one 600-byte INSERT per transaction" "$pgbench_tps"
printf '%-58s %9s /s\n' "payd, 1 process: durable intent creations" "$one_rps"
printf '%-58s %9s /s\n' "payd, 2 processes: durable intent creations" "$two_rps"
printf '%-58s %9s /s\n' "payd GET /api/v1/payment-links/:id, PostgreSQL, 1 thread" "$pg_read"
printf '%-58s %9s /s\n' "payd GET /api/v1/payment-links/:id, SQLite, 1 thread" "$sqlite_read"
printf '%-58s %9s /s\n' "the same on PostgreSQL, 8 threads (its default on 2 cores)" "$pg_read8"
awk -v a="$one_rps" -v b="$two_rps" -v p="$pgbench_tps" -v r="$pg_read" -v s="$sqlite_read" 'BEGIN {
  printf "ratio intents/pgbench: 1 process %.2f, 2 processes %.2f (goal: at least 0.8)\n", a / p, b / p
  printf "ratio read PostgreSQL/SQLite, 1 thread each: %.2f\n", r / s
}'
