package build

import (
	"regexp"
	"slices"
	"strings"
)

// Markdown's other code block is indented four spaces after a blank
// line (rswier/c4's README: "Try the following:" then `gcc -o c4 c4.c`,
// `./c4 hello.c` indented, with no prompt). It is read as a shell
// session when it opens with a command: a compiler, build or package
// tool, an interpreter, or a program of the checkout (./name). A list
// item's continuation is indented the same way, so a block after a list
// item is not one, nor one whose first line is prose. Its language is
// graph.LangIndentedShell: the pyramid reads it where nothing else says
// how the project builds.

// shellOpenerRe is the first word of an indented block read as commands.
var shellOpenerRe = regexp.MustCompile(`^(?:\./[\w.+-]+|gcc|g\+\+|cc|c\+\+|clang|clang\+\+|tcc|make|cmake|meson|ninja|autoreconf|\./configure|python3?|pip3?|npm|npx|yarn|pnpm|node|go|cargo|rustc|mvn|gradle|java|javac|sudo|git|mkdir|cd)$`)

// listItemRe is a Markdown list item's first line.
var listItemRe = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s`)

// mdIndentedShell says whether line i opens a Markdown indented code
// block of commands.
func mdIndentedShell(lines []string, i int) bool {
	l := lines[i]
	prev, ok := indentedStart(lines, i)
	if !ok {
		return false
	}
	if prev >= 0 && (listItemRe.MatchString(lines[prev]) || indented(lines[prev])) {
		return false // a list item's paragraph, or a block going on
	}
	f := strings.Fields(l)
	return len(f) > 1 && shellOpenerRe.MatchString(f[0]) || len(f) == 1 && strings.HasPrefix(f[0], "./")
}

// commandLineRe is a line that reads as a command: a lower-case word (a
// program's name, seqtk), then its arguments.
var commandLineRe = regexp.MustCompile(`^[a-z][\w.+-]*\s+\S`)

// mdIndentedCode says whether line i opens a Markdown indented code
// block that may hold commands but is no sure shell session: one in a
// list item (seqtk's README: "* Convert FASTQ to FASTA:" then `seqtk seq
// -a in.fq.gz > out.fa` indented eight spaces, a code block in the
// item). graph.LangIndented: the pyramid takes from it only the commands
// running the project's own programs.
//
// A block outside a list item is one too when its first line reads as a
// command given an option or a file (capnproto's doc/capnp-tool.md:
// "## Compiling Schemas" then `capnp compile -oc++ myschema.capnp`,
// indented four spaces): documentation written before fences were
// common shows its program's uses so. Indented prose has no such word.
func mdIndentedCode(lines []string, i int) bool {
	l := lines[i]
	prev, ok := indentedStart(lines, i)
	if !ok || prev < 0 {
		return false
	}
	t := strings.TrimSpace(l)
	if !commandLineRe.MatchString(t) || strings.HasSuffix(t, ".") || strings.HasSuffix(t, ":") {
		return false
	}
	if !listItemRe.MatchString(lines[prev]) {
		return !indented(lines[prev]) && slices.ContainsFunc(strings.Fields(t)[1:], argumentWordRe.MatchString)
	}
	return indentOf(l) >= indentOf(lines[prev])+6 // not the item's own paragraph
}

// argumentWordRe is a word that reads as a command's argument: an option
// (-oc++, --verbose) or a file with an extension or a directory.
var argumentWordRe = regexp.MustCompile(`^(?:--?[A-Za-z][\w+=.-]*|[\w.-]*/[\w./-]*|[\w-]+\.[A-Za-z][\w]{0,7})$`)

// indentedStart says whether line i is indented after a blank line (a
// Markdown indented block may start there), and which line before it is
// the last that is not blank (-1 for none).
func indentedStart(lines []string, i int) (prev int, ok bool) {
	l := lines[i]
	if !(strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t")) || i == 0 || strings.TrimSpace(lines[i-1]) != "" {
		return 0, false
	}
	prev = i - 1
	for prev >= 0 && strings.TrimSpace(lines[prev]) == "" {
		prev--
	}
	return prev, true
}
