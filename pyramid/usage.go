package pyramid

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

// A program run on a made-up argument often answers with the argument
// grammar it wants: "Syntax : ./url_parser connect|get url", "usage:
// ./example compress [switches] outputfile[.jpg]". FromUsage reads that
// line and runs the program the way it says — each literal alternative
// of the first choice, every placeholder filled by its name (a URL, a
// word, a number, an input file made for it, an output path) and the
// optional parts left out. A placeholder it cannot fill by its name (a
// command, a config) makes no command: that is for the documentation.

// usageLineRe is the usage line: "Usage: prog args", "usage : prog args",
// "Syntax : prog args".
var usageLineRe = regexp.MustCompile(`(?im)^[ \t]*(?:usage|syntax)[ \t]*:[ \t]*\n?[ \t]*(\S+)[ \t]*(.*)$`)

var (
	// optionalRe is an optional part, innermost first: "[switches]",
	// "[ -vdVD ]". Braces are a required choice: "{host|addr}", "{r,b,q}".
	optionalRe = regexp.MustCompile(`\[[^\[\]]*\]`)
	// extSuffixRe is an optional extension on a placeholder:
	// "outputfile[.jpg]" names an output with that extension.
	extSuffixRe = regexp.MustCompile(`(\w)\[(\.\w+)\]`)
	// orWordsRe is alternatives written out: "FILES OR DIRECTORIES"
	// (vmtouch), "<file> or <dir>" — one of them, as a|b.
	orWordsRe = regexp.MustCompile(`([\w<>$]+)\s+(?:OR|or)\s+([\w<>$]+)`)
)

// fillers fill placeholders by name; an empty value is an input file to
// make, "-" one that cannot be filled; ext keeps the placeholder's
// extension (an output path).
var fillers = []usageFiller{
	{regexp.MustCompile(`^(url|uri|link|href)s?$`), "http://example.com/docs/index.html?q=1#top", false},
	{regexp.MustCompile(`^(out|output|outfile|outputfile|outfilename|dest|destination|target)s?$`), "/tmp/heragent-out", true},
	{regexp.MustCompile(`^(in|input|infile|inputfile|file|filename|fname|path|src|source)s?$`), "", false},
	{regexp.MustCompile(`^(dir|directory|directories|folder)s?$`), ".", false},
	{regexp.MustCompile(`^(n|num|number|count|size|int|integer|level|bits|times|len|length)s?$`), "3", false},
	{regexp.MustCompile(`^(word|string|str|text|name|key|value|pattern|query|expr|expression|message|msg|arg|argument|data)s?$`), "hello", false},
	{regexp.MustCompile(`^(host|hostname|addr|address|ip)s?$`), "127.0.0.1", false},
	// what only the documentation can say
	{regexp.MustCompile(`^(command|cmd|subcommand|action|config|cfg|conf|configfile|cfgfile|options?|opts|flags|args|switches|type|mode|format|script|program|prog)s?$`), "-", false},
	// a file of a kind: "<csvfile>" (simdcsv), "jsonfile", "image_path"
	{regexp.MustCompile(`^[a-z]+(file|filename|path)s?$`), "", false},
}

// usageFiller fills the placeholders whose name re matches.
type usageFiller struct {
	re    *regexp.Regexp
	value string
	ext   bool
}

// usageNote marks a command FromUsage made.
const usageNote = "from the program's usage message"

// usageCommand is the Runnable command text, made from what c's
// program printed, run where c ran.
func usageCommand(c Command, text, reason string) Command {
	return Command{Text: text, Dir: c.Dir, Bucket: Entry, Level: Runnable, Synth: true, Reason: reason, Why: synthWhy(c.Why, usageNote)}
}

func fromUsage(c Command) bool {
	return slices.ContainsFunc(c.Why, func(p Provenance) bool { return p.Note == usageNote })
}

// usageInput is the input file made for an input placeholder.
const usageInput = "/tmp/heragent-usage-input.txt"

// FromUsage returns the commands that run c's program as the usage line
// in output says, at most three; none when output has no such line or it
// asks for what no name fills.
func FromUsage(c Command, output string) []Command {
	return usageCommands(c, output, false)
}

// FromHelp is FromUsage for the usage a program printed when asked for
// it (a last resort's --help that passed): a program whose every operand
// is optional ("Usage: xxhsum [options] [files]") is run on an input file
// made for the first optional operand that names one — the use asking
// for help only stood in for.
func FromHelp(c Command, output string) []Command {
	return usageCommands(c, output, true)
}

