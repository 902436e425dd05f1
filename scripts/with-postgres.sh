#!/usr/bin/env bash
# Runs a command with PAYD_TEST_DATABASE_URL naming a PostgreSQL server for
# the tests: the one already named, or a throwaway PostgreSQL 15 started here
# (postgres-test-server.sh) and stopped when the command ends, however it ends.
set -euo pipefail
if [[ -n "${PAYD_TEST_DATABASE_URL:-}" ]]; then exec "$@"; fi
server="$(cd "$(dirname "$0")" && pwd)/postgres-test-server.sh"
dir=$(mktemp -u /tmp/payd-pg.XXXXXX)
trap '"$server" stop "$dir"' EXIT
url=$("$server" start "$dir")
echo "with-postgres: a throwaway PostgreSQL 15 at $url"
PAYD_TEST_DATABASE_URL=$url "$@"
