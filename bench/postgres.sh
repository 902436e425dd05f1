#!/usr/bin/env bash
# payd on PostgreSQL, measured beside PostgreSQL itself in one run on one
# durable server (fsync on, a throwaway cluster on a Unix socket):
#  1. pgbench, one 600-byte INSERT per transaction, CONNECTIONS clients;
#  2. durable intent creations through POST /public/integrations/:id/intent
#     (wrk, bench/intent.lua) with one payd process, then two on the same
#     database, CONNECTIONS connections in all;
#  3. the authenticated read of bench/run.sh (GET /api/v1/payment-links/:id,
#     one worker thread) on PostgreSQL beside the same on SQLite.
# Prints each figure and the ratios, and where the CPU went: payd's and the
# PostgreSQL server's (its backends, live or exited) per request or
# transaction, from /proc, beside what the two cores could give; and the
# server's execution time per creation, by statement (pg_stat_statements).
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

# pg_stat_statements: which of payd's statements the server's time goes to.
server=$(PAYD_PG_DURABLE=1 PAYD_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" \
  scripts/postgres-test-server.sh start "$PG")
TICK=$(getconf CLK_TCK)
# CPU ticks used so far by the PostgreSQL server: the postmaster with its
# reaped children (fields 14-17), and each live backend (14-15).
pg_ticks() {
  local pm
  pm=$(head -1 "$PG/data/postmaster.pid")
  { awk '{print $14 + $15 + $16 + $17}' "/proc/$pm/stat"
    for c in $(pgrep -P "$pm"); do awk '{print $14 + $15}' "/proc/$c/stat" 2>/dev/null || true; done
  } | awk '{s += $1} END {print s}'
}
pid_ticks() {  # PID...: their CPU ticks so far
  for p in "$@"; do awk '{print $14 + $15}' "/proc/$p/stat"; done | awk '{s += $1} END {print s + 0}'
}
cpu_before() { cpu_pg=$(pg_ticks); cpu_payd=$(pid_ticks "$@"); }
# cpu_after NAME RATE PID...: microseconds of CPU per request at RATE over the
# run, payd's (the PIDs) and the server's, kept for the summary (a file:
# read_rps runs in a subshell).
cpu_after() {
  local name=$1 rate=$2
  shift 2
  local pg payd
  pg=$(($(pg_ticks) - cpu_pg))
  payd=$(($(pid_ticks "$@") - cpu_payd))
  awk -v n="$name" -v r="$rate" -v d="$DURATION" -v t="$TICK" -v pg="$pg" -v pd="$payd" 'BEGIN {
    req = r * d; printf "%-50s payd %6.0f us  PostgreSQL %6.0f us  (cores busy: %.2f of 2)\n", n,
      pd / t / req * 1e6, pg / t / req * 1e6, (pd + pg) / t / d }' >> "$WORK/cpu.txt"
}
db_url() { node -e "const u = new URL(process.argv[1]); u.pathname = '/' + process.argv[2]; console.log(u.href)" "$server" "$1"; }
psql "$server" -qXc "CREATE DATABASE pgbench_one" -c "CREATE DATABASE payd_intents" -c "CREATE DATABASE payd_reads"

# 1. PostgreSQL alone.
psql "$(db_url pgbench_one)" -qXc "CREATE TABLE one_row (id bigserial PRIMARY KEY, payload text NOT NULL)"
echo "INSERT INTO one_row(payload) VALUES (repeat('x', 600));" > "$WORK/one_row.sql"
cpu_before
pgbench_tps=$(pgbench -n -c "$CONNS" -j 2 -T "$DURATION" -f "$WORK/one_row.sql" "$(db_url pgbench_one)" 2>&1 |
  awk '/^tps/ {print $3; exit}')
cpu_after "pgbench, a transaction" "$pgbench_tps"

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
psql "$intents_url" -qXc "CREATE EXTENSION pg_stat_statements" -c "SELECT pg_stat_statements_reset()" >/dev/null
cpu_before "${pids[@]}"
one_rps=$(wrk_rps "$CONNS" http://127.0.0.1:18090 -s bench/intent.lua)
cpu_after "intent creation, 1 process" "$one_rps" "${pids[@]}"
# The server's execution time per creation, by statement (planning and the
# protocol not included), the largest first.
psql "$intents_url" -qAtXF $'\t' -c "SELECT round((total_exec_time * 1000 / ($one_rps * $DURATION))::numeric),
    round(calls / ($one_rps * $DURATION), 2), regexp_replace(left(query, 100), '\s+', ' ', 'g')
  FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'payd_intents')
  ORDER BY total_exec_time DESC LIMIT 12" > "$WORK/statements.txt"
start_payd 18091 "$intents_url" "$WORK/unused" ${INTENT_THREADS:-}
cpu_before "${pids[@]}"
wrk_rps $((CONNS / 2)) http://127.0.0.1:18090 -s bench/intent.lua > "$WORK/a.rps" &
first=$!
PAYD_INTENT_OFFSET=500000 wrk_rps $((CONNS / 2)) http://127.0.0.1:18091 -s bench/intent.lua > "$WORK/b.rps"
wait "$first"
two_rps=$(awk '{s += $1} END {print s}' "$WORK/a.rps" "$WORK/b.rps")
cpu_after "intent creation, 2 processes" "$two_rps" "${pids[@]}"
for p in "${pids[@]}"; do kill "$p"; done
wait "${pids[@]}" 2>/dev/null || true
pids=()

# 3. The authenticated read, one worker thread on CPU 0, wrk on CPU 1 (the
# PostgreSQL server wherever the kernel puts it).
read_rps() {  # DATABASE_URL DATA_DIR THREADS NAME
  merchant "$1" "$2"
  PIN=0 start_payd 18092 "$1" "$2" "$3"
  local link
  link=$(curl -sf -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
    -d "{\"integrationId\":\"$INTEGRATION\",\"type\":\"LINK\",\"name\":\"Bench\",\"amount\":\"25.00\",\"currency\":\"USD\"}" \
    http://127.0.0.1:18092/api/v1/payment-links | json id)
  cpu_before "${pids[-1]}"
  local rps
  rps=$(PAYD_KEY=$KEY WRK_PIN=1 wrk_rps 64 "http://127.0.0.1:18092/api/v1/payment-links/$link" -s bench/api-key.lua)
  cpu_after "GET /api/v1/payment-links/:id, ${4:?}" "$rps" "${pids[-1]}"
  echo "$rps"
  kill "${pids[-1]}"
  wait "${pids[-1]}" 2>/dev/null || true
  unset 'pids[-1]'
}
pg_read=$(read_rps "$(db_url payd_reads)" "$WORK/unused" 1 "PostgreSQL, 1 thread")
pg_read8=$(read_rps "$(db_url payd_reads)" "$WORK/unused" 8 "PostgreSQL, 8 threads")
sqlite_read=$(read_rps "" "$WORK/sqlite-data" 1 "SQLite, 1 thread")

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
echo "CPU per request (or transaction), from /proc; wrk's and the kernel's interrupts not counted:"
sed 's/^/  /' "$WORK/cpu.txt"
echo "The server's execution time per intent creation (1 process), by statement:"
awk -F '\t' '{ printf "  %6s us  %5s calls  %s\n", $1, $2, $3 }' "$WORK/statements.txt"
