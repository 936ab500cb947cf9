package bashfile

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/heragent/heragent/internal/shellprint"
)

// ErrInvalid is wrapped by every error about invalid shell or structure.
var ErrInvalid = errors.New("invalid Bash File")

var (
	shParser  = func() *syntax.Parser { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }
	shPrinter = func() *syntax.Printer { return syntax.NewPrinter(syntax.Indent(2)) }
)

// Normalize parses text as exactly one shell statement and prints it in
// canonical form, so a rendered script parses back to the same text.
func Normalize(text string) (string, error) {
	stmts, err := SplitStatements(text)
	if err != nil {
		return "", err
	}
	if len(stmts) != 1 {
		return "", fmt.Errorf("%w: want one statement, got %d in %q", ErrInvalid, len(stmts), text)
	}
	return stmts[0], nil
}

// SplitStatements parses a script and returns its top-level statements in
// canonical form (comments dropped).
func SplitStatements(script string) ([]string, error) {
	f, err := shParser().Parse(strings.NewReader(script), "")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	out := make([]string, 0, len(f.Stmts))
	for _, st := range f.Stmts {
		st.Comments = nil
		s, err := printNode(st)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func printNode(n syntax.Node) (string, error) {
	if !shellprint.Faithful(n) {
		return "", fmt.Errorf("%w: a form feed or vertical tab, which the shell printer would turn into a line break", ErrInvalid)
	}
	var b bytes.Buffer
	if err := shPrinter().Print(&b, n); err != nil {
		return "", fmt.Errorf("%w: print: %v", ErrInvalid, err)
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

// Append adds one statement at the end of section id.
func (f *File) Append(id SectionID, text string, why ...Provenance) error {
	s := f.Section(id)
	if s == nil {
		return fmt.Errorf("%w: no section %q", ErrInvalid, id)
	}
	c, err := newCommand(text, why)
	if err != nil {
		return err
	}
	s.Commands = append(s.Commands, c)
	return nil
}

func newCommand(text string, why []Provenance) (Command, error) {
	n, err := Normalize(text)
	if err != nil {
		return Command{}, err
	}
	c := Command{Text: n}
	for _, w := range why {
		c.Why = append(c.Why, w.clean())
	}
	return c, nil
}

// clean is p as a comment of the script can hold it: valid UTF-8 (the
// shell parser refuses a whole script that is not) on one line. A repair's
// note is a line of a log, and logs carry any bytes: fuzzing found one
// stray byte in a compiler's error making the repaired Bash File
// unparseable.
func (p Provenance) clean() Provenance {
	one := func(s string) string { return strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\n", " ") }
	p.Source, p.File, p.Note = one(p.Source), one(p.File), one(p.Note)
	return p
}

// EditOp is the kind of an Edit.
type EditOp string

// Edit operations.
const (
	OpAppend       EditOp = "append"        // add Command at the end of Section
	OpInsertBefore EditOp = "insert_before" // add Command before the target
	OpInsertAfter  EditOp = "insert_after"  // add Command after the target
	OpReplace      EditOp = "replace"       // replace the target with Command
	OpRemove       EditOp = "remove"        // delete the target
	OpAddPackages  EditOp = "add_packages"  // merge Packages into the section's pkg_install
	// OpRemovePackages takes Packages out of the section's pkg_install
	// (the command goes when none is left).
	OpRemovePackages EditOp = "remove_packages"
)

// Edit is one change to a Bash File, as a repair rule, an agent or the user
// proposes it. It is plain data so trajectories can record and replay it.
// The target of insert/replace/remove is the first command of Section
// containing Match, or, when Match is empty, the command at Index.
type Edit struct {
	Op       EditOp     `json:"op"`
	Section  SectionID  `json:"section"`
	Index    int        `json:"index,omitempty"`
	Match    string     `json:"match,omitempty"`
	Command  string     `json:"command,omitempty"`
	Packages []string   `json:"packages,omitempty"`
	Why      Provenance `json:"why"`
}

func (e Edit) String() string {
	switch e.Op {
	case OpAddPackages, OpRemovePackages:
		return fmt.Sprintf("%s %s: %s", e.Op, e.Section, strings.Join(e.Packages, " "))
	case OpRemove:
		return fmt.Sprintf("%s %s[%s]", e.Op, e.Section, e.target())
	default:
		return fmt.Sprintf("%s %s[%s]: %s", e.Op, e.Section, e.target(), e.Command)
	}
}

func (e Edit) target() string {
	if e.Match != "" {
		return fmt.Sprintf("%q", e.Match)
	}
	return fmt.Sprint(e.Index)
}

// Apply performs e. It reports whether the file changed: an edit that
// changes nothing (the package was already there) is how callers notice a
// repair going in circles.
func (f *File) Apply(e Edit) (bool, error) {
	s := f.Section(e.Section)
	if s == nil {
		return false, fmt.Errorf("%w: no section %q", ErrInvalid, e.Section)
	}
	if e.Section == Main && e.Op != OpAppend {
		return false, fmt.Errorf("%w: main only takes appends", ErrInvalid)
	}
	switch e.Op {
	case OpAddPackages:
		return f.AddPackages(e.Section, e.Why, e.Packages...)
	case OpRemovePackages:
		return f.RemovePackages(e.Section, e.Why, e.Packages...), nil
	case OpAppend:
		c, err := newCommand(e.Command, []Provenance{e.Why})
		if err != nil {
			return false, err
		}
		if slices.ContainsFunc(s.Commands, func(x Command) bool { return x.Text == c.Text }) {
			return false, nil
		}
		s.Commands = append(s.Commands, c)
		return true, nil
	}
	i, err := f.resolve(s, e)
	if err != nil {
		return false, err
	}
	switch e.Op {
	case OpRemove:
		s.Commands = slices.Delete(s.Commands, i, i+1)
		return true, nil
	case OpInsertBefore, OpInsertAfter, OpReplace:
		c, err := newCommand(e.Command, []Provenance{e.Why})
		if err != nil {
			return false, err
		}
		switch e.Op {
		case OpReplace:
			if s.Commands[i].Text == c.Text {
				return false, nil
			}
			c.Why = append(s.Commands[i].Why, c.Why...)
			c.Project = s.Commands[i].Project // npm ci → npm ci --ignore-scripts is still the project's install
			s.Commands[i] = c
		case OpInsertAfter:
			s.Commands = slices.Insert(s.Commands, i+1, c)
		default:
			s.Commands = slices.Insert(s.Commands, i, c)
		}
		return true, nil
	}
	return false, fmt.Errorf("%w: unknown edit op %q", ErrInvalid, e.Op)
}

func (f *File) resolve(s *Section, e Edit) (int, error) {
	if e.Match != "" {
		// the command that is Match comes before one that contains it:
		// `npm install` is not `… || { npm install -g node@20 && hash -r; }`
		for i, c := range s.Commands {
			if strings.TrimSpace(c.Text) == strings.TrimSpace(e.Match) {
				return i, nil
			}
		}
		if i := f.Find(s.ID, e.Match); i >= 0 {
			return i, nil
		}
		return -1, fmt.Errorf("%w: no command containing %q in %s", ErrInvalid, e.Match, s.ID)
	}
	if e.Index < 0 || e.Index >= len(s.Commands) {
		return -1, fmt.Errorf("%w: %s has no command %d", ErrInvalid, s.ID, e.Index)
	}
	return e.Index, nil
}

// AddPackages merges pkgs into the section's `pkg_install` command (adding
// one when there is none), keeping order and skipping ones already there.
// It reports whether anything was added.
func (f *File) AddPackages(id SectionID, why Provenance, pkgs ...string) (bool, error) {
	why = why.clean()
	s := f.Section(id)
	if s == nil {
		return false, fmt.Errorf("%w: no section %q", ErrInvalid, id)
	}
	for _, p := range pkgs {
		if !validPackageName(p) {
			return false, fmt.Errorf("%w: bad package name %q", ErrInvalid, p)
		}
	}
	idx := s.installLine()
	var have []string
	if idx >= 0 {
		have = strings.Fields(s.Commands[idx].Text)[1:]
	}
	var add []string
	for _, p := range pkgs {
		if !slices.Contains(have, p) && !slices.Contains(add, p) {
			add = append(add, p)
		}
	}
	if len(add) == 0 {
		return false, nil
	}
	text := "pkg_install " + strings.Join(append(have, add...), " ")
	if idx < 0 {
		s.Commands = append(s.Commands, Command{Text: text, Why: []Provenance{why}})
		return true, nil
	}
	s.Commands[idx].Text = text
	s.Commands[idx].Why = append(s.Commands[idx].Why, why)
	return true, nil
}

// RemovePackages takes pkgs out of the section's pkg_install command,
// removing it when none is left. It reports whether anything was removed.
func (f *File) RemovePackages(id SectionID, why Provenance, pkgs ...string) bool {
	why = why.clean()
	s := f.Section(id)
	i := s.installLine()
	if i < 0 {
		return false
	}
	have := strings.Fields(s.Commands[i].Text)[1:]
	keep := slices.DeleteFunc(slices.Clone(have), func(p string) bool { return slices.Contains(pkgs, p) })
	switch {
	case len(keep) == len(have):
		return false
	case len(keep) == 0:
		s.Commands = slices.Delete(s.Commands, i, i+1)
	default:
		s.Commands[i].Text = "pkg_install " + strings.Join(keep, " ")
		s.Commands[i].Why = append(s.Commands[i].Why, why)
	}
	return true
}

// Packages lists the packages of the section's pkg_install command.
func (f *File) Packages(id SectionID) []string {
	s := f.Section(id)
	if i := s.installLine(); i >= 0 {
		return strings.Fields(s.Commands[i].Text)[1:]
	}
	return nil
}

// InstallsMake reports a section installing make, or build-essential
// (which brings it).
func (f *File) InstallsMake() bool {
	for _, s := range f.Sections {
		if slices.ContainsFunc(f.Packages(s.ID), func(pkg string) bool { return pkg == "make" || pkg == "build-essential" }) {
			return true
		}
	}
	return false
}

// installLine is the index of the section's plain `pkg_install a b c`
// command (not one inside a compound command), or -1.
func (s *Section) installLine() int {
	for i, c := range s.Commands {
		if w := strings.Fields(c.Text); len(w) > 0 && w[0] == "pkg_install" && !strings.ContainsAny(c.Text, "|&;$`\n") {
			return i
		}
	}
	return -1
}

// validPackageName accepts Debian, Alpine and RPM package names (with an
// optional =version or :arch).
func validPackageName(p string) bool {
	if p == "" || p[0] == '-' {
		return false
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+-._:=~", r)) {
			return false
		}
	}
	return true
}
