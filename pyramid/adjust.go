package pyramid

import (
	"regexp"
	"sort"
	"strings"
)

// quietFlags change how much a runner prints, not what it runs.
var quietFlags = map[string]bool{"-q": true, "-v": true, "-V": true, "-vv": true, "--verbose": true, "--quiet": true,
	"--output-on-failure": true, "-B": true, "--print-errorlogs": true, "-s": false}

// canonical is the dedupe key of a command: its working directory folded
// in (as the build-dir runners' own option for ctest and meson test: ctest
// in build is ctest --test-dir build), interpreter spellings unified,
// verbosity flags removed.
func canonical(c Command) string {
	t := strings.Join(strings.Fields(c.Text), " ")
	switch {
	case c.Dir != "" && (t == "ctest" || strings.HasPrefix(t, "ctest ")):
		t = "ctest --test-dir " + c.Dir + strings.TrimPrefix(t, "ctest")
	case c.Dir != "" && (t == "meson test" || strings.HasPrefix(t, "meson test ")):
		t = "meson test -C " + c.Dir + strings.TrimPrefix(t, "meson test")
	case c.Dir != "":
		t = "cd " + c.Dir + " && " + t
	}
	t = strings.ReplaceAll(t, "python3 ", "python ")
	t = strings.ReplaceAll(t, "npm run test", "npm test")
	t = strings.ReplaceAll(t, "npm run start", "npm start")
	if strings.HasPrefix(t, "pytest") {
		t = "python -m " + t
	}
	var kept []string
	for _, w := range strings.Fields(t) {
		// verbosity, parallelism and VAR=value settings do not change
		// what a command proves
		if quietFlags[w] || strings.HasPrefix(w, "-j") || isAssignment(w) {
			continue
		}
		kept = append(kept, w)
	}
	return strings.Join(kept, " ")
}

