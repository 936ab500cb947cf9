package repair

import "strings"

// cmakeMessages are the messages of a log's CMake errors and warnings,
// each on one line: CMake wraps a message() at about 80 columns, two
// spaces in, so a message the project passes on splits its words across
// lines (outcome's quickcpplib bootstrap: "fatal: unable to access
// 'https://github.com/ned14/quickcpplib.git/': Could" / "not resolve
// host: github.com").
func cmakeMessages(log string) []string {
	var out []string
	var cur []string
	in := false
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, " "))
		}
		cur, in = nil, false
	}
	for _, l := range logLines(log) {
		switch {
		case strings.HasPrefix(l, "CMake Error") || strings.HasPrefix(l, "CMake Warning"):
			flush()
			in = true
		case in && strings.HasPrefix(l, "  "):
			cur = append(cur, strings.TrimSpace(l))
		case in && strings.TrimSpace(l) == "":
			// a blank line inside the message
		default:
			flush()
		}
	}
	flush()
	return out
}
