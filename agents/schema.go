package agents

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Answers and tool arguments are Go structs; their JSON Schema is derived
// from the struct: `json` names the property (omitempty makes it
// optional, everything else is required), `desc` describes it, `enum`
// lists the allowed values separated by '|'. No other property is allowed.

// Schema returns the JSON Schema of v's type.
func Schema(v any) map[string]any {
	return schemaOf(reflect.TypeOf(v))
}

func schemaOf(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64, reflect.Int32:
		return map[string]any{"type": "integer"}
	case reflect.Float64, reflect.Float32:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		required := []string{}
		for _, f := range fields(t) {
			s := schemaOf(f.typ)
			if f.desc != "" {
				s["description"] = f.desc
			}
			if len(f.enum) > 0 {
				s["enum"] = f.enum
			}
			props[f.name] = s
			if f.required {
				required = append(required, f.name)
			}
		}
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	panic(fmt.Sprintf("agents: no schema for %s", t))
}

type field struct {
	name     string
	index    int
	typ      reflect.Type
	desc     string
	enum     []string
	required bool
}

func fields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if !sf.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		}
		f := field{name: name, index: i, typ: sf.Type, desc: sf.Tag.Get("desc"), required: !strings.Contains(opts, "omitempty")}
		if e := sf.Tag.Get("enum"); e != "" {
			f.enum = strings.Split(e, "|")
		}
		out = append(out, f)
	}
	return out
}

// SchemaText is the schema as indented JSON, for prompts.
func SchemaText(v any) string {
	b, _ := json.MarshalIndent(Schema(v), "", "  ")
	return string(b)
}

// Decode parses a model's answer into out (a pointer to a struct) and
// checks it against out's schema: JSON syntax, types, required and unknown
// properties, enums. A fenced ```json block is accepted; nothing else
// around the object is. The error says exactly what is wrong, so it can be
// sent back to the model.
func Decode(text string, out any) error {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "```") {
		text = strings.TrimPrefix(strings.TrimPrefix(text, "```json"), "```")
		text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "```"))
	}
	if !strings.HasPrefix(text, "{") {
		return fmt.Errorf("the answer is not a JSON object (it starts with %q)", head(text, 40))
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("the answer is not valid JSON: %v", err)
	}
	if dec.More() {
		return fmt.Errorf("the answer has text after the JSON object")
	}
	if err := check("$", raw, reflect.TypeOf(out).Elem()); err != nil {
		return err
	}
	d := json.NewDecoder(strings.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(out); err != nil {
		return fmt.Errorf("the answer does not fit the schema: %v", err)
	}
	return nil
}

// check validates a decoded JSON value against a Go type's schema.
func check(path string, v any, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			return fmt.Errorf("%s: want a string, got %s", path, jsonType(v))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s: want true or false, got %s", path, jsonType(v))
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		n, ok := v.(json.Number)
		if _, err := n.Int64(); !ok || err != nil {
			return fmt.Errorf("%s: want an integer, got %s", path, jsonType(v))
		}
	case reflect.Float64, reflect.Float32:
		if _, ok := v.(json.Number); !ok {
			return fmt.Errorf("%s: want a number, got %s", path, jsonType(v))
		}
	case reflect.Slice:
		a, ok := v.([]any)
		if !ok {
			if v == nil {
				return nil // null for an empty list
			}
			return fmt.Errorf("%s: want an array, got %s", path, jsonType(v))
		}
		for i, x := range a {
			if err := check(fmt.Sprintf("%s[%d]", path, i), x, t.Elem()); err != nil {
				return err
			}
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %s", path, jsonType(v))
		}
		fs := fields(t)
		var names []string
		for _, f := range fs {
			names = append(names, f.name)
			x, present := m[f.name]
			if !present {
				if f.required {
					return fmt.Errorf("%s: missing required property %q", path, f.name)
				}
				continue
			}
			if err := check(path+"."+f.name, x, f.typ); err != nil {
				return err
			}
			if s, isStr := x.(string); isStr && len(f.enum) > 0 && !slices.Contains(f.enum, s) {
				return fmt.Errorf("%s.%s: %q is not one of %s", path, f.name, s, strings.Join(f.enum, ", "))
			}
		}
		var unknown []string
		for k := range m {
			if !slices.Contains(names, k) {
				unknown = append(unknown, k)
			}
		}
		if len(unknown) > 0 {
			sort.Strings(unknown)
			return fmt.Errorf("%s: unknown property %q (allowed: %s)", path, unknown[0], strings.Join(names, ", "))
		}
	}
	return nil
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("the string %q", head(x, 30))
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + x.String()
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// compactJSON renders v as one line of JSON (for prompts and tool output).
func compactJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimRight(b.String(), "\n")
}
