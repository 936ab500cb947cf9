package results

import "testing"

func TestIsResultFile(t *testing.T) {
	tests := map[string]bool{
		"target/surefire-reports/TEST-com.x.AppTest.xml": true,
		"mod/target/surefire-reports/TEST-a.xml":         true,
		"build/test-results/test/TEST-a.xml":             true,
		"junit.xml":                                      true,
		"build/meson-logs/testlog.junit.xml":             true,
		"tests/test-suite.log":                           true,
		"test-suite.log":                                 true,
		"tests/a.trs":                                    true,
		"pom.xml":                                        false,
		"src/main.c":                                     false,
		"build/meson-logs/meson-log.txt":                 false,
	}
	for p, want := range tests {
		if got := IsResultFile(p); got != want {
			t.Errorf("IsResultFile(%q) = %v, want %v", p, got, want)
		}
	}
	if len(ResultFileNames()) == 0 {
		t.Fatal("no names")
	}
}
