package source

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"github.com/go-git/go-git/v5/storage/memory"
)

// Options configures Resolve.
type Options struct {
	// CacheDir holds the clones; default $HERAGENT_REPO_CACHE, else
	// <user cache dir>/heragent/repos.
	CacheDir string
	// ListTimeout bounds the first contact with the remote (default 2m), so
	// an unreachable host fails fast with a clear error.
	ListTimeout time.Duration
}

// markerFile records, in a cache entry, the commit the remote advertised
// for the revision when it was cloned.
const markerFile = ".heragent-source"

// DefaultCacheDir is where clones go when Options.CacheDir is empty.
func DefaultCacheDir() (string, error) {
	if d := os.Getenv("HERAGENT_REPO_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("locate cache directory: %w", err)
	}
	return filepath.Join(d, "heragent", "repos"), nil
}

// Resolve returns a local directory holding the reference's tree. A plain
// directory is returned as is. A git reference is cloned into
// <cache>/<hash of URL and revision>/<name>; an existing clone is reused
// when the remote still advertises the same commit for the revision (and,
// for a commit id, without contacting the remote at all), so repeated runs
// see a byte-identical tree and reuse their checkpoints.
func Resolve(ctx context.Context, r Ref, o Options) (string, error) {
	if !r.IsGit() {
		return r.Path, nil
	}
	if o.CacheDir == "" {
		d, err := DefaultCacheDir()
		if err != nil {
			return "", err
		}
		o.CacheDir = d
	}
	if o.ListTimeout <= 0 {
		o.ListTimeout = 2 * time.Minute
	}
	sum := sha256.Sum256([]byte(r.URL + "\x00" + r.Rev))
	key := filepath.Join(o.CacheDir, hex.EncodeToString(sum[:8]))
	dest := filepath.Join(key, r.Name())

	if isCommit(r.Rev) {
		if cached(key) == r.Rev {
			return dest, nil
		}
	}
	want, refName, err := lsRemote(ctx, r, o.ListTimeout)
	if err != nil {
		return "", err
	}
	if want != "" && cached(key) == want {
		return dest, nil
	}
	if err := os.MkdirAll(o.CacheDir, 0o755); err != nil {
		return "", fmt.Errorf("create clone cache: %w", err)
	}
	tmpKey, err := os.MkdirTemp(o.CacheDir, ".clone-*")
	if err != nil {
		return "", fmt.Errorf("create clone cache: %w", err)
	}
	defer os.RemoveAll(tmpKey)
	tmp := filepath.Join(tmpKey, r.Name())
	if err := clone(ctx, r, refName, tmp); err != nil {
		return "", err
	}
	marker := want
	if marker == "" {
		marker = r.Rev
	}
	if err := os.WriteFile(filepath.Join(tmpKey, markerFile), []byte(marker+"\n"), 0o644); err != nil {
		return "", fmt.Errorf("write clone marker: %w", err)
	}
	if err := swapIn(tmpKey, key); err != nil {
		return "", err
	}
	return dest, nil
}

