#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for the tests (Debian's postgresql-15).
#   postgres-test-server.sh start DIR   initialises a cluster in DIR (which must
#                                        not exist), starts it and prints its URL
#   postgres-test-server.sh down DIR    stops the server, keeping its data
#   postgres-test-server.sh up DIR      starts it again (tests of an outage)
#   postgres-test-server.sh stop DIR    stops it and removes DIR
# It listens on a Unix socket in DIR only, so it never collides with a port.
# The server refuses to run as root: as root it runs as the `postgres` user
# the package created. Durability is off (fsync, full_page_writes): the tests
# kill payd, never the database; `bench/` asks for a durable one (PAYD_PG_DURABLE=1).
set -euo pipefail
BIN=/usr/lib/postgresql/15/bin
cmd=${1:-}
dir=${2:-}
[[ -n "$cmd" && -n "$dir" ]] || { echo "usage: $0 start|down|up|stop DIR" >&2; exit 2; }
as=()
[[ $(id -u) -eq 0 ]] && as=(runuser -u postgres --)

# PAYD_PG_DURABLE=1 keeps PostgreSQL's defaults (fsync on): for bench/.
# PAYD_PG_OPTIONS adds server options (bench/postgres.sh: pg_stat_statements).
serve() {
  local durability="-c fsync=off -c full_page_writes=off"
  [[ "${PAYD_PG_DURABLE:-}" == 1 ]] && durability=""
  "${as[@]}" "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 -o \
    "-c listen_addresses='' -k $dir/sock -c max_connections=500 $durability ${PAYD_PG_OPTIONS:-}" \
    start > /dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case "$cmd" in
  start)
    [[ ! -e "$dir" ]] || { echo "$0: $dir exists" >&2; exit 1; }
    mkdir -p "$dir/sock"
    [[ $(id -u) -eq 0 ]] && chown -R postgres:postgres "$dir"
    "${as[@]}" "$BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
      > "$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    serve
    echo "postgresql:///postgres?host=$dir/sock&user=postgres"
    ;;
  down)
    "${as[@]}" "$BIN/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop > /dev/null
    ;;
  up)
    serve
    ;;
  stop)
    if [[ -d "$dir/data" ]]; then
      "${as[@]}" "$BIN/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop > /dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|down|up|stop DIR" >&2
    exit 2
    ;;
esac
