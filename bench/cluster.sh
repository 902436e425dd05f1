#!/usr/bin/env bash
# Three payd processes behind nginx on one durable PostgreSQL, under a mixed
# load (intent creations with the API key and key-less, reads, hosted pages,
# payments on anvil, webhook deliveries) for DURATION seconds, the chain's
# leader SIGKILLed in the middle and started again: bench/cluster.mjs, on a
# throwaway PostgreSQL of its own. Exits non-zero if a check fails.
#
#   bench/cluster.sh [--duration 300] [--kill-at S] [--down 15] [--seed 1]
#   PAYD_BIN=/tmp/payd-old bench/cluster.sh   # another build of payd
set -euo pipefail
cd "$(dirname "$0")/.."
PG=$(mktemp -u /tmp/payd-bench-cluster-pg.XXXXXX)  # the postgres user must reach it
trap 'scripts/postgres-test-server.sh stop "$PG" || true' EXIT
server=$(PAYD_PG_DURABLE=1 scripts/postgres-test-server.sh start "$PG")
psql "$server" -qXc "CREATE DATABASE payd_cluster"
PAYD_CLUSTER_DATABASE_URL=${server/\/postgres\?//payd_cluster?} node bench/cluster.mjs "$@"
