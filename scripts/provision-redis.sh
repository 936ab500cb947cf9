#!/usr/bin/env bash
# Provision redis-server for the distributed batch tests (fleet package):
# they start their own throwaway server on a free port, so only the binary
# is needed. Installs Debian's redis-server package when it is missing and
# stops the service the package may start (the tests never use it).
# Idempotent; exits non-zero with one line on stderr when it cannot.
set -Eeuo pipefail
log() { printf 'provision-redis: %s\n' "$*" >&2; }
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
[ "$(id -u)" -eq 0 ] || { log "error: redis-server is missing and installing it needs root (apt-get install redis-server)"; exit 1; }
command -v apt-get >/dev/null 2>&1 || { log "error: redis-server is missing and this is not a Debian/Ubuntu machine"; exit 1; }
log "installing redis-server from the distribution archive"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || { log "error: apt-get update failed"; exit 1; }
apt-get install -y -qq --no-install-recommends redis-server >&2 || { log "error: apt-get install redis-server failed"; exit 1; }
# The package's own service is not needed; stop it if an init system started it.
if command -v systemctl >/dev/null 2>&1; then systemctl stop redis-server >/dev/null 2>&1 || true; fi
