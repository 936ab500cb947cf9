// Package bashfile is the Bash File: the setup script that is the single
// source of environment truth. It is a structured model of six sections,
// each rendered as a shell function and run in order by main; every command
// carries its provenance (why it exists). The model renders to text, parses
// back (mvdan.cc/sh), takes typed edits and validates before any run.
package bashfile

import (
	"fmt"
	"slices"
	"strings"
)

// SectionID names one of the six sections.
type SectionID string

// The six sections, in execution order.
const (
	Context  SectionID = "context"  // 1. strict mode, logging, error trap
	Packages SectionID = "packages" // 2. OS / package-manager adapter
	Base     SectionID = "base"     // 3. base toolchain: compilers, git, pkg-config…
	Runtimes SectionID = "runtimes" // 4. language runtimes and dependencies per stack
	Build    SectionID = "build"    // 5. project build
	Main     SectionID = "main"     // 6. orchestration: calls 1–5 in order
)

// SectionSpec is a section's fixed identity.
type SectionSpec struct {
	ID    SectionID
	Func  string // shell function name
	Title string
}

// Sections lists the six sections in order.
var Sections = []SectionSpec{
	{Context, "init_context", "execution context"},
	{Packages, "setup_package_manager", "OS and package manager"},
	{Base, "install_base_toolchain", "base toolchain"},
	{Runtimes, "setup_runtimes", "language runtimes and dependencies"},
	{Build, "build_project", "project build"},
	{Main, "main", "orchestration"},
}

// Spec returns the spec of id.
func Spec(id SectionID) (SectionSpec, bool) {
	for _, s := range Sections {
		if s.ID == id {
			return s, true
		}
	}
	return SectionSpec{}, false
}

// Provenance says why a command exists: which detector, miner, rule,
// agent or user put it there, and the repository evidence behind it. It is
// the one provenance type of the Bash File and the Test Pyramid
// (pyramid.Provenance is an alias of it).
type Provenance struct {
	// Source is who put the command there: a detector ("cmake"), a miner
	// ("readme", "ci", "makefile", "synthesized"…), a repair
	// ("repair:missing-header"), "llm", "user" or "heragent".
	Source string `json:"source"`
	File   string `json:"file,omitempty"` // repository file, relative
	Line   int    `json:"line,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Where is the source and the file position: "readme README.md:8".
func (p Provenance) Where() string {
	s := p.Source
	if p.File != "" {
		s += " " + p.File
		if p.Line > 0 {
			s += fmt.Sprintf(":%d", p.Line)
		}
	}
	return s
}

// String is the whole provenance: "cmake @ CMakeLists.txt:3: configure".
func (p Provenance) String() string {
	s := p.Source
	if p.File != "" {
		s += " @ " + p.File
		if p.Line > 0 {
			s += fmt.Sprintf(":%d", p.Line)
		}
	}
	if p.Note != "" {
		s += ": " + p.Note
	}
	return s
}

// Command is one shell statement of a section (a simple command, a
// pipeline, an && chain or a compound command).
type Command struct {
	Text string       `json:"text"`
	Why  []Provenance `json:"why,omitempty"`
	// Project marks a step that installs or builds the project itself
	// from its own manifest (pip install -e ., npm ci, go mod download):
	// evidence of Installable, unlike a system package install.
	Project bool `json:"project,omitempty"`
}

// Section is one of the six functions.
type Section struct {
	ID       SectionID `json:"id"`
	Commands []Command `json:"commands"`
}

// File is a Bash File.
type File struct {
	// RepoDir is where the repository lives when the script runs
	// (DefaultRepoDir).
	RepoDir  string    `json:"repo_dir"`
	Sections []Section `json:"sections"` // always the six, in order
}

// New returns the skeleton every Bash File starts from: strict mode and the
// error trap, package-manager detection, and a main that calls the sections.
func New() *File {
	f := &File{RepoDir: DefaultRepoDir}
	for _, s := range Sections {
		f.Sections = append(f.Sections, Section{ID: s.ID, Commands: []Command{}})
	}
	// Template commands carry no provenance: the section says it all.
	for _, text := range []string{
		"set -Eeuo pipefail",
		`trap 'log "ERROR: setup failed at line $LINENO with exit code $?" >&2' ERR`,
		"export DEBIAN_FRONTEND=noninteractive",
		`cd "$REPO_DIR"`,
	} {
		f.mustAppend(Context, text)
	}
	f.mustAppend(Packages, "detect_package_manager")
	for _, s := range Sections[:len(Sections)-1] {
		f.mustAppend(Main, s.Func)
	}
	f.mustAppend(Main, `log "environment ready"`)
	return f
}

func (f *File) mustAppend(id SectionID, text string) {
	if err := f.Append(id, text); err != nil {
		panic(err) // template text is constant and valid
	}
}

// Section returns the section with id.
func (f *File) Section(id SectionID) *Section {
	for i := range f.Sections {
		if f.Sections[i].ID == id {
			return &f.Sections[i]
		}
	}
	return nil
}

// Find returns the first command in section id whose text contains substr,
// or -1.
func (f *File) Find(id SectionID, substr string) int {
	s := f.Section(id)
	if s == nil {
		return -1
	}
	for i, c := range s.Commands {
		if strings.Contains(c.Text, substr) {
			return i
		}
	}
	return -1
}

// Contains reports whether a command of any section contains substr: a
// repair's command appended to runtimes may have been placed in a later
// section (a need found after the build keeps the build's checkpoint), and
// it is in the file all the same.
func (f *File) Contains(substr string) bool {
	for _, s := range f.Sections {
		for _, c := range s.Commands {
			if strings.Contains(c.Text, substr) {
				return true
			}
		}
	}
	return false
}

// HasCommand reports whether a section of f holds a command whose text
// is text.
func (f *File) HasCommand(text string) bool {
	for _, s := range f.Sections {
		if slices.ContainsFunc(s.Commands, func(c Command) bool { return c.Text == text }) {
			return true
		}
	}
	return false
}

// Clone returns a deep copy, so a repair can be tried without losing the
// version that worked.
func (f *File) Clone() *File {
	g := &File{RepoDir: f.RepoDir}
	for _, s := range f.Sections {
		cs := make([]Command, len(s.Commands))
		for i, c := range s.Commands {
			cs[i] = Command{Text: c.Text, Why: append([]Provenance(nil), c.Why...), Project: c.Project}
		}
		g.Sections = append(g.Sections, Section{ID: s.ID, Commands: cs})
	}
	return g
}
