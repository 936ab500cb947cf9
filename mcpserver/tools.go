package mcpserver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// addTools registers the tools, each with the schemas of its arguments
// and its result (inferred from the Go types by the SDK).
func (s *Server) addTools() {
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "setup_environment", Title: "Set up and verify a repository's environment",
		Description: "Runs heragent's whole pipeline on a repository (what `heragent run` does): analyses it into a Bash File and a Test Pyramid, runs the script in containers, repairs it, and proves the highest maturity level it can — installable (it builds), testable (its tests run), runnable (its real entry point runs). Sends progress notifications (phase, iteration, command, level so far). Returns the level, its evidence, the test counts, the exports' paths and the environment id the other tools take. Takes minutes; repository code runs only in containers."},
		s.setup)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "run_in_environment", Title: "Run a command in the environment",
		Description: "Runs a bash command in a fresh container of the environment's verified image, with the repository's CURRENT working tree copied over /repo (your edits are tested; files you deleted stay from the image; rebuild=true first recompiles them with the setup's build sections), then removes the container. Returns the exit code, the output (head and tail, bounded), test counts parsed from it and the names of failed tests."},
		s.runIn)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "run_tests", Title: "Run the tests in the environment",
		Description: "Runs the environment's test command (the one that proved the Testable level), or a narrower one given as scope, in a fresh container of the verified image with the current working tree, after rebuilding the repository there (the setup sections that build it, so your edits are compiled; no_rebuild skips it). Returns counts, failed test names, the verdict and bounded output."},
		s.runTests)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "query_repository", Title: "Query the repository's knowledge graph", Description: queryDescription(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, s.query)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "get_plan", Title: "Analyse a repository into its plan",
		Description: "Runs the analysis only (nothing is executed): the Bash File and the Test Pyramid aligned to it, as `heragent plan --json` prints them.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, s.plan)
	mcp.AddTool(s.mcp, &mcp.Tool{Name: "get_report", Title: "Read an environment's report",
		Description: "The exported setup.sh, report.json and pyramid.json of a set-up environment, as structured data.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, s.report)
}

// resourceURI names an export of an environment.
func resourceURI(id, name string) string { return "heragent://environments/" + id + "/" + name }

// addResources serves the exports through a template (any environment,
// also one set up before the server started) and lists those set up.
func (s *Server) addResources() {
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{Name: "export", Title: "An environment's export",
		URITemplate: "heragent://environments/{id}/{name}",
		Description: "setup.sh, Dockerfile, report.json, report.md, pyramid.json or entrypoint.sh of an environment"}, s.readResource)
	entries, _ := os.ReadDir(s.cfg.OutRoot)
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(s.cfg.OutRoot, e.Name(), "report.json")); err == nil && e.IsDir() {
			s.addEnvResources(e.Name())
		}
	}
}

// addEnvResources lists an environment's exports as resources.
func (s *Server) addEnvResources(id string) {
	for _, x := range exportNames {
		s.mcp.AddResource(&mcp.Resource{Name: id + "/" + x.name, URI: resourceURI(id, x.name), MIMEType: x.mime,
			Description: x.name + " of environment " + id}, s.readResource)
	}
}

func (s *Server) readResource(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	rest, ok := strings.CutPrefix(uri, "heragent://environments/")
	id, name, ok2 := strings.Cut(rest, "/")
	mime := ""
	for _, x := range exportNames {
		if x.name == name {
			mime = x.mime
		}
	}
	if !ok || !ok2 || mime == "" {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	out, err := s.outDir(id)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	b, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if len(b) > maxResource {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d served", uri, len(b), maxResource)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mime, Text: string(b)}}}, nil
}

// maxResource bounds an export served.
const maxResource = 8 << 20
