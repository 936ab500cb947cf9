package deploy

import (
	"context"
	"os"
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
	var out []pyramid.Command
	for _, c := range pyramid.BuiltProbes(bins, filepath.Base(abs)) {
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
