package pyramid

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// A program whose usage line makes every part optional ("Usage: qrencode
// [-o FILENAME] [OPTION]... [STRING]") and that still refused a plain run
// wants some of them: each optional part its names fill is given — an
// output option its output path, an operand its value by name (a string,
// an input file made for it) — and the parts only the documentation can
// fill (OPTION, a mode) are left out.

// outputOptRe is an option naming the output: -o, --output, --out.
var outputOptRe = regexp.MustCompile(`^(?:-o|--out(?:put)?(?:=\S*)?)$`)

// optionalUse returns the arguments for an all-optional grammar's
// fillable parts, and whether one of them is an input file to make; nil
// when none fills an operand or an output.
func optionalUse(grammar string) (args []string, input bool) {
	for _, g := range optionalRe.FindAllString(extSuffixRe.ReplaceAllString(grammar, "$1$2"), -1) {
		var w []string
		for _, f := range strings.Fields(strings.Trim(g, "[]")) {
			if f = strings.TrimSuffix(f, "..."); f != "" {
				w = append(w, f)
			}
		}
		switch {
		case len(w) == 2 && outputOptRe.MatchString(w[0]):
			args = append(args, w[0], "/tmp/heragent-out")
		case len(w) == 1 && !strings.HasPrefix(w[0], "-") && !strings.ContainsAny(w[0], "|,"):
			if v, in, ok := usageValue(w[0]); ok && v != w[0] {
				args, input = append(args, v), input || in
			}
		}
	}
	return args, input
}

// optionalCommand is c's program run with an all-optional grammar's
// fillable parts; false when nothing fills, or when c gave the program
// an operand already (xxhsum refusing a file is no call for more parts).
func optionalCommand(c Command, run, program, usage, grammar string) (Command, bool) {
	stage := c.Text[strings.LastIndex(c.Text, "|")+1:]
	if w := strings.Fields(stage); len(w) == 0 || path.Base(w[len(w)-1]) != path.Base(program) {
		return Command{}, false
	}
	args, input := optionalUse(grammar)
	if len(args) == 0 {
		return Command{}, false
	}
	if input {
		in, _ := sampleInput(path.Base(program) + "\n")
		run = fmt.Sprintf("printf '%s' > %s && %s", in, usageInput, run)
	}
	return usageCommand(c, run+" "+strings.Join(args, " "), "runs the program with the optional parts its usage names filled (it refused to run without them): "+strings.TrimSpace(usage)), true
}
