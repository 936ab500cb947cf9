package pipeline

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/retrieval"
)

// A client library's CI runs the server its tests talk to beside them: a
// GitHub Actions job's `services:` (redis:7 on 6379), a docker-compose
// file the tests bring up (ioredis's test/docker-compose.yml). A test that
// finds no server often says nothing a rule can read — ioredis's hooks
// wait for a connection until mocha's timeout — so the plan reads the CI:
// each server Debian packages is installed after the build and started
// before every command (pyramid.StartEverywhere), and the notes say so.

// composeFileRe are docker-compose files by base name.
var composeFileRe = regexp.MustCompile(`^(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$`)

// notServiceDirRe are directories whose compose files are not the
// project's (an example app's stack, a vendored project's).
var notServiceDirRe = regexp.MustCompile(`(^|/)(examples?|samples?|demos?|docs?|vendor|third_party|node_modules|deploy|deployment|charts)(/|$)`)

// applyServices adds the services the repository's CI runs.
func (p *Plan) applyServices(ctx context.Context, ix *retrieval.Index) {
	files, err := ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil || p.Pyramid == nil {
		return
	}
	seen := map[string]bool{}
	for _, f := range files {
		workflow := strings.HasPrefix(f.Path, ".github/workflows/") && (strings.HasSuffix(f.Path, ".yml") || strings.HasSuffix(f.Path, ".yaml"))
		compose := composeFileRe.MatchString(path.Base(f.Path)) && !notServiceDirRe.MatchString(path.Dir(f.Path))
		if !workflow && !compose {
			continue
		}
		text, err := ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil {
			continue
		}
		for _, ref := range serviceRefs(text, workflow) {
			s, ok := ref.service()
			image := ref.image
			if !ok || seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			if s.Package == "" {
				p.Notes = append(p.Notes, fmt.Sprintf("services: %s runs %s (%s) beside the tests; Debian has no package for it, the tests that need it will fail", f.Path, s.Name, image))
				continue
			}
			why := bashfile.Provenance{Source: "ci", File: f.Path, Note: fmt.Sprintf("the CI runs %s (%s) beside the tests", s.Name, image)}
			if _, err := p.File.Apply(bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Build, Packages: []string{s.Package}, Why: why}); err != nil {
				continue
			}
			p.Pyramid.StartEverywhere(s.StartLine())
			p.Notes = append(p.Notes, fmt.Sprintf("services: %s runs %s (%s) beside the tests: Debian's %s is installed after the build and `%s` starts it before every command", f.Path, s.Name, image, s.Package, s.Start))
		}
	}
}

// serviceRef is a service of a workflow's job or a compose file: its
// image (its key when it names none) and the host ports it publishes.
type serviceRef struct {
	image string
	ports []string
}

// service is the well-known service of the image, else of a published
// port (ioredis's redislabs/client-libs-test image on 6379:3000).
func (r serviceRef) service() (pyramid.Service, bool) {
	if s, ok := pyramid.ServiceOfImage(r.image); ok {
		return s, true
	}
	for _, p := range r.ports {
		if s, ok := pyramid.ServiceOnPort(p); ok {
			return s, true
		}
	}
	return pyramid.Service{}, false
}

// serviceRefs are the services of a workflow's jobs, or of a compose file,
// in the order of their names.
func serviceRefs(text string, workflow bool) []serviceRef {
	var doc map[string]any
	if yaml.Unmarshal([]byte(text), &doc) != nil {
		return nil
	}
	var groups []map[string]any
	if workflow {
		jobs, _ := doc["jobs"].(map[string]any)
		for _, j := range jobs {
			if jm, ok := j.(map[string]any); ok {
				if s, ok := jm["services"].(map[string]any); ok {
					groups = append(groups, s)
				}
			}
		}
	} else if s, ok := doc["services"].(map[string]any); ok {
		groups = append(groups, s)
	}
	var out []serviceRef
	for _, g := range groups {
		for name, v := range g {
			ref := serviceRef{image: name}
			m, _ := v.(map[string]any)
			if im, ok := m["image"].(string); ok && !strings.Contains(im, "${{") {
				ref.image = im
			}
			ports, _ := m["ports"].([]any)
			for _, p := range ports {
				// "6379:6379", "127.0.0.1:6379:3000", 6379
				f := strings.Split(strings.Trim(fmt.Sprint(p), `"' `), ":")
				if len(f) >= 2 {
					ref.ports = append(ref.ports, f[len(f)-2])
				} else {
					ref.ports = append(ref.ports, f[0])
				}
			}
			out = append(out, ref)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].image < out[j].image }) // map order is random; the plan is not
	return out
}
