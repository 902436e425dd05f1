#!/usr/bin/env bash
# The dashboard's pages with 100,000 intents in the database (issue 18: each
# page under 100 KB as received, first render under 200 ms on this machine).
# Seeds one tenant with bench/dashboard_seed.sql, signs in through the form
# like a browser, then for every page: the bytes as received with
# Accept-Encoding: gzip, and the median over 5 runs (after one warm-up) of the
# time to first byte and the total; then the CSV export of every row, with
# payd's peak RSS (VmHWM) before and after. A page that does not exist yet
# shows its 404 and the run goes on.
#
#   bench/dashboard.sh [sqlite|postgres] [ROWS]
#   PAYD_BENCH_BIN=/path/to/other/payd bench/dashboard.sh   (a before/after)
#   PAYD_BENCH_KEEP=1 bench/dashboard.sh postgres   (leaves payd and the database
#                                                   up, to EXPLAIN a slow page)
# postgres: the same seeded SQLite database copied with `payd db copy` into a
# throwaway PostgreSQL (scripts/postgres-test-server.sh), then measured there.
set -euo pipefail
cd "$(dirname "$0")/.."
json() { node scripts/json-field.mjs "$1"; }

DB=${1:-sqlite}
ROWS=${2:-100000}
PAYD=${PAYD_BENCH_BIN:-$PWD/build/payd}
WORK=$(mktemp -d /tmp/payd-bench-dash.XXXXXX)
PG=$(mktemp -u /tmp/payd-bench-dash-pg.XXXXXX)  # the postgres user must reach it
url=""
PORT=18084
BASE=http://127.0.0.1:$PORT
EMAIL=owner@bench.example
PASSWORD='correct horse battery staple 9'
RUNS=5
pid=""
cleanup() {
  if [[ -n "${PAYD_BENCH_KEEP:-}" ]]; then
    echo "kept: payd pid $pid on $BASE, data in $WORK${url:+, database $url}"
    return
  fi
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [[ "$DB" == postgres ]] && scripts/postgres-test-server.sh stop "$PG" >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT

export PAYD_DATA_DIR=$WORK/data
tenant=$($PAYD tenant create --name Bench --json 2>>"$WORK/payd.log" | json id)
integration=$($PAYD integration create --tenant "$tenant" --name Bench --chains 31337 --tokens USDC \
  --payout 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC --origins https://shop.example --json | json id)
printf '%s\n' "$PASSWORD" | $PAYD user create --tenant "$tenant" --email "$EMAIL" --role owner \
  --password-stdin --json >/dev/null
key=$($PAYD key create --tenant "$tenant" --name bench --scopes payments:read,payments:write \
  --rate-limit 1000000 --json | json key)

cat > "$WORK/payd.toml" <<EOT
listen = "127.0.0.1:$PORT"
log_level = "warn"
EOT
start_payd() {
  "$PAYD" --config "$WORK/payd.toml" serve 2>> "$WORK/payd.log" &
  pid=$!
  for _ in $(seq 100); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf "$BASE/healthz" >/dev/null || { echo "payd did not start:"; cat "$WORK/payd.log"; exit 1; }
}
stop_payd() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# A few payment links through the API (the links page, and every 10th intent's link).
start_payd
links=()
for name in Donation 'T-shirt <b>XL</b>' 'Sticker pack'; do
  links+=("$(curl -sf -H "X-API-Key: $key" -H 'Content-Type: application/json' \
    -d "{\"integrationId\":\"$integration\",\"type\":\"LINK\",\"name\":\"$name\",\"amount\":\"25.00\",\"currency\":\"USD\"}" \
    "$BASE/api/v1/payment-links" | json id)")
done
stop_payd

now=$(($(date +%s%N) / 1000000))
t0=$(date +%s%N)
sed -e "s/@TENANT@/$tenant/g" -e "s/@INTEGRATION@/$integration/g" -e "s/@LINK@/${links[0]}/g" \
  -e "s/@NOW@/$now/g" -e "s/@ROWS@/$ROWS/g" bench/dashboard_seed.sql |
  sqlite3 -bail "$WORK/data/payd.sqlite3"
seed_ms=$((($(date +%s%N) - t0) / 1000000))
counts=$(sqlite3 "$WORK/data/payd.sqlite3" "SELECT (SELECT count(*) FROM payment_intents) || ' intents, ' ||
  (SELECT count(*) FROM payments) || ' payments, ' || (SELECT count(*) FROM events) || ' events, ' ||
  (SELECT count(*) FROM webhook_deliveries) || ' deliveries'")
echo "seeded in ${seed_ms} ms: $counts; database $(du -h "$WORK/data/payd.sqlite3" | cut -f1)"

if [[ "$DB" == postgres ]]; then
  url=$(scripts/postgres-test-server.sh start "$PG")
  t0=$(date +%s%N)
  $PAYD db copy --from "sqlite:$WORK/data" --to "$url" >/dev/null
  echo "copied to PostgreSQL in $((($(date +%s%N) - t0) / 1000000)) ms"
  echo "database_url = \"$url\"" >> "$WORK/payd.toml"
fi
start_payd
echo "payd on $DB, pid $pid; $RUNS runs per page after one warm-up"

# Sign in through the form, as a browser does (same-origin Origin header).
jar=$WORK/cookies
code=$(curl -s -o /dev/null -w '%{http_code}' -c "$jar" -H "Origin: $BASE" \
  --data-urlencode "email=$EMAIL" --data-urlencode "password=$PASSWORD" "$BASE/dashboard/sign-in")
[[ "$code" == 303 ]] || { echo "sign-in answered $code"; exit 1; }

sqlq() {
  if [[ "$DB" == postgres ]]; then
    runuser -u postgres -- psql -qAt "$url" -c "$1" 2>/dev/null || psql -qAt "$url" -c "$1"
  else sqlite3 "$WORK/data/payd.sqlite3" "$1"; fi
}
paid_id=$(sqlq "SELECT id FROM payment_intents WHERE status = 'PAID' AND exception = '' ORDER BY created_at DESC LIMIT 1 OFFSET 500")
under_id=$(sqlq "SELECT id FROM payment_intents WHERE exception = 'UNDERPAID' AND resolution IS NULL ORDER BY created_at LIMIT 1")

pages=(
  /dashboard
  /dashboard/payments
  "/dashboard/payments?status=paid"
  "/dashboard/payments?q=ord-54321"
  "/dashboard/payments?q=cust-4242"
  "/dashboard/payments?q=no-such-value"
  "/dashboard/payments?status=decision"
  "/dashboard/payments?status=paid&from=2000-01-01&to=2000-01-31"
  "/dashboard/payments/$paid_id"
  "/dashboard/payments/$under_id"
  /dashboard/links
  "/dashboard/links/${links[0]}"
  /dashboard/integrations
  /dashboard/webhooks
  /dashboard/webhooks/deliveries
  /dashboard/events
  /dashboard/audit-log
  /dashboard/settings/api-keys
  /dashboard/settings/general
  /dashboard/settings/people
)

get() {  # prints: status bytes ttfb_s total_s content-encoding
  curl -s -o /dev/null -b "$jar" -H 'Accept-Encoding: gzip' -H 'Accept: text/html' \
    -w '%{http_code} %{size_download} %{time_starttransfer} %{time_total} %header{content-encoding}\n' "$BASE$1"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ms() { awk '{ printf "%.1f", $1 * 1000 }'; }

printf '\n%-62s %6s %9s %9s %9s %9s  %s\n' page status bytes html ttfb_ms total_ms verdict
over=0
for p in "${pages[@]}"; do
  get "$p" >/dev/null  # warm-up
  out=$(for _ in $(seq $RUNS); do get "$p"; done)
  status=$(tail -1 <<< "$out" | cut -d' ' -f1)
  bytes=$(tail -1 <<< "$out" | cut -d' ' -f2)
  enc=$(tail -1 <<< "$out" | cut -d' ' -f5)
  html=$(curl -s -b "$jar" -H 'Accept: text/html' "$BASE$p" | wc -c)
  ttfb=$(cut -d' ' -f3 <<< "$out" | median | ms)
  total=$(cut -d' ' -f4 <<< "$out" | median | ms)
  verdict=ok
  if [[ "$status" == 404 ]]; then verdict="no page yet (404)"
  elif [[ "$status" != 200 ]]; then verdict="answered $status"
  elif ((bytes > 100 * 1024)) || awk -v t="$total" 'BEGIN { exit !(t > 200) }'; then verdict=OVER; over=$((over + 1))
  fi
  [[ "$status" == 200 && -z "$enc" ]] && verdict="$verdict, not compressed"
  label=${p//$paid_id/:paid_id}; label=${label//$under_id/:underpaid_id}; label=${label//${links[0]}/:link_id}
  printf '%-62s %6s %9s %9s %9s %9s  %s\n' "$label" "$status" "$bytes" "$html" "$ttfb" "$total" "$verdict"
done

hwm() { awk '/VmHWM/ { print $2 }' "/proc/$pid/status"; }
rss() { awk '/VmRSS/ { print $2 }' "/proc/$pid/status"; }
before=$(hwm)
csv=$(curl -s -b "$jar" -o "$WORK/export.csv" \
  -w '%{http_code} %{size_download} %{time_starttransfer} %{time_total}' "$BASE/dashboard/payments/export.csv")
read -r code bytes ttfb total <<< "$csv"
lines=$(($(wc -l < "$WORK/export.csv") - 1))
printf '\n%-62s %6s %9s %9s %9s %9s  %s\n' "/dashboard/payments/export.csv ($lines rows)" "$code" \
  "$bytes" - "$(ms <<< "$ttfb")" "$(ms <<< "$total")" "VmHWM ${before} -> $(hwm) kB, VmRSS now $(rss) kB"
echo
echo "budget: 102400 bytes as received, 200 ms; pages over budget: $over"
