package pyramid

import (
	"strings"
)

// The classifier's reasons for a Runnable command that starts one of the
// repository's programs: by the name its build or package gives it (then
// the name follows), or by a path to what the build made.
const (
	reasonProjectProgram = "runs the project's program "
	reasonBuiltProgram   = "runs a program built from the repository"
)

// documentedProgramLastResorts gives a repository that documents its uses
// the last resort a repository without them gets from synthesize: the
// program the first documented use starts (as built, or on PATH by the
// name the project gives it) asked for its version and its usage. A
// documented use may need what the sandbox lacks — a terminal UI, a file
// the reader writes (`--config my.yml`), a peer — and without this the
// run stops at Testable although the program starts (lazygit's
// `lazygit`, node_exporter's `./node_exporter --web.config.file=…`).
// Commands the pyramid already has, at any level, are not added again.
func documentedProgramLastResorts(e *env, cs []Command) []Command {
	have := map[string]bool{}
	for _, c := range cs {
		have[canonical(c)] = true
	}
	for _, c := range cs {
		prog := documentedProgram(e, c)
		if prog == "" {
			continue
		}
		why := synthWhy(c.Why, "the program a documented use starts")
		var out []Command
		for _, ask := range []struct{ flag, what string }{{"--version", "version"}, {"--help", "usage"}} {
			lr := Command{Text: prog + " " + ask.flag, Dir: c.Dir, Bucket: Entry, Synth: true, Why: why,
				Reason: "last resort: asks the program a documented use starts for its " + ask.what + " (proves it starts, not that it works)"}
			if !have[canonical(lr)] {
				out = append(out, lr)
			}
		}
		return out
	}
	return nil
}

// documentedProgram is the program c starts when c is a use the
// repository documents of one of its own programs and the program is the
// one it runs; "" otherwise.
func documentedProgram(e *env, c Command) string {
	if c.Synth || c.Bucket.Level() != Runnable || !documentedRunnable([]Command{c}) {
		return ""
	}
	if !strings.HasPrefix(c.Reason, reasonProjectProgram) && !strings.HasPrefix(c.Reason, reasonBuiltProgram) {
		return ""
	}
	// the one program the command runs, wrappers, text helpers and the
	// sample inputs written first (withInputs) set aside
	text := c.Text
	if c.Background && c.Serve != "" {
		text = c.Serve // a server probe: the command it starts (memcached's ./memcached)
	}
	av := argvs(text)
	if len(av) != 1 || len(av[0]) == 0 {
		return ""
	}
	ws := av[0]
	line := strings.Join(ws, " ")
	prog := ""
	for name, run := range e.progs { // by name on PATH, or as built: `node ./bin/uglifyjs`
		for _, p := range []string{name, run} {
			if (line == p || strings.HasPrefix(line, p+" ")) && len(p) > len(prog) {
				prog = p
			}
		}
	}
	if prog == "" && (strings.HasPrefix(ws[0], "./") || strings.HasPrefix(ws[0], "../")) {
		prog = ws[0]
	}
	return prog
}
