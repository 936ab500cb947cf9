package loops

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// A shared toolchain layer: most repositories' base sections install the
// same few toolchain packages (build-essential in 40 of the corpus's 73,
// cmake in 18, autotools, meson…) next to libraries of their own. Those
// toolchain packages are installed once in a sandbox without any
// repository, committed, and keyed by what the layer contains — the base
// image and the sorted package set, nothing of a repository — so a batch
// of C/CMake projects installs build-essential and cmake once. A run whose
// base section installs such packages starts its Bash File from that
// layer instead of the base image (the repository copied in); the base
// section still runs in full on top (pkg_install skips what is
// installed), so the Bash File, the per-repository checkpoints and the
// exports are exactly what they were — the layer only saves time and
// disk, and a layer that cannot be made is simply not used.

// toolchainPackages are the packages a shared layer holds: build tools
// of the base section, and the language runtimes the runtimes section
// installs before the project's own dependencies (Node.js and npm: about
// 150 s of every JavaScript project's setup on 2 cores, the same packages
// each time).
var toolchainPackages = []string{
	"autoconf", "autoconf-archive", "automake", "bison", "build-essential", "cmake", "flex", "g++", "gcc", "libc6-dev",
	"gettext", "git", "libtool", "m4", "make", "meson", "ninja-build", "pkg-config", "pkgconf",
	"python3-dev", "python3-pip", "python3-venv",
	// runtimes (section 4)
	"nodejs", "npm", "python3", "golang-go", "ca-certificates", "default-jdk-headless", "maven", "cargo", "rustc",
}

// toolchainImage is the checkpoint key of a shared layer a run started
// from and the packages it holds.
type toolchainImage struct {
	key  string
	pkgs []string
}

// literalInstall is pkg_install of package names only.
var literalInstall = regexp.MustCompile(`^pkg_install( [A-Za-z0-9][A-Za-z0-9.+:=~_-]*)+$`)

// toolchain returns the sorted toolchain packages the current base
// section installs by name.
func (r *runner) toolchain() []string { return toolchainOf(r.cur.file) }

// toolchainOf returns the sorted toolchain packages f's base and
// runtimes sections install by name.
func toolchainOf(f *bashfile.File) []string {
	var pkgs []string
	for _, c := range slices.Concat(f.Section(bashfile.Base).Commands, f.Section(bashfile.Runtimes).Commands) {
		if !literalInstall.MatchString(c.Text) {
			continue
		}
		for _, p := range strings.Fields(c.Text)[1:] {
			if slices.Contains(toolchainPackages, p) && !slices.Contains(pkgs, p) {
				pkgs = append(pkgs, p)
			}
		}
	}
	slices.Sort(pkgs)
	return pkgs
}

// toolchainScript is the Bash File that makes the layer of pkgs: the
// template's context and package manager, the packages in section 3.
func toolchainScript(pkgs []string) string {
	f := bashfile.New()
	if _, err := f.AddPackages(bashfile.Base, bashfile.Provenance{}, pkgs...); err != nil {
		return "" // names from toolchainPackages are valid
	}
	return f.Render()
}

// toolchainLayer returns the image of the shared toolchain layer for the
// current base section, making it when missing; "" when the section
// installs no toolchain package or the layer could not be made (the run
// then starts from the base image, as without a layer). A run whose
// repair added a toolchain package (git for an npm lifecycle script)
// keeps the layer it started from — the Bash File installs the one more
// package on top — rather than making a second layer mid-run.
func (r *runner) toolchainLayer(ctx context.Context, logAbs string) string {
	pkgs := r.toolchain()
	if r.layer.key != "" && subset(r.layer.pkgs, pkgs) {
		if img := r.findCheckpoint(ctx, r.layer.key); img != "" {
			return img
		}
	}
	img, key := r.makeToolchainLayer(ctx, logAbs, pkgs)
	if img != "" {
		r.layer = toolchainImage{key: key, pkgs: pkgs}
	}
	return img
}

// subset reports whether every one of a is in b.
func subset(a, b []string) bool {
	for _, p := range a {
		if !slices.Contains(b, p) {
			return false
		}
	}
	return true
}

