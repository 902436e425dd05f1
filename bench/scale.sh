#!/usr/bin/env bash
# Cost flat in the data (issue 19, P5): payd with OPEN open key-less intents
# and PAID paid intents (each with its payment and event) in the database,
# beside the same payd on the same store freshly set up, in one run:
#  - an intent creation's median latency (wrk, 4 connections, the key-less
#    cap on: [public] max_open_intents above OPEN) and its ratio (goal <= 1.2);
#  - each list endpoint's first page beside its last (goal: within 2x);
#  - the hosted intent page and the dashboard's first pages (goal: < 20 ms);
#  - payd's peak RSS (goal: <= 200 MB).
# The paid history is written by bench/scale_seed.sql into SQLite (through
# the API it would take minutes and measure the writes); the open intents are
# created through the public endpoint, so they hold their exact amounts. On
# postgres both databases are copied with `payd db copy` into a throwaway
# PostgreSQL server first.
#
#   bench/scale.sh [sqlite|postgres] [OPEN] [PAID]
set -euo pipefail
cd "$(dirname "$0")/.."
json() { node scripts/json-field.mjs "$1"; }

DB=${1:-sqlite}
OPEN=${2:-100000}
PAID=${3:-1000000}
PAYD=${PAYD_BENCH_BIN:-$PWD/build/payd}
WORK=$(mktemp -d /tmp/payd-bench-scale.XXXXXX)
PG=$(mktemp -u /tmp/payd-bench-scale-pg.XXXXXX)  # the postgres user must reach it
PORT=18085
BASE=http://127.0.0.1:$PORT
EMAIL=owner@bench.example
PASSWORD='correct horse battery staple 9'
RUNS=7
pid=""
cleanup() {
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [[ "$DB" == postgres ]] && scripts/postgres-test-server.sh stop "$PG" >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT

export PAYD_DATA_DIR=$WORK/full
tenant=$($PAYD tenant create --name Bench --json 2>>"$WORK/payd.log" | json id)
integration=$($PAYD integration create --tenant "$tenant" --name Bench --chains 31337 --tokens USDC \
  --payout 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC --origins https://shop.example --json | json id)
printf '%s\n' "$PASSWORD" | $PAYD user create --tenant "$tenant" --email "$EMAIL" --role owner \
  --password-stdin --json >/dev/null
key=$($PAYD key create --tenant "$tenant" --name bench --scopes payments:read,events:read \
  --rate-limit 1000000000 --json | json key)
cp -a "$WORK/full" "$WORK/empty"

t0=$(date +%s%N)
sed -e "s/@TENANT@/$tenant/g" -e "s/@INTEGRATION@/$integration/g" \
  -e "s/@NOW@/$(($(date +%s%N) / 1000000))/g" -e "s/@PAID@/$PAID/g" bench/scale_seed.sql |
  sqlite3 -bail "$WORK/full/payd.sqlite3"
echo "seeded $PAID paid intents, payments and events in $((($(date +%s%N) - t0) / 1000000)) ms"

store_of=()
if [[ "$DB" == postgres ]]; then
  server=$(scripts/postgres-test-server.sh start "$PG")
  db_url() { node -e "const u = new URL(process.argv[1]); u.pathname = '/' + process.argv[2]; console.log(u.href)" "$server" "$1"; }
  psql "$server" -qXc "CREATE DATABASE scale_empty" -c "CREATE DATABASE scale_full"
  for which in empty full; do
    t0=$(date +%s%N)
    $PAYD db copy --from "sqlite:$WORK/$which" --to "$(db_url "scale_$which")" >/dev/null
    echo "copied $which to PostgreSQL in $((($(date +%s%N) - t0) / 1000000)) ms"
  done
fi

start_payd() {  # $1: empty or full
  {
    echo "listen = \"127.0.0.1:$PORT\""
    echo 'log_level = "warn"'
    [[ "$DB" == postgres ]] && echo "database_url = \"$(db_url "scale_$1")\""
    printf '[limits]\npublic_intents_per_min = 1000000\n[public]\nmax_open_intents = %d\n' $((OPEN * 10))
  } > "$WORK/payd.toml"
  PAYD_DATA_DIR=$WORK/$1 "$PAYD" --config "$WORK/payd.toml" serve 2>> "$WORK/payd.log" &
  pid=$!
  for _ in $(seq 100); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf "$BASE/healthz" >/dev/null || { echo "payd did not start:"; cat "$WORK/payd.log"; exit 1; }
}
stop_payd() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }
median_ms() {  # the median total time of RUNS GETs of $1 (after one warm-up), curl args after
  local path=$1
  shift
  local code
  code=$(curl -s -o "$WORK/body" -w '%{http_code}' "$@" "$BASE$path")
  [[ "$code" == 200 ]] || { echo "GET $path answered $code: $(head -c 300 "$WORK/body")" >&2; exit 1; }
  for _ in $(seq $RUNS); do curl -s -o /dev/null -w '%{time_total}\n' "$@" "$BASE$path"; done |
    sort -g | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] * 1000 }'
}
creation_p50() {
  PAYD_INTENT_PATH="/public/integrations/$integration/intent" PAYD_INTENT_OFFSET=$1 \
    wrk -t1 -c4 -d5s --latency -s bench/intent.lua "$BASE" | awk '/ 50%/ {print $2}'
}
to_ms() { awk '{ v = $1; if (v ~ /us$/) v = v / 1000; else if (v ~ /ms$/) v = v + 0; else v = v * 1000; printf "%.2f", v }'; }