// cached returns the commit recorded in a cache entry, or "".
func cached(key string) string {
	b, err := os.ReadFile(filepath.Join(key, markerFile))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// lsRemote contacts the remote and finds the revision: the commit it
// points to (empty when rev is a commit the remote does not advertise) and
// the reference to clone shallowly (empty for a full clone).
func lsRemote(ctx context.Context, r Ref, timeout time.Duration) (want string, name plumbing.ReferenceName, err error) {
	lctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	rem := git.NewRemote(memory.NewStorage(), &config.RemoteConfig{Name: "origin", URLs: []string{r.URL}})
	refs, err := rem.ListContext(lctx, &git.ListOptions{})
	if err != nil {
		if ctx.Err() != nil {
			return "", "", ctx.Err()
		}
		if errors.Is(err, transport.ErrEmptyRemoteRepository) {
			return "", "", fmt.Errorf("%w: %s has no commits", ErrRevNotFound, r.URL)
		}
		return "", "", fmt.Errorf("%w: %s: %s", ErrUnreachable, r.URL, firstLine(err.Error()))
	}
	byName := map[plumbing.ReferenceName]*plumbing.Reference{}
	for _, ref := range refs {
		byName[ref.Name()] = ref
	}
	hashOf := func(n plumbing.ReferenceName) string {
		for i := 0; i < 5; i++ { // follow symbolic references (HEAD → refs/heads/main)
			ref := byName[n]
			if ref == nil {
				return ""
			}
			if ref.Type() == plumbing.HashReference {
				return ref.Hash().String()
			}
			n = ref.Target()
		}
		return ""
	}
	if r.Rev == "" {
		h := hashOf(plumbing.HEAD)
		if h == "" {
			return "", "", fmt.Errorf("%w: %s advertises no HEAD; name a branch with URL#branch", ErrRevNotFound, r.URL)
		}
		return h, "", nil
	}
	for _, n := range []plumbing.ReferenceName{
		plumbing.ReferenceName(r.Rev), plumbing.NewBranchReferenceName(r.Rev), plumbing.NewTagReferenceName(r.Rev),
	} {
		if h := hashOf(n); h != "" && strings.HasPrefix(string(n), "refs/") {
			return h, n, nil
		}
	}
	if isCommit(r.Rev) {
		for _, ref := range refs { // the tip of a branch: a shallow clone of it suffices
			if ref.Type() == plumbing.HashReference && ref.Hash().String() == r.Rev && ref.Name().IsBranch() {
				return r.Rev, ref.Name(), nil
			}
		}
		return "", "", nil
	}
	return "", "", fmt.Errorf("%w: %s has no branch, tag or commit %q", ErrRevNotFound, r.URL, r.Rev)
}

// clone checks the reference out into dir: shallow with a reference name,
// full (then checkout) for a commit. Submodules are fetched one by one
// afterwards: one that cannot be fetched (its host unreachable, its commit
// gone) does not fail the clone — it is recorded and named by Notes, and
// the run goes on without it (many have a Debian package instead).
func clone(ctx context.Context, r Ref, name plumbing.ReferenceName, dir string) error {
	opts := &git.CloneOptions{URL: r.URL, RecurseSubmodules: git.NoRecurseSubmodules}
	full := r.Rev != "" && name == ""
	if !full {
		opts.Depth, opts.SingleBranch, opts.ReferenceName = 1, true, name
	}
	repo, err := git.PlainCloneContext(ctx, dir, false, opts)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("clone %s: %w", r, err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		return fmt.Errorf("open worktree of %s: %w", r, err)
	}
	if full {
		h, err := repo.ResolveRevision(plumbing.Revision(r.Rev))
		if err != nil {
			return fmt.Errorf("%w: %s has no commit %q", ErrRevNotFound, r.URL, r.Rev)
		}
		if err := wt.Checkout(&git.CheckoutOptions{Hash: *h, Force: true}); err != nil {
			return fmt.Errorf("check out %s: %w", r, err)
		}
	}
	missing, err := updateSubmodules(ctx, wt, !full, "")
	if err != nil {
		return err
	}
	if len(missing) == 0 {
		return nil
	}
	return os.WriteFile(filepath.Join(filepath.Dir(dir), missingFile), []byte(strings.Join(missing, "\n")+"\n"), 0o644)
}

// missingFile lists, in a cache entry, the submodules that could not be
// fetched, one "path (url): why" a line.
const missingFile = ".heragent-missing-submodules"

// updateSubmodules initialises and fetches every submodule of wt, and
// theirs, each on its own; it returns those that failed.
func updateSubmodules(ctx context.Context, wt *git.Worktree, shallow bool, prefix string) ([]string, error) {
	subs, err := wt.Submodules()
	if err != nil {
		return nil, fmt.Errorf("read submodules: %w", err)
	}
	var missing []string
	for _, sm := range subs {
		c := sm.Config()
		o := &git.SubmoduleUpdateOptions{Init: true}
		if shallow {
			o.Depth = 1
		}
		if err := sm.UpdateContext(ctx, o); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			missing = append(missing, fmt.Sprintf("%s (%s): %s", prefix+c.Path, c.URL, firstLine(err.Error())))
			continue
		}
		srepo, err := sm.Repository()
		if err != nil {
			continue
		}
		swt, err := srepo.Worktree()
		if err != nil {
			continue
		}
		more, err := updateSubmodules(ctx, swt, shallow, prefix+c.Path+"/")
		if err != nil {
			return nil, err
		}
		missing = append(missing, more...)
	}
	return missing, nil
}

// Notes says what a clone in the cache lacks: the submodules that could not
// be fetched, as notes for the report. A plain directory has none.
func Notes(dir string) []string {
	b, err := os.ReadFile(filepath.Join(filepath.Dir(dir), missingFile))
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l != "" {
			out = append(out, "git submodule not fetched, the run goes on without it: "+l)
		}
	}
	return out
}

// swapIn moves a finished clone into its cache slot, replacing an older
// one. The old entry is renamed away first so a reader never sees half a
// tree.
func swapIn(tmpKey, key string) error {
	if err := os.Rename(tmpKey, key); err == nil {
		return nil
	}
	b := make([]byte, 4)
	rand.Read(b)
	old := key + ".old-" + hex.EncodeToString(b)
	if err := os.Rename(key, old); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("replace clone: %w", err)
	}
	defer os.RemoveAll(old)
	if err := os.Rename(tmpKey, key); err != nil {
		return fmt.Errorf("replace clone: %w", err)
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return strings.TrimSpace(s)
}
