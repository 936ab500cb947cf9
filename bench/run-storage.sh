#!/usr/bin/env bash
# Disk and time of a batch on an engine store of its own.
#
#   bench/run-storage.sh OUT [--tree DIR] [run-corpus.sh arguments…]
#
# Starts a second podman API service whose storage root (OUT.store) and
# socket are new, loads the base image into it from the main store, and
# runs DIR/bench/run-corpus.sh (DIR: this checkout, or another revision's
# work tree, e.g. `git worktree add /tmp/before <rev>`) over the selected
# repositories with DOCKER_HOST pointing at that service and a state
# directory of its own. Then it prints the batch's wall time and what the
# store holds: the disk it takes (du of the root, less the base image's
# own), heragent's checkpoint images and their count. The main store, its
# checkpoints and its caches are neither read nor touched, so two
# revisions are compared from the same cold start. Nothing else should
# run containers meanwhile (both services share the host's networks).
set -Eeuo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 OUT [--tree DIR] [run-corpus.sh arguments…]" >&2; exit 2; }
out=$(realpath -m "$1"); shift
tree=$PWD
if [ "${1:-}" = --tree ]; then tree=$(realpath "$2"); shift 2; fi
base=localhost/heragent/debian:bookworm
root=$out.store runroot=/run/heragent-bench-$(basename "$out") sock=/run/heragent-bench-$(basename "$out").sock
[ ! -e "$root" ] || { echo "$root exists: a store is measured from empty" >&2; exit 2; }
p() { podman --root "$root" --runroot "$runroot" "$@"; }
mkdir -p "$root" "$runroot"
podman image exists "$base" || { echo "the main store has no $base (scripts/provision-engine.sh podman)" >&2; exit 2; }
podman save "$base" | p load -q >/dev/null
empty=$(du -sx --block-size=1 "$root" | cut -f1)
p system service --time=0 "unix://$sock" &
svc=$!
trap 'kill $svc 2>/dev/null; wait $svc 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do [ -S "$sock" ] && break; sleep 0.1; done
start=$(date +%s)
status=0
(cd "$tree" && DOCKER_HOST=unix://$sock HERAGENT_STATE_DIR=$out.state bench/run-corpus.sh "$out" --scoreboard '' "$@") || status=$?
secs=$(( $(date +%s) - start ))
used=$(du -sx --block-size=1 "$root" | cut -f1)
ckpts=$(p images -a --filter label=io.heragent.kind=checkpoint --format '{{.ID}}' 2>/dev/null | sort -u | wc -l || true)
imgs=$(p images -a --format '{{.ID}}' | sort -u | wc -l)
vols=$(p volume ls --format '{{.Name}}' | wc -l)
gib() { awk -v b="$1" 'BEGIN { printf "%.2f GiB", b / 1073741824 }'; }
echo "revision: $(git -C "$tree" rev-parse --short HEAD)"
echo "batch: $(ls "$out/results/"*.json 2>/dev/null | wc -l) records in ${secs}s (run-corpus exit $status)"
echo "store: $(gib $((used - empty))) over the base image ($(gib "$used") in all), $imgs images ($ckpts heragent checkpoints), $vols volumes"
p system df 2>/dev/null || true
