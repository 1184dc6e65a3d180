#!/usr/bin/env bash
# Installs the npm packages when they are missing or older than the lockfile. Sourced by up/test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/node-env.sh"
cd "$root"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "mashrou: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
