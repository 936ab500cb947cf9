// Package source turns a repository reference — a local directory, or a git
// URL with an optional branch, tag or commit — into a local directory that
// heragent can work on. Git repositories are cloned with go-git into a cache
// keyed by URL and revision: shallow (depth 1) for a branch or tag, a full
// fetch when a commit is asked, submodules included.
package source

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Errors callers branch on: both are input errors (exit 2 in the CLI).
var (
	// ErrUnreachable means the git remote could not be listed or fetched.
	ErrUnreachable = errors.New("repository unreachable")
	// ErrRevNotFound means the remote has no branch, tag or commit by that name.
	ErrRevNotFound = errors.New("revision not found")
	// ErrBadRef means the reference cannot be parsed.
	ErrBadRef = errors.New("bad repository reference")
)

// Ref is a parsed repository reference.
type Ref struct {
	URL  string // git URL (or the absolute path of a local git repository to clone); empty for a plain directory
	Rev  string // branch, tag or commit; empty for the remote's default branch
	Path string // the local directory used as is, when URL is empty
}

var (
	schemeRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*://`)
	scpRE    = regexp.MustCompile(`^[A-Za-z0-9._-]+@[A-Za-z0-9._-]+:`)
	hexRE    = regexp.MustCompile(`^[0-9a-f]{7,40}$`)
)

// Parse reads a reference:
//
//	./some/dir, /abs/dir              a directory, used as is
//	/path/to/bare.git                 a local bare repository: cloned
//	/path/to/repo#v1.2                a local git repository at a revision: cloned
//	https://host/o/r.git[#REV|@REV]   a git URL; also ssh://, git://, file://
//	git@host:o/r.git[#REV|@REV]       scp-like ssh URL
//
// REV is a branch, a tag or a commit (7 to 40 hex digits).
func Parse(s string) (Ref, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Ref{}, fmt.Errorf("%w: empty", ErrBadRef)
	}
	if schemeRE.MatchString(s) || scpRE.MatchString(s) {
		url, rev := splitRev(s)
		if url == "" || strings.HasSuffix(url, "://") {
			return Ref{}, fmt.Errorf("%w: %q has no repository", ErrBadRef, s)
		}
		return Ref{URL: url, Rev: rev}, nil
	}
	if fi, err := os.Stat(s); err == nil && fi.IsDir() {
		abs, err := filepath.Abs(s)
		if err != nil {
			return Ref{}, fmt.Errorf("%w: %v", ErrBadRef, err)
		}
		if isBareRepo(abs) {
			return Ref{URL: abs}, nil
		}
		return Ref{Path: s}, nil
	}
	if i := strings.LastIndexByte(s, '#'); i > 0 {
		dir, rev := s[:i], s[i+1:]
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() && rev != "" {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return Ref{}, fmt.Errorf("%w: %v", ErrBadRef, err)
			}
			return Ref{URL: abs, Rev: rev}, nil
		}
	}
	// A path that does not exist: leave it to the caller's directory check,
	// which reports it in the words users know.
	return Ref{Path: s}, nil
}

// splitRev separates URL#REV, or URL@REV when the @ comes after the host
// part and after the last slash (so user@host in ssh URLs is never taken for
// a revision; a revision with a slash needs #).
func splitRev(s string) (url, rev string) {
	if i := strings.LastIndexByte(s, '#'); i >= 0 {
		return s[:i], s[i+1:]
	}
	pathStart := strings.IndexByte(s, ':') // scp-like: after host:
	if m := schemeRE.FindString(s); m != "" {
		pathStart = len(m)
		if i := strings.IndexByte(s[len(m):], '/'); i >= 0 {
			pathStart += i
		}
	}
	at, slash := strings.LastIndexByte(s, '@'), strings.LastIndexByte(s, '/')
	if at > pathStart && at > slash {
		return s[:at], s[at+1:]
	}
	return s, ""
}

// IsURL reports whether s is written as a git URL (with a scheme, or
// scp-like user@host:path) rather than as a path.
func IsURL(s string) bool { return schemeRE.MatchString(s) || scpRE.MatchString(s) }

// IsGit reports whether the reference must be cloned.
func (r Ref) IsGit() bool { return r.URL != "" }

// String is the reference in the form Parse reads.
func (r Ref) String() string {
	switch {
	case r.URL == "":
		return r.Path
	case r.Rev == "":
		return r.URL
	}
	return r.URL + "#" + r.Rev
}

// Name is the repository's short name: the last path element without .git.
func (r Ref) Name() string {
	s := r.Path
	if r.IsGit() {
		s = r.URL
		if i := strings.LastIndexByte(s, ':'); i >= 0 && !schemeRE.MatchString(s) {
			s = s[i+1:] // scp-like host:path
		}
	}
	s = strings.TrimRight(filepath.ToSlash(s), "/")
	if abs, err := filepath.Abs(s); err == nil && !r.IsGit() {
		s = filepath.ToSlash(abs)
	}
	s = s[strings.LastIndexByte(s, '/')+1:]
	s = strings.TrimSuffix(s, ".git")
	if s == "" || s == "." {
		return "repo"
	}
	return s
}

// isCommit reports whether rev looks like a commit id.
func isCommit(rev string) bool { return hexRE.MatchString(rev) }

// isBareRepo reports whether dir is a bare git repository.
func isBareRepo(dir string) bool {
	for _, p := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			return false
		}
	}
	_, err := os.Stat(filepath.Join(dir, ".git"))
	return err != nil
}
