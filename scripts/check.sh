#!/usr/bin/env bash
# `npm run check`: formatting (Prettier), lint with zero warnings (ESLint: typescript-eslint strict
# type-checked, React hooks, no import cycles, module and feature boundaries), the TypeScript
# compiler over every workspace, tests included, and Redocly's lint of the OpenAPI document
# (redocly.yaml). Fails on the first problem; prints what it checks.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/node-env.sh
# The shared workspaces' types (contracts, emails) are what the others import.
npm run build -w contracts --silent
npm run build -w emails --silent
echo "check: prettier"
npx prettier --check . --log-level warn
# ESLint and the compilers side by side (one core each): their output is printed in this order after.
echo "check: eslint, and tsc (every workspace)"
openapi_dir="$(mktemp -d)"
trap 'rm -rf "$openapi_dir"' EXIT
npx eslint . --max-warnings 0 >"$openapi_dir/eslint.log" 2>&1 &
eslint_pid=$!
npm run check --workspaces --silent >"$openapi_dir/tsc.log" 2>&1 &
tsc_pid=$!
eslint_status=0
tsc_status=0
wait "$eslint_pid" || eslint_status=$?
wait "$tsc_pid" || tsc_status=$?
cat "$openapi_dir/eslint.log" "$openapi_dir/tsc.log"
[ "$eslint_status" -eq 0 ] || { echo "check: eslint failed" >&2; exit 1; }
[ "$tsc_status" -eq 0 ] || { echo "check: tsc failed" >&2; exit 1; }
echo "check: openapi (redocly lint)"
node --experimental-strip-types --no-warnings=ExperimentalWarning scripts/openapi-document.mjs "$openapi_dir/openapi.json"
REDOCLY_SUPPRESS_NOTIFICATIONS=true \
  npx redocly lint "$openapi_dir/openapi.json" --config redocly.yaml --lint-config error --format stylish
echo "check: ok"
