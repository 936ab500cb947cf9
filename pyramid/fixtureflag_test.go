package pyramid

import (
	"testing"
	"testing/fstest"
)

// A repository whose docs and test scripts pass files of the suite's
// input kind after an option (tcpdump's -r) gets its probe with that
// option first; one that names such files as operands, or only as what
// the program writes, gets none.
func TestFixtureFlag(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	for _, tt := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"option before the input kind", fstest.MapFS{
			"CONTRIBUTING.md":      file("    (cd tests && TZ=GMT0 ../tcpdump -# -n -r sample.pcap tcpdump-options > sample.out)\n"),
			"tests/eapon1.gdbinit": file("set args -r eapon1.pcap\n"),
			"tests/esp1.gdbinit":   file(`set args -t -n -E "0x1@192.1.2.45 3des-cbc-hmac96:0x40" -r 02-esp.pcap` + "\n"),
			"tests/a.pcap":         file("x"),
		}, "-r"},
		{"operands only", fstest.MapFS{
			"README.md":     file("Run `flex scanner.l`, then `flex -o out.c other.l`; `flex --outfile=x.c y.l`.\n"),
			"tests/test.sh": file("../flex -o x.c scanner.l\n"),
		}, ""},
		{"once is not enough", fstest.MapFS{
			"README.md": file("prog --config settings.json\n"),
		}, ""},
	} {
		fixture := "tests/a.pcap"
		if tt.name != "option before the input kind" {
			fixture = "tests/scanner." + map[bool]string{true: "l", false: "json"}[tt.name == "operands only"]
		}
		if got := FixtureFlag(tt.fs, fixture); got != tt.want {
			t.Errorf("%s: FixtureFlag = %q, want %q", tt.name, got, tt.want)
		}
	}
	cs := BuiltProbes([]string{"build/tcpdump"}, "tcpdump", FixtureInput{Path: "tests/a.pcap", Flag: "-r"}, nil)
	if len(cs) < 2 || cs[0].Text != "timeout 10 ./build/tcpdump -r tests/a.pcap" || cs[1].Text != "timeout 10 ./build/tcpdump tests/a.pcap" {
		t.Fatalf("the probes on the fixture: %v", texts(cs))
	}
}