count() {  # the rows the list $1 pages through
  local table=${1//-/_}
  [[ "$1" == webhooks ]] && table=webhook_deliveries  # GET /api/v1/webhooks pages through deliveries
  if [[ "$DB" == postgres ]]; then psql "$(db_url scale_full)" -qAtXc "SELECT count(*) FROM $table"
  else sqlite3 "$WORK/full/payd.sqlite3" "SELECT count(*) FROM $table"; fi
}
declare -A fig
for which in empty full; do
  start_payd "$which"
  if [[ "$which" == full ]]; then
    node bench/create_intents.mjs "$BASE" "$integration" "$OPEN" 16
  fi
  # PostgreSQL's autovacuum would otherwise be working through the rows just
  # created (or copied) while creations are timed: measure the database at rest.
  [[ "$DB" == postgres ]] && psql "$(db_url "scale_$which")" -qXc "VACUUM (ANALYZE)"
  offset=0
  [[ "$which" == full ]] && offset=5000000
  fig[create_$which]=$(creation_p50 $offset | to_ms)
  jar=$WORK/cookies-$which
  curl -s -o /dev/null -c "$jar" -H "Origin: $BASE" --data-urlencode "email=$EMAIL" \
    --data-urlencode "password=$PASSWORD" "$BASE/dashboard/sign-in"
  if [[ "$which" == full ]]; then
    open_id=$(curl -s -H "X-API-Key: $key" "$BASE/api/v1/payment-intents?status=CREATED&limit=1" | json data.0.id)
    fig[page]=$(median_ms "/pay/$open_id" -H 'Accept: text/html')
    fig[dash]=$(median_ms /dashboard -b "$jar" -H 'Accept: text/html')
    fig[dash_payments]=$(median_ms /dashboard/payments -b "$jar" -H 'Accept: text/html')
    for list in payment-intents payments webhooks; do
      total=$(count "$list")
      fig[first_$list]=$(median_ms "/api/v1/$list?limit=100" -H "X-API-Key: $key")
      fig[last_$list]=$(median_ms "/api/v1/$list?limit=100&offset=$((total - 100))" -H "X-API-Key: $key")
    done
    fig[rss]=$(awk '/VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$pid/status")
  fi
  stop_payd
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" -v g="$2" 'BEGIN { print (r <= g ? "ok" : "OVER") }'; }
echo
echo "payd on $DB: $OPEN open key-less intents, $PAID paid intents with payments and events"
printf '%-46s %12s %12s %8s %s\n' measure "fresh" "full" ratio goal
r=$(ratio "${fig[create_full]}" "${fig[create_empty]}")
printf '%-46s %10s ms %10s ms %8s <= 1.2x %s\n' "intent creation p50, 4 connections, cap on" \
  "${fig[create_empty]}" "${fig[create_full]}" "$r" "$(verdict "$r" 1.2)"
for list in payment-intents payments webhooks; do
  r=$(ratio "${fig[last_$list]}" "${fig[first_$list]}")
  printf '%-46s %10s ms %10s ms %8s <= 2x %s\n' "GET /api/v1/$list first / last page" \
    "${fig[first_$list]}" "${fig[last_$list]}" "$r" "$(verdict "$r" 2)"
done
for p in "page:/pay/:id (an open intent)" "dash:/dashboard" "dash_payments:/dashboard/payments"; do
  printf '%-46s %12s %10s ms %8s < 20 ms %s\n' "${p#*:}" - "${fig[${p%%:*}]}" - \
    "$(awk -v t="${fig[${p%%:*}]}" 'BEGIN { print (t < 20 ? "ok" : "OVER") }')"
done
printf '%-46s %12s %10s MB %8s <= 200 MB %s\n' "payd peak RSS (VmHWM)" - "${fig[rss]}" - \
  "$(awk -v m="${fig[rss]}" 'BEGIN { print (m <= 200 ? "ok" : "OVER") }')"
