package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/heragent/heragent/bashfile/debindex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/docker/docker/api/types/image"
)

// ErrBootstrapPrereq means image bootstrap cannot run on this host (not
// root, no debootstrap); the message says what to do.
var ErrBootstrapPrereq = errors.New("image bootstrap prerequisite missing")

// BootstrapOptions configures `heragent image bootstrap`.
type BootstrapOptions struct {
	Suite   string   // Debian suite, e.g. "bookworm"
	Mirror  string   // archive URL; the host's APT mirror when empty
	Tag     string   // image reference; DefaultImage when empty
	Include []string // extra packages baked in (ca-certificates and ccache always are)
	Force   bool     // rebuild even when the tag exists
	Log     io.Writer
}

// BootstrapResult says what bootstrap did.
type BootstrapResult struct {
	Tag      string        `json:"tag"`
	ID       string        `json:"id"`
	Suite    string        `json:"suite"`
	Mirror   string        `json:"mirror"`
	Created  bool          `json:"created"` // false: the image was already there
	Duration time.Duration `json:"duration_ns"`
	Size     int64         `json:"size_bytes"`
}

// Bootstrap builds a minimal Debian image with debootstrap from the host's
// mirror and imports it through the Engine API: no registry needed. It is
// idempotent: an existing tag is kept unless o.Force.
func (e *Engine) Bootstrap(ctx context.Context, o BootstrapOptions) (BootstrapResult, error) {
	if o.Suite == "" {
		o.Suite = "bookworm"
	}
	if o.Tag == "" {
		o.Tag = DefaultImage
	}
	if o.Mirror == "" {
		o.Mirror = debindex.HostMirror("/", o.Suite)
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	res := BootstrapResult{Tag: o.Tag, Suite: o.Suite, Mirror: o.Mirror}
	start := time.Now()
	if !o.Force {
		if ins, err := e.api.ImageInspect(ctx, o.Tag); err == nil {
			res.ID, res.Size = ins.ID, ins.Size
			return res, nil
		}
	}
	if os.Geteuid() != 0 {
		return res, fmt.Errorf("%w: debootstrap needs root (run as root, or import an existing Debian image and pass --image)", ErrBootstrapPrereq)
	}
	deboot, err := exec.LookPath("debootstrap")
	if err != nil {
		return res, fmt.Errorf("%w: debootstrap not found (apt-get install debootstrap)", ErrBootstrapPrereq)
	}
	rootfs, err := os.MkdirTemp("", "heragent-rootfs-")
	if err != nil {
		return res, fmt.Errorf("create rootfs directory: %w", err)
	}
	defer os.RemoveAll(rootfs)

	// ccache is there for the sandboxes' compiler cache (sandbox.Cache);
	// nothing in a Bash File relies on it.
	include := append([]string{"ca-certificates", "ccache"}, o.Include...)
	args := []string{"--variant=minbase", "--include=" + strings.Join(include, ","), o.Suite, rootfs, o.Mirror}
	fmt.Fprintf(o.Log, "debootstrap %s\n", strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, deboot, args...)
	tail := newTailBuffer(2048)
	cmd.Stdout = io.MultiWriter(&debootstrapProgress{w: o.Log}, tail)
	cmd.Stderr = cmd.Stdout
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("debootstrap %s from %s: %w: %s", o.Suite, o.Mirror, err, lastLine(tail.String()))
	}
	// Downloaded .debs and package lists only make the image larger; the
	// setup script runs apt-get update itself.
	for _, g := range []string{"var/cache/apt/archives/*.deb", "var/lib/apt/lists/*_*"} {
		matches, _ := filepath.Glob(filepath.Join(rootfs, g))
		for _, m := range matches {
			os.Remove(m)
		}
	}
	id, err := e.importRootfs(ctx, rootfs, o)
	if err != nil {
		return res, err
	}
	res.ID, res.Created, res.Duration = id, true, time.Since(start)
	if ins, err := e.api.ImageInspect(ctx, o.Tag); err == nil {
		res.ID, res.Size = ins.ID, ins.Size
	}
	return res, nil
}

// importRootfs streams rootfs as a tar (GNU tar keeps device nodes,
// hardlinks and xattrs right) into the engine's image import.
func (e *Engine) importRootfs(ctx context.Context, rootfs string, o BootstrapOptions) (string, error) {
	tarCmd := exec.CommandContext(ctx, "tar", "--numeric-owner", "--xattrs", "-C", rootfs, "-c", ".")
	stdout, err := tarCmd.StdoutPipe()
	if err != nil {
		return "", fmt.Errorf("archive rootfs: %w", err)
	}
	tarErr := newTailBuffer(1024)
	tarCmd.Stderr = tarErr
	if err := tarCmd.Start(); err != nil {
		return "", fmt.Errorf("archive rootfs: %w", err)
	}
	rc, err := e.api.ImageImport(ctx, image.ImportSource{Source: stdout, SourceName: "-"}, o.Tag, image.ImportOptions{
		Changes: []string{
			"LABEL " + LabelKind + "=" + KindBase,
			"LABEL " + LabelSuite + "=" + o.Suite,
			"ENV LANG=C.UTF-8",
			`CMD ["/bin/bash"]`,
		},
	})
	if err != nil {
		_ = tarCmd.Process.Kill()
		_ = tarCmd.Wait()
		return "", fmt.Errorf("import image %s: %w", o.Tag, err)
	}
	body, _ := io.ReadAll(rc)
	rc.Close()
	if err := tarCmd.Wait(); err != nil {
		return "", fmt.Errorf("archive rootfs: %w: %s", err, lastLine(tarErr.String()))
	}
	return strings.TrimSpace(lastLine(string(body))), nil
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// debootstrapProgress passes debootstrap's output on without its
// per-package lines (hundreds of "I: Retrieving x", "I: Unpacking x").
type debootstrapProgress struct {
	w       io.Writer
	partial []byte
}

var perPackage = regexp.MustCompile(`^I: (Retrieving|Validating|Extracting|Unpacking|Configuring) [a-z0-9][a-z0-9.+-]*(:[a-z0-9]+)?( [0-9][^ ]*|\.\.\.)\s*$`)

func (d *debootstrapProgress) Write(p []byte) (int, error) {
	d.partial = append(d.partial, p...)
	for {
		i := bytes.IndexByte(d.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := d.partial[:i+1]
		if !perPackage.Match(line) {
			if _, err := d.w.Write(line); err != nil {
				return len(p), err
			}
		}
		d.partial = d.partial[i+1:]
	}
}
