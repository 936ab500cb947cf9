package config

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// compileSchema compiles schema.json, the documentation of heragent.yaml.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// asJSON is a YAML document as the JSON value the schema validates.
func asJSON(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// The schema and the parser agree: what one takes the other takes, what
// one refuses the other refuses.
func TestSchemaAgreesWithTheParser(t *testing.T) {
	s := compileSchema(t)
	for _, tt := range []struct {
		name, text string
		ok         bool
	}{
		{"every key", mustRead(t, "testdata/full.yaml"), true},
		{"empty", "{}", true},
		{"one string for a list", "packages: jq\ntestable:\n  skip: tox\n", true},
		{"unknown key", "build: make\n", false},
		{"unknown level key", "testable:\n  run: make\n", false},
		{"wrong type", "packages: {a: 1}\n", false},
		{"env not a mapping", "env: [A]\n", false},
		{"env value a list", "env:\n  A: [1]\n", false},
		{"bad variable name", "env:\n  1B: x\n", false},
		{"bad package name", "packages: [Not_A_Package]\n", false},
		{"bad duration", "max_time: soon\n", false},
		{"project outside", "project: ../x\n", false},
		{"project absolute", "project: /x\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			schemaErr := s.Validate(asJSON(t, tt.text))
			_, parseErr := Parse("h.yaml", []byte(tt.text))
			if (schemaErr == nil) != tt.ok || (parseErr == nil) != tt.ok {
				t.Errorf("schema: %v; parser: %v; want valid=%v", schemaErr, parseErr, tt.ok)
			}
		})
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