func usageCommands(c Command, output string, optionalInput bool) []Command {
	if fromUsage(c) {
		return nil // refused again: the grammar was not enough
	}
	m := usageLineRe.FindStringSubmatch(output)
	if m == nil {
		return append(commandChoices(c, output), helpHint(c, output)...)
	}
	run := programPrefix(c.Text, path.Base(m[1]))
	if run == "" {
		return commandChoices(c, output)
	}
	choices, input, ok := usageArgs(m[2])
	if ok && len(choices) == 0 && optionalInput && optionalOperandIsInput(m[2]) {
		choices, input = [][]string{{usageInput}}, "file"
	}
	if ok && len(choices) == 0 && !optionalInput {
		if oc, filled := optionalCommand(c, run, m[1], m[0], m[2]); filled {
			return []Command{oc}
		}
	}
	if !ok || len(choices) == 0 {
		if optionalInput {
			return helpSubcommands(c, run, m[2], output) // `capnp id` (usage_subcommands.go)
		}
		return nil
	}
	if input != "" {
		// of the kind the placeholder or the program's name says
		// (simdcsv's <csvfile>, json_verify: JSON)
		in, _ := sampleInput(input + " " + path.Base(m[1]) + "\n")
		run = fmt.Sprintf("printf '%s' > %s && %s", in, usageInput, run)
	}
	var out []Command
	first := choices[0]
	for i, alt := range first {
		if i == 3 {
			break
		}
		args := []string{alt}
		for _, ch := range choices[1:] {
			args = append(args, ch[0])
		}
		out = append(out, usageCommand(c, run+" "+strings.Join(args, " "), "runs the program the way its usage message says: "+strings.TrimSpace(m[0])))
	}
	return out
}

// usageArgs turns a usage line's arguments into choices: each required
// argument's values (several for "connect|get"). input is the placeholder
// of an input file to make ("csvfile"), "" when none; ok is false when a
// placeholder has no filler.
func usageArgs(grammar string) (choices [][]string, input string, ok bool) {
	grammar = extSuffixRe.ReplaceAllString(grammar, "$1$2")
	grammar = orWordsRe.ReplaceAllString(grammar, "$1|$2")
	for prev := ""; prev != grammar; {
		prev, grammar = grammar, optionalRe.ReplaceAllString(grammar, " ")
	}
	for _, tok := range strings.Fields(grammar) {
		tok = strings.TrimSuffix(strings.Trim(tok, "(){}"), "...") // {host|addr}: one of
		if tok == "" || strings.HasPrefix(tok, "-") || tok == "|" {
			continue
		}
		var alts []string
		for _, a := range strings.FieldsFunc(tok, func(r rune) bool { return r == '|' || r == ',' }) {
			v, in, filled := usageValue(a)
			if !filled {
				return nil, "", false
			}
			if in && input == "" {
				input = strings.ToLower(strings.Trim(a, "<>$"))
			}
			if !slices.Contains(alts, v) { // host|addr: one address fills both
				alts = append(alts, v)
			}
		}
		choices = append(choices, alts)
	}
	return choices, input, true
}

// optionalOperandIsInput reports whether the first optional part of a
// usage grammar that is an operand (no option in it: "[files]",
// "[FILE]...", "[<file> ...]") names an input file.
func optionalOperandIsInput(grammar string) bool {
	for _, p := range optionalRe.FindAllString(extSuffixRe.ReplaceAllString(grammar, "$1$2"), -1) {
		var words []string
		for _, w := range strings.Fields(strings.Trim(p, "[]{}")) {
			if w = strings.TrimSuffix(w, "..."); w != "" {
				words = append(words, w)
			}
		}
		if len(words) != 1 || strings.HasPrefix(words[0], "-") || strings.Contains(words[0], "|") {
			continue
		}
		v, in, ok := usageValue(words[0])
		if ok && v != words[0] {
			return in // the first operand decides: an input file, or not this
		}
	}
	return false
}

// literalRe is a word of the grammar that is itself: a subcommand, a mode.
var literalRe = regexp.MustCompile(`^[a-z][\w-]*$`)

// usageValue is the value for one word of the grammar: a literal stays
// itself, a placeholder ("<file>", "$type", "URL", "outputfile.jpg")
// gets its filler.
func usageValue(w string) (v string, input, ok bool) {
	ext := ""
	if i := strings.LastIndex(w, "."); i > 0 && !strings.ContainsAny(w[:i], "<>$") {
		w, ext = w[:i], w[i:]
	}
	bare := strings.ToLower(strings.Trim(w, "<>$"))
	name := strings.NewReplacer("-", "", "_", "").Replace(bare)
	// a compound placeholder is filled by its last word when the whole
	// is no filler's: libzmq's <message-size>, <roundtrip-count>
	last := bare[strings.LastIndexAny(bare, "-_")+1:]
	placeholder := strings.ContainsAny(w, "<>$") || w == strings.ToUpper(w) && strings.ToLower(w) != w
	f, found := filler(name)
	if !found && placeholder && last != bare {
		f, found = filler(last)
	}
	if found {
		switch {
		case f.value == "-":
			return "", false, false
		case f.value == "":
			return usageInput, true, true
		case f.ext:
			return f.value + ext, false, true
		}
		return f.value, false, true
	}
	if placeholder || !literalRe.MatchString(w) {
		return "", false, false
	}
	return w + ext, false, true // a literal: a subcommand, a mode
}

