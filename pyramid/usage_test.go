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
		{"no usage line", probe("./tool x"), "tool: cannot open x\n", nil},
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
