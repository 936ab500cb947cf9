package agents_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/agents"
	"github.com/heragent/heragent/agents/agentstest"
	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/retrieval"
)

const secret = "sk-heragent-test-secret-0123456789"

// fixture opens the retrieval index and the initial plan of a fixture repo.
func fixture(t *testing.T, name string) (*retrieval.Index, *bashfile.Plan) {
	t.Helper()
	ctx := context.Background()
	s, err := embedded.Open(ctx, filepath.Join(t.TempDir(), "graph.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ix, _, err := retrieval.Build(ctx, filepath.Join("..", "testdata", "repos", name), s, build.Options{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := bashfile.Generate(ctx, ix, bashfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix, plan
}

// script answers the pre-run roles: context reads the README through a
// tool, plan first answers malformed JSON, then a valid edit.
func preRunScript() *agentstest.Script {
	return agentstest.NewScript(map[string][]agentstest.Reply{
		"context": {
			{Tools: []agentstest.Call{{Name: "read_file", Args: map[string]any{"path": "README.md"}}, {Name: "find_files", Args: map[string]any{"kind": "build"}}}},
			{Content: agentstest.JSON(agents.ContextAnswer{Sufficient: true, Facts: []agents.Fact{{Fact: "builds with make", Source: "Makefile"}}})},
		},
		"plan": {
			{Content: `{"edits": [{"op": "append", "section": "build"`},                                                                 // broken JSON
			{Content: `{"edits": [{"op": "append", "section": "build", "command": "ls ./rev"}], "reason": "check the binary", "x": 1}`}, // unknown property
			{Content: agentstest.JSON(agents.PlanAnswer{Edits: []agents.EditAnswer{{Op: "append", Section: "build", Command: "ls -l ./rev"}}, Reason: "check the binary"})},
		},
	})
}

func TestOpenAIServerRequestShapeToolsRetryAndCost(t *testing.T) {
	ix, plan := fixture(t, "c-make")
	script := preRunScript()
	srv := agentstest.NewServer(script)
	defer srv.Close()
	cfg := agents.Config{Provider: agents.ProviderOpenAI, Model: "test-model", BaseURL: srv.BaseURL(), APIKey: secret, PriceIn: 2, PriceOut: 8}
	m, err := agents.NewModel(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := agents.New(agents.ModeLLM, repair.RulesBrain{}, agents.NewClient(cfg, m, nil))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	facts := b.Gather(ctx, ix, plan)
	b.ImprovePlan(ctx, plan, facts)

	if len(facts) != 1 || !strings.Contains(facts[0], "builds with make") {
		t.Errorf("facts = %v", facts)
	}
	if plan.File.Find(bashfile.Build, "ls -l ./rev") < 0 {
		t.Errorf("the plan edit was not applied:\n%s", plan.File.Render())
	}
	reqs := srv.Requests()
	if len(reqs) != 5 { // context: tools + answer; plan: 2 rejected + 1 valid
		t.Fatalf("%d requests, want 5", len(reqs))
	}
	for i, r := range reqs {
		if r.Path != "/v1/chat/completions" || r.Authorization != "Bearer "+secret || r.Body.Model != "test-model" {
			t.Errorf("request %d: path %s, auth %q, model %q", i, r.Path, r.Authorization, r.Body.Model)
		}
		if r.Body.Temperature == nil || *r.Body.Temperature != 0 {
			t.Errorf("request %d: temperature %v, want 0", i, r.Body.Temperature)
		}
		if r.Body.Messages[0].Role != "system" || r.Body.Messages[1].Role != "user" || !strings.Contains(r.Body.Messages[0].Text(), "JSON Schema") {
			t.Errorf("request %d: messages do not start with the system prompt and schema", i)
		}
	}
	// Tools: offered to the context role, its calls answered in the next request.
	names := map[string]bool{}
	for _, tl := range reqs[0].Body.Tools {
		names[tl.Function.Name] = true
	}
	for _, n := range []string{"read_file", "find_files", "search_text", "doc_sections", "ci_steps", "entry_points", "declared_dependencies", "unresolved_includes", "file_tree", "includers"} {
		if !names[n] {
			t.Errorf("tool %s not offered", n)
		}
	}
	second := reqs[1].Body.Messages
	if len(second) != 5 || second[2].Role != "assistant" || len(second[2].ToolCalls) != 2 || second[3].Role != "tool" || second[3].ToolCallID != second[2].ToolCalls[0].ID {
		t.Fatalf("tool round trip: %+v", second)
	}
	if !strings.Contains(second[3].Text(), "Reverses its arguments") {
		t.Errorf("read_file answer lacks the README: %q", second[3].Text())
	}
	if len(reqs[2].Body.Tools) != 0 || !bytes.Contains(reqs[2].Body.ResponseFormat, []byte("json_object")) {
		t.Errorf("plan request: tools %d, response_format %s", len(reqs[2].Body.Tools), reqs[2].Body.ResponseFormat)
	}
	// Retries say what was wrong.
	retry1, retry2 := reqs[3].Body.Messages, reqs[4].Body.Messages
	if last := retry1[len(retry1)-1].Text(); !strings.Contains(last, "not valid JSON") {
		t.Errorf("first retry message: %q", last)
	}
	if last := retry2[len(retry2)-1].Text(); !strings.Contains(last, `unknown property "x"`) {
		t.Errorf("second retry message: %q", last)
	}
	// Cost: the server's usage, priced per million tokens.
	u := b.Usage()
	var wantP, wantC int
	for _, role := range []string{"context", "plan"} {
		ru := u.Roles[role]
		if ru.PromptTokens == 0 || ru.CompletionTokens == 0 {
			t.Errorf("%s usage %+v", role, ru)
		}
		wantP += ru.PromptTokens
		wantC += ru.CompletionTokens
	}
	if u.Roles["plan"].Calls != 3 || u.Roles["plan"].Retries != 2 || u.Roles["context"].Calls != 2 {
		t.Errorf("calls/retries: %+v", u.Roles)
	}
	wantCost := (float64(wantP)*2 + float64(wantC)*8) / 1e6
	if u.Total.PromptTokens != wantP || u.Total.CompletionTokens != wantC || diff(u.Total.CostUSD, wantCost) > 1e-12 || !u.Priced {
		t.Errorf("total %+v, want %d+%d tokens, $%f", u.Total, wantP, wantC, wantCost)
	}
	// The key is in no recorded event.
	var rec bytes.Buffer
	enc := json.NewEncoder(&rec)
	for _, ev := range b.Drain() {
		enc.Encode(ev)
	}
	if strings.Contains(rec.String(), secret) || !strings.Contains(rec.String(), `"phase":"llm"`) {
		t.Errorf("recorded events: key present or no exchange recorded")
	}
}

func diff(a, b float64) float64 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestRetryIsBounded(t *testing.T) {
	ix, plan := fixture(t, "c-make")
	script := agentstest.NewScript(map[string][]agentstest.Reply{
		"context": {{Content: "I think it is fine."}},
	})
	b, _ := agents.New(agents.ModeLLM, repair.RulesBrain{}, agents.NewClient(agents.Config{Provider: "openai", Model: "m"}, script, nil))
	if facts := b.Gather(context.Background(), ix, plan); facts != nil {
		t.Errorf("facts from an invalid answer: %v", facts)
	}
	if n := script.Roles()["context"]; n != 3 {
		t.Errorf("asked %d times, want 1 + 2 retries", n)
	}
	d := b.Decisions()
	if len(d) != 1 || d[0].Brain != "rules" || !strings.Contains(d[0].Error, "still invalid after 2 retries") {
		t.Errorf("decision %+v", d)
	}
}

func TestCacheAnswersTheSameQuestionOffline(t *testing.T) {
	ix, _ := fixture(t, "c-make")
	dir := t.TempDir()
	cache, _ := agents.OpenCache(dir)
	cfg := agents.Config{Provider: "openai", Model: "m"}
	var asked []int
	for i := 0; i < 2; i++ {
		_, plan := fixture(t, "c-make")
		script := preRunScript()
		b, _ := agents.New(agents.ModeLLM, repair.RulesBrain{}, agents.NewClient(cfg, script, cache))
		b.ImprovePlan(context.Background(), plan, nil)
		asked = append(asked, len(script.Asked()))
		if i == 1 && b.Usage().Roles["plan"].CacheHits != 3 {
			t.Errorf("second run usage %+v", b.Usage().Roles["plan"])
		}
	}
	_ = ix
	if asked[0] != 3 || asked[1] != 0 {
		t.Errorf("model asked %v times, want [3 0]", asked)
	}
}

func TestBudgetStopsModelUse(t *testing.T) {
	_, plan := fixture(t, "c-make")
	script := preRunScript()
	b, _ := agents.New(agents.ModeLLM, repair.RulesBrain{}, agents.NewClient(agents.Config{Provider: "openai", Model: "m", MaxTokens: 10}, script, nil))
	b.ImprovePlan(context.Background(), plan, nil)
	if !strings.Contains(b.Stop(), "token budget spent") {
		t.Fatalf("Stop() = %q", b.Stop())
	}
	if n := len(script.Asked()); n != 1 {
		t.Errorf("model asked %d times after the budget was spent, want 1", n)
	}
	props := b.Propose(context.Background(), repair.Failure{Phase: repair.PhaseSetup, ExitCode: 1, Log: "boom"}, plan.File, nil)
	if len(props) == 0 || !strings.Contains(props[len(props)-1].Reason, "token budget") {
		t.Errorf("proposal after the budget: %+v", props)
	}
}

// fakeRules proposes fixed proposals.
type fakeRules struct{ props []repair.Proposal }

func (fakeRules) Name() string { return "rules" }
func (f fakeRules) Propose(context.Context, repair.Failure, *bashfile.File, []repair.Proposal) []repair.Proposal {
	return f.props
}

func TestHybridAsksTheModelWhereRulesAbstainOrStagnate(t *testing.T) {
	zlib := repair.Proposal{Rule: "missing-header", Diagnosis: repair.Diagnosis{Kind: repair.MissingHeader, Subject: "zlib.h"}, Action: repair.ActionEdit,
		Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"zlib1g-dev"}}}}
	none := repair.Proposal{Rule: "x", Diagnosis: repair.Diagnosis{Kind: repair.Unknown}, Action: repair.ActionNone}
	tests := []struct {
		name      string
		rules     []repair.Proposal
		tried     []repair.Proposal
		wantBrain string
	}{
		{"rules repair", []repair.Proposal{zlib}, nil, "rules"},
		{"rules abstain", []repair.Proposal{none}, nil, "llm"},
		{"no rule at all", nil, nil, "llm"},
		{"rules stagnate", []repair.Proposal{zlib}, []repair.Proposal{zlib}, "llm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, plan := fixture(t, "c-make")
			script := agentstest.NewScript(map[string][]agentstest.Reply{
				"analysis": {{Content: agentstest.JSON(agents.AnalysisAnswer{Kind: "missing_executable", Subject: "xxd", Evidence: "xxd: command not found", Explanation: "xxd is missing"})}},
				"repair":   {{Content: agentstest.JSON(agents.RepairAnswer{Action: "edit", Edits: []agents.EditAnswer{{Op: "add_packages", Section: "base", Packages: []string{"xxd"}}}, Reason: "xxd provides it"})}},
			})
			b, _ := agents.New(agents.ModeHybrid, fakeRules{tt.rules}, agents.NewClient(agents.Config{Provider: "openai", Model: "m"}, script, nil))
			f := repair.Failure{Phase: repair.PhaseSetup, ExitCode: 127, Log: "line 3: xxd: command not found\n"}
			props := b.Propose(context.Background(), f, plan.File, tt.tried)
			if len(props) == 0 {
				t.Fatal("no proposal")
			}
			if got := b.BrainOf(props[0]); got != tt.wantBrain {
				t.Errorf("brain %s, want %s (%+v)", got, tt.wantBrain, props)
			}
			if asked := len(script.Asked()) > 0; asked != (tt.wantBrain == "llm") {
				t.Errorf("model asked: %v", asked)
			}
		})
	}
}

