package results

import "strings"

// lines returns the output as lines with ANSI escape sequences removed and
// carriage-return progress updates collapsed to what a terminal would show
// last. The lines share memory with the cleaned text.
func lines(s string) []string {
	s = StripANSI(s)
	out := make([]string, 0, strings.Count(s, "\n")+1)
	for len(s) > 0 {
		var line string
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			line, s = s, ""
		}
		out = append(out, pnpmPrefix(lastCR(line)))
	}
	return out
}

// pnpmPrefix removes the prefix pnpm puts before each line of a script it
// runs beside others (`pnpm run /^test:/`, `pnpm -r test`) for the root
// project: ". test:coverage: ℹ tests 79" → "ℹ tests 79" (nanoid: the
// node:test summary was not seen, and the suite ran no test).
func pnpmPrefix(line string) string {
	if !strings.HasPrefix(line, ". ") {
		return line
	}
	script, rest, ok := strings.Cut(line[2:], ": ")
	if !ok || script == "" || strings.ContainsAny(script, " \t") {
		return line
	}
	return rest
}

// lastCR keeps the text after the last carriage return that is followed by
// something ("a\rb" → "b", "a\r" → "a").
func lastCR(line string) string {
	line = strings.TrimRight(line, "\r")
	if i := strings.LastIndexByte(line, '\r'); i >= 0 {
		return line[i+1:]
	}
	return line
}

// StripANSI removes CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \)
// and two-byte ESC sequences. It returns s itself when there is no ESC.
func StripANSI(s string) string {
	if strings.IndexByte(s, 0x1b) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != 0x1b {
			j := strings.IndexByte(s[i:], 0x1b)
			if j < 0 {
				b.WriteString(s[i:])
				break
			}
			b.WriteString(s[i : i+j])
			i += j
			continue
		}
		i++ // ESC
		if i >= len(s) {
			break
		}
		switch s[i] {
		case '[': // CSI: parameters and intermediates, then a final byte 0x40–0x7e
			i++
			for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) && s[i] != '\n' {
				i++
			}
			if i < len(s) && s[i] != '\n' {
				i++
			}
		case ']': // OSC: until BEL or ESC \ (or end of line)
			i++
			for i < len(s) && s[i] != 0x07 && s[i] != '\n' && s[i] != 0x1b {
				i++
			}
			if i < len(s) && s[i] == 0x07 {
				i++
			} else if i+1 < len(s) && s[i] == 0x1b && s[i+1] == '\\' {
				i += 2
			}
		default: // ESC followed by one byte (ESC =, ESC (B …)
			if s[i] == '(' || s[i] == ')' {
				i++
			}
			if i < len(s) && s[i] != '\n' {
				i++
			}
		}
	}
	return b.String()
}

// lead returns the first byte of a line after its leading spaces and tabs,
// and the line from there (0 and "" for a blank line): a cheap test before
// a parser trims or matches a line.
func lead(l string) (byte, string) {
	for i := 0; i < len(l); i++ {
		if l[i] != ' ' && l[i] != '\t' {
			return l[i], l[i:]
		}
	}
	return 0, ""
}
