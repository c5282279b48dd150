#!/usr/bin/env bash
# Brings Litestream (continuous replication of the SQLite file; docs/guide/continuous-backups.md) from the npm registry
# into .runtimes/ (ignored by git) and prints the path of its binary, so
#   "$(bash scripts/litestream.sh)" version
# runs it. The binary comes as the npm package @flydotio/litestream-<os>-<arch> (Litestream 0.3.13, a static
# executable); nothing is downloaded from anywhere else (docs/decisions/047).
set -euo pipefail
version=1.0.1 # the npm package's version; it carries Litestream v0.3.13
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=@flydotio/litestream-linux-x64 ;;
  Linux-aarch64) package=@flydotio/litestream-linux-arm64 ;;
  Darwin-arm64) package=@flydotio/litestream-darwin-arm64 ;;
  Darwin-x86_64) package=@flydotio/litestream-darwin-x64 ;;
  *) echo "litestream.sh: no Litestream package for $(uname -s) $(uname -m); install Litestream yourself" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)/.runtimes/litestream-$version"
binary="$root/node_modules/$package/litestream"
if [ ! -x "$binary" ]; then
  mkdir -p "$root"
  echo "Installing Litestream ($package@$version) from the npm registry into ${root#"$PWD/"}…" >&2
  # Its own folder and package.json, so the project's dependencies and lock file are not involved.
  (cd "$root" && echo '{"private":true}' > package.json &&
    npm install --no-audit --no-fund --no-package-lock --loglevel=error "$package@$version" >&2)
fi
echo "$binary"