func TestAnalysisEvidenceMustBeInTheLog(t *testing.T) {
	_, plan := fixture(t, "c-make")
	script := agentstest.NewScript(map[string][]agentstest.Reply{
		"analysis": {
			{Content: agentstest.JSON(agents.AnalysisAnswer{Kind: "missing_header", Subject: "foo.h", Evidence: "fatal error: foo.h: No such file", Explanation: "made up"})},
			{Content: agentstest.JSON(agents.AnalysisAnswer{Kind: "missing_executable", Subject: "xxd", Evidence: "xxd: command not found", Explanation: "xxd is missing"})},
		},
		"repair": {{Content: agentstest.JSON(agents.RepairAnswer{Action: "edit", Edits: []agents.EditAnswer{{Op: "add_packages", Section: "base", Packages: []string{"xxd"}}}, Reason: "r"})}},
	})
	b, _ := agents.New(agents.ModeLLM, fakeRules{}, agents.NewClient(agents.Config{Provider: "openai", Model: "m"}, script, nil))
	props := b.Propose(context.Background(), repair.Failure{Phase: repair.PhaseSetup, ExitCode: 127, Log: "line 3: xxd: command not found\n"}, plan.File, nil)
	if len(props) != 1 || props[0].Diagnosis.Subject != "xxd" || b.Usage().Roles["analysis"].Retries != 1 {
		t.Errorf("props %+v, usage %+v", props, b.Usage().Roles)
	}
}

