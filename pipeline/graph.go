package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/stores"
	"github.com/heragent/heragent/retrieval"
)

// ErrInput marks an error in the caller's input: a repository that is not
// a directory, a graph store inside the repository, an empty goal or a bad
// expect regex, a plan.json that does not load. The CLI exits 2 on it.
var ErrInput = errors.New("invalid input")

// inputErr is an error that is also ErrInput.
type inputErr struct{ err error }

func (e inputErr) Error() string   { return e.err.Error() }
func (e inputErr) Unwrap() []error { return []error{e.err, ErrInput} }

func inputError(err error) error { return inputErr{err} }

// GraphOptions choose the graph store and how the graph is built.
type GraphOptions struct {
	// Store is a file path (the embedded store) or a neo4j://, neo4j+s://,
	// bolt:// URI; "" is DefaultStorePath(Name).
	Store string
	// Name is the repository's name in the store; "" is RepoName of its
	// absolute path.
	Name        string
	Force       bool  // re-parse every file
	MaxFileSize int64 // skip larger files; 0 is the builder's default
}

// DefaultStorePath is the embedded store of one repository:
// <user cache dir>/heragent/graphs/<name>.db. One file per repository,
// so heragent processes working on different repositories (a batch,
// parallel tests) never wait for each other's file lock.
func DefaultStorePath(name string) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "heragent", "graphs", name+".db"), nil
}

// RepoName is the store name of a repository: its directory name and a
// short hash of its absolute path, so two checkouts never collide.
func RepoName(abs string) string {
	h := sha256.Sum256([]byte(abs))
	return filepath.Base(abs) + "-" + hex.EncodeToString(h[:4])
}

// RepoDir resolves a repository path to an absolute, symlink-free
// directory; a path that is not a directory is an input error.
func RepoDir(repo string) (string, error) {
	abs, err := filepath.Abs(repo)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return "", inputError(fmt.Errorf("repository %s: %w", repo, err))
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return "", inputError(fmt.Errorf("repository %s: not a directory", repo))
	}
	return abs, nil
}

// OpenGraph opens the store and builds or updates the graph of the
// repository (incrementally: unchanged files are not re-parsed). close
// releases the store (and the embedded store's file lock).
func OpenGraph(ctx context.Context, repo string, o GraphOptions) (ix *retrieval.Index, sum *build.Summary, close func(), err error) {
	abs, err := RepoDir(repo)
	if err != nil {
		return nil, nil, nil, err
	}
	name := o.Name
	if name == "" {
		name = RepoName(abs)
	}
	loc := o.Store
	if loc == "" {
		if loc, err = DefaultStorePath(name); err != nil {
			return nil, nil, nil, fmt.Errorf("locate graph store: %w", err)
		}
	}
	if !stores.IsNeo4j(loc) {
		if a, _ := filepath.Abs(loc); a == abs || strings.HasPrefix(a, abs+string(filepath.Separator)) {
			return nil, nil, nil, inputError(fmt.Errorf("store %s is inside the repository; heragent never writes there", loc))
		}
	}
	st, err := stores.Open(ctx, loc)
	if err != nil {
		return nil, nil, nil, err
	}
	ix, sum, err = retrieval.Build(ctx, abs, st, build.Options{Name: name, Force: o.Force, MaxFileSize: o.MaxFileSize})
	if err != nil {
		st.Close()
		return nil, nil, nil, err
	}
	return ix, sum, func() { st.Close() }, nil
}
