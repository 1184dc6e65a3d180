#!/usr/bin/env bash
# `npm run up`: brings Mashrou up on this machine — installs what is needed, creates and migrates the
# database, seeds demo data, and starts the api, a worker, the web app and a local mail inbox.
# Ctrl-C stops everything it started.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/install.sh
source scripts/node-env.sh
bash scripts/services.sh
[ -f .env ] && { set -a; source .env; set +a; }

export PORT="${PORT:-3000}" WEB_PORT="${WEB_PORT:-5173}"
export INBOX_SMTP_PORT="${INBOX_SMTP_PORT:-1025}" INBOX_WEB_PORT="${INBOX_WEB_PORT:-8025}"
export SMTP_URL="${SMTP_URL:-smtp://127.0.0.1:${INBOX_SMTP_PORT}}"
export WEB_ORIGIN="${WEB_ORIGIN:-http://localhost:${WEB_PORT}}"
export VITE_API_PROXY="http://127.0.0.1:${PORT}"
# Quick retries locally, so the seeded failing job reaches "failed" in about two minutes.
export JOB_BACKOFF_MS="${JOB_BACKOFF_MS:-1000}"

echo "mashrou: building"
npm run build -w contracts --silent
npm run build -w emails --silent
npm run build -w backend --silent
echo "mashrou: migrating the database"
node backend/dist/cli/migrate.js

pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM
mkdir -p .logs
node backend/dist/dev/mail-inbox.js > .logs/inbox.log 2>&1 & pids+=($!)
node backend/dist/main.js > .logs/api.log 2>&1 & pids+=($!)
node backend/dist/worker.js > .logs/worker.log 2>&1 & pids+=($!)
(cd frontend && exec node ../node_modules/vite/bin/vite.js --port "$WEB_PORT" --strictPort) > .logs/web.log 2>&1 & pids+=($!)

for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:${PORT}/api/health/ready" >/dev/null 2>&1 && curl -fs "http://127.0.0.1:${WEB_PORT}/" >/dev/null 2>&1 && break
  sleep 1
done
node backend/dist/cli/seed.js

cat <<MSG

  Mashrou is up.
    Web app      http://localhost:${WEB_PORT}
    API          http://localhost:${PORT}/api   (health: /api/health/ready)
    API docs     http://localhost:${PORT}/api/docs
    Queue board  http://localhost:${WEB_PORT}/admin/queues   (sign in as an admin first)
    Mail inbox   http://localhost:${INBOX_WEB_PORT}
  Logs are in .logs/. Press Ctrl-C to stop.

MSG
wait -n "${pids[@]}" || true
echo "mashrou: a process stopped (see .logs/); shutting down" >&2
