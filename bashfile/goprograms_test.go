package bashfile

import (
	"reflect"
	"testing"
)

func TestGoPrograms(t *testing.T) {
	// cmd/lint has a go.mod of its own (zerolog): another module's program
	got := GoPrograms([]string{"yq.go", "cmd/tomlv/main.go", "_example/example.go", "internal/tools/gen/main.go", "examples/x/main.go", "cmd/tomlv/other.go", "main_test.go", "cmd/lint/lint.go"},
		"github.com/mikefarah/yq/v4", []string{"cmd/lint"})
	want := []GoProgram{{Pkg: ".", Name: "yq"}, {Pkg: "./cmd/tomlv", Name: "tomlv"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	// the program in a top directory named as the module (easyjson's
	// easyjson/), not a tool's beside it
	got = GoPrograms([]string{"easyjson/main.go", "bootstrap/main.go", "benchmark/easyjson/main.go"}, "github.com/mailru/easyjson", nil)
	want = []GoProgram{{Pkg: "./easyjson", Name: "easyjson"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
