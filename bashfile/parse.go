package bashfile

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

var (
	whyRe     = regexp.MustCompile(`^\[([^\]]+)\](?: ([^ ]+?)(?::(\d+))?)?(?: — (.*))?$`)
	repoDirRe = regexp.MustCompile(`^REPO_DIR=\$\{REPO_DIR:-(.+)\}$`)
	helperFns = map[string]bool{"log": true, "persist_env": true, "path_prepend": true, "path_append": true, "detect_package_manager": true, "pkg_install": true, RunSectionsFunc: true}
)

// Parse reads a Bash File back into the model. Files Render produced round
// trip exactly; a script without the six-function structure is refused.
func Parse(text string) (*File, error) {
	sf, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)).Parse(strings.NewReader(text), "setup.sh")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	f := &File{RepoDir: DefaultRepoDir}
	byFunc := map[string]SectionID{}
	for _, s := range Sections {
		byFunc[s.Func] = s.ID
	}
	seen := map[SectionID][]Command{}
	for _, st := range sf.Stmts {
		if fd, ok := st.Cmd.(*syntax.FuncDecl); ok {
			if fd.Name == nil { // mvdan.cc/sh reads `() cmd` as an anonymous function (fuzzing found it)
				return nil, fmt.Errorf("%w: function without a name at line %d", ErrInvalid, st.Pos().Line())
			}
			name := fd.Name.Value
			if helperFns[name] {
				continue
			}
			id, ok := byFunc[name]
			if !ok {
				return nil, fmt.Errorf("%w: unknown function %s at line %d", ErrInvalid, name, st.Pos().Line())
			}
			cmds, err := bodyCommands(fd)
			if err != nil {
				return nil, err
			}
			seen[id] = cmds
			continue
		}
		st.Comments = nil
		txt, err := printNode(st)
		if err != nil {
			return nil, err
		}
		if m := repoDirRe.FindStringSubmatch(txt); m != nil {
			f.RepoDir = m[1]
			continue
		}
		if txt == dispatch || txt == `main "$@"` || strings.HasPrefix(txt, "HERAGENT_ENV_FILE=") {
			continue
		}
		return nil, fmt.Errorf("%w: unexpected top-level statement at line %d: %s", ErrInvalid, st.Pos().Line(), firstLine(txt))
	}
	for _, s := range Sections {
		cmds, ok := seen[s.ID]
		if !ok {
			return nil, fmt.Errorf("%w: section function %s() missing", ErrInvalid, s.Func)
		}
		f.Sections = append(f.Sections, Section{ID: s.ID, Commands: cmds})
	}
	return f, nil
}

func bodyCommands(fd *syntax.FuncDecl) ([]Command, error) {
	block, ok := fd.Body.Cmd.(*syntax.Block)
	if !ok {
		return nil, fmt.Errorf("%w: %s() body is not a { } block", ErrInvalid, fd.Name.Value)
	}
	cmds := []Command{}
	for _, st := range block.Stmts {
		var why []Provenance
		for _, c := range st.Comments {
			if c.Hash.After(st.Pos()) {
				continue // trailing comment, not provenance
			}
			if m := whyRe.FindStringSubmatch(strings.TrimSpace(c.Text)); m != nil {
				line, _ := strconv.Atoi(m[3])
				why = append(why, Provenance{Source: m[1], File: m[2], Line: line, Note: m[4]})
			}
		}
		st.Comments = nil
		txt, err := printNode(st)
		if err != nil {
			return nil, err
		}
		if txt == ":" && len(why) == 0 {
			continue // empty-section placeholder
		}
		cmds = append(cmds, Command{Text: txt, Why: why})
	}
	return cmds, nil
}

// Validate renders the file and parses it back: invalid shell, a broken
// structure or a main that does not run the sections in order is refused
// before anything runs.
func (f *File) Validate() error {
	if len(f.Sections) != len(Sections) {
		return fmt.Errorf("%w: %d sections, want %d", ErrInvalid, len(f.Sections), len(Sections))
	}
	for i, s := range Sections {
		if f.Sections[i].ID != s.ID {
			return fmt.Errorf("%w: section %d is %q, want %q", ErrInvalid, i+1, f.Sections[i].ID, s.ID)
		}
		for _, c := range f.Sections[i].Commands {
			if _, err := Normalize(c.Text); err != nil {
				return fmt.Errorf("section %s: %w", s.ID, err)
			}
		}
	}
	if _, err := Parse(f.Render()); err != nil {
		return err
	}
	next := 0
	for _, c := range f.Section(Main).Commands {
		if next < len(Sections)-1 && c.Text == Sections[next].Func {
			next++
		}
	}
	if next != len(Sections)-1 {
		return fmt.Errorf("%w: main does not call %s() (sections must run in order)", ErrInvalid, Sections[next].Func)
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