// TestReplayReproducesDecisions drives every role with a scripted model,
// writes the events as a trajectory, and replays them without a model:
// the decisions are the same, and a question the recording lacks stops.
func TestReplayReproducesDecisions(t *testing.T) {
	traj := filepath.Join(t.TempDir(), "trajectory.jsonl")
	cfg := agents.Config{Provider: "openai", Model: "m", BaseURL: "http://127.0.0.1:1/v1", APIKey: secret}
	first := everyRole(t, func() *agents.Client { return agents.NewClient(cfg, fullScript(), nil) }, traj, true)
	raw, _ := os.ReadFile(traj)
	if bytes.Contains(raw, []byte(secret)) {
		t.Fatal("the key is in the trajectory")
	}
	rec, err := agents.LoadReplay(traj)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Mode != agents.ModeLLM || rec.Config.Model != "m" || rec.Exchanges() == 0 {
		t.Fatalf("replay %s", rec)
	}
	second := everyRole(t, func() *agents.Client { return agents.NewReplayClient(rec) }, "", false)
	if len(first) != len(second) {
		t.Fatalf("%d decisions, replay %d", len(first), len(second))
	}
	for i := range first {
		if first[i] != second[i] {
			t.Errorf("decision %d: %+v, replay %+v", i, first[i], second[i])
		}
	}
	// A different question is not in the recording.
	c := agents.NewReplayClient(rec)
	b, _ := agents.New(agents.ModeLLM, fakeRules{}, c)
	_, plan := fixture(t, "c-make")
	b.Propose(context.Background(), repair.Failure{Phase: repair.PhaseSetup, ExitCode: 2, Log: "something never seen"}, plan.File, nil)
	if !strings.Contains(b.Stop(), "replay diverged") {
		t.Errorf("Stop() = %q", b.Stop())
	}
	if d := b.Decisions(); !errors.Is(errors.New(d[len(d)-1].Error), agents.ErrStopped) && !strings.Contains(d[len(d)-1].Error, "model use stopped") {
		t.Errorf("last decision %+v", d[len(d)-1])
	}
}