// makeToolchainLayer returns the shared layer of pkgs, made when
// missing, and its checkpoint key.
func (r *runner) makeToolchainLayer(ctx context.Context, logAbs string, pkgs []string) (img, key string) {
	script := toolchainScript(pkgs)
	if len(pkgs) == 0 || script == "" {
		return "", ""
	}
	key = toolchainKey(r.baseID, script)
	if img := r.findCheckpoint(ctx, key); img != "" {
		return img, key
	}
	// One process makes a layer at a time: a batch prepares the next
	// repository's layer while this one runs (PrepareLayer), and a run
	// that needs it meanwhile waits for it rather than make it twice.
	// The wait is bounded: a layer stuck in another process (apt hanging
	// on a mirror) costs this run the layer, not its time.
	waitStart := time.Now()
	lctx, cancel := context.WithTimeout(ctx, layerWait)
	unlock, err := sandbox.LockKey(lctx, key)
	cancel()
	if err != nil {
		return "", ""
	}
	defer unlock()
	if img := r.findCheckpoint(ctx, key); img != "" {
		r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: fmt.Sprintf("waited %.0fs for the shared toolchain layer another heragent was making: %s", time.Since(waitStart).Seconds(), strings.Join(pkgs, " "))})
		return img, key
	}
	from, on := r.o.Image, ""
	if img, sub := r.prefixLayer(ctx, pkgs); img != "" {
		from, on = img, " (on the layer of "+strings.Join(sub, " ")+")"
	}
	sb, err := r.e.NewSandbox(ctx, sandbox.Options{Image: from, CACerts: r.o.CACerts, Limits: r.o.Limits, RunID: r.runID})
	if err != nil {
		return "", ""
	}
	defer sb.Close(ctx)
	files := map[string][]byte{"/heragent/setup.sh": []byte(script)}
	if sb.CopyFiles(ctx, files) != nil {
		return "", ""
	}
	r.traj.emit(report.Event{Phase: "setup", Iteration: r.iter, Message: "making the shared toolchain layer: " + strings.Join(pkgs, " ") + on})
	res, err := sb.Exec(ctx, sandbox.ExecSpec{Cmd: sectionCmd(bashfile.Base), Dir: "/", Timeout: r.timeLeft(r.o.SetupTimeout), LogFile: logAbs, TailBytes: 8 << 10})
	if err != nil || res.ExitCode != 0 || res.TimedOut {
		return "", "" // the Bash File's own base section meets it again, with its repairs
	}
	img, err = sb.Commit(ctx, "", map[string]string{sandbox.LabelRun: r.runID, LabelCheckpoint: key})
	if err != nil {
		return "", ""
	}
	sandbox.TouchCheckpoint(key)
	return img, key
}

// layerWait bounds the wait for a layer another process is making: the
// slowest seen here, Node.js and npm on a cold machine, took under 3
// minutes.
const layerWait = 10 * time.Minute

// layerOrder ranks the toolchain packages from the most shared: a layer
// is made on the layer of the longest run of its packages in this order
// that an earlier run made (prefixLayer), so a batch installs
// build-essential once, not again in the layer of build-essential and
// cmake, and again with autotools. Packages not listed come last.
var layerOrder = []string{
	"build-essential", "gcc", "libc6-dev", "g++", "python3", "python3-dev", "python3-pip", "python3-venv", "cmake", "pkg-config", "pkgconf",
	"meson", "ninja-build", "make", "m4", "autoconf", "automake", "libtool", "autoconf-archive", "bison", "flex", "gettext",
	"nodejs", "npm", "golang-go", "default-jdk-headless", "maven", "rustc", "cargo", "git", "ca-certificates",
}

// prefixLayer returns the existing layer of the longest proper prefix of
// pkgs in layerOrder's order, and that prefix; "" when none exists. The
// layer made on it holds the same packages as one made on the base image
// (the same key): its script installs what the prefix lacks.
func (r *runner) prefixLayer(ctx context.Context, pkgs []string) (string, []string) {
	ordered := slices.Clone(pkgs)
	rank := func(p string) int {
		if i := slices.Index(layerOrder, p); i >= 0 {
			return i
		}
		return len(layerOrder)
	}
	slices.SortStableFunc(ordered, func(a, b string) int { return rank(a) - rank(b) })
	for k := len(ordered) - 1; k >= 1; k-- {
		sub := slices.Sorted(slices.Values(ordered[:k]))
		if img := r.findCheckpoint(ctx, toolchainKey(r.baseID, toolchainScript(sub))); img != "" {
			return img, sub
		}
	}
	return "", nil
}

// toolchainKey is the checkpoint label of the layer script makes on the
// base image baseID.
func toolchainKey(baseID, script string) string {
	h := sha256.Sum256([]byte(baseID + "\x00toolchain\x00" + script))
	return hex.EncodeToString(h[:16])
}
