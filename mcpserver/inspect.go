package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/agents"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/report"
)

// QueryInput is query_repository's arguments.
type QueryInput struct {
	Repo  string         `json:"repo" jsonschema:"the repository: a local directory under one of the server's allowed roots"`
	Query string         `json:"query" jsonschema:"the query's name (see the tool's description)"`
	Args  map[string]any `json:"args,omitempty" jsonschema:"the query's arguments (see the tool's description)"`
}

// QueryOutput is what query_repository returns.
type QueryOutput struct {
	Query  string `json:"query"`
	Result any    `json:"result"`
}

// PlanInput is get_plan's arguments.
type PlanInput struct {
	Repo   string   `json:"repo" jsonschema:"the repository: a local directory under one of the server's allowed roots"`
	Level  string   `json:"level,omitempty" jsonschema:"level the pyramid is refined for (default runnable)"`
	Goal   []string `json:"goal,omitempty" jsonschema:"commands that must succeed at the Runnable level"`
	Expect []string `json:"expect,omitempty" jsonschema:"regular expressions every goal's output must show"`
}

// PlanOutput is what get_plan returns.
type PlanOutput struct {
	EnvironmentID string         `json:"environment_id" jsonschema:"the id setup_environment gives this repository"`
	BashFile      string         `json:"bash_file" jsonschema:"the Bash File (setup.sh) as text"`
	Plan          map[string]any `json:"plan" jsonschema:"plan.json: Bash File sections, aligned Test Pyramid, layout, stacks, notes"`
}

// ReportInput is get_report's arguments.
type ReportInput struct {
	EnvironmentID string `json:"environment_id" jsonschema:"what setup_environment returned"`
}

// ReportOutput is what get_report returns.
type ReportOutput struct {
	EnvironmentID string            `json:"environment_id"`
	BashFile      string            `json:"bash_file" jsonschema:"the exported setup.sh"`
	Report        map[string]any    `json:"report" jsonschema:"report.json: level, evidence, tests, commands with verdicts, repairs, provenance"`
	Pyramid       map[string]any    `json:"pyramid" jsonschema:"pyramid.json: the Test Pyramid as run"`
	Exports       map[string]string `json:"exports" jsonschema:"export name → path"`
}

// queryDescription lists the retrieval queries and their arguments.
func queryDescription() string {
	var b strings.Builder
	b.WriteString("Answers the knowledge-graph queries heragent's LLM brain uses, over the repository's graph (built or updated on demand, nothing run). Queries and their args:\n")
	for _, q := range agents.Queries() {
		args, _ := json.Marshal(q.Args["properties"])
		fmt.Fprintf(&b, "- %s: %s args: %s\n", q.Name, q.Description, args)
	}
	return b.String()
}

func (s *Server) query(ctx context.Context, _ *mcp.CallToolRequest, in QueryInput) (*mcp.CallToolResult, *QueryOutput, error) {
	repo, err := s.repoDir(in.Repo)
	if err != nil {
		return nil, nil, err
	}
	args, err := json.Marshal(in.Args)
	if err != nil || in.Args == nil {
		args = []byte("{}")
	}
	ix, _, closeGraph, err := pipeline.OpenGraph(ctx, repo, s.cfg.Graph)
	if err != nil {
		return nil, nil, err
	}
	defer closeGraph()
	res, err := agents.RunQuery(ctx, ix, in.Query, args)
	if err != nil {
		return nil, nil, err
	}
	return nil, &QueryOutput{Query: in.Query, Result: res}, nil
}

func (s *Server) plan(ctx context.Context, req *mcp.CallToolRequest, in PlanInput) (*mcp.CallToolResult, *PlanOutput, error) {
	repo, target, err := s.checkSetup(SetupInput{Repo: in.Repo, Level: in.Level, Goal: in.Goal, Expect: in.Expect})
	if err != nil {
		return nil, nil, err
	}
	progress := newNotifier(ctx, req, nil)
	say := func(phase, msg string) { progress(report.Event{Phase: phase, Message: msg}) }
	p, _, err := s.cfg.Analyze(ctx, repo, AnalyzeRequest{Goals: in.Goal, Expect: in.Expect, Target: target}, say)
	if err != nil {
		return nil, nil, err
	}
	b, err := p.JSON()
	if err != nil {
		return nil, nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, nil, err
	}
	return nil, &PlanOutput{EnvironmentID: envID(repo), BashFile: p.File.Render(), Plan: m}, nil
}

func (s *Server) report(_ context.Context, _ *mcp.CallToolRequest, in ReportInput) (*mcp.CallToolResult, *ReportOutput, error) {
	out, err := s.outDir(in.EnvironmentID)
	if err != nil {
		return nil, nil, err
	}
	rep, err := readObject(filepath.Join(out, "report.json"))
	if err != nil {
		return nil, nil, fmt.Errorf("no environment %q: set it up with setup_environment first", in.EnvironmentID)
	}
	if r, ok := rep["repo"].(string); ok {
		if _, err := s.repoDir(r); err != nil {
			return nil, nil, err
		}
	}
	pyr, err := readObject(filepath.Join(out, "pyramid.json"))
	if err != nil {
		return nil, nil, err
	}
	sh, err := os.ReadFile(filepath.Join(out, "setup.sh"))
	if err != nil {
		return nil, nil, err
	}
	o := &ReportOutput{EnvironmentID: in.EnvironmentID, BashFile: string(sh), Report: rep, Pyramid: pyr, Exports: map[string]string{}}
	for _, x := range exportNames {
		o.Exports[x.name] = filepath.Join(out, x.name)
	}
	return nil, o, nil
}

func readObject(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return m, nil
}
