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
echo "check: eslint"
npx eslint . --max-warnings 0
echo "check: tsc (every workspace)"
npm run check --workspaces --silent
echo "check: openapi (redocly lint)"
openapi_dir="$(mktemp -d)"
trap 'rm -rf "$openapi_dir"' EXIT
node --experimental-strip-types --no-warnings=ExperimentalWarning scripts/openapi-document.mjs "$openapi_dir/openapi.json"
REDOCLY_SUPPRESS_NOTIFICATIONS=true \
  npx redocly lint "$openapi_dir/openapi.json" --config redocly.yaml --lint-config error --format stylish
echo "check: ok"
