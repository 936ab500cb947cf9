package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A made-up probe refused with the program's usage line is followed, in
// the same state, by the program run the way that line says; the command
// joins pyramid.json.
func TestUsageLineMakesTheNextProbe(t *testing.T) {
	const get = "./url_parser get http://example.com/docs/index.html?q=1#top"
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "1..1\nok 1 - parses\n"
		case "./url_parser hello", "./url_parser connect http://example.com/docs/index.html?q=1#top":
			return 1, "Syntax : ./url_parser connect|get url\n"
		case get:
			return 0, "field_set: 0x1f, port: 80\n"
		}
		return 1, ""
	}
	probe := pyramid.Command{Text: "./url_parser hello", Bucket: pyramid.Entry, Synth: true, Reason: "runs the program on a word argument",
		Why: []pyramid.Provenance{{Source: "makefile", File: "Makefile", Note: "links program url_parser"}}}
	p := pyr(1, documented("make test", pyramid.Unit), probe)
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || rep.Runnable != get || len(rep.Setup) != 1 {
		t.Fatalf("level %s runnable %q after %d setups (%s); commands %v", rep.Level, rep.Runnable, len(rep.Setup), rep.WhyNotHigher, f.commandsRun())
	}
	pj, _ := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if !strings.Contains(string(pj), "url_parser get") {
		t.Errorf("pyramid.json lacks the command made from the usage line")
	}
}

// A last resort that passed does not end the search while its program's
// usage is unread: asked for its --help (the --version passed first), a
// program whose operands are all optional is run on an input file made
// for the first, and that use is the Runnable proof.
func TestHelpUsageMakesARealUse(t *testing.T) {
	const use = "printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && ./xxhsum /tmp/heragent-usage-input.txt"
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "1..1\nok 1 - hashes\n"
		case "./xxhsum --version":
			return 0, "xxhsum 0.8.3 by Yann Collet\n"
		case "./xxhsum --help":
			return 0, "xxhsum 0.8.3 by Yann Collet\nUsage: xxhsum [options] [files]\n\nOptions:\n  -H#  algorithm\n"
		case use:
			return 0, "d0e5a9c9a5bb2bc6  /tmp/heragent-usage-input.txt\n"
		}
		return 1, ""
	}
	last := func(flag string) pyramid.Command {
		return pyramid.Command{Text: "./xxhsum " + flag, Bucket: pyramid.Entry, Synth: true, Reason: "last resort: asks the program for its " + flag,
			Why: []pyramid.Provenance{{Source: "entrypoint", File: "Makefile", Note: "executable xxhsum"}}}
	}
	p := pyr(1, documented("make test", pyramid.Unit), last("--version"), last("--help"))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || rep.Runnable != use {
		t.Fatalf("level %s runnable %q; commands %v", rep.Level, rep.Runnable, f.commandsRun())
	}
}

// A project without tests whose smoke probe is refused with the
// program's usage (simdcsv's `Usage: ./build/simdcsv <csvfile>` for
// --version) proves Testable by the program run as its usage says, and
// Runnable by the same run.
func TestUsageOfASmokeProbe(t *testing.T) {
	const use = "printf 'a,b,c\\n1,2,3\\n' > /tmp/heragent-usage-input.txt && ./build/simdcsv /tmp/heragent-usage-input.txt"
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "./build/simdcsv --version":
			return 1, "./build/simdcsv: invalid option -- '-'\nUsage: ./build/simdcsv <csvfile>\n"
		case use:
			return 0, "number of indexes found    : 6\n"
		}
		return 1, ""
	}
	probe := pyramid.Command{Text: "./build/simdcsv --version", Bucket: pyramid.Entry, Synth: true, Reason: "last resort: asks the program for its --version",
		Why: []pyramid.Provenance{{Source: "entrypoint", File: "CMakeLists.txt", Note: "executable simdcsv"}}}
	p := pyr(1, pyramid.SmokeCopy(probe, "no tests"), probe)
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || rep.Runnable != use || rep.TestableEvidence != pyramid.EvidenceSmoke {
		t.Fatalf("level %s (%s) runnable %q; commands %v", rep.Level, rep.TestableEvidence, rep.Runnable, f.commandsRun())
	}
	if n := strings.Count(strings.Join(f.commandsRun(), "\n"), use); n != 1 {
		t.Errorf("the use ran %d times, want once (the Runnable proof reuses the smoke run)", n)
	}
}

// A Runnable command that addresses a host of the internet is not
// repaired when it fails: rsync-ssl lacked rsync on the PATH, and a setup
// run installed Debian's rsync for a host the sandbox cannot reach.
func TestRemoteUseIsNotRepaired(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "make test" {
			return 0, "1..1\nok 1 - parses\n"
		}
		return 127, "./rsync-ssl: line 12: rsync: command not found\n"
	}
	p := pyr(1, documented("make test", pyramid.Unit), documented("./rsync-ssl --no-motd download.samba.org::rsyncftp/", pyramid.Entry))
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}})
	if len(rep.Setup) != 1 || len(rep.Repairs) != 0 || !strings.Contains(rep.WhyNotHigher, "download.samba.org") {
		t.Fatalf("%d setups, repairs %+v, why %q", len(rep.Setup), rep.Repairs, rep.WhyNotHigher)
	}
}
