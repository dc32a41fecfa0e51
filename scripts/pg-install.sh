#!/usr/bin/env bash
# Make a PostgreSQL server answer on 127.0.0.1:5432 for the tests: start the
# machine's cluster when it is stopped, or install Debian's when there is none
# (then the postgres user gets the password the tests' URL carries, and the
# database `test`). Exit 1 when nothing answers after that.
set -u
here="$(dirname "$0")"
"$here/pg-ready.sh" && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
fresh=""
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "Installation de PostgreSQL (apt)…"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null || exit 1
  fresh=1
fi
"$here/pg-start.sh" || exit 1
if [ -n "$fresh" ]; then
  # A fresh cluster asks for a password over TCP: the one of the tests' URL.
  $sudo su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" || exit 1
  $sudo su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'test'\"" | grep -q 1 ||
    $sudo su postgres -c "createdb test" || exit 1
fi
"$here/pg-ready.sh"
