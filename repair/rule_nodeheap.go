package repair

import (
	"regexp"
	"slices"
	"strings"
)

// nodeHeap: V8 stopped a Node.js process at its default heap limit
// ("FATAL ERROR: Ineffective mark-compacts near heap limit Allocation
// failed - JavaScript heap out of memory"): mobx's jest run of every
// package, at about 2 GiB. The sandbox has more memory than that
// default; Node is given a larger old space (NODE_OPTIONS
// --max-old-space-size, joined to the NODE_OPTIONS the Bash File sets),
// as a project's own CI often does. Once.
type nodeHeap struct{}

var nodeHeapRe = regexp.MustCompile(`FATAL ERROR: .*JavaScript heap out of memory`)

// nodeHeapOption is the old space Node gets: half the sandbox's default
// memory (8 GiB), leaving the rest to the processes beside it.
const nodeHeapOption = "--max-old-space-size=4096"

func (nodeHeap) Name() string { return "node-heap" }

func (nodeHeap) Diagnose(f Failure) []Diagnosis {
	for _, l := range logLines(f.Log) {
		if nodeHeapRe.MatchString(l) {
			return []Diagnosis{{Kind: NodeHeap, Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

func (r nodeHeap) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NodeHeap || ctx.File == nil {
		return Proposal{}, false
	}
	opts, old := persistedFlags(ctx.File, "NODE_OPTIONS")
	if slices.ContainsFunc(opts, func(o string) bool { return strings.HasPrefix(o, "--max-old-space-size") }) {
		return record(d, "Node.js ran out of heap with a larger old space too: the sandbox needs more memory ("+d.Evidence+")"), true
	}
	cmd := "persist_env NODE_OPTIONS '" + strings.Join(append(opts, nodeHeapOption), " ") + "'"
	return edit(d, "Node.js stopped at its default heap limit ("+d.Evidence+"): it gets a 4 GiB old space (NODE_OPTIONS "+nodeHeapOption+")", persistEdit(old, cmd, why(r, d))), true
}
