#!/usr/bin/env bash
# Runs a command with Node >= 22.17 first on PATH. The machines here ship Node 20 as the system
# Node; when the Node found is older, Node 24 is fetched from the npm registry into .tools/ (never
# replacing the system one).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/node-env.sh
source "$root/scripts/node-env.sh"
exec "$@"
