#!/usr/bin/env bash
# Keep heragent's sandboxes off the host: install the nftables table in
# sandbox/hostfirewall.nft (table inet heragent). Sandboxes join the engine
# network "heragent", whose bridge is heragent-pm0 (podman) or
# heragent-dk0 (Docker Engine); the table drops every packet arriving from
# a heragent-* bridge for an address of the host (gateway, every
# interface's address, IPv4 and IPv6) but DNS to podman's bridge's own
# address (aardvark-dns) and replies, and every packet forwarded from one to a host-published
# port. It matches no other interface and changes none of the engines'
# own rules: containers on their default networks are unaffected.
#
# scripts/provision-engine.sh and scripts/provision-docker.sh call it; a
# `heragent run` as root on the engine's host loads the same rules again
# (the file is embedded), and its report says when it could not.
# Idempotent (the table is replaced atomically). Not root: a warning, exit
# 0 (heragent then reports the sandboxes as not isolated).
set -Eeuo pipefail

RULES="$(cd "$(dirname "$0")/.." && pwd)/sandbox/hostfirewall.nft"
log() { printf 'provision-firewall: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  log "warning: not root: the sandboxes' host firewall ($RULES) is not installed; run this script as root on the engine's host"
  exit 0
fi
if ! command -v nft >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || die "nft is missing and this is not a Debian/Ubuntu machine: install nftables, then run this script again"
  log "installing nftables from the distribution archive"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq nftables >&2 || { apt-get update -qq >&2 && apt-get install -y -qq nftables >&2; } || die "apt-get install nftables failed"
fi
# Sandbox-to-sandbox packets cross a bridge without routing: the rules see
# them only when br_netfilter hands bridged packets to the forward hook
# (Docker Engine turns this on as well).
modprobe br_netfilter 2>/dev/null || true
for f in /proc/sys/net/bridge/bridge-nf-call-iptables /proc/sys/net/bridge/bridge-nf-call-ip6tables; do
  [ -e "$f" ] && echo 1 >"$f" 2>/dev/null || true
done
[ "$(cat /proc/sys/net/bridge/bridge-nf-call-iptables 2>/dev/null)" = 1 ] ||
  log "warning: br_netfilter is off (no /proc/sys/net/bridge/bridge-nf-call-iptables = 1): sandboxes can still reach each other, not the host"
nft -f "$RULES" || die "nft -f $RULES failed"
nft list table inet heragent >/dev/null || die "table inet heragent missing after loading it"
log "sandboxes on heragent-* bridges cannot connect to this host or to each other (nft table inet heragent)"

# Image builds: podman's API service runs a build's RUN steps in the
# host's own network namespace (buildah's chroot isolation), whatever
# network the build asks for. The service runs in the net_cls cgroup
# heragent-builds (class 0x00480001), which its RUN steps inherit, and the
# table's output chain drops what that class sends to the host (DNS
# aside). scripts/provision-engine.sh starts the service there; a running
# one is moved here (heragent, as root, does the same before a build).
# Needs a cgroup v1 or hybrid host (/sys/fs/cgroup a tmpfs).
NETCLS=/sys/fs/cgroup/net_cls
if [ ! -e "$NETCLS/net_cls.classid" ] && [ "$(stat -f -c %T /sys/fs/cgroup 2>/dev/null)" = tmpfs ]; then
  mkdir -p "$NETCLS" && mount -t cgroup -o net_cls net_cls "$NETCLS" 2>/dev/null ||
    log "warning: could not mount the net_cls cgroup at $NETCLS: podman's image builds can reach this host"
fi
if [ -e "$NETCLS/net_cls.classid" ]; then
  mkdir -p "$NETCLS/heragent-builds"
  echo 0x00480001 > "$NETCLS/heragent-builds/net_cls.classid"
  for pid in $(pgrep -f "^(/usr/bin/)?podman( [^ ]+)* system service" || true); do
    echo "$pid" > "$NETCLS/heragent-builds/cgroup.procs" 2>/dev/null || true
  done
  log "podman's image builds cannot connect to this host (its API service runs in net_cls cgroup heragent-builds)"
else
  log "warning: no net_cls cgroup (a cgroup v2-only host): podman's image builds can reach this host"
fi
