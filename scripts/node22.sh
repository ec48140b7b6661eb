#!/usr/bin/env bash
# Prints the bin directory of Node.js 22 LTS, fetching it first when this machine lacks it. The
# binary comes from the npm registry (node-<os>-<arch>, the package the `node` package installs),
# unpacked without running any install script, and is cached under ~/.cache/sheaf (or
# $SHEAF_CACHE_DIR). Use: PATH="$(scripts/node22.sh):$PATH" npm test
set -euo pipefail
version="${SHEAF_NODE22_VERSION:-22.23.3}"
case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "node22: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "node22: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
dir="${SHEAF_CACHE_DIR:-$HOME/.cache/sheaf}/node-v$version-$os-$arch"
if [ ! -x "$dir/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-$os-$arch@$version" >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp"/node-*.tgz -C "$tmp/unpacked"
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$tmp/unpacked/package" "$dir"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir/bin"
