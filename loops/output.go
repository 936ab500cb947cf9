package loops

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/heragent/heragent/internal/outmark"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// export writes the final artefacts into the staging directory, from the
// best state (the current one when no state ran to the end: the report
// says level none, and the script shows what was tried).
func (r *runner) export() error {
	start := time.Now()
	s := r.cur
	if r.best != nil {
		s = *r.best
	}
	if err := r.exportOf(s).WriteExports(r.stage); err != nil {
		return err
	}
	pj, err := s.pyr.JSON()
	if err != nil {
		return fmt.Errorf("encode pyramid: %w", err)
	}
	if err := writeFile(filepath.Join(r.stage, "pyramid.json"), pj, 0o644); err != nil {
		return err
	}
	r.rep.Phases["export"] = time.Since(start).Seconds()
	r.rep.Seconds = r.elapsed()
	r.traj.emit(report.Event{Phase: "done", Iteration: r.iter, Level: string(r.rep.Level), Message: "level reached: " + string(r.rep.Level)})
	r.journalReport()
	r.rep.EndedAt = time.Now().UTC()
	if err := writeJSON(filepath.Join(r.stage, "report.json"), r.rep); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(r.stage, "report.md"), []byte(r.rep.Markdown()), 0o644); err != nil {
		return err
	}
	html, err := r.rep.HTML()
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(r.stage, "report.html"), html, 0o644)
}

// exportOf describes the exports of state s: its Bash File laid out in
// layers, the build context's exclusions, the labels.
func (r *runner) exportOf(s state) Export {
	script := s.file.Render()
	texts := []string{script}
	for _, c := range s.pyr.Commands {
		texts = append(texts, c.Text)
	}
	x := Export{BaseImage: r.o.Image, Base: r.o.PublicBase, Setup: script, Runnable: r.rep.Runnable,
		Layers: PlanLayers(s.file, r.o.Repo), Ignore: ContextIgnore(r.o.Repo, texts),
		Source: r.o.Source, Created: time.Now(), Name: imageName(r.o.Name, r.o.Repo),
		Level: string(r.rep.Level), Proof: devcontainerProofs(r.rep), User: testUser(s.pyr)}
	if !strings.HasPrefix(r.rep.Commit, "tree:") {
		x.Revision = r.rep.Commit
	}
	x.Labels = []Label{{"io.heragent.version", r.rep.Heragent}, {"io.heragent.level", string(r.rep.Level)}}
	if r.rep.TestableEvidence != "" {
		x.Labels = append(x.Labels, Label{"io.heragent.testable-evidence", r.rep.TestableEvidence})
	}
	if r.rep.RunnableEvidence != "" {
		x.Labels = append(x.Labels, Label{"io.heragent.runnable-evidence", r.rep.RunnableEvidence})
	}
	return x
}

// imageName is a Docker image name for the project: lower case, [a-z0-9._-].
func imageName(name, repo string) string {
	if name == "" {
		name = filepath.Base(repo)
	}
	name = strings.Trim(imageNameRe.ReplaceAllString(strings.ToLower(name), "-"), "-._")
	if name == "" {
		return "my-env"
	}
	return name + "-env"
}

var imageNameRe = regexp.MustCompile(`[^a-z0-9._-]+`)

// replaceDir moves the finished staging directory to out, replacing an
// earlier heragent output there but nothing else.
func replaceDir(stage, out string) error {
	if fi, err := os.Stat(out); err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("write output: %s exists and is not a directory", out)
		}
		entries, _ := os.ReadDir(out)
		_, isOurs := os.Stat(filepath.Join(out, "report.json"))
		if len(entries) > 0 && isOurs != nil {
			return fmt.Errorf("write output: %s is not empty and is not a heragent output directory", out)
		}
		if err := os.RemoveAll(out); err != nil {
			return fmt.Errorf("replace output: %w", err)
		}
	}
	if err := os.Rename(stage, out); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// CheckOutDir refuses, before any work, an output directory that Run could
// not replace.
func CheckOutDir(out string) error {
	fi, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: output %v", sandbox.ErrBadRepo, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%w: output %s is a file", sandbox.ErrBadRepo, out)
	}
	entries, _ := os.ReadDir(out)
	if _, err := os.Stat(filepath.Join(out, "report.json")); len(entries) > 0 && err != nil {
		return fmt.Errorf("%w: output %s is not empty and is not a heragent output directory", sandbox.ErrBadRepo, out)
	}
	return nil
}

// hashTree hashes the repository's paths, modes and contents: checkpoints
// are only reused for the same tree.
func hashTree(root string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() && rel != "." && outmark.Is(p) {
			return fs.SkipDir // heragent's outputs, not the repository's
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%o\x00", filepath.ToSlash(rel), info.Mode())
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			io.WriteString(h, l)
		case info.Mode().IsRegular():
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			_, err = io.Copy(h, f)
			f.Close()
			if err != nil {
				return err
			}
		}
		h.Write([]byte{0})
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash repository: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
