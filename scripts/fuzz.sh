#!/usr/bin/env bash
# Run every native Go fuzz target for a few seconds, one at a time:
# scripts/fuzz.sh [PACKAGE...] (default: every package with a Fuzz
# function; the targets are what `go test -list '^Fuzz'` names).
# FUZZTIME (default 5s) is each target's budget, FUZZ_PARALLEL (default 1)
# its workers: the machine is shared with container runs.
#
# A crasher fails the run and is written to the package's
# testdata/fuzz/<target>/: fix the parser, keep the file as a regression
# input (plain `go test` runs it, and the seeds, as ordinary tests).
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context
# deadline exceeded" when -fuzztime runs out while a worker is busy, with
# no input written (go.dev/issue/75804, fixed in Go 1.27). Such a run is
# tried once more, and then only warned about: a real failure always
# writes its input.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-5s}"
parallel="${FUZZ_PARALLEL:-1}"

if [ "$#" -gt 0 ]; then
  pkgs=("$@")
else
  mapfile -t pkgs < <(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u)
fi

# inputs lists the failing inputs a target has written so far.
inputs() { find "$1/testdata/fuzz/$2" -type f 2>/dev/null | sort; }

# fuzz_one PKG DIR TARGET: 0 passed, 1 failed, 2 the coordinator's race.
fuzz_one() {
  local pkg="$1" dir="$2" t="$3" before out
  before="$(inputs "$dir" "$t")"
  if out="$(go test "$pkg" -run '^$' -fuzz "^$t\$" -fuzztime "$fuzztime" -fuzzminimizetime 2s -parallel "$parallel" 2>&1)"; then
    return 0
  fi
  printf '%s\n' "$out" | grep -v '^fuzz: elapsed' >&2
  # (bash's own match, no pipe: under pipefail a pipe into grep -q can
  # fail on its own and hide the race, as it once did in CI)
  if [ "$(inputs "$dir" "$t")" = "$before" ] && [[ $out == *"context deadline exceeded"* ]] && [[ $out != *"Failing input written"* ]]; then
    return 2
  fi
  return 1
}

failed=() flaky=() n=0
for pkg in "${pkgs[@]}"; do
  dir="$(go list -f '{{.Dir}}' "$pkg")"
  mapfile -t targets < <(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true)
  for t in "${targets[@]}"; do
    n=$((n + 1))
    echo "fuzz $pkg $t ($fuzztime)"
    rc=0
    fuzz_one "$pkg" "$dir" "$t" || rc=$?
    if [ "$rc" = 2 ]; then
      echo "fuzz: $t: context deadline exceeded without an input (go.dev/issue/75804); once more" >&2
      rc=0
      fuzz_one "$pkg" "$dir" "$t" || rc=$?
    fi
    case "$rc" in
      1) failed+=("$pkg $t") ;;
      2) flaky+=("$pkg $t") ;;
    esac
  done
done

for f in "${flaky[@]}"; do
  echo "fuzz: warning: $f: context deadline exceeded twice without an input (go.dev/issue/75804)" >&2
done
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'fuzz: FAILED %s\n' "${failed[@]}" >&2
  exit 1
fi
if [ "${#flaky[@]}" -gt 0 ]; then
  echo "fuzz: $((n - ${#flaky[@]})) of $n targets passed, ${#flaky[@]} stopped by go.dev/issue/75804 twice"
else
  echo "fuzz: $n targets passed"
fi
