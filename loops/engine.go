package loops

import (
	"context"
	"time"

	"github.com/heragent/heragent/sandbox"
)

// Sandbox is what the loops need of a container: run a command in it, put
// files in, read one out, save it as a checkpoint image, remove it.
// *sandbox.Sandbox is the real one; the loops' tests use a scripted fake.
type Sandbox interface {
	Exec(ctx context.Context, spec sandbox.ExecSpec) (sandbox.ExecResult, error)
	CopyFiles(ctx context.Context, files map[string][]byte) error
	ReadFile(ctx context.Context, path string, max int64) ([]byte, error)
	Commit(ctx context.Context, ref string, labels map[string]string) (string, error)
	// Offline disconnects it from every network (--proof-network none).
	Offline(ctx context.Context) error
	Close(ctx context.Context) error
}

// Engine is what the loops need of the container engine.
type Engine interface {
	// ImageID resolves a reference to an image ID; a missing image wraps
	// sandbox.ErrImageMissing.
	ImageID(ctx context.Context, ref string) (string, error)
	// Labelled returns the ID of an image carrying label=value, or "".
	Labelled(ctx context.Context, label, value string) (string, error)
	NewSandbox(ctx context.Context, o sandbox.Options) (Sandbox, error)
	// BuildImage builds a Dockerfile from scratch (verify).
	BuildImage(ctx context.Context, o sandbox.BuildOptions) (string, error)
	// Version names the engine (for the report's provenance).
	Version(ctx context.Context) (sandbox.Version, error)
	// GC removes the containers and images of a run.
	GC(ctx context.Context, o sandbox.GCOptions) (sandbox.GCResult, error)
	// EvictCheckpoints removes the least recently used checkpoint images
	// until they take at most limit bytes.
	EvictCheckpoints(ctx context.Context, limit int64) (sandbox.Evicted, error)
	// Isolation says whether the sandboxes started so far were kept off
	// the engine's host, and how (sandbox/hostfirewall.go).
	Isolation() sandbox.Isolation
}

// Docker is the loops' view of a real engine connection.
func Docker(e *sandbox.Engine) Engine { return docker{e} }

type docker struct{ *sandbox.Engine }

func (d docker) NewSandbox(ctx context.Context, o sandbox.Options) (Sandbox, error) {
	sb, err := d.Engine.NewSandbox(ctx, o)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return sb, nil
}

func (d docker) EvictCheckpoints(ctx context.Context, limit int64) (sandbox.Evicted, error) {
	return d.Engine.EvictCheckpoints(ctx, limit, func(l map[string]string) time.Time { return sandbox.CheckpointUsed(l[LabelCheckpoint]) })
}
