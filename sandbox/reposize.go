package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"github.com/heragent/heragent/internal/bytesize"
)

// DefaultMaxRepoSize caps what a repository may take in a sandbox: every
// sandbox of a run receives a copy, so a huge checkout fills the engine's
// storage as many times over.
const DefaultMaxRepoSize int64 = 4 << 30

// ErrRepoTooLarge means the repository is over its cap (--max-repo-size).
// Errors wrapping it are also ErrBadRepo: exit code 2, refused before
// anything starts.
var ErrRepoTooLarge = errors.New("repository too large")

// tooLarge is CheckRepoSize's refusal: "bad repository: <why>".
type tooLarge struct{ msg string }

func (e *tooLarge) Error() string { return ErrBadRepo.Error() + ": " + e.msg }

func (e *tooLarge) Is(target error) bool { return target == ErrBadRepo || target == ErrRepoTooLarge }

// RepoSize is what copying a repository into a sandbox costs.
type RepoSize struct {
	// Bytes is the sum over what the copy holds (walkRepo) of the blocks
	// each entry has on disk — except a sparse file, which counts its
	// apparent size: it cannot be copied sparse (archive/tar writes no
	// sparse entries: go.dev/issue/22735), so every sandbox receives it
	// whole.
	Bytes int64
	// Sparse is the sparse file that adds the most to Bytes ("" when
	// none does), with its apparent size and its blocks on disk.
	Sparse           string
	Apparent, OnDisk int64
}

// MeasureRepo walks the tree at root as a sandbox's copy of it would.
func MeasureRepo(root string) (RepoSize, error) {
	var rs RepoSize
	err := walkRepo(root, func(_, rel string, info fs.FileInfo) error {
		onDisk := info.Size()
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			onDisk = st.Blocks * 512
		}
		cost := onDisk
		if info.Mode().IsRegular() && info.Size() > onDisk {
			cost = info.Size()
			if info.Size()-onDisk > rs.Apparent-rs.OnDisk {
				rs.Sparse, rs.Apparent, rs.OnDisk = rel, info.Size(), onDisk
			}
		}
		rs.Bytes += cost
		return nil
	})
	if err != nil {
		return RepoSize{}, fmt.Errorf("%w: measure %s: %v", ErrBadRepo, root, err)
	}
	return rs, nil
}

// CheckRepoSize refuses a repository that takes more than max bytes in a
// sandbox (DefaultMaxRepoSize when max <= 0), naming its size, the flag
// that raises the cap and, when a sparse file weighs, that file.
func CheckRepoSize(root string, max int64) error {
	if max <= 0 {
		max = DefaultMaxRepoSize
	}
	rs, err := MeasureRepo(root)
	if err != nil {
		return err
	}
	if rs.Bytes <= max {
		return nil
	}
	msg := fmt.Sprintf("%s takes %s in a sandbox, over the %s cap (raise it with --max-repo-size)", root, bytesize.Format(rs.Bytes), bytesize.Format(max))
	if rs.Sparse != "" && (rs.Apparent-rs.OnDisk)*10 >= rs.Bytes {
		msg += fmt.Sprintf("; %s is a sparse file of %s with %s on disk, copied whole", rs.Sparse, bytesize.Format(rs.Apparent), bytesize.Format(rs.OnDisk))
	}
	return &tooLarge{msg}
}
