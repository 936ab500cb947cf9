package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// A built example program's input often sits beside its source, in the
// directory named as the program: libcyaml's Makefile builds
// build/debug/numerical from examples/numerical/main.c, which holds
// fibonacci.yaml, and the program's usage is `numerical <INPUT>`. Run on
// stdin or with --help it only prints its usage and fails; on its own
// input it does its work. The build's file list names the program, the
// checkout's tree its source and input — no build rule needs reading.

// OwnInput is a program's source directory and the input file in it.
type OwnInput struct {
	Dir  string // the source's directory, relative to the checkout
	File string // the input's name in Dir
}

// notOwnInputRe are files beside a source that are no program's input:
// build files, documents, licences.
var notOwnInputRe = regexp.MustCompile(`(?i)^(cmakelists\.txt|readme|license|licence|copying|authors|changelog|changes|news|todo|requirements[\w.-]*|makefile|meson\.build|\.)`)

// ownInputExt are the data kinds notFixtures counts as text or settings
// that are inputs when they sit beside a program's source.
var ownInputExt = map[string]bool{"toml": true, "cfg": true, "ini": true, "txt": true, "conf": true}

// SourceInputs are the checkout's directories of C/C++ sources holding a
// data file: the names a program built from them may have (the
// directory's, each source's stem) and the smallest data file.
type SourceInputs []sourceInput

type sourceInput struct {
	names []string
	input OwnInput
}

// ReadSourceInputs walks the checkout once for its SourceInputs.
func ReadSourceInputs(fsys fs.FS) SourceInputs {
	var out SourceInputs
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if p != "." && (skipWalk[d.Name()] || strings.HasPrefix(d.Name(), ".")) {
			return fs.SkipDir
		}
		if names, input := dirSourcesAndInput(fsys, p); input != "" {
			out = append(out, sourceInput{append(names, path.Base(p)), OwnInput{Dir: p, File: input}})
		}
		return nil
	})
	return out
}

// For maps each of bins (programs the build made, slash paths relative
// to the checkout) whose name is one of a directory's names to that
// directory's input; a name two directories claim maps to none.
func (s SourceInputs) For(bins []string) map[string]OwnInput {
	out := map[string]OwnInput{}
	for _, b := range bins {
		name, claims := strings.TrimSuffix(path.Base(b), ".exe"), 0
		for _, si := range s {
			if slices.Contains(si.names, name) {
				claims++
				out[b] = si.input
			}
		}
		if claims != 1 {
			delete(out, b)
		}
	}
	return out
}

// OwnInputs maps each of bins whose name is a directory of the checkout
// holding C/C++ sources, or a source's stem there, to that directory's
// smallest data file (ReadSourceInputs, then For).
func OwnInputs(fsys fs.FS, bins []string) map[string]OwnInput {
	return ReadSourceInputs(fsys).For(bins)
}

// dirSourcesAndInput reads one directory: the stems of its C/C++ sources
// and its smallest data file ("" when none or no source).
func dirSourcesAndInput(fsys fs.FS, dir string) (stems []string, input string) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, ""
	}
	var size int64
	for _, e := range ents {
		name := e.Name()
		ext := path.Ext(name)
		if !e.Type().IsRegular() {
			continue
		}
		if cSourceExt[ext] != "" {
			stems = append(stems, strings.TrimSuffix(name, ext))
			continue
		}
		kind := strings.TrimPrefix(strings.ToLower(ext), ".")
		if kind == "" || notFixtures[kind] && !ownInputExt[kind] || notOwnInputRe.MatchString(name) || badFixtureRe.MatchString(name) || strings.ContainsAny(name, " '\"$`\\") {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Size() == 0 || info.Size() > 64<<10 {
			continue
		}
		if input == "" || info.Size() < size || info.Size() == size && name < input {
			input, size = name, info.Size()
		}
	}
	if len(stems) == 0 {
		return nil, ""
	}
	return stems, input
}
