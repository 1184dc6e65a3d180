#!/usr/bin/env bash
# Builds every workspace: contracts (the api's schemas), emails (templates), backend (api, worker,
# CLIs), frontend (the SPA).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/scripts/node-env.sh"
cd "$root"
npm run build -w contracts --silent
npm run build -w emails --silent
npm run build -w backend --silent
npm run build -w frontend --silent
