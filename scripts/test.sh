#!/usr/bin/env bash
# Run every test, the real-container ones included. Provisions a container
# engine (scripts/provision-engine.sh) and the base image (heragent image
# bootstrap) first when they are missing; both steps are no-ops when present.
# Extra arguments go to `go test` (e.g. -run Sandbox -v).
set -Eeuo pipefail
cd "$(dirname "$0")/.."
DOCKER_HOST="$(scripts/provision-engine.sh)"
export DOCKER_HOST
go run ./cmd/heragent image bootstrap --quiet
go test -count=1 -timeout 80m "$@" ./...
