#!/usr/bin/env bash
# Run every test, the real-container ones included. Provisions a container
# engine (scripts/provision-engine.sh) and the base image (heragent image
# bootstrap) first when they are missing, redis-server for the
# distributed batch tests (scripts/provision-redis.sh) and Chromium for the
# screenshot tests of report.html and summary.html
# (scripts/provision-chromium.sh); all four steps are no-ops when present.
#
# HERAGENT_ENGINES="podman docker" provisions each engine named (Docker
# Engine beside podman: scripts/provision-docker.sh) with the base image,
# and tells the tests their sockets (HERAGENT_PODMAN_HOST,
# HERAGENT_DOCKER_HOST): the whole suite runs on the first one, and
# TestRunAndVerifyOnEachEngine runs a fixture's `heragent run` and
# `heragent verify` on each of them.
# Extra arguments go to `go test` (e.g. -run Sandbox -v).
# With CI=true, every fuzz target then runs for a few seconds
# (scripts/fuzz.sh); plain `go test` runs only their seeds and saved inputs.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
if [ -z "${HERAGENT_ENGINES:-}" ]; then
  DOCKER_HOST="$(HERAGENT_FRESH_ENGINE=1 scripts/provision-engine.sh)"
  export DOCKER_HOST
  go run ./cmd/heragent image bootstrap --quiet
else
  first=
  for engine in $HERAGENT_ENGINES; do
    host="$(HERAGENT_FRESH_ENGINE=1 scripts/provision-engine.sh "$engine")"
    DOCKER_HOST="$host" go run ./cmd/heragent image bootstrap --quiet
    export "HERAGENT_$(printf '%s' "$engine" | tr '[:lower:]' '[:upper:]')_HOST=$host"
    first=${first:-$host}
  done
  export DOCKER_HOST="$first" HERAGENT_ENGINES
fi
scripts/provision-redis.sh
scripts/provision-chromium.sh
go test -count=1 -timeout 80m "$@" ./...
if [ "${CI:-}" = true ]; then
  scripts/fuzz.sh
fi
