package pipeline

import (
	"net/url"
	"strings"

	git "github.com/go-git/go-git/v5"
)

// Identify returns the git commit (HEAD) of a repository directory that
// is the top of a git checkout, and whether the checkout has uncommitted
// changes to tracked files; "" and false when it is not a git checkout (a
// directory inside another repository's checkout, as the fixtures are, is
// not one) or HEAD is unborn.
func Identify(dir string) (commit string, dirty bool) {
	r, err := git.PlainOpen(dir)
	if err != nil {
		return "", false
	}
	head, err := r.Head()
	if err != nil {
		return "", false
	}
	return head.Hash().String(), changed(r)
}

// changed reports whether a tracked file differs from HEAD, in the index
// or the work tree; untracked files do not count.
func changed(r *git.Repository) bool {
	wt, err := r.Worktree()
	if err != nil {
		return false // a bare repository has no work tree to change
	}
	st, err := wt.Status()
	if err != nil {
		return false
	}
	for _, s := range st {
		if s.Staging == git.Untracked && s.Worktree == git.Untracked {
			continue
		}
		if s.Staging != git.Unmodified || s.Worktree != git.Unmodified {
			return true
		}
	}
	return false
}

// Origin returns the URL of a checkout's origin remote, for an image's
// org.opencontainers.image.source: "" when the directory is no git
// checkout, has no origin or the origin is a path on this host. User
// information (a token in an https URL) is left out.
func Origin(dir string) string {
	r, err := git.PlainOpen(dir)
	if err != nil {
		return ""
	}
	rem, err := r.Remote("origin")
	if err != nil || len(rem.Config().URLs) == 0 {
		return ""
	}
	return publicURL(rem.Config().URLs[0])
}

// publicURL drops user information from a remote URL; a local path or
// file:// URL names nothing outside this host and gives "".
func publicURL(raw string) string {
	if strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "file:") || strings.HasPrefix(raw, ".") {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return raw // scp-like git@host:owner/repo.git
	}
	u.User = nil
	return u.String()
}
