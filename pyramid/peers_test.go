package pyramid

import (
	"strings"
	"testing"
)

// nng's documented request/reply pair becomes one command: the listener
// in the background, the client against it; the push client whose
// documented peer is on another port stays as it was, and so does a
// listener of another program.
func TestPairPeers(t *testing.T) {
	doc := func(text string, line int) Command {
		return Command{Text: text, Bucket: Entry, Why: []Provenance{{Source: "docs", File: "docs/ref/tools/nngcat.md", Line: line}}}
	}
	cs := []Command{
		doc(`./build/nngcat --req --dial tcp://127.0.0.1:4567 --data "status"`, 79),
		doc(`./build/nngcat --rep --listen tcp://127.0.0.1:4567 --data "ok"`, 85),
		doc(`./build/nngcat --push --dial tcp://127.0.0.1:9000 --data "hello"`, 106),
		doc(`./other --listen tcp://127.0.0.1:9000`, 110),
	}
	got := pairPeers(cs)
	if len(got) != 3 {
		t.Fatalf("%d commands: %+v", len(got), got)
	}
	want := `( ./build/nngcat --rep --listen tcp://127.0.0.1:4567 --data "ok" ) >/tmp/heragent-peer.log 2>&1 & peer=$!; sleep 2; timeout 30 ./build/nngcat --req --dial tcp://127.0.0.1:4567 --data "status";`
	if !strings.HasPrefix(got[0].Text, want) || len(got[0].Why) != 2 {
		t.Errorf("pair %q", got[0].Text)
	}
	if got[1].Text != cs[2].Text || got[2].Text != cs[3].Text {
		t.Errorf("unpaired commands changed: %+v", got[1:])
	}
}
