package pyramid

import (
	"slices"
	"testing"
)

func TestFromUsage(t *testing.T) {
	probe := func(text string) Command {
		return Command{Text: text, Bucket: Entry, Level: Runnable, Synth: true}
	}
	tests := []struct {
		name   string
		c      Command
		output string
		want   []string
	}{
		{"http-parser's url_parser: each mode, the URL filled",
			probe("{ test -x ./url_parser || make -s url_parser; } && ./url_parser hello"), "Syntax : ./url_parser connect|get url\n",
			[]string{"{ test -x ./url_parser || make -s url_parser; } && ./url_parser connect http://example.com/docs/index.html?q=1#top",
				"{ test -x ./url_parser || make -s url_parser; } && ./url_parser get http://example.com/docs/index.html?q=1#top"}},
		{"libjpeg-turbo's example: the output keeps its extension, switches left out",
			probe("./build/example-static"), "usage: ./build/example-static compress [switches] outputfile[.jpg]\n",
			[]string{"./build/example-static compress /tmp/heragent-out.jpg"}},
		{"an input file is made for it, the stdin pipe dropped",
			probe("printf 'hello world\\nhello again\\n' | timeout 10 ./wc2"), "Usage: wc2 <file>\n",
			[]string{"printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && timeout 10 ./wc2 /tmp/heragent-usage-input.txt"}},
		{"a config only the docs can give", probe("printf 'x' | timeout 10 ./haproxy"), "Usage : haproxy [-f <cfgfile|cfgdir>]* [ -vdVD ] [ -n <maxconn> ]\n", nil},
		{"a command only the docs can give", probe("./build/leveldbutil hello"), "Usage: leveldbutil command...\n", nil},
		{"a type it does not name", probe("./parsertrace hello"), "Usage: ./parsertrace $type $filename\n", nil},
		{"no arguments required", probe("./tool x"), "usage: tool [-h] [--minimal] [input ...]\n", nil},
		{"qrencode: every part optional, refused on stdin: the output option and the string given",
			probe("printf 'hello world\\nhello again\\n' | timeout 10 ./build/qrencode"), "Usage: qrencode [-o FILENAME] [OPTION]... [STRING]\nEncode input data in a QR Code and save as a PNG or EPS image.\n",
			[]string{"timeout 10 ./build/qrencode -o /tmp/heragent-out hello"}},
		{"nothing optional fills", probe("./tool"), "usage: tool [-h] [--mode MODE] [OPTIONS]\n", nil},
		{"run with no operand: its optional input given", probe("./tool"), "usage: tool [-h] [--minimal] [input ...]\n",
			[]string{"printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && ./tool /tmp/heragent-usage-input.txt"}},
		{"no usage line", probe("./tool x"), "tool: cannot open x\n", nil},
		{"libzmq's perf programs: compound placeholders filled by their last word",
			probe("printf 'hello world\\nhello again\\n' | timeout 10 ./build/bin/inproc_lat"), "usage: inproc_lat <message-size> <roundtrip-count>\n",
			[]string{"timeout 10 ./build/bin/inproc_lat 3 3"}},
		{"a compound placeholder no last word fills", probe("./build/bin/local_thr"), "usage: local_thr <bind-to> <message-size> <message-count> [<enable_curve>]\n", nil},
		{"the input file is of the kind the program's name says",
			probe("./build/verify/json_verify hello"), "Usage: json_verify [options] <file>\n",
			[]string{`printf '{"name": "heragent", "list": [1, 2.5, true, null], "nested": {"a": "b"}}\n' > /tmp/heragent-usage-input.txt && ./build/verify/json_verify /tmp/heragent-usage-input.txt`}},
		{"vmtouch: alternatives written out, each filled",
			probe("./vmtouch --version"), "Usage: vmtouch [OPTIONS] ... FILES OR DIRECTORIES ...\n",
			[]string{"printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && ./vmtouch /tmp/heragent-usage-input.txt",
				"printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && ./vmtouch ."}},
		{"simdcsv: a file placeholder of a kind gets an input of that kind",
			probe("./build/simdcsv --version"), "Usage: ./build/simdcsv <csvfile>\n",
			[]string{`printf 'a,b,c\n1,2,3\n' > /tmp/heragent-usage-input.txt && ./build/simdcsv /tmp/heragent-usage-input.txt`}},
		{"go-flags: a refusal naming the commands, each run",
			probe("go run ./examples"), "Please specify one command of: add or rm\nexit status 1\n",
			[]string{"go run ./examples add", "go run ./examples rm"}},
		{"argparse: the refused choice replaced by those it names",
			probe("python tool.py hello"), "usage: tool.py [-h] {init,show,drop} ...\ntool.py: error: argument cmd: invalid choice: 'hello' (choose from 'init', 'show', 'drop')\n",
			[]string{"python tool.py init", "python tool.py show", "python tool.py drop"}},
		{"argparse without a usage line",
			probe("python tool.py hello"), "tool.py: error: argument cmd: invalid choice: 'hello' (choose from 'init', 'show', 'drop', 'more')\n",
			[]string{"python tool.py init", "python tool.py show", "python tool.py drop"}},
		{"a dependency check is no command list", probe("./prog hello"), "Error: missing required commands: curl, jq\nThis tool requires the following commands: git, make\n", nil},
		{"argparse of Python 3.13: choices unquoted",
			probe("python tool.py hello"), "tool.py: error: argument cmd: invalid choice: 'hello' (choose from init, show)\n",
			[]string{"python tool.py init", "python tool.py show"}},
		{"c-ares' ahost: a host in braces, nested options left out",
			probe("./build/src/tools/ahost"), "usage: ahost [-h] [-d] [[-D {domain}] ...] [-s {server}] [-t {a|aaaa|u}] {host|addr} ...\n",
			[]string{"./build/src/tools/ahost 127.0.0.1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range FromUsage(tt.c, tt.output) {
				got = append(got, c.Text)
				if c.Level != Runnable || !c.Synth || !fromUsage(c) {
					t.Errorf("command %+v", c)
				}
				if FromUsage(c, tt.output) != nil {
					t.Errorf("a command made from the usage makes more")
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// rsync without arguments: "SRC [SRC]... DEST" is a local copy.
func TestFromUsageCopies(t *testing.T) {
	c := Command{Text: "printf 'hello world\\nhello again\\n' | timeout 10 ./rsync", Level: Runnable, Synth: true}
	got := FromUsage(c, "rsync  version 3.4.2  protocol version 32\nUsage: rsync [OPTION]... SRC [SRC]... DEST\n  or   rsync [OPTION]... SRC [SRC]... [USER@]HOST:DEST\n")
	want := "printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && timeout 10 ./rsync /tmp/heragent-usage-input.txt /tmp/heragent-out"
	if len(got) != 1 || got[0].Text != want {
		t.Fatalf("got %+v", got)
	}
}

// Asked for its usage, a program whose operands are all optional is run
// on an input file made for the first one that names a file.
func TestFromHelp(t *testing.T) {
	help := Command{Text: "./xxhsum --help", Bucket: Entry, Level: Runnable, Synth: true, Reason: "last resort: asks the program for its usage"}
	for _, tt := range []struct{ output, want string }{
		{"xxhsum 0.8.3 by Yann Collet\nUsage: xxhsum [options] [files]\n\nOptions:\n  -H#  select an xxhash algorithm\n",
			"printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && ./xxhsum /tmp/heragent-usage-input.txt"},
		{"usage: xxhsum [-h] [--minimal] [input ...]\n", "printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && ./xxhsum /tmp/heragent-usage-input.txt"},
		// the first operand is a command only the docs can give
		{"usage: tmux [-2CDlNuVv] [-c shell-command] [-f file] [-L socket-name] [command [flags]]\n", ""},
		// nothing but options
		{"Usage: onig-config [OPTION]\n", ""},
	} {
		var got []string
		for _, c := range FromHelp(help, tt.output) {
			got = append(got, c.Text)
		}
		if want := []string{tt.want}; tt.want == "" && got != nil || tt.want != "" && !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", tt.output, got, tt.want)
		}
	}
	// a refused command's usage still needs a required operand
	if got := FromUsage(Command{Text: "./xxhsum x", Level: Runnable, Synth: true}, "Usage: xxhsum [options] [files]\n"); got != nil {
		t.Errorf("FromUsage with optional operands only: %+v", got)
	}
}

func TestOnTerminal(t *testing.T) {
	if got := OnTerminal("printf 'hello world\\nhello again\\n' | timeout 10 ./tmux"); got != "timeout 10 ./tmux" {
		t.Errorf("got %q", got)
	}
	if got := OnTerminal("./tui | cat"); got != "./tui | cat" {
		t.Errorf("got %q", got)
	}
}

// A refusal with no usage line that points at the help flag (wyhash's
// benchmark takes --help for a file name: "Try `-h' for help.") gets that
// flag asked, a last resort; its usage, the program on the line after
// "usage:", then gives the use with an input file.
func TestHelpHint(t *testing.T) {
	probe := Command{Text: "printf 'hello world\\nhello again\\n' | timeout 10 ./wyhash0", Bucket: Entry, Level: Runnable, Synth: true}
	cs := FromUsage(probe, "File '/usr/share/dict/words' not found.\nTry `-h' for help.\n")
	if len(cs) != 1 || cs[0].Text != "timeout 10 ./wyhash0 -h" || !cs[0].LastResort() {
		t.Fatalf("help commands %+v", cs)
	}
	if again := FromUsage(cs[0], "Try `-h' for help.\n"); again != nil {
		t.Errorf("a help command asks again: %+v", again)
	}
	uses := FromHelp(cs[0], "usage:\n./wyhash0 <file>\nif no arguments given '/usr/share/dict/words' is used\n")
	if len(uses) != 1 || uses[0].Text != "printf 'hello world\\nhello again\\n' > /tmp/heragent-usage-input.txt && timeout 10 ./wyhash0 /tmp/heragent-usage-input.txt" {
		t.Fatalf("uses %+v", uses)
	}
}
