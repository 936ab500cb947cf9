package main

import (
	"context"
	"errors"

	"github.com/heragent/heragent/source"
)

// resolveRepo turns a repository reference (a directory, or a git URL with
// an optional #revision) into a local directory, cloning into the cache
// when needed. An unreachable URL or a missing revision is an input error.
func resolveRepo(ctx context.Context, ref string) (string, error) {
	r, err := source.Parse(ref)
	if err != nil {
		return "", usageError(err)
	}
	dir, err := source.Resolve(ctx, r, source.Options{})
	switch {
	case err == nil:
		return dir, nil
	case ctx.Err() != nil:
		return "", ctx.Err()
	case errors.Is(err, source.ErrUnreachable), errors.Is(err, source.ErrRevNotFound), errors.Is(err, source.ErrBadRef):
		return "", usageError(err)
	}
	return "", envError(err)
}
