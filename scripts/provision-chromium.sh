#!/usr/bin/env bash
# Provision headless Chromium for the screenshot tests (report.html and
# summary.html are rendered and looked at: internal/screenshot). Installs
# Debian's chromium package when no chromium is on PATH.
# Idempotent; exits non-zero with one line on stderr when it cannot.
set -Eeuo pipefail
log() { printf 'provision-chromium: %s\n' "$*" >&2; }
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
[ "$(id -u)" -eq 0 ] || { log "error: chromium is missing and installing it needs root (apt-get install chromium)"; exit 1; }
command -v apt-get >/dev/null 2>&1 || { log "error: chromium is missing and this is not a Debian/Ubuntu machine"; exit 1; }
log "installing chromium from the distribution archive"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || { log "error: apt-get update failed"; exit 1; }
apt-get install -y -qq --no-install-recommends chromium >&2 || { log "error: apt-get install chromium failed"; exit 1; }
