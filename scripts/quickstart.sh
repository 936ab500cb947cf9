#!/usr/bin/env bash
# Quick start on a fresh machine: provision a container engine and the base
# image (both reused when present), build heragent, check the environment,
# then set up, build, test and run an example repository in a sandbox.
# Usage: scripts/quickstart.sh [REPO]   (default: examples/hello-c)
set -Eeuo pipefail
cd "$(dirname "$0")/.."
repo=${1:-examples/hello-c}
DOCKER_HOST="$(scripts/provision-engine.sh)"
export DOCKER_HOST
mkdir -p bin
go build -o bin/heragent ./cmd/heragent
bin/heragent image bootstrap --quiet
bin/heragent doctor
echo "== building, testing and running $repo in a sandbox"
bin/heragent exec "$repo" -- 'apt-get update -qq && apt-get install -y -qq --no-install-recommends gcc libc6-dev make >/dev/null && make && make check && ./hello heragent'
