#!/usr/bin/env bash
# Throw-away PostgreSQL 15 clusters (pgvector, Citus) on loopback, run as the postgres user.
# Usage:
#   cluster.sh start-single DIR PORT      # DIR/single on PORT; CREATE EXTENSION vector
#   cluster.sh start-citus  DIR BASEPORT  # DIR/coord (BASEPORT), DIR/worker1 (+1), DIR/worker2 (+2)
#   cluster.sh stop DIR                   # pg_ctl -m fast stop for every running data dir under DIR
# Can also be sourced: functions start_single / start_citus / stop_all.
# Auth is trust; connect with postgresql://postgres@127.0.0.1:PORT/postgres
# The Unix socket of each node is in its data dir (e.g. psql -h DIR/single -p PORT).
set -Eeuo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGUSER_OS=postgres

die() { echo "cluster.sh: ERROR: $*" >&2; exit 1; }
as_pg() { (cd / && runuser -u "$PGUSER_OS" -- "$@"); }

# psql_c PORT SQL : one statement per call (psql -c "a; b" would be one transaction)
psql_c() {
  as_pg "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U postgres -d postgres -At -c "$2"
}

# ensure_ext PORT NAME : CREATE EXTENSION only if missing (a Citus worker with synced
# metadata rejects even CREATE EXTENSION IF NOT EXISTS: "operation is not allowed on this node")
ensure_ext() {
  [ -n "$(psql_c "$1" "SELECT 1 FROM pg_extension WHERE extname = '$2'")" ] || psql_c "$1" "CREATE EXTENSION $2"
}

prepare_dir() {  # prepare_dir DIR -> prints absolute path; DIR owned by postgres
  [ "$(id -u)" -eq 0 ] || die "run as root (initdb/pg_ctl are run via runuser -u postgres)"
  id "$PGUSER_OS" >/dev/null 2>&1 || die "OS user $PGUSER_OS missing (apt-get install postgresql-15)"
  [ -x "$PGBIN/pg_ctl" ] || die "$PGBIN/pg_ctl not found"
  mkdir -p "$1"
  local abs; abs=$(cd "$1" && pwd)
  chown "$PGUSER_OS:$PGUSER_OS" "$abs"
  as_pg test -w "$abs" -a -x "$abs" || die "$abs is not reachable by user $PGUSER_OS (a parent dir such as /root is not traversable)"
  printf '%s\n' "$abs"
}

# start_node DATADIR PORT [extra postgres -c options...]
start_node() {
  local data=$1 port=$2; shift 2
  local opts="-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$data $*"
  [ ${#data} -lt 90 ] || die "data dir path too long for a Unix socket path: $data"
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$data"; chown "$PGUSER_OS:$PGUSER_OS" "$data"; chmod 700 "$data"
    as_pg "$PGBIN/initdb" -D "$data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$data.initdb.log" 2>&1 \
      || { cat "$data.initdb.log" >&2; die "initdb failed for $data"; }
  fi
  if as_pg "$PGBIN/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    echo "already running: $data"
  else
    as_pg "$PGBIN/pg_ctl" -D "$data" -l "$data/server.log" -o "$opts" -w -t 60 start >/dev/null \
      || { tail -20 "$data/server.log" >&2; die "could not start $data on port $port"; }
  fi
  as_pg "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30 || die "port $port not accepting connections"
}

start_single() {
  [ $# -eq 2 ] || die "usage: start-single DIR PORT"
  local dir; dir=$(prepare_dir "$1"); local port=$2
  start_node "$dir/single" "$port"
  ensure_ext "$port" vector
  echo "single node up: postgresql://postgres@127.0.0.1:$port/postgres (data $dir/single)"
}

start_citus() {
  [ $# -eq 2 ] || die "usage: start-citus DIR BASEPORT"
  local dir; dir=$(prepare_dir "$1"); local base=$2
  local c=$base w1=$((base + 1)) w2=$((base + 2))
  start_node "$dir/coord"   "$c"  -c shared_preload_libraries=citus
  start_node "$dir/worker1" "$w1" -c shared_preload_libraries=citus
  start_node "$dir/worker2" "$w2" -c shared_preload_libraries=citus
  local p
  for p in "$c" "$w1" "$w2"; do
    ensure_ext "$p" citus
    ensure_ext "$p" vector
  done
  # Each its own statement: a single multi-statement -c is one transaction.
  psql_c "$c" "SELECT citus_set_coordinator_host('127.0.0.1', $c)" >/dev/null
  psql_c "$c" "SELECT citus_add_node('127.0.0.1', $w1)" >/dev/null
  psql_c "$c" "SELECT citus_add_node('127.0.0.1', $w2)" >/dev/null
  local n; n=$(psql_c "$c" "SELECT count(*) FROM citus_get_active_worker_nodes()")
  [ "$n" -eq 2 ] || die "expected 2 active workers, coordinator reports $n"
  echo "citus up: coordinator postgresql://postgres@127.0.0.1:$c/postgres, workers $w1 $w2 (data $dir/{coord,worker1,worker2})"
}

stop_all() {
  [ $# -eq 1 ] || die "usage: stop DIR"
  [ -d "$1" ] || { echo "nothing to stop: $1 does not exist"; return 0; }
  local rc=0 f data
  while IFS= read -r f; do
    data=$(dirname "$f")
    if as_pg "$PGBIN/pg_ctl" -D "$data" status >/dev/null 2>&1; then
      as_pg "$PGBIN/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null && echo "stopped $data" \
        || { echo "cluster.sh: ERROR: failed to stop $data" >&2; rc=1; }
    fi
  done < <(find "$1" -name PG_VERSION -path '*/PG_VERSION' -not -path '*/base/*' 2>/dev/null)
  return $rc
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cmd=${1:-}; shift || true
  case "$cmd" in
    start-single) start_single "$@" ;;
    start-citus)  start_citus "$@" ;;
    stop)         stop_all "$@" ;;
    *) echo "usage: $0 {start-single DIR PORT | start-citus DIR BASEPORT | stop DIR}" >&2; exit 2 ;;
  esac
fi
