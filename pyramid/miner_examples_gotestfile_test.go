package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A testing library's README shows its use as a test file (testify's
// `func TestSomething(t *testing.T) { assert.True(t, true, …) }`, its
// suite example starting at its imports): each becomes example_test.go
// in the scratch module, run with go test. One naming the reader's own
// `object` does not compile, and a test file of another module is not
// the library's use.
func TestGoTestFileExample(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":           "module github.com/stretchr/testify\n\ngo 1.20\n",
		"assert/assert.go": "package assert\n\nfunc True(t any, v bool, msg ...any) bool { return v }\n",
	})
	file := "package yours\n\nimport (\n\t\"testing\"\n\n\t\"github.com/stretchr/testify/assert\"\n)\n\nfunc TestSomething(t *testing.T) {\n\tassert.True(t, true, \"True is true!\")\n}\n"
	text, ok := goExample(context.Background(), e, "go", file, 1)
	if !ok || !strings.Contains(text, `> "$d/example_test.go"`) || !strings.HasSuffix(text, "&& timeout 120 go test -v -count=1 .)") {
		t.Fatalf("%v %s", ok, text)
	}
	suite := "// Basic imports\nimport (\n\t\"testing\"\n\n\t\"github.com/stretchr/testify/suite\"\n)\n\ntype ExampleTestSuite struct {\n\tsuite.Suite\n\tFive int\n}\n\n" +
		"func (suite *ExampleTestSuite) TestExample() {\n\tsuite.Equal(suite.Five, 5)\n}\n\nfunc TestExampleTestSuite(t *testing.T) {\n\tsuite.Run(t, new(ExampleTestSuite))\n}\n"
	if text, ok := goExample(context.Background(), e, "go", suite, 2); !ok || !strings.Contains(text, `$'package example\n\n// Basic imports`) {
		t.Errorf("the suite example starting at its imports: %v %s", ok, text)
	}
	if _, ok := goExample(context.Background(), e, "go", strings.Replace(file, `assert.True(t, true, "True is true!")`, "assert.Nil(t, object)", 1), 3); ok {
		t.Error("a test naming the reader's own object")
	}
	if _, ok := goExample(context.Background(), e, "go", strings.Replace(file, "github.com/stretchr/testify/assert", "github.com/other/assert", 1), 4); ok {
		t.Error("a test file of another module")
	}
}
