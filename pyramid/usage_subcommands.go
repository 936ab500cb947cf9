package pyramid

import (
	"regexp"
	"strings"
)

// A program of subcommands asked for its help lists them: capnp's
// "Usage: capnp [<option>...] <command> [<arg>...]" then "Commands:" and
// "  id  Generate a new unique ID."; cobra's "Available Commands:",
// urfave/cli's "COMMANDS:". Its usage line only says <command>, which no
// filler fills. helpSubcommands runs the program with the listed
// subcommands that answer by themselves — their description says they
// generate, print, show or list something — the way a user trying the
// tool does: `capnp id` prints a new ID. Help, version and completion
// are not uses; a subcommand that serves or watches would not end.

var (
	// commandsHeaderRe is the heading of a help's list of subcommands.
	commandsHeaderRe = regexp.MustCompile(`(?i)^\s*(?:available |sub)?commands\s*:?\s*$`)
	// subcommandLineRe is one entry: its name (aliases after a comma)
	// and, two spaces on, its description.
	subcommandLineRe = regexp.MustCompile(`^\s{1,8}([a-z][\w-]*)(?:,\s*[\w-]+)*\s{2,}(\S.*)$`)
	// answersRe is a description of a subcommand that answers by itself.
	answersRe = regexp.MustCompile(`(?i)\b(generates?|prints?|shows?|lists?|displays?|reports?|describes?|outputs?)\b`)
	// needsInputRe is a description of a subcommand that works on what it
	// is given: capnp's "compile  Generate source code from schema files."
	needsInputRe = regexp.MustCompile(`(?i)\b(from|files?|given|input|specified)\b`)
	// notUseRe are subcommands that are no use of the program.
	notUseRe = regexp.MustCompile(`(?i)^(help|version|completions?|serve|server|daemon|start|run|watch|listen|shell|repl|login|upgrade|update|self-update|install|uninstall)$`)
	// commandPlaceholderRe is a usage grammar's subcommand placeholder.
	commandPlaceholderRe = regexp.MustCompile(`(?i)<(?:sub)?command>|\[(?:sub)?command\]|\b(?:SUB)?COMMAND\b`)
)

// maxSubcommands bounds the subcommands tried.
const maxSubcommands = 2

// helpSubcommands are the commands running run (the program as c ran it)
// with each answering subcommand output lists, when grammar (its usage
// line's arguments) asks for a subcommand; none otherwise.
func helpSubcommands(c Command, run, grammar, output string) []Command {
	if !commandPlaceholderRe.MatchString(grammar) {
		return nil
	}
	var out []Command
	in := false
	for _, l := range strings.Split(output, "\n") {
		switch {
		case commandsHeaderRe.MatchString(l):
			in = true
			continue
		case !in:
			continue
		case strings.TrimSpace(l) == "":
			continue
		}
		m := subcommandLineRe.FindStringSubmatch(l)
		if m == nil {
			in = false // the list ended
			continue
		}
		if notUseRe.MatchString(m[1]) || !answersRe.MatchString(m[2]) || needsInputRe.MatchString(m[2]) || strings.Contains(strings.ToUpper(m[2]), "DEPRECATED") {
			continue
		}
		out = append(out, usageCommand(c, run+" "+m[1], "runs a subcommand its help lists, which answers by itself: "+m[1]+" ("+strings.TrimSpace(m[2])+")"))
		if len(out) == maxSubcommands {
			break
		}
	}
	return out
}
