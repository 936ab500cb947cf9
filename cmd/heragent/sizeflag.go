package main

import (
	"fmt"

	"github.com/heragent/heragent/internal/bytesize"
)

// sizeFlag is a flag holding a size in bytes, typed as 4GiB, 500M, 1.5g or
// a plain number of bytes (binary multiples, as docker's --memory).
type sizeFlag int64

func (s *sizeFlag) String() string { return bytesize.Format(int64(*s)) }

func (s *sizeFlag) Set(v string) error {
	n, err := bytesize.Parse(v)
	if err != nil {
		return err
	}
	if n <= 0 {
		return fmt.Errorf("must be more than 0 bytes")
	}
	*s = sizeFlag(n)
	return nil
}

func (s *sizeFlag) Type() string { return "size" }

// maxRepoSizeUsage is --max-repo-size's help (run, exec).
const maxRepoSizeUsage = "refuse a repository that takes more than this in a sandbox (its blocks on disk; a sparse file counts whole, since every sandbox gets it whole), e.g. 8GiB"
