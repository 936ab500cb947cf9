#!/usr/bin/env bash
# Quick start on a fresh machine: provision a container engine and the base
# image (both reused when present), build heragent, then take an example
# repository to the Runnable level with the rules brain and the embedded
# graph store, and verify the exported Dockerfile from scratch.
# Usage: scripts/quickstart.sh [REPO]   (default: testdata/repos/c-cmake)
set -Eeuo pipefail
cd "$(dirname "$0")/.."
repo=${1:-testdata/repos/c-cmake}
out=heragent-out/$(basename "$repo")
DOCKER_HOST="$(scripts/provision-engine.sh)"
export DOCKER_HOST
mkdir -p bin
go build -buildvcs=auto -o bin/heragent ./cmd/heragent  # the VCS revision goes into reports
bin/heragent image bootstrap --quiet
bin/heragent run "$repo" --out "$out"
bin/heragent verify "$out" --quiet
echo "== $out/report.md"
cat "$out/report.md"
