package results_test

import (
	"fmt"

	"github.com/heragent/heragent/pyramid/results"
)

func ExampleParse() {
	out := "Test project /src/build\n" +
		"1/2 Test #1: unit .....   Passed    0.01 sec\n" +
		"2/2 Test #2: smoke ....***Failed    0.02 sec\n" +
		"\n50% tests passed, 1 tests failed out of 2\n"
	c := results.Parse(out)
	fmt.Println(c.Passed, c.Failed, c.Skipped, c.Errors, c.Frameworks, c.Ran())
	// Output: 1 1 0 0 [ctest] true
}

func ExampleParseRun() {
	junit := []byte(`<testsuite><testcase name="a"/><testcase name="b"><skipped/></testcase></testsuite>`)
	c := results.ParseRun("BUILD SUCCESS\n", map[string][]byte{"target/surefire-reports/TEST-A.xml": junit})
	fmt.Println(c.Passed, c.Skipped, c.Frameworks)
	// Output: 1 1 [junit-xml]
}
