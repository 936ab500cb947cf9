#!/usr/bin/env bash
# Provision a Docker-compatible container engine when none is reachable.
#
# Order: an engine already answering at $DOCKER_HOST, Docker's socket, or
# podman's socket is reused as is. Otherwise, on Debian/Ubuntu as root, podman
# (with runc) is installed from the distribution's archive and its Docker
# Engine API service is started at unix:///run/podman/podman.sock.
#
# With an argument it provides that engine: `provision-engine.sh podman`
# skips Docker's socket and $DOCKER_HOST (podman's socket, else podman
# installed as above); `provision-engine.sh docker` is
# scripts/provision-docker.sh (Docker Engine beside podman). scripts/test.sh
# calls it once per engine of HERAGENT_ENGINES.
#
# Both also install the host firewall that keeps sandboxes off this host
# (scripts/provision-firewall.sh).
#
# Prints the DOCKER_HOST to use on stdout, so callers can do:
#   export DOCKER_HOST="$(scripts/provision-engine.sh)"
# Everything else goes to stderr. Idempotent; exits non-zero with one line
# on stderr when it cannot provide an engine.
set -Eeuo pipefail

PODMAN_SOCK=/run/podman/podman.sock
log() { printf 'provision-engine: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

want=${1:-}
case "$want" in
  "" | podman) ;;
  docker) exec "$(dirname "$0")/provision-docker.sh" ;;
  *) die "unknown engine '$want' (podman or docker)" ;;
esac

# Sandboxes must not reach this host (scripts/provision-firewall.sh).
"$(dirname "$0")/provision-firewall.sh" || die "could not install the sandboxes' host firewall"

# ping HOST: true when an Engine API answers /_ping at the unix socket HOST.
ping() {
  local sock=${1#unix://}
  [ -S "$sock" ] || return 1
  if command -v curl >/dev/null 2>&1; then
    curl -fsS --max-time 5 --unix-socket "$sock" http://d/_ping >/dev/null 2>&1
  else
    # No curl: a bare HTTP request through bash's /dev/tcp is not possible on a
    # unix socket, so fall back to python3 when present.
    python3 - "$sock" <<'PY' >/dev/null 2>&1
import socket, sys
s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(sys.argv[1])
s.sendall(b"GET /_ping HTTP/1.0\r\nHost: d\r\n\r\n")
sys.exit(0 if b" 200 " in s.recv(256) else 1)
PY
  fi
}

# A podman API service this script started earlier is restarted when
# HERAGENT_FRESH_ENGINE=1 (scripts/test.sh sets it): podman 4.3's service
# was seen wedged after hours of heavy use ("start container: write child:
# broken pipe" through the API while the podman CLI still worked); a fresh
# service costs a second and running containers survive it (conmon).
# Not while containers run through it (a batch, a run, an MCP session
# beside the tests): a restart mid-call fails their API calls and can
# leave a container half removed.
# Unless the service is wedged: a container it cannot start fails them anyway.
busy() { command -v podman >/dev/null && [ -n "$(podman ps -q 2>/dev/null | head -n 1)" ]; }
wedged() {
  local img=localhost/heragent/debian:bookworm
  podman image exists "$img" 2>/dev/null || return 1
  ! timeout 60 podman --remote --url "unix://$PODMAN_SOCK" run --rm --pull never "$img" true >/dev/null 2>&1
}
if [ "${HERAGENT_FRESH_ENGINE:-}" = 1 ] && busy && ! wedged; then
  log "not restarting the podman API service: containers are running through it"
elif [ "${HERAGENT_FRESH_ENGINE:-}" = 1 ]; then
  for pid in $(pgrep -f "^podman system service --time=0 unix://$PODMAN_SOCK\$" || true); do
    log "restarting the podman API service this script started (pid $pid)"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
fi

cands=("${DOCKER_HOST:-}" unix:///var/run/docker.sock "unix://$PODMAN_SOCK")
if [ "$want" = podman ]; then cands=("unix://$PODMAN_SOCK"); fi
for cand in "${cands[@]}"; do
  case "$cand" in
    unix://*) if ping "$cand"; then log "engine already answering at $cand"; echo "$cand"; exit 0; fi ;;
    tcp://*|ssh://*) log "DOCKER_HOST=$cand is not a unix socket; trusting it as is"; echo "$cand"; exit 0 ;;
  esac
done

[ "$(id -u)" -eq 0 ] || die "no container engine is reachable and installing podman needs root; start Docker or podman yourself and set DOCKER_HOST"
command -v apt-get >/dev/null 2>&1 || die "no container engine is reachable and this is not a Debian/Ubuntu machine; install Docker or podman and set DOCKER_HOST"

need=()
for p in podman runc debootstrap curl; do command -v "$p" >/dev/null 2>&1 || need+=("$p"); done
if [ "${#need[@]}" -gt 0 ]; then
  log "installing ${need[*]} from the distribution archive"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || die "apt-get update failed"
  apt-get install -y -qq podman runc debootstrap curl >&2 || die "apt-get install podman runc failed"
fi

# crun fails on hosts in cgroup hybrid mode and raising rlimits may not be
# permitted inside the machine's own sandbox: pin runc and modest ulimits.
# Only write the file when it is absent or was written by this script.
conf=/etc/containers/containers.conf
if [ ! -f "$conf" ] || grep -q 'written by heragent' "$conf"; then
  mkdir -p /etc/containers
  cat > "$conf" <<'CONF'
# written by heragent scripts/provision-engine.sh
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
[engine]
runtime = "runc"
CONF
fi

# A machine restored from a snapshot keeps podman's database but not its
# lock memory (/dev/shm/libpod_lock): a container and a volume may then
# hold the same lock and every run that mounts the cache volume fails with
# "deadlock due to lock mismatch". Renumbering the locks is podman's own
# repair; it needs no podman process running, as here before the service.
if ! busy && ! podman system renumber >/dev/null 2>&1; then
  log "podman system renumber failed; starting the service anyway"
fi

mkdir -p "$(dirname "$PODMAN_SOCK")"
log "starting podman's Docker-compatible API service at unix://$PODMAN_SOCK"
# In the net_cls cgroup the firewall keeps off the host (its image builds'
# RUN steps inherit it: scripts/provision-firewall.sh).
builds=/sys/fs/cgroup/net_cls/heragent-builds/cgroup.procs
setsid nohup sh -c '[ -w "$0" ] && echo $$ > "$0"; exec podman system service --time=0 "$1"' "$builds" "unix://$PODMAN_SOCK" >/var/log/heragent-podman.log 2>&1 < /dev/null &
for _ in $(seq 1 50); do
  if ping "unix://$PODMAN_SOCK"; then echo "unix://$PODMAN_SOCK"; exit 0; fi
  sleep 0.2
done
die "podman service did not answer at unix://$PODMAN_SOCK (see /var/log/heragent-podman.log)"
