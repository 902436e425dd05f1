#!/usr/bin/env bash
# `make run`: a local chain (anvil, state kept in .run/), the test USDC, a demo
# merchant, and payd on its embedded defaults. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
json() { node scripts/json-field.mjs "$1"; }

PAYD=build/payd
RUN=.run
RPC=http://127.0.0.1:8545
ANVIL=node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil
# anvil's well-known account #2 plays the merchant's payout wallet.
PAYOUT=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC
mkdir -p "$RUN"

rpc_up() {
  curl -s -m 1 -H 'Content-Type: application/json' \
    -d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' "$RPC" | grep -q '"0x7a69"'
}

anvil_pid=""
payd_pid=""
cleanup() {
  if [[ -n "$payd_pid" ]]; then kill "$payd_pid" 2>/dev/null || true; wait "$payd_pid" 2>/dev/null || true; fi
  if [[ -n "$anvil_pid" ]]; then kill "$anvil_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 0' INT TERM  # Ctrl-C is how one stops it: not a failure

if rpc_up; then
  echo "make run: using the chain already answering at $RPC"
else
  # One block a second, so confirmations accrue; state survives restarts.
  "$ANVIL" --host 127.0.0.1 --port 8545 --chain-id 31337 --block-time 1 --silent \
    --state "$RUN/anvil-state.json" &
  anvil_pid=$!
  for _ in $(seq 50); do rpc_up && break; sleep 0.1; done
  rpc_up || { echo "make run: anvil did not start" >&2; exit 1; }
fi
node tools/devchain/setup.mjs "$RPC" > "$RUN/chain.json"

demo="$RUN/demo.env"
if [[ -f "$demo" ]]; then
  # shellcheck disable=SC1090
  source "$demo"
  "$PAYD" integration list --tenant "$TENANT" --json >/dev/null 2>&1 || rm -f "$demo"
fi
if [[ ! -f "$demo" ]]; then
  TENANT=$("$PAYD" tenant create --name "Demo Shop" --json | json id)
  INTEGRATION=$("$PAYD" integration create --tenant "$TENANT" --name "Demo web shop" --chains 31337 \
    --tokens USDC,ETH --payout "$PAYOUT" --origins "http://localhost:3000,https://shop.example" \
    --preferred-token USDC --json | json id)
  KEY=$("$PAYD" key create --tenant "$TENANT" --name "demo server" \
    --scopes payments:read,payments:write,events:read --json | json key)
  printf 'TENANT=%s\nINTEGRATION=%s\nKEY=%s\n' "$TENANT" "$INTEGRATION" "$KEY" > "$demo"
fi
# shellcheck disable=SC1090
source "$demo"

BASE=http://127.0.0.1:8080
"$PAYD" serve &
payd_pid=$!
for _ in $(seq 100); do curl -sf -m 1 "$BASE/readyz" >/dev/null && break; sleep 0.1; done
curl -sf -m 1 "$BASE/readyz" >/dev/null || { echo "make run: payd did not become ready" >&2; exit 1; }

# The demo payment link, made once through the API and kept in demo.env.
if [[ -z "${LINK:-}" ]] || ! curl -sf -H "X-API-Key: $KEY" "$BASE/api/v1/payment-links/$LINK" >/dev/null; then
  LINK=$(curl -sf -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-link' \
    -d "{\"integrationId\":\"$INTEGRATION\",\"type\":\"LINK\",\"name\":\"Demo T-shirt\",\"description\":\"A payd demo: pay it on the local chain.\",\"amount\":\"25.00\",\"currency\":\"USD\",\"allowCustomAmount\":false}" \
    "$BASE/api/v1/payment-links" | json id)
  sed -i '/^LINK=/d' "$demo"
  echo "LINK=$LINK" >> "$demo"
fi

# The demo owner of the dashboard: a one-time link to choose a password while
# they have none; afterwards they sign in with it (a reset would end their sessions).
OWNER=owner@demo.example
if ! "$PAYD" user list --tenant "$TENANT" --json | grep -q "\"$OWNER\""; then
  "$PAYD" user create --tenant "$TENANT" --email "$OWNER" --role owner --name "Demo owner" --json >/dev/null
fi
owner_status=$("$PAYD" user list --tenant "$TENANT" --json |
  node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).find((u)=>u.email===process.argv[1]).status))' "$OWNER")
if [[ "$owner_status" == "invited" ]]; then
  DASHBOARD="$("$PAYD" user reset "$OWNER" --json | json signInUrl)
                     a one-time link: choose the password of $OWNER, then you are signed in"
else
  DASHBOARD="$BASE/dashboard   sign in as $OWNER (forgot the password? $PAYD user reset $OWNER)"
fi

cat <<EOT

payd is running on its embedded defaults (testnet, local chain 31337).

  Dashboard          $DASHBOARD

  Demo payment link  $BASE/pay/$LINK
                     open it, choose USDC or ETH, then pay the page it leads to:
                     node tools/devchain/pay.mjs $BASE/pay/pi_…   (the funded dev payer)
  API                $BASE/api/v1  and  $BASE/v1   (key below, in X-API-Key)
  API reference      $BASE/docs            (OpenAPI: $BASE/openapi.json)
  Health             $BASE/healthz  $BASE/readyz
  Public config      $BASE/public/integrations/$INTEGRATION
                     (widgets call it from an allowed origin: http://localhost:3000, https://shop.example)
  Widget and SDK     $BASE/widget.js  $BASE/sdk/payd.js   (docs/checkout.md)
  Demo tenant        $TENANT
  Demo API key       $KEY
  Local chain        $RPC  (USDC at $(node scripts/json-field.mjs usdc < "$RUN/chain.json"), payer 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 holds 1,000,000 USDC)

Try:
  curl -s -H "X-API-Key: $KEY" "$BASE/api/v1/payment-intents?limit=5"
  curl -s -H 'Origin: http://localhost:3000' $BASE/public/integrations/$INTEGRATION

Take a payment without a browser (the chain mines a block a second; 2 confirmations):
  curl -s -H 'Origin: http://localhost:3000' -H 'Content-Type: application/json' \\
    -d '{"amount_usd":"25.00","currency":"USDC","chainId":31337}' \\
    $BASE/public/integrations/$INTEGRATION/intent          # note its id and paymentUri
  node tools/devchain/pay.mjs '<paymentUri>'                # pays it from the funded payer
  curl -s -H "X-API-Key: $KEY" $BASE/api/v1/payment-intents/<id>   # PENDING, then PAID

Ctrl-C stops payd and the chain.
EOT
wait "$payd_pid"
