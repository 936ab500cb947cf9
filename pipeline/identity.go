package pipeline

import (
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