// isAssignment reports a VAR=value word (an environment prefix or a make
// variable).
func isAssignment(w string) bool {
	k, _, ok := strings.Cut(w, "=")
	if !ok || k == "" || strings.HasPrefix(k, "-") {
		return false
	}
	for _, r := range k {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// reports ranks a variant by how well the result parsers can count its
// output: verbose / per-test forms first.
func reports(c Command) int {
	n := 0
	for _, f := range []string{"--output-on-failure", "--print-errorlogs", " -v", "--test-dir", "-C build", " -q"} {
		if strings.Contains(c.Text, f) {
			n++
		}
	}
	return n
}

// stackOf names the toolchain a command belongs to, for filling gaps with
// standard commands.
func stackOf(text string) string {
	w := words(text)
	if len(w) == 0 {
		return ""
	}
	switch w[0] {
	case "cmake", "ctest":
		return "cmake"
	case "meson", "ninja":
		return "meson"
	case "make", "./configure", "autoreconf", "./autogen.sh", "gmake":
		return "make"
	case "npm", "npx", "yarn", "pnpm", "node":
		return "npm"
	case "pip", "pip3", "python", "python3", "pytest", "tox", "nox":
		return "python"
	case "go":
		return "go"
	case "cargo":
		return "cargo"
	case "mvn", "./mvnw":
		return "maven"
	case "gradle", "./gradlew":
		return "gradle"
	}
	return ""
}

// adjust merges duplicates (same command, even spelled differently, at any
// level: the first-mined keeps its bucket and collects every provenance,
// the best-reporting spelling wins), drops standard commands a mined one
// already covers, and keeps miner order.
func adjust(in []Command) []Command {
	var out []Command
	at := map[string]int{}
	for _, c := range in {
		k := canonical(c)
		if i, ok := at[k]; ok {
			o := &out[i]
			o.Why = appendWhy(o.Why, c.Why)
			if rc, ro := reports(c), reports(*o); rc > ro || rc == ro && len(c.Text) < len(o.Text) { // the best-reporting, then the plainest spelling
				o.Text, o.Dir = c.Text, c.Dir
			}
			if o.Synth && !c.Synth {
				o.Synth, o.Bucket, o.Reason = false, c.Bucket, c.Reason
			}
			if o.Why[0].Source == "convention" && c.Why[0].Source != "convention" {
				o.Bucket, o.Reason = c.Bucket, c.Reason
			}
			// what runs is the same whoever mined it: a miner that knows
			// it for the suite's own driver says so for all
			o.Driver = o.Driver || c.Driver
			if o.inside != "" && c.inside == "" {
				// found inside a wrapper first, mined on its own too: the
				// wrapper's place, the mined command's own verdict
				o.Bucket, o.Reason, o.Driver, o.Only = c.Bucket, c.Reason, c.Driver, c.Only
			}
			continue
		}
		at[k] = len(out)
		out = append(out, c)
	}
	covered := map[string]bool{}
	for _, c := range out {
		// a part of the suite (yq's documented `go test -v -run
		// TestAddOperatorScenarios`) does not stand in for the whole
		// nor does a command of no stack heragent knows (thread-pool's
		// documented build/BS_thread_pool_test, which only its own
		// compile line makes) stand in for another of no known stack
		if !onlyFrom(c, "convention") && !goDetectorRe.MatchString(c.Text) && !(c.Bucket.Level() == Testable && Narrow(c)) && stackOf(c.Text) != "" {
			covered[stackOf(c.Text)+"/"+string(c.Bucket.Level())] = true
		}
	}
	kept := out[:0]
	for _, c := range out {
		if onlyFrom(c, "convention") && covered[stackOf(c.Text)+"/"+string(c.Bucket.Level())] {
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

func onlyFrom(c Command, src string) bool {
	for _, w := range c.Why {
		if w.Source != src {
			return false
		}
	}
	return len(c.Why) > 0
}

// synthWhy is why plus a note that heragent made the command from it:
// a fresh slice, the original's provenance untouched.
func synthWhy(why []Provenance, note string) []Provenance {
	return append(append([]Provenance(nil), why...), Provenance{Source: "synthesized", Note: note})
}

func appendWhy(a, b []Provenance) []Provenance {
	for _, p := range b {
		dup := false
		for _, q := range a {
			if p == q {
				dup = true
				break
			}
		}
		if !dup {
			a = append(a, p)
		}
	}
	return a
}

// sourceRank orders sources within a level: what the README tells a user
// first, then the build files' own test declarations, then CI, other docs,
// Dockerfiles, the stack conventions, and synthesised probes last.
func sourceRank(c Command) int {
	if c.Bucket.Level() == Runnable && RemoteTarget(c.Text) != "" {
		return 10 // a host of the internet: after what works here
	}
	if c.Synth {
		return 9
	}
	best := 8
	for _, w := range c.Why {
		r := 8
		switch w.Source {
		case "user":
			r = 0
		case "readme":
			r = 1
		case "makefile", "package.json", "cmake", "meson", "python", "tox", "nox", "entrypoint", "test-script":
			r = 2
		case "ci":
			r = 3
		case "docs":
			r = 4
		case "dockerfile":
			r = 5
		case "convention":
			r = 6
		}
		if r < best {
			best = r
		}
	}
	return best
}

// MaxPerLevel bounds the commands kept at each level: the runner stops at
// the first that proves the level, and a long tail of CI variants
// (sanitizers, cross compilers) only costs time.
const MaxPerLevel = 6

// order sorts by level (lowest first), then by source rank (a command
// found in several places ranks by its best source, and what a wrapper
// runs inside with its wrapper, before it: wrap-ansi's CI and its
// package.json both run `npm test`, and `node --test`, which it runs
// without xo, was found through the CI's), keeping miner and file order
// otherwise, and keeps at most MaxPerLevel per level — past
// the cap, one last resort and a stack's whole suite when the kept
// commands of that stack only run parts of it (croc's CI: six `go test`
// of packages and names; its `go test -v ./...`, mined and the
// convention's, was cut) — not a stack
// with no test command kept (openh264's Android gradle) (yq: four make
// variants that lint first and two documented `go test -run X` filled the
// cap, and `go test -v ./...` was cut).
func order(cs []Command) []Command {
	out := append([]Command(nil), cs...)
	rank := map[string]int{} // a wrapper's text → its rank: what it runs inside ranks with it
	for _, c := range out {
		if r, ok := rank[canonical(c)]; !ok || sourceRank(c) < r {
			rank[canonical(c)] = sourceRank(c)
		}
	}
	rankOf := func(c Command) int {
		if r, ok := rank[c.inside]; ok && c.inside != "" && c.Part == "" && r < sourceRank(c) { // a part of the suite stays behind the whole
			return r
		}
		return sourceRank(c)
	}
	sort.SliceStable(out, func(i, j int) bool {
		li, lj := out[i].Bucket.Level().Rank(), out[j].Bucket.Level().Rank()
		if li != lj {
			return li < lj
		}
		return rankOf(out[i]) < rankOf(out[j])
	})
	n := map[Level]int{}
	resort := map[Level]bool{} // one last resort is kept past the cap
	whole := map[string]bool{} // stacks with a whole-suite command kept
	part := map[string]bool{}  // stacks with a part of their suite kept
	kept := out[:0]
	for _, c := range out {
		l := c.Bucket.Level()
		last := c.LastResort() && !resort[l]
		st := stackOf(c.Text)
		suite := l == Testable && !Narrow(c) && st != ""
		if n[l] >= MaxPerLevel && !last && !(suite && part[st] && !whole[st]) {
			continue
		}
		resort[l] = resort[l] || last
		whole[st] = whole[st] || suite
		part[st] = part[st] || l == Testable && Narrow(c)
		n[l]++
		kept = append(kept, c)
	}
	sort.SliceStable(kept, func(i, j int) bool { // what the cap kept, smoke probes after the rest of their level
		li, lj := kept[i].Bucket.Level().Rank(), kept[j].Bucket.Level().Rank()
		return li < lj || li == lj && kept[i].Bucket != Smoke && kept[j].Bucket == Smoke
	})
	return kept
}

// goDetectorRe finds a go test run with a detector that needs cgo and a C
// compiler (-race, -msan, -asan): it does not stand in for the plain
// `go test -v ./...`, which still runs where the Bash File has no cgo
// (fatih/color's CI runs only go test -race: without the plain spelling it
// failed in 0.2 s and a repair's second setup followed).
var goDetectorRe = regexp.MustCompile(`\bgo\s+test\b.*\s-(?:race|msan|asan)\b`)
