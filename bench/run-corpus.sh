#!/usr/bin/env bash
# Run heragent over the development corpus and regenerate the scoreboard.
#
#   bench/run-corpus.sh OUT [--mirror DIR] [--only SEL]... [--jobs N] [-- extra batch flags]
#
# OUT is a `heragent batch` directory: a run that is stopped resumes where
# it stopped (--resume), so the corpus can be run in slices across
# sessions (--only json-c-json-c --only 'status:error' …). --mirror DIR
# takes each https://github.com/OWNER/NAME from DIR/OWNER+NAME/repo (a
# local bare copy) when it is there, for machines that cannot reach
# GitHub; the ids, and so the scoreboard, stay the same.
# The scoreboard is written to bench/SCOREBOARD.md from every record in OUT.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 OUT [--mirror DIR] [--only SEL]... [--jobs N] [-- batch flags]" >&2; exit 2; }
out=$1; shift
mirror="" jobs=1 only=() extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --mirror) mirror=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --only) only+=(--only "$2"); shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
list=${out%/}.corpus.jsonl # beside the batch directory, which batch creates
if [ -n "$mirror" ]; then
  # https://github.com/OWNER/NAME → DIR/OWNER+NAME/repo when present.
  while IFS= read -r line; do
    url=$(sed -n 's/.*"repo": "https:\/\/github.com\/\([^"]*\)".*/\1/p' <<<"$line")
    local_copy="$mirror/${url/\//+}/repo"
    if [ -n "$url" ] && [ -d "$local_copy" ]; then
      line=${line/\"https:\/\/github.com\/$url\"/\"$local_copy\"}
    fi
    printf '%s\n' "$line"
  done < bench/corpus.jsonl > "$list"
else
  cp bench/corpus.jsonl "$list"
fi
go build -buildvcs=auto -o "$out/heragent" ./cmd/heragent
status=0
"$out/heragent" batch "$list" --out "$out" --resume --jobs "$jobs" --level runnable --timeout 15m "${only[@]}" "${extra[@]}" || status=$?
go run ./bench/scoreboard --corpus bench/corpus.jsonl --tsv ../shared/corpus/corpus.tsv "$out" > bench/SCOREBOARD.md
echo "scoreboard: bench/SCOREBOARD.md (batch exit $status)" >&2
