package bashfile

import (
	"reflect"
	"testing"
)

func TestGoPrograms(t *testing.T) {
	got := GoPrograms([]string{"yq.go", "cmd/tomlv/main.go", "_example/example.go", "internal/tools/gen/main.go", "examples/x/main.go", "cmd/tomlv/other.go", "main_test.go"},
		"github.com/mikefarah/yq/v4")
	want := []GoProgram{{Pkg: ".", Name: "yq"}, {Pkg: "./cmd/tomlv", Name: "tomlv"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