// everyRole asks every role once, in the order of a run, and returns the
// decisions; with write, the events go to a trajectory file.
func everyRole(t *testing.T, client func() *agents.Client, traj string, write bool) []report.Decision {
	t.Helper()
	ctx := context.Background()
	ix, plan := fixture(t, "c-make")
	b, err := agents.New(agents.ModeLLM, fakeRules{}, client())
	if err != nil {
		t.Fatal(err)
	}
	facts := b.Gather(ctx, ix, plan)
	b.ImprovePlan(ctx, plan, facts)
	pyr, err := pyramid.Mine(ctx, ix, pyramid.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pyr = b.RefinePyramid(ctx, ix, pyr, pyramid.Runnable, facts)
	f := repair.Failure{Phase: repair.PhaseSetup, Section: bashfile.Build, ExitCode: 127, Log: "[2025-01-01 10:00:00] build\nline 3: heragent-check-a: command not found\n"}
	props := b.Propose(ctx, f, plan.File, nil)
	rec := report.RepairRecord{Iteration: 0, Action: props[0].Action, Diagnosis: props[0].Diagnosis, Brain: "llm"}
	f.Log = "[2025-01-02 11:11:11] build\nline 4: ./rev: Permission denied\n" // another time stamp: same question
	b.Reflect(ctx, report.Attempt{Iteration: 1, Repairs: []report.RepairRecord{rec}, Failure: f})
	b.Order(ctx, pyramid.Runnable, pyr.At(pyramid.Runnable), nil)
	if write {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		for _, ev := range b.Drain() {
			enc.Encode(ev)
		}
		if err := os.WriteFile(traj, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if s := b.Stop(); s != "" {
		t.Fatalf("stopped: %s", s)
	}
	for _, d := range b.Decisions() {
		if d.Brain != "llm" || d.Error != "" {
			t.Fatalf("decision not by the model: %+v", d)
		}
	}
	return b.Decisions()
}

func fullScript() *agentstest.Script { return agentstest.CMakeScript() }
