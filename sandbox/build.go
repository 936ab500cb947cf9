package sandbox

import (
	"archive/tar"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/pkg/jsonmessage"
)

// BuildOptions describes an image build from a Dockerfile text with a host
// directory as context.
type BuildOptions struct {
	Context string // host directory; only read
	// Mounts places more host directories in the context (context path →
	// host directory), instead of what Context holds there: an exported
	// Dockerfile's repo/ is the repository.
	Mounts map[string]string
	// Ignore are .dockerignore patterns the context is filtered by (the
	// Engine API takes a context as sent: the docker CLI filters it).
	Ignore     []string
	Dockerfile string            // Dockerfile text; not written into Context
	BuildArgs  map[string]string // --build-arg
	Tag        string            // optional
	// Keep makes the image the user's: it is not labelled a checkpoint
	// (the Dockerfile's own io.heragent.kind stands), so gc keeps it.
	Keep    bool
	NoCache bool     // no layer of an earlier build is reused
	CACerts []CACert // passed as the HERAGENT_CA_PEM build arg
	RunID   string
	Log     io.Writer // build output
}

// contextDockerfile is where the Dockerfile text sits in the build context
// archive (the host directory is never written to).
const contextDockerfile = ".heragent.Dockerfile"

// BuildImage builds the Dockerfile through the Engine API. The image is
// labelled as a checkpoint of RunID, so `heragent gc --checkpoints`
// removes it, unless o.Keep.
func (e *Engine) BuildImage(ctx context.Context, o BuildOptions) (string, error) {
	if err := CheckRepoDir(o.Context); err != nil {
		return "", err
	}
	for _, dir := range o.Mounts {
		if err := CheckRepoDir(dir); err != nil {
			return "", err
		}
	}
	nw, err := e.buildNetwork(ctx)
	if err != nil {
		return "", err
	}
	unlock, err := lockBuilds(ctx)
	if err != nil {
		return "", err
	}
	defer unlock()
	id, err := e.buildOnce(ctx, o, nw)
	if err != nil && storeRaceRe.MatchString(buildErrText(err)) && !o.NoCache {
		// podman's image store lost a layer the cache lookup named (another
		// process removed an image meanwhile): once more, without the cache
		o.NoCache = true
		id, err = e.buildOnce(ctx, o, nw)
	}
	return id, err
}

// storeRaceRe is podman's image store missing a layer or image it had
// listed a moment before ("checking if cached image exists from a
// previous build: getting top layer info: layer not known").
var storeRaceRe = regexp.MustCompile(`(?:layer|image) not known`)

// buildErrText is a build error with its output's tail.
func buildErrText(err error) string {
	var be *BuildError
	if errors.As(err, &be) {
		return be.Err.Error() + "\n" + be.Tail
	}
	return err.Error()
}

// buildOnce is one build of BuildImage, on network nw.
func (e *Engine) buildOnce(ctx context.Context, o BuildOptions, nw string) (string, error) {
	pr, pw := io.Pipe()
	go func() {
		tw := tar.NewWriter(pw)
		err := writeContext(tw, o)
		if err == nil {
			err = writeFiles(tw, map[string][]byte{"/" + contextDockerfile: []byte(o.Dockerfile)})
		}
		if err == nil {
			err = tw.Close()
		}
		pw.CloseWithError(err)
	}()
	var bundle []string
	for _, c := range o.CACerts {
		bundle = append(bundle, strings.TrimSpace(string(c.PEM)))
	}
	pem := strings.Join(bundle, "\n")
	args := map[string]*string{"HERAGENT_CA_PEM": &pem}
	for k, v := range o.BuildArgs {
		args[k] = &v
	}
	opts := build.ImageBuildOptions{
		Dockerfile:  contextDockerfile,
		Remove:      true,
		ForceRemove: true,
		NoCache:     o.NoCache,
		BuildArgs:   args,
		NetworkMode: nw, // the RUN steps run the repository's code too
		Labels:      map[string]string{LabelKind: KindCheckpoint, LabelRun: o.RunID, LabelOwner: Self().String()},
	}
	if o.Keep {
		delete(opts.Labels, LabelKind)
	}
	if o.Tag != "" {
		opts.Tags = []string{o.Tag}
	}
	resp, err := e.api.ImageBuild(ctx, pr, opts)
	if err != nil {
		pr.CloseWithError(err)
		return "", fmt.Errorf("build image: %w", err)
	}
	defer resp.Body.Close()
	out := o.Log
	if out == nil {
		out = io.Discard
	}
	tail := newTailBuffer(4096)
	var id string
	err = jsonmessage.DisplayJSONMessagesStream(resp.Body, io.MultiWriter(out, tail), 0, false, func(m jsonmessage.JSONMessage) {
		if m.Aux != nil {
			var aux struct{ ID string }
			if json.Unmarshal(*m.Aux, &aux) == nil && aux.ID != "" {
				id = aux.ID
			}
		}
	})
	if err != nil {
		// podman 4 may fail to delete an intermediate container after the
		// final commit: the image is there, the error is only cleanup.
		if m := committedRe.FindStringSubmatch(tail.String()); m != nil && strings.Contains(err.Error()+tail.String(), "deleting build container") {
			if ins, ierr := e.api.ImageInspect(ctx, m[1]); ierr == nil {
				return ins.ID, nil
			}
		}
		return "", &BuildError{Err: err, Tail: tail.String()}
	}
	if id == "" { // podman reports the ID as the last stream line
		id = strings.TrimSpace(lastLine(tail.String()))
	}
	return id, nil
}

// BuildError is a build that failed in one of its steps; Tail is the end
// of its output.
type BuildError struct {
	Err  error
	Tail string
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("build image: %v: %s", e.Err, lastLine(e.Tail))
}

func (e *BuildError) Unwrap() error { return e.Err }

// committedRe finds the image a podman build committed last.
var committedRe = regexp.MustCompile(`(?m)^COMMIT[^\n]*\n--> ([0-9a-f]{6,64})\s*$`)

// lockBuilds serialises image builds across heragent processes on this
// host: podman 4's builder, run concurrently, fails now and then with
// "error deleting build container … identifier is not a container".
// Builds are a small part of a run, so waiting costs little.
func lockBuilds(ctx context.Context) (func(), error) {
	return lockFile(ctx, filepath.Join(os.TempDir(), "heragent-build.lock"))
}
