#!/usr/bin/env bash
# Idempotent setup of PostgreSQL 15 + pgvector + Citus on Debian 12 from vendored sources.
# Usage: setup.sh [VENDOR_DIR]   (default: ../shared/vendor relative to the current directory)
# Must run as root. Exits non-zero with a clear message on any failure.
set -Eeuo pipefail

die() { echo "setup.sh: ERROR: $*" >&2; exit 1; }
trap 'die "command failed (exit $?) at line $LINENO: $BASH_COMMAND"' ERR

# step NAME CMD...: run CMD, print wall-clock duration
step() {
  local name=$1; shift
  local t0=$(date +%s.%N)
  echo "==> [$name] start"
  "$@"
  local t1=$(date +%s.%N)
  awk -v n="$name" -v a="$t0" -v b="$t1" 'BEGIN{printf "==> [%s] done in %.1fs\n", n, b-a}'
}

[ "$(id -u)" -eq 0 ] || die "must run as root (apt-get, make install)"

VENDOR_DIR=${1:-../shared/vendor}
[ -d "$VENDOR_DIR" ] || die "vendor dir '$VENDOR_DIR' not found (cwd: $PWD)"
VENDOR_DIR=$(cd "$VENDOR_DIR" && pwd)
PGVECTOR_TGZ=$VENDOR_DIR/pgvector-0.8.6.tar.gz
CITUS_TGZ=$VENDOR_DIR/citus-13.2.2.tar.gz
CITUS_PATCH=$VENDOR_DIR/citus-13.2.2-pg15.20.patch
JOBS=$(nproc 2>/dev/null || echo 2)

PKGS=(postgresql-15 postgresql-server-dev-15 build-essential patch
      libzstd-dev liblz4-dev libcurl4-openssl-dev libkrb5-dev libselinux1-dev libxslt1-dev
      libpam0g-dev libreadline-dev libssl-dev)

apt_install_missing() {
  local missing=() p
  for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "all packages already installed"
    return 0
  fi
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update || die "apt-get update failed"
  apt-get install -y --no-install-recommends "${missing[@]}" || die "apt-get install failed for: ${missing[*]}"
}
step apt apt_install_missing

PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
[ -x "$PG_CONFIG" ] || die "$PG_CONFIG missing (postgresql-server-dev-15 not installed?)"
PGVER=$("$PG_CONFIG" --version)
case "$PGVER" in "PostgreSQL 15."*) ;; *) die "pg_config reports '$PGVER', expected PostgreSQL 15.x";; esac
SRVVER=$(/usr/lib/postgresql/15/bin/postgres --version)
echo "pg_config: $PGVER; server: $SRVVER"
# Headers and server must be the same minor version (extensions are built against the headers)
[ "${PGVER#PostgreSQL }" = "$(echo "$SRVVER" | sed 's/^postgres (PostgreSQL) //')" ] \
  || die "server ($SRVVER) and headers ($PGVER) minor versions differ; install matching postgresql-15/postgresql-server-dev-15"
EXTDIR=$("$PG_CONFIG" --sharedir)/extension
PKGLIBDIR=$("$PG_CONFIG" --pkglibdir)

WORK=$(mktemp -d /tmp/pgext-build.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

build_pgvector() {
  [ -f "$PGVECTOR_TGZ" ] || die "missing $PGVECTOR_TGZ"
  tar xzf "$PGVECTOR_TGZ" -C "$WORK"
  # OPTFLAGS="" : no -march=native, so the binary runs on any x86-64
  make -C "$WORK/pgvector-0.8.6" -j"$JOBS" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >"$WORK/pgvector-build.log" 2>&1 \
    || { tail -40 "$WORK/pgvector-build.log" >&2; die "pgvector build failed"; }
  make -C "$WORK/pgvector-0.8.6" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" install >"$WORK/pgvector-install.log" 2>&1 \
    || { tail -40 "$WORK/pgvector-install.log" >&2; die "pgvector install failed"; }
  [ -f "$EXTDIR/vector.control" ] && [ -f "$PKGLIBDIR/vector.so" ] || die "pgvector installed but vector.control/vector.so not found"
}

build_citus() {
  [ -f "$CITUS_TGZ" ] || die "missing $CITUS_TGZ"
  tar xzf "$CITUS_TGZ" -C "$WORK"
  local src=$WORK/citus-13.2.2
  # PostgreSQL >= 15.20 exports have_createdb_privilege(); Citus 13.2.2 then fails with
  # "static declaration of 'have_createdb_privilege' follows non-static declaration".
  if grep -q 'extern bool have_createdb_privilege' "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h" 2>/dev/null; then
    [ -f "$CITUS_PATCH" ] || die "server headers export have_createdb_privilege but $CITUS_PATCH is missing"
    echo "applying $(basename "$CITUS_PATCH")"
    (cd "$src" && patch -p1 --forward < "$CITUS_PATCH") || die "citus patch failed to apply"
  else
    echo "headers do not export have_createdb_privilege; building citus unpatched"
  fi
  (cd "$src" && ./configure PG_CONFIG="$PG_CONFIG") >"$WORK/citus-configure.log" 2>&1 \
    || { tail -40 "$WORK/citus-configure.log" >&2; die "citus configure failed"; }
  make -C "$src" -j"$JOBS" >"$WORK/citus-build.log" 2>&1 \
    || { grep -m20 -E 'error' "$WORK/citus-build.log" >&2; tail -20 "$WORK/citus-build.log" >&2; die "citus build failed"; }
  make -C "$src" install >"$WORK/citus-install.log" 2>&1 \
    || { tail -40 "$WORK/citus-install.log" >&2; die "citus install failed"; }
  [ -f "$EXTDIR/citus.control" ] && [ -f "$PKGLIBDIR/citus.so" ] || die "citus installed but citus.control/citus.so not found"
}

if [ -f "$EXTDIR/vector.control" ]; then
  echo "==> [pgvector] already installed ($EXTDIR/vector.control), skipping"
else
  step pgvector build_pgvector
fi

if [ -f "$EXTDIR/citus.control" ]; then
  echo "==> [citus] already installed ($EXTDIR/citus.control), skipping"
else
  step citus build_citus
fi

echo "OK: $SRVVER; vector $(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$EXTDIR/vector.control"), citus $(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$EXTDIR/citus.control")"
