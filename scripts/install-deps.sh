#!/usr/bin/env bash
# Installs what payd needs to build and test, and nothing that is already there:
# Debian packages through apt, test and dev tools through `npm ci`.
# Idempotent; a second run only checks (well under a second).
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  g++ cmake ninja-build pkg-config make git ca-certificates clang-format
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsqlite3-dev libssl-dev libcrypto++-dev libsecp256k1-dev libcurl4-openssl-dev
  libspdlog-dev libfmt-dev libcli11-dev libtomlplusplus-dev
  zlib1g-dev libqrencode-dev libkainjow-mustache-dev
  libgtest-dev libgmock-dev sqlite3 curl
  libpq-dev postgresql-15
  clang-14 libfuzzer-14-dev libclang-rt-14-dev
  chromium
  nginx   # tests/e2e/deployment.test.mjs: /usr/sbin/nginx (proxy, upstream keepalive, ssl, http2)
  systemd # the same test: systemd-analyze verify of deploy/payd.service (not run as init)
  libsodium-dev       # dashboard passwords: Argon2id (crypto_pwhash)
  liboath-dev         # dashboard second factors: TOTP (RFC 6238)
  libpsl-dev publicsuffix  # allowed origins: no wildcard on a public suffix (*.com, *.github.io)
  libxml2-dev         # rates: the ECB's reference rates (XML)
  libicu-dev          # dashboard: plural rules, dates and time zones (html/localizer.h)
  libcsv-dev          # dashboard: a payout's lines uploaded as CSV (RFC 4180)
  prometheus-cpp-dev  # /metrics: prometheus-cpp's core library (registry, families, text format)
  prometheus          # tests/e2e/metrics.test.mjs: promtool check metrics / check rules / test rules
  python3-yaml # the build converts docs/openapi.yaml to the /openapi.json payd embeds
  gdb          # tests/harness: what the threads of a hung payd or anvil were doing
)
# Extra packages for `make bench` only.
if [[ "${1:-}" == "--bench" ]]; then APT_PACKAGES+=(wrk nginx-light); fi
command -v node >/dev/null && command -v npm >/dev/null || APT_PACKAGES+=(nodejs npm)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "install-deps: apt-get install ${missing[*]}"
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Medusa payment provider (plugins/medusa) has its own packages: Medusa
# itself for its types and its tests (about 90 s and 680 MB the first time).
# Only its tests need them: `install-deps.sh --plugins` (`make deps-plugins`),
# which `make test` runs while payd builds.
if [[ "${1:-}" == "--plugins" ]]; then
  plugin=plugins/medusa
  stamp=$plugin/node_modules/.payd-deps-stamp
  want=$(cat $plugin/package.json $plugin/package-lock.json | sha256sum)
  if [[ ! -f "$stamp" ]] || [[ "$(cat "$stamp")" != "$want" ]]; then
    echo "install-deps: npm ci ($plugin)"
    (cd $plugin && npm ci --no-audit --no-fund --loglevel=error)
    cat $plugin/package.json $plugin/package-lock.json | sha256sum > "$stamp"
  fi
  exit 0
fi

# npm: exactly the locked versions, reinstalled only when package.json or the
# lockfile changed since the last install (npm ci starts from an empty
# node_modules, so the stamp is written after it).
stamp=node_modules/.payd-deps-stamp
want=$(cat package.json package-lock.json | sha256sum)
if [[ ! -f "$stamp" ]] || [[ "$(cat "$stamp")" != "$want" ]]; then
  echo "install-deps: npm ci"
  # The browser tests drive Debian's chromium (above); npm never downloads one.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  cat package.json package-lock.json | sha256sum > "$stamp"
fi
