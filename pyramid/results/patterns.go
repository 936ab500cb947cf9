package results

// resultFilePatterns are the globs, relative to the repository root, a
// runner should collect after a test command. "**" matches any number of
// directories (doublestar semantics). Collect only files the command
// created or modified (newer than a stamp taken before it ran): repos commit
// sample reports as test fixtures, and a stale report from an earlier run
// must not be counted.
var resultFilePatterns = []string{
	// Maven Surefire / Failsafe per-class reports.
	"**/target/surefire-reports/TEST-*.xml",
	"**/target/failsafe-reports/TEST-*.xml",
	// Gradle per-class reports (build/test-results/<task>/TEST-*.xml).
	"**/build/test-results/**/*.xml",
	// Ant's junit task and other TEST-<class>.xml writers.
	"**/TEST-*.xml",
	// Conventional names: pytest --junitxml=junit.xml, jest-junit's
	// junit.xml, go-junit-report, ctest --output-junit junit.xml,
	// *-junit.xml / *.junit.xml.
	"**/junit*.xml",
	"**/*junit*.xml",
	"**/test-results*.xml",
	"**/test_results*.xml",
	// meson's report (also testlog.txt, read by the console parsers).
	"**/meson-logs/testlog.junit.xml",
	"**/meson-logs/testlog.txt",
	// automake's parallel harness: the summary log and per-test .trs files.
	"**/test-suite.log",
	"**/*.trs",
	// A `go test -json` stream saved by the command (e.g. go test -json | tee).
	"**/go-test*.json",
}

// ResultFilePatterns returns the globs (relative to the repository,
// doublestar "**" semantics) of the test result files a runner should
// collect from the container after a test command and pass to
// [ParseFiles] / [ParseRun]. Only files created or modified by the command
// should be collected. The same file may match several patterns; collect
// it once.
func ResultFilePatterns() []string {
	return append([]string(nil), resultFilePatterns...)
}
