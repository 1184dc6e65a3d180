#!/usr/bin/env bash
# Checks that PostgreSQL and Redis answer on localhost, starting the machine's own if they do not.
set -uo pipefail
pg_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
redis_up() { [ "$(printf 'PING\r\n' | timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/6379; cat >&3; head -c 7 <&3' 2>/dev/null)" = "+PONG"$'\r' ]; }
if ! pg_up; then
  echo "mashrou: PostgreSQL is not answering on 127.0.0.1:5432; starting it"
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { echo "mashrou: PostgreSQL did not start; start it and retry" >&2; exit 1; }
fi
if ! redis_up; then
  echo "mashrou: Redis is not answering on 127.0.0.1:6379; starting it"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  redis_up || { echo "mashrou: Redis did not start; start it and retry" >&2; exit 1; }
fi
