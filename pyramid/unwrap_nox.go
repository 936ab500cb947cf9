package pyramid

import (
	"context"
	"regexp"
	"strings"
)

// unwrapNox: `nox`, `nox -s S[,S]`, `nox -s S -- args` → the session's
// `session.run("pytest", "--cov", …)` calls in noxfile.py, their string
// arguments joined (session.posargs and other variables left out). `nox`
// alone looks at a session named like a test session.
func unwrapNox(ctx context.Context, e *env, c Command) []string {
	sessions, ok := noxSessions(c.Text)
	if !ok {
		return nil
	}
	src, err := e.ix.ReadFile(ctx, "noxfile.py", 0, 0, true)
	if err != nil {
		return nil
	}
	bodies := noxBodies(src)
	if len(sessions) == 0 {
		for _, name := range []string{"tests", "test", "unit", "pytest"} {
			if bodies[name] != "" {
				sessions = append(sessions, name)
				break
			}
		}
	}
	var out []string
	for _, s := range sessions {
		for _, call := range strings.Split(bodies[strings.TrimSpace(s)], "\n") {
			m := sessionRunRe.FindStringSubmatch(call)
			if m == nil {
				continue
			}
			if line := uncovered(noxCall(m[1])); line != "" {
				if v := classify(line); v.Drop == "" && v.Bucket == Unit {
					out = append(out, line)
				}
			}
		}
	}
	return out
}

// noxSessions reads the -s/--session names of a nox command; ok is false
// when the command is not nox.
func noxSessions(text string) (sessions []string, ok bool) {
	w := strings.Fields(text)
	switch {
	case len(w) > 0 && w[0] == "nox":
		w = w[1:]
	case len(w) > 2 && (w[0] == "python" || w[0] == "python3") && w[1] == "-m" && w[2] == "nox":
		w = w[3:]
	default:
		return nil, false
	}
	for i := 0; i < len(w); i++ {
		if (w[i] == "-s" || w[i] == "--session" || w[i] == "--sessions") && i+1 < len(w) {
			sessions = append(sessions, strings.Split(w[i+1], ",")...)
			i++
		} else if w[i] == "--" {
			break
		}
	}
	return sessions, true
}

var (
	noxDefRe      = regexp.MustCompile(`(?m)^def (\w+)\(\s*session\b`)
	sessionRunRe  = regexp.MustCompile(`(?s)session\.run\(\s*(.*?)\)\s*$`)
	pyStringRe    = regexp.MustCompile(`^(?:"([^"\\]*)"|'([^'\\]*)')$`)
	sessionRunAll = regexp.MustCompile(`(?ms)session\.run\(.*?\)$`)
)

// noxBodies maps each session function of a noxfile to its body.
func noxBodies(src string) map[string]string {
	out := map[string]string{}
	locs := noxDefRe.FindAllStringSubmatchIndex(src, -1)
	for i, l := range locs {
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := src[l[2]:l[3]]
		var calls []string
		for _, c := range sessionRunAll.FindAllString(src[l[1]:end], -1) {
			calls = append(calls, strings.Join(strings.Fields(c), " "))
		}
		out[name] = strings.Join(calls, "\n")
	}
	return out
}

// noxCall turns session.run's arguments into a command: its leading string
// literals, up to the first keyword argument.
func noxCall(args string) string {
	var words []string
	for _, a := range strings.Split(args, ",") {
		a = strings.TrimSpace(a)
		if a == "" || strings.Contains(a, "=") && !strings.HasPrefix(a, `"`) && !strings.HasPrefix(a, "'") {
			break
		}
		m := pyStringRe.FindStringSubmatch(a)
		if m == nil {
			continue // *session.posargs, a variable
		}
		words = append(words, m[1]+m[2])
	}
	if len(words) == 0 {
		return ""
	}
	if words[0] == "python" || words[0] == "python3" {
		words[0] = "python"
	}
	return strings.Join(words, " ")
}
