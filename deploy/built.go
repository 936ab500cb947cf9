package deploy

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/pyramid"
)

// listELF prints the ELF executables under the repository (at most 300),
// one relative path per line; test-ish and vendored trees are pruned by
// the pyramid, only .git and node_modules here.
const listELF = `cd ` + RepoDir + ` && find . \( -name .git -o -name node_modules -o -name CMakeFiles \) -prune -o -type f -perm /111 -size +1k -print 2>/dev/null |
while IFS= read -r f; do
  IFS= read -r -n 4 magic < "$f" 2>/dev/null || true
  [ "$magic" = $'\x7fELF' ] && printf '%s\n' "${f#./}"
done | head -n 300`

// listLibs prints the libraries (lib*.so*, lib*.a) and the C headers
// under the repository, at most 2000 lines, each prefixed with its kind;
// the caller keeps the headers the checkout did not contain (generated
// config headers a public header includes).
const listLibs = `cd ` + RepoDir + ` && find . \( -name .git -o -name node_modules -o -name CMakeFiles \) -prune -o -type f \( -name 'lib*.so*' -o -name 'lib*.a' \) -printf 'lib %P\n' -o -type f -name '*.h' -printf 'h %P\n' 2>/dev/null | head -n 2000`

// builtProbes finds the programs the Bash File built (ELF executables in
// the repository that the checkout did not contain) and asks the pyramid
// for probes of them. New probes join the run's pyramid, so pyramid.json
// and verify know them.
func (r *runner) builtProbes(ctx context.Context, sb *Sandbox) []pyramid.Command {
	res, err := sb.Exec(ctx, ExecSpec{Script: listELF, Dir: "/", TailBytes: 64 << 10})
	if err != nil || res.ExitCode != 0 {
		return nil
	}
	var bins []string
	for _, rel := range strings.Split(strings.TrimSpace(res.Tail), "\n") {
		if rel == "" {
			continue
		}
		if _, err := os.Lstat(filepath.Join(r.o.Repo, filepath.FromSlash(rel))); err == nil {
			continue // shipped with the repository, not built
		}
		bins = append(bins, rel)
	}
	abs, _ := filepath.Abs(r.o.Repo)
	name := filepath.Base(abs)
	probes := pyramid.BuiltProbes(bins, name)
	if link := r.linkProbes(ctx, sb, name); len(link) > 0 {
		// A library's consumer comes before the build's other programs
		// (examples, test helpers), after a program named as the project.
		if pyramid.ProductBuilt(bins, name) {
			probes = append(probes[:1:1], append(link, probes[1:]...)...)
		} else {
			probes = append(link, probes...)
		}
	}
	var out []pyramid.Command
	for _, c := range probes {
		known := false
		for _, k := range r.o.Pyramid.Commands {
			known = known || k.Text == c.Text
		}
		if !known {
			r.o.Pyramid.Commands = append(r.o.Pyramid.Commands, c)
		}
		out = append(out, c)
	}
	return out
}

// linkProbes asks the pyramid for consumer programs of the libraries the
// build produced.
func (r *runner) linkProbes(ctx context.Context, sb *Sandbox, name string) []pyramid.Command {
	fns := pyramid.VersionFuncs(os.DirFS(r.o.Repo), name)
	if len(fns) == 0 {
		return nil
	}
	res, err := sb.Exec(ctx, ExecSpec{Script: listLibs, Dir: "/", TailBytes: 256 << 10})
	if err != nil || res.ExitCode != 0 {
		return nil
	}
	var libs, gen []string
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(res.Tail), "\n") {
		kind, rel, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		if _, err := os.Lstat(filepath.Join(r.o.Repo, filepath.FromSlash(rel))); err == nil {
			continue // shipped with the repository, not built
		}
		switch d := path.Dir(rel); {
		case kind == "lib":
			libs = append(libs, rel)
		case kind == "h" && !seen[d]:
			seen[d] = true
			gen = append(gen, d)
		}
	}
	return pyramid.LinkProbes(fns, libs, gen, name)
}
