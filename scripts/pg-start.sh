#!/usr/bin/env bash
# Start the machine's PostgreSQL cluster when it is installed but stopped.
set -u
command -v pg_ctlcluster >/dev/null 2>&1 || { echo "PostgreSQL n'est pas installé" >&2; exit 1; }
for v in $(ls /etc/postgresql 2>/dev/null); do
  pg_ctlcluster --skip-systemctl-redirect "$v" main start 2>/dev/null || true
done
for _ in $(seq 1 20); do
  "$(dirname "$0")/pg-ready.sh" && exit 0
  sleep 0.5
done
exit 1
