package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// The servers the CI runs beside the tests — a workflow job's services,
// a compose file's service known by its image or by the port it
// publishes — are installed after the build and started before every
// command; an example's compose file and a server Debian lacks are not.
func TestAnalyzeStartsTheServicesTheCIRuns(t *testing.T) {
	repo := writeRepo(t, map[string]string{
		"package.json": `{"name": "client", "scripts": {"test": "mocha test"}}` + "\n",
		"index.js":     "module.exports = {}\n",
		".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    services:\n      db:\n        image: postgres:16\n        ports: ['5432:5432']\n" +
			"      mongo:\n        image: mongo:7\n    steps:\n      - run: npm test\n",
		"test/docker-compose.yml":   "x-common: &common\n  image: someone/client-test:latest\nservices:\n  single:\n    <<: *common\n    ports:\n      - 6379:3000\n",
		"examples/app/compose.yaml": "services:\n  cache:\n    image: memcached:1.6\n",
		"test/index.test.js":        "it('works', () => {})\n",
	})
	p, err := Analyze(context.Background(), repo, Options{Graph: GraphOptions{Store: filepath.Join(t.TempDir(), "graph.db")}, Notes: []string{"no Debian package index: test"}})
	if err != nil {
		t.Fatal(err)
	}
	script := p.File.Render()
	build := script[strings.Index(script, "build_project() {"):]
	for _, pkg := range []string{"postgresql", "redis-server"} {
		if !strings.Contains(build, pkg) {
			t.Errorf("the build section lacks %q:\n%s", pkg, strings.Join(p.Notes, "\n"))
		}
	}
	if strings.Contains(script, "memcached") {
		t.Errorf("an example's compose file added its server:\n%s", script)
	}
	for _, c := range p.Pyramid.Commands {
		if len(c.Start) != 2 || !strings.Contains(c.Start[0], "service postgresql start") || !strings.Contains(c.Start[1], "/dev/tcp/127.0.0.1/6379") {
			t.Fatalf("%q starts %q", c.Text, c.Start)
		}
	}
	notes := strings.Join(p.Notes, "\n")
	if !strings.Contains(notes, "MongoDB") || !strings.Contains(notes, "Debian has no package") {
		t.Errorf("notes:\n%s", notes)
	}
}
