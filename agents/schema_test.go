package agents

import (
	"strings"
	"testing"
)

func TestDecodeChecksTheSchema(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		wantErr string // substring; "" means valid
	}{
		{"valid", `{"action":"edit","edits":[{"op":"append","section":"build","command":"make"}],"reason":"r"}`, ""},
		{"fenced", "```json\n{\"action\":\"none\",\"reason\":\"r\"}\n```", ""},
		{"prose before", `Sure! {"action":"none","reason":"r"}`, "not a JSON object"},
		{"broken json", `{"action":"none",`, "not valid JSON"},
		{"trailing text", `{"action":"none","reason":"r"} thanks`, "text after"},
		{"missing required", `{"action":"none"}`, `missing required property "reason"`},
		{"unknown property", `{"action":"none","reason":"r","why":"x"}`, `unknown property "why"`},
		{"bad enum", `{"action":"fix","reason":"r"}`, `"fix" is not one of`},
		{"nested bad enum", `{"action":"edit","edits":[{"op":"append","section":"main","command":"x"}],"reason":"r"}`, `$.edits[0].section`},
		{"wrong type", `{"action":"none","reason":3}`, "$.reason: want a string"},
		{"null list", `{"action":"none","edits":null,"reason":"r"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ra RepairAnswer
			err := Decode(tt.text, &ra)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestSchemaRequiredAndEnums(t *testing.T) {
	s := Schema(RepairAnswer{})
	req := s["required"].([]string)
	if strings.Join(req, ",") != "action,reason" {
		t.Errorf("required = %v", req)
	}
	props := s["properties"].(map[string]any)
	if e := props["action"].(map[string]any)["enum"].([]string); len(e) != 4 {
		t.Errorf("action enum = %v", e)
	}
	if s["additionalProperties"] != false {
		t.Error("additional properties allowed")
	}
}

func TestTruncateLogKeepsHeadTailAndErrors(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 2000; i++ {
		if i == 1000 {
			b.WriteString("src/a.c:3:10: fatal error: zlib.h: No such file or directory\n")
			continue
		}
		b.WriteString("compiling object number something something something\n")
	}
	b.WriteString("make: *** [Makefile:4: all] Error 1")
	got := TruncateLog(b.String(), 6000)
	for _, want := range []string{"zlib.h: No such file", "make: *** [Makefile:4: all] Error 1", "lines left out"} {
		if !strings.Contains(got, want) {
			t.Errorf("truncated log lost %q", want)
		}
	}
	if len(got) > 6000 {
		t.Errorf("truncated log has %d characters", len(got))
	}
}

func TestScrubMasksVolatileText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"[2025-11-22 00:34:12] ERROR: setup failed", "[<time>] ERROR: setup failed"},
		{"ok  \texample.com/greeter\t0.003s", "ok  \texample.com/greeter\t<dur>"},
		{"wrote /tmp/tmp.Xy12ab/out", "wrote /tmp/<tmp>/out"},
		{"no change here", "no change here"},
	}
	for _, tt := range tests {
		if got := Scrub(tt.in); got != tt.want {
			t.Errorf("Scrub(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestConfigResolveOrderAndCheck(t *testing.T) {
	env := map[string]string{"HERAGENT_LLM_MODEL": "env-model", "HERAGENT_LLM_BASE_URL": "http://env/v1", "OPENAI_API_KEY": "sk-env"}
	getenv := func(k string) string { return env[k] }
	file := Config{Provider: "openai", Model: "file-model", BaseURL: "http://file/v1", APIKey: "sk-file", MaxTokens: 5}
	c := Resolve(Config{Model: "flag-model"}, file, getenv)
	if c.Model != "flag-model" || c.BaseURL != "http://env/v1" || c.APIKey != "sk-env" || c.MaxTokens != 5 {
		t.Errorf("resolved %+v", c)
	}
	if strings.Contains(c.String(), "sk-") {
		t.Errorf("String shows the key: %s", c)
	}
	if b, _ := c.MarshalJSON(); strings.Contains(string(b), "sk-") {
		t.Errorf("JSON shows the key: %s", b)
	}
	checks := []struct {
		name    string
		c       Config
		wantErr string
	}{
		{"no model", Config{Provider: "openai"}, "no model configured"},
		{"hosted openai without key", Config{Provider: "openai", Model: "m"}, "OPENAI_API_KEY"},
		{"local server without key", Config{Provider: "openai", Model: "m", BaseURL: "http://localhost:8080/v1"}, ""},
		{"anthropic without key", Config{Provider: "anthropic", Model: "m"}, "ANTHROPIC_API_KEY"},
		{"ollama", Config{Provider: "ollama", Model: "llama3"}, ""},
		{"unknown provider", Config{Provider: "x", Model: "m"}, "unknown LLM provider"},
		{"max cost without price", Config{Provider: "ollama", Model: "m", MaxCost: 1}, "needs a price"},
		{"max cost with price", Config{Provider: "ollama", Model: "m", MaxCost: 1, Prices: map[string]Price{"m": {In: 1, Out: 2}}}, ""},
	}
	for _, tt := range checks {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.Check()
			if (tt.wantErr == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Check() = %v, want %q", err, tt.wantErr)
			}
		})
	}
}
