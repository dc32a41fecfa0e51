#!/usr/bin/env bash
# Exit 0 when a PostgreSQL server answers on 127.0.0.1:5432.
if command -v pg_isready >/dev/null 2>&1; then
  pg_isready -q -h 127.0.0.1 -p 5432 -t 3
else
  timeout 3 bash -c 'exec 3<>/dev/tcp/127.0.0.1/5432' 2>/dev/null
fi
