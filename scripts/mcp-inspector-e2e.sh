#!/usr/bin/env bash
# End-to-end check of `heragent mcp` with a client nobody here wrote: the
# MCP Inspector's CLI from npm drives the server over stdio on a copy of
# testdata/repos/c-make — list the tools, the resource templates and the
# prompt, get the plan, set the environment up, run its tests, break
# rev.c in the working tree and see the failure, revert and see them pass,
# read setup.sh as a resource. Each inspector call starts its own server
# process; the environment's image setup_environment built is found again
# by the later ones.
# Needs npm (the registry) and a container engine with the base image.
# Usage: scripts/mcp-inspector-e2e.sh   (INSPECTOR_VERSION=2.12.0 by default)
set -Eeuo pipefail
cd "$(dirname "$0")/.."
version=${INSPECTOR_VERSION:-2.12.0}
tools=${HERAGENT_INSPECTOR_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/heragent/inspector-$version}
work=$(mktemp -d)
run=mcp-inspector-$$
# The servers keep the environment's image for a next session: removed here.
trap 'status=$?; [ $status = 0 ] || tail -n 20 "$work/server.log" >&2
	HERAGENT_STATE_DIR=$work/state bin/heragent gc --run-id "$run" --checkpoints >/dev/null || true; rm -rf "$work"' EXIT
mkdir -p bin "$tools"
go build -buildvcs=auto -o bin/heragent ./cmd/heragent
[ -x "$tools/node_modules/.bin/mcp-inspector" ] ||
	npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/inspector@$version" >&2
cp -a testdata/repos/c-make "$work/c-make"
repo=$work/c-make
# The server as the inspector's config names it. The CLI waits a minute
# for an answer (it does not reset its timeout on progress), so the first
# image build, at the end of setup_environment, must fit in it.
node -e 'const [bin, work, run] = process.argv.slice(1); console.log(JSON.stringify({mcpServers: {heragent: {command: bin,
	args: ["mcp", "--run-id", run, "--allow", work, "--out-root", work + "/out", "--offline", "--cache-dir", work + "/index", "--store", work + "/graph.db"],
	env: {HERAGENT_STATE_DIR: work + "/state"}}}}))' "$PWD/bin/heragent" "$work" "$run" >"$work/mcp.json"
insp() {
	"$tools/node_modules/.bin/mcp-inspector" --cli --config "$work/mcp.json" --server heragent "$@" 2>>"$work/server.log"
}
# check JSON EXPR: EXPR (JavaScript, `r` the inspector's answer) must hold.
check() {
	local json=$1 what=$2 expr=$3
	node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8")); if (!('"$expr"')) { console.error(JSON.stringify(r).slice(0, 2000)); process.exit(1) }' <<<"$json" ||
		{ echo "FAIL: $what" >&2; exit 1; }
	echo "ok: $what"
}
tool() { local name=$1; shift; insp --method tools/call --tool-name "$name" "$@"; }

check "$(insp --method tools/list)" "six tools with input and output schemas" \
	'r.tools.length === 6 && r.tools.every(t => t.inputSchema && t.outputSchema)'
check "$(insp --method resources/templates/list)" "the exports' resource template" \
	'r.resourceTemplates[0].uriTemplate === "heragent://environments/{id}/{name}"'
check "$(insp --method prompts/get --prompt-name work_in_environment --prompt-args "repo=$repo")" "the workflow prompt" \
	'r.messages[0].content.text.includes("run_tests")'
check "$(tool get_plan --tool-arg "repo=$repo")" "get_plan: the Bash File builds with make" \
	'r.structuredContent.bash_file.includes("make")'
setup=$(tool setup_environment --tool-arg "repo=$repo" --tool-arg level=testable)
check "$setup" "setup_environment: testable, 3 tests" \
	'r.structuredContent.level === "testable" && r.structuredContent.tests.passed === 3'
env=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).structuredContent.environment_id)' <<<"$setup")
check "$(tool run_tests --tool-arg "environment_id=$env")" "run_tests: the baseline passes" \
	'r.structuredContent.passed && r.structuredContent.tests.passed === 3'
cp "$repo/rev.c" "$work/rev.c.orig"
sed -i 's|i < n / 2|i < n|' "$repo/rev.c"
check "$(tool run_tests --tool-arg "environment_id=$env")" "run_tests: the edit in the working tree fails rev(\"abc\")" \
	'!r.structuredContent.passed && r.structuredContent.failed_tests.includes("rev(\"abc\")")'
cp "$work/rev.c.orig" "$repo/rev.c"
check "$(tool run_tests --tool-arg "environment_id=$env" --tool-arg "scope=make test_rev && ./test_rev")" "run_tests with a scope: passes after the revert" \
	'r.structuredContent.passed && r.structuredContent.tests.passed === 3'
check "$(insp --method resources/read --uri "heragent://environments/$env/setup.sh")" "setup.sh as a resource" \
	'r.contents[0].text.includes("set -Eeuo pipefail")'
echo "mcp inspector e2e: all checks passed"
