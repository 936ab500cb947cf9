#!/usr/bin/env bash
# Measure the overhead ratio over a fixed set of corpus repositories.
#
#   bench/run-overhead.sh OUT [--warm] [--same-as DIR] [--mirror DIR] [--jobs N]
#
# Runs heragent on each repository of bench/overhead.list into the batch
# directory OUT (through bench/run-corpus.sh: resumable, --mirror as there,
# no scoreboard written), then `heragent verify`s each run one at a time
# and prints, per repository, the run's seconds, verify's seconds (a clean
# build of the exported Dockerfile plus the proof commands), their ratio
# and the run's phase split; then the medians and the batch's throughput
# (repositories an hour at --jobs N). Nothing else should run on the
# machine meanwhile: the numbers are wall-clock times.
#
# A new OUT starts cold, as a first run on a new machine would: heragent's
# checkpoint images and build-cache volumes are removed first (what runs
# share *within* the batch — a base toolchain layer, ccache, the next
# repository's layer made while one runs (batch --prepare-ahead) — is then
# built and reused during it, which is part of what is measured). --warm
# keeps them. --same-as DIR takes the verification of an earlier batch's
# run whose exported setup.sh and Dockerfile are identical (see
# bench/overhead) instead of verifying again.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 OUT [--mirror DIR] [--jobs N]" >&2; exit 2; }
out=$1; shift
warm=""
same=()
while :; do
  case "${1:-}" in
    --warm) warm=1; shift ;;
    --same-as) same=(--same-as "$2"); shift 2 ;;
    *) break ;;
  esac
done
only=()
while read -r id; do
  case "$id" in '' | '#'*) continue ;; esac
  only+=(--only "$id")
done < bench/overhead.list
go build -o "${out%/}.heragent" ./cmd/heragent
if [ -z "$warm" ] && [ ! -d "$out" ]; then
  "${out%/}.heragent" gc --checkpoints --caches >&2
fi
bench/run-corpus.sh "$out" --scoreboard '' "${only[@]}" "$@"
go run ./bench/overhead --verify "${out%/}.heragent" "${same[@]}" "${only[@]}" "$out"
