#!/usr/bin/env bash
# Provision a Docker Engine (dockerd), beside podman or alone, for the tests
# that prove heragent on both engines (scripts/test.sh with
# HERAGENT_ENGINES="podman docker"; scripts/provision-engine.sh docker
# calls this script).
#
# Order: a Docker Engine already answering at $HERAGENT_DOCKER_HOST,
# /run/heragent-docker.sock or /var/run/docker.sock is reused (a socket
# where podman answers is not one). Otherwise, on Debian/Ubuntu as root,
# Debian's docker.io is installed and dockerd started at
# unix:///run/heragent-docker.sock (its own data root, its bridge
# 172.17.0.0/16 beside podman's 10.88.0.0/16). The base image is loaded
# from podman when podman has it and this engine does not (no registry
# needed); otherwise the caller runs `heragent image bootstrap` against it.
#
# Installs the host firewall that keeps sandboxes off this host first
# (scripts/provision-firewall.sh).
#
# Prints the DOCKER_HOST of the Docker Engine on stdout; everything else
# goes to stderr. Idempotent; exits non-zero with one line on stderr when it
# cannot provide one.
set -Eeuo pipefail

SOCK=/run/heragent-docker.sock
IMAGE=${HERAGENT_TEST_IMAGE:-localhost/heragent/debian:bookworm}
log() { printf 'provision-docker: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# kind HOST: "docker" or "podman" for the engine answering at the unix
# socket HOST (/version names podman's components "Podman Engine").
kind() {
  local sock=${1#unix://} v
  [ -S "$sock" ] || return 1
  v=$(curl -fsS --max-time 5 --unix-socket "$sock" http://d/version 2>/dev/null) || return 1
  case "$v" in *'"Podman Engine"'*) echo podman ;; *) echo docker ;; esac
}

# load_image HOST: the base image onto the Docker Engine at HOST, from podman.
load_image() {
  if DOCKER_HOST=$1 docker image inspect "$IMAGE" >/dev/null 2>&1; then return 0; fi
  if command -v podman >/dev/null 2>&1 && podman image exists "$IMAGE" 2>/dev/null; then
    log "loading $IMAGE from podman"
    podman save "$IMAGE" | DOCKER_HOST=$1 docker load >&2 || die "podman save | docker load failed"
  else
    log "$IMAGE is not on this engine: run DOCKER_HOST=$1 heragent image bootstrap"
  fi
}

command -v curl >/dev/null 2>&1 || die "curl is needed to talk to the engine's socket"
# Sandboxes must not reach this host (scripts/provision-firewall.sh).
"$(dirname "$0")/provision-firewall.sh" || die "could not install the sandboxes' host firewall"
for cand in "${HERAGENT_DOCKER_HOST:-}" "unix://$SOCK" unix:///var/run/docker.sock; do
  case "$cand" in
    unix://*) if [ "$(kind "$cand" || true)" = docker ]; then
        log "Docker Engine already answering at $cand"
        command -v docker >/dev/null 2>&1 && load_image "$cand"
        echo "$cand"; exit 0
      fi ;;
  esac
done

[ "$(id -u)" -eq 0 ] || die "no Docker Engine is reachable and installing one needs root"
if ! command -v dockerd >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || die "no Docker Engine is reachable and this is not a Debian/Ubuntu machine"
  log "installing docker.io from the distribution archive"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || die "apt-get update failed"
  apt-get install -y -qq docker.io >&2 || die "apt-get install docker.io failed"
fi

log "starting dockerd at unix://$SOCK"
mkdir -p "$(dirname "$SOCK")"
setsid nohup dockerd -H "unix://$SOCK" --data-root /var/lib/docker --pidfile /run/heragent-dockerd.pid \
  >/var/log/heragent-dockerd.log 2>&1 < /dev/null &
for _ in $(seq 1 100); do
  if [ "$(kind "unix://$SOCK" || true)" = docker ]; then
    load_image "unix://$SOCK"
    echo "unix://$SOCK"; exit 0
  fi
  sleep 0.2
done
die "dockerd did not answer at unix://$SOCK (see /var/log/heragent-dockerd.log)"
