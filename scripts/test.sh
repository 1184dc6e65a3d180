#!/usr/bin/env bash
# `npm test`: every suite — backend (jest: unit + e2e against the real PostgreSQL, Redis and an
# in-process SMTP server), frontend components (vitest) and browser journeys (Chromium).
# Prints one closing line: `tests: N passed, N failed`.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/install.sh || exit 1
source scripts/node-env.sh
bash scripts/services.sh || exit 1
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "mashrou: Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}: apt-get install -y chromium" >&2
  exit 1
fi
# How long each step took, printed at the end (CI should stay well under 15 minutes).
timings=()
step() {
  local name="$1" start=$SECONDS
  shift
  "$@"
  local rc=$?
  timings+=("$name $((SECONDS - start))s")
  return $rc
}
step build bash scripts/build.sh || { echo "tests: 0 passed, 1 failed (build)"; exit 1; }

out="$root/.test-results"
rm -rf "$out" && mkdir -p "$out"
status=0
# Two test files at a time (each has its own database, queue prefix and ports). Three took the suite
# from 189 to 164 s here, but their contention made the restart tests' timing tighter: kept at two.
backend() {
  (cd backend && node --experimental-vm-modules ../node_modules/jest/bin/jest.js --maxWorkers=2 \
    --json --outputFile="$out/backend.json")
}
components() {
  (cd frontend && npx vitest run --reporter=default --reporter=json --outputFile.json="$out/frontend.json")
}
browser() {
  (cd frontend && npx vitest run -c vitest.e2e.config.ts --reporter=default --reporter=json \
    --outputFile.json="$out/browser.json")
}
step backend backend || status=1
step components components || status=1
step browser browser || status=1
echo "tests: took ${timings[*]}"

node scripts/test-totals.mjs "$out" backend.json frontend.json browser.json || status=1
exit $status
