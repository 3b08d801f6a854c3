#!/usr/bin/env bash
# CI check of the README's demo command on a fresh clone without node_modules, as a new user runs
# it: `npm run demo` until it prints "ready", then Ctrl+C (SIGINT to its process group). Prints the
# time to "ready". (CI runs the README's other command, `npm test`, on its own fresh clone.)
# Usage: scripts/check-readme-commands.sh [repo dir]
set -euo pipefail

repo="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/monobank-readme-XXXXXX")"
demo_pid=""
cleanup() {
  if [ -n "$demo_pid" ] && kill -0 "$demo_pid" 2>/dev/null; then kill -INT -- "-$demo_pid" 2>/dev/null || true; sleep 5; kill -KILL -- "-$demo_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

git clone --quiet "$repo" "$work/clone"
cd "$work/clone"
test ! -e node_modules

# 1. npm run demo, in its own process group, until "ready".
start=$(date +%s)
setsid npm run demo >"$work/demo.log" 2>&1 &
demo_pid=$!
deadline=$((start + 900))
until grep -q "\[demo\] ready:" "$work/demo.log"; do
  if ! kill -0 "$demo_pid" 2>/dev/null; then echo "npm run demo exited before ready:"; tail -n 40 "$work/demo.log"; exit 1; fi
  if [ "$(date +%s)" -gt "$deadline" ]; then echo "npm run demo not ready within 15 minutes:"; tail -n 40 "$work/demo.log"; exit 1; fi
  sleep 2
done
ready=$(( $(date +%s) - start ))
curl -fsS -o /dev/null http://localhost:8000/ || { echo "demo storefront does not answer"; exit 1; }
kill -INT -- "-$demo_pid"
for _ in $(seq 1 30); do kill -0 "$demo_pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$demo_pid" 2>/dev/null; then echo "npm run demo did not stop on Ctrl+C"; exit 1; fi
demo_pid=""
echo "npm run demo: ready after ${ready} s on a fresh clone (dependency install included), stopped by Ctrl+C"
