#!/usr/bin/env bash
# Run heragent over the development corpus and regenerate the scoreboard.
#
#   bench/run-corpus.sh OUT [--mirror DIR] [--list FILE] [--only SEL]... [--jobs N] [--records DIR] [--scoreboard FILE] [-- extra batch flags]
#
# OUT is a `heragent batch` directory: a run that is stopped resumes where
# it stopped (--resume), so the corpus can be run in slices across
# sessions (--only json-c-json-c --only 'status:error' …). --mirror DIR
# takes each https://github.com/OWNER/NAME from DIR/OWNER+NAME/repo (a
# local bare copy) when it is there, for machines that cannot reach
# GitHub: it is checked out at the listed revision with the git CLI into
# OUT.checkouts/ID (such copies may lack history or large files; when
# git refuses one, its tree is extracted without .git), and the run gets that directory; the
# ids, and so the scoreboard, stay the same.
# The scoreboard is written to bench/SCOREBOARD.md (--scoreboard FILE;
# '' for none) from every record in OUT. --list FILE runs another list of
# the same form (e.g. repositories outside the corpus) through the same
# mirror and batch; its scoreboard is only written when --scoreboard names a file.
# --records DIR keeps the corpus's records across machines (bench/records
# is the committed one): DIR is shaped like a batch directory (results/ID.json,
# repos/ID/report.json, no logs). Without --only, only the
# repositories DIR has no record of run; after the batch, OUT's records
# replace DIR's, and the scoreboard is written from DIR — so a pass too long
# for one session is finished by the next, on another machine.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 OUT [--mirror DIR] [--only SEL]... [--jobs N] [--scoreboard FILE] [-- batch flags]" >&2; exit 2; }
out=$1; shift
mirror="" jobs=1 only=() extra=() scoreboard=bench/SCOREBOARD.md corpus=bench/corpus.jsonl records=""
while [ $# -gt 0 ]; do
  case "$1" in
    --mirror) mirror=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --list) corpus=$2; [ "$scoreboard" = bench/SCOREBOARD.md ] && scoreboard=""; shift 2 ;;
    --only) only+=(--only "$2"); shift 2 ;;
    --scoreboard) scoreboard=$2; shift 2 ;;
    --records) records=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
list=${out%/}.corpus.jsonl # beside the batch directory, which batch creates
# checkout BARE REV DIR: the revision (default branch when empty) of a
# local bare copy, checked out in DIR once. A snapshot that lacks some
# large blobs makes git refuse to clone it; then the tree is extracted
# blob by blob without .git (DIR/.heragent-missing lists what was absent),
# and that extraction is kept like a checkout.
checkout() {
  [ -d "$3/.git" ] || [ -f "$3/.heragent-missing" ] && return 0
  rm -rf "$3"
  if [[ "$2" =~ ^[0-9a-f]{7,40}$ ]]; then
    git clone -q "file://$1" "$3" && git -C "$3" checkout -q "$2" && return 0
  else
    git clone -q --depth 1 ${2:+--branch "$2"} "file://$1" "$3" && return 0
  fi
  rm -rf "$3"
  extract "$1" "${2:-HEAD}" "$3"
}
# extract BARE REV DIR: the files of REV that the copy holds.
extract() {
  local mode type sha path
  mkdir -p "$3" && : > "$3/.heragent-missing"
  git --git-dir="$1" ls-tree -r -z "$2" | while IFS=$' \t' read -r -d '' mode type sha path; do
    [ "$type" = blob ] || continue # submodules are fetched by the run
    if ! git --git-dir="$1" cat-file -e "$sha" 2>/dev/null; then
      printf '%s\n' "$path" >> "$3/.heragent-missing"; continue
    fi
    mkdir -p "$3/$(dirname "$path")"
    if [ "$mode" = 120000 ]; then
      ln -sfn "$(git --git-dir="$1" cat-file blob "$sha")" "$3/$path"
    else
      git --git-dir="$1" cat-file blob "$sha" > "$3/$path"
      [ "$mode" = 100755 ] && chmod +x "$3/$path"
    fi
  done
  echo "run-corpus: $3: extracted without history; $(grep -c '' "$3/.heragent-missing") files absent from the copy" >&2
}
if [ -n "$mirror" ]; then
  # https://github.com/OWNER/NAME[#REF] → a checkout of DIR/OWNER+NAME/repo.
  mkdir -p "${out%/}.checkouts"
  while IFS= read -r line; do
    url=$(sed -n 's/.*"repo": "https:\/\/github.com\/\([^"]*\)".*/\1/p' <<<"$line")
    id=$(sed -n 's/.*"id": "\([^"]*\)".*/\1/p' <<<"$line")
    ref=$(sed -n 's/.*"ref": "\([^"]*\)".*/\1/p' <<<"$line")
    bare="$mirror/${url/\//+}/repo" dir="$(cd "${out%/}.checkouts" && pwd)/$id"
    if [ -n "$url" ] && [ -d "$bare" ] && checkout "$bare" "$ref" "$dir" >&2; then
      line=${line/\"https:\/\/github.com\/$url\"/\"$dir\"}
      line=${line/, \"ref\": \"$ref\"/}
    fi
    printf '%s\n' "$line"
  done < "$corpus" > "$list"
else
  cp "$corpus" "$list"
fi
if [ -n "$records" ] && [ ${#only[@]} -eq 0 ]; then
  # only what the records lack; a record already in OUT resumes as before
  grep -v -F -f <(ls "$records/results" 2>/dev/null | sed -n 's/^\(.*\)\.json$/"id": "\1"/p') "$list" > "$list.new" || true
  mv "$list.new" "$list"
fi
bin=${out%/}.heragent
go build -buildvcs=auto -o "$bin" ./cmd/heragent
status=0
"$bin" batch "$list" --out "$out" --resume --jobs "$jobs" --level runnable --timeout 15m "${only[@]}" "${extra[@]}" || status=$?
board=$out
if [ -n "$records" ]; then
  mkdir -p "$records/results" "$records/repos"
  for r in "$out"/results/*.json; do
    [ -e "$r" ] || continue
    id=$(basename "$r" .json)
    cp "$r" "$records/results/$id.json"
    mkdir -p "$records/repos/$id"
    for f in report.json; do
      [ -f "$out/repos/$id/$f" ] && cp "$out/repos/$id/$f" "$records/repos/$id/$f"
    done
  done
  board=$records
fi
if [ -n "$scoreboard" ]; then
  go run ./bench/scoreboard --corpus "$corpus" --tsv ../shared/corpus/corpus.tsv "$board" > "$scoreboard"
  echo "scoreboard: $scoreboard (batch exit $status)" >&2
fi
