package pyramid

import (
	"context"
	"testing"

	"github.com/heragent/heragent/retrieval"
)

// repoIndex builds the graph of a repository made of files.
func repoIndex(t *testing.T, files map[string]string) *retrieval.Index {
	t.Helper()
	return tempIndex(t, "repo", files)
}

func TestCountTests(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  int
	}{
		{"go: tests only, not benchmarks, examples, fuzz targets or TestMain", map[string]string{
			"go.mod": "module x\n\ngo 1.22\n",
			"x.go":   "package x\n\nfunc Add(a, b int) int { return a + b }\n",
			"x_test.go": `package x

import "testing"

func TestMain(m *testing.M) { m.Run() }
func TestAdd(t *testing.T) {}
func TestSub(t *testing.T) { t.Run("neg", func(t *testing.T) {}) }
func BenchmarkAdd(b *testing.B) {}
func ExampleAdd() {}
func FuzzAdd(f *testing.F) {}
func helper() {}
`}, 2},
		// go-jmespath's internal/testify: a dependency with a go.mod of
		// its own that the root imports; an extension module importing
		// the root is the project's
		{"go: a nested module the root imports is a dependency", map[string]string{
			"go.mod":                            "module example.org/jp\n\ngo 1.22\n",
			"jp_test.go":                        "package jp\n\nimport (\n\t\"testing\"\n\n\t\"example.org/jp/internal/testify/assert\"\n)\n\nfunc TestJP(t *testing.T) { assert.True(t, true) }\n",
			"internal/testify/go.mod":           "module example.org/jp/internal/testify\n",
			"internal/testify/assert/a.go":      "package assert\n\nfunc True(t any, v bool) {}\n",
			"internal/testify/assert/a_test.go": "package assert\n\nimport \"testing\"\n\nfunc TestTrue(t *testing.T) {}\nfunc TestFalse(t *testing.T) {}\n",
			"ext/go.mod":                        "module example.org/jp/ext\n",
			"ext/ext_test.go":                   "package ext\n\nimport (\n\t\"testing\"\n\n\t\"example.org/jp\"\n)\n\nfunc TestExt(t *testing.T) { _ = jp.X }\n",
		}, 2},
		{"python: functions and methods", map[string]string{
			"tests/test_calc.py": `import unittest

def test_add():
    assert 1 + 1 == 2

def helper():
    pass

class TestCalc(unittest.TestCase):
    def setUp(self):
        pass

    def test_sub(self):
        self.assertEqual(1, 1)

    def testMul(self):
        self.assertEqual(2, 2)
`}, 3},
		{"gtest", map[string]string{
			"tests/shapes_test.cpp": "#include <gtest/gtest.h>\nTEST(Rect, Area) { EXPECT_EQ(1, 1); }\nTEST_F(Fix, Perimeter) { EXPECT_EQ(2, 2); }\nstatic int helper() { return 0; }\n",
		}, 2},
		{"javascript: a describe stands for the tests nested in it", map[string]string{
			"test/slug.test.js": "const assert = require('assert');\ndescribe('slug', () => {\n  it('joins', () => {});\n  it('trims', () => {});\n});\ntest('top level', () => {});\n",
		}, 2},
		{"none", map[string]string{"main.c": "int main(void) { return 0; }\n"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CountTests(context.Background(), repoIndex(t, tt.files)); got != tt.want {
				t.Errorf("CountTests = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestCountTestsFixtures(t *testing.T) {
	for fixture, want := range map[string]int{"go-mod": 1, "cpp-cmake-gtest": 2, "node-npm": 2, "python-pyproject": 2, "c-cmake": 0} {
		if got := CountTests(context.Background(), fixtureIndex(t, fixture)); got != want {
			t.Errorf("%s: CountTests = %d, want %d", fixture, got, want)
		}
	}
	if CountTests(context.Background(), nil) != 0 {
		t.Error("no index, no tests")
	}
}