// filler is the first filler whose name pattern matches name.
func filler(name string) (usageFiller, bool) {
	for _, f := range fillers {
		if f.re.MatchString(name) {
			return f, true
		}
	}
	return fillers[0], false
}

// commandListRe is a refusal that names the commands a program needs
// one of: go-flags' "Please specify one command of: add or rm",
// argparse's "invalid choice: 'x' (choose from 'add', 'rm')".
var (
	commandListRe   = regexp.MustCompile(`(?im)\b(?:specify|choose|give|provide|expected)\b[^\n:]*?\bcommands?\b(?:\s+of)?\s*:\s*([\w-]+(?:(?:\s*,\s*(?:or\s+)?|\s+or\s+|\s*\|\s*)[\w-]+)+)\s*\.?\s*$|\(choose from ('?[\w-]+'?(?:,\s*'?[\w-]+'?)+)\)`)
	invalidChoiceRe = regexp.MustCompile(`invalid choice: '([^']*)'`)
	commandNameRe   = regexp.MustCompile(`[\w-]+`)
)

// commandChoices runs c's program with each command its refusal names
// (at most three), in place of the argument it refused; none when the
// output names none.
func commandChoices(c Command, output string) []Command {
	m := commandListRe.FindStringSubmatch(output)
	if m == nil || c.LastResort() || IsStdinProbe(c.Text) {
		return nil
	}
	run := c.Text
	if bad := invalidChoiceRe.FindStringSubmatch(output); bad != nil {
		run = strings.TrimSuffix(run, " "+bad[1])
	}
	var out []Command
	for _, name := range commandNameRe.FindAllString(m[1]+m[2], -1) {
		if name == "or" {
			continue
		}
		if len(out) == 3 {
			break
		}
		out = append(out, usageCommand(c, run+" "+name, "runs the program with a command its refusal names: "+strings.TrimSpace(m[0])))
	}
	return out
}

// programPrefix is text up to and including the word that runs the
// program named prog (a stdin pipe before it left out): the probe
// `{ test -x ./url_parser || make -s url_parser; } && ./url_parser hello`
// gives `{ test -x ./url_parser || make -s url_parser; } && ./url_parser`.
func programPrefix(text, prog string) string {
	fields := strings.Fields(text)
	for i := len(fields) - 1; i >= 0; i-- {
		if path.Base(fields[i]) == prog && (strings.Contains(fields[i], "/") || i == 0) {
			run := strings.Join(fields[:i+1], " ")
			return stdinPipeRe.ReplaceAllString(run, "")
		}
	}
	return ""
}

// stdinPipeRe is a probe's made-up stdin: `printf '…' | `.
var stdinPipeRe = regexp.MustCompile(`^printf '[^']*' \| `)

// OnTerminal is a command as it runs on a pseudo-terminal: a probe's
// made-up stdin pipe is dropped, the terminal being the program's input
// (tmux, given a terminal for `printf … | ./tmux`, still read the pipe and
// failed "not a terminal").
func OnTerminal(text string) string {
	return stdinPipeRe.ReplaceAllString(text, "")
}

// tryHelpRe is a refusal pointing at the program's own help flag: "Try
// `-h' for help." (wyhash's benchmark, which takes --help for a file
// name), "Try 'prog --help' for more information."
var tryHelpRe = regexp.MustCompile("\\bTry [`'\"](?:\\S+ )?(-h|-\\?|-help|--help)[`'\"]? for (?:more )?(?:help|information|usage)")

// helpHint is c's program asked for its help with the flag its refusal
// names, a last resort whose usage (FromHelp) shows a use; none when c
// asked so already.
func helpHint(c Command, output string) []Command {
	m := tryHelpRe.FindStringSubmatch(output)
	if m == nil || c.LastResort() {
		return nil
	}
	text := c.Text
	if IsStdinProbe(text) {
		text = text[strings.LastIndex(text, " | ")+3:]
	}
	f := strings.Fields(text)
	i := 0
	if len(f) > 2 && f[0] == "timeout" {
		i = 2
	}
	if i >= len(f) || strings.ContainsAny(f[i], "|;&<>$`'\"") {
		return nil
	}
	run := strings.Join(f[:i+1], " ")
	return []Command{{Text: run + " " + m[1], Dir: c.Dir, Bucket: Entry, Level: Runnable, Synth: true,
		Reason: "last resort: the program's own help, as its refusal says (" + strings.TrimSpace(m[0]) + "); its usage shows a use",
		Why:    synthWhy(c.Why, helpHintNote)}}
}

// helpHintNote marks the help command a refusal pointed at.
const helpHintNote = "the program's help, as its refusal says"
