package pyramid

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

func TestLocalHTTPRewritesInternetURLsOfRequests(t *testing.T) {
	code := "import requests\nr = requests.get('https://httpbin.org/basic-auth/user/pass', auth=('user', 'pass'))\nprint(r.json())\nrequests.get('http://localhost:5000/')\n"
	got, hosts := localHTTP("python3", code)
	if len(hosts) != 1 || hosts[0] != "httpbin.org" {
		t.Fatalf("hosts = %v", hosts)
	}
	if !strings.Contains(got, "'http://127.0.0.1:8765/basic-auth/user/pass'") || !strings.Contains(got, "http://localhost:5000/") {
		t.Fatalf("rewritten:\n%s", got)
	}
	// No HTTP call, or no runtime with a stand-in: unchanged.
	for _, c := range []struct{ run, code string }{
		{"python3", "from yarl import URL\nprint(URL('https://example.com/a').path)\n"},
		{"go", "http.Get(\"https://example.com\")"},
	} {
		if got, hosts := localHTTP(c.run, c.code); got != c.code || hosts != nil {
			t.Errorf("%s: rewritten to %q (%v)", c.run, got, hosts)
		}
	}
}

// The stand-in answers the example's request: the command runs here with
// the standard library's client only (no repository code).
func TestEchoServerAnswersTheExample(t *testing.T) {
	for _, run := range []string{"python3", "node"} {
		if _, err := exec.LookPath(run); err != nil {
			t.Logf("%s not installed: not tried", run)
			continue
		}
		code := map[string]string{
			"python3": "import urllib.request, json\nr = urllib.request.urlopen(urllib.request.Request('https://api.example.org/post?a=1', data=b'{\"x\": 2}', method='POST'))\nprint(json.loads(r.read())['args'], r.status)\n",
			"node":    "fetch('https://api.example.org/post?a=1', {method: 'POST', body: '{\"x\": 2}'}).then(r => r.json()).then(j => console.log(JSON.stringify(j.args), j.json.x))\n",
		}[run]
		code, hosts := localHTTP(run, code)
		if len(hosts) != 1 {
			t.Fatalf("%s: hosts %v", run, hosts)
		}
		cmd := exec.Command("bash", "-c", withEchoServer(run, exampleCommand(run, "x", "", code, 1)))
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HTTP_PROXY=http://192.0.2.1:9", "http_proxy=http://192.0.2.1:9")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", run, err, out)
		}
		if want := map[string]string{"python3": "{'a': '1'} 200", "node": `{"a":"1"} 2`}[run]; !strings.Contains(string(out), want) {
			t.Fatalf("%s: output %q, want %q", run, out, want)
		}
	}
}

// A C project's python sample scripts are no entry points when the Bash
// File sets up no Python: the program the build produces is probed.
func TestScriptsOfALanguageNotSetUpAreNoPrograms(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"configure.ac":          "AC_INIT([tool], [1.0])\nAC_PROG_CC\nAC_OUTPUT([Makefile])\n",
		"Makefile.am":           "bin_PROGRAMS = tool\ntool_SOURCES = tool.c\n",
		"tool.c":                "#include <stdio.h>\nint main(int argc, char **argv) { return argc > 5; }\n",
		"sample/demo-client.py": "import sys\nif __name__ == '__main__':\n    print(sys.argv)\n",
	})
	for _, c := range []struct {
		stacks []string
		want   bool
	}{{nil, true}, {[]string{"autotools"}, false}, {[]string{"autotools", "python"}, true}} {
		e, err := newEnv(context.Background(), ix, bashfile.Layout{}, c.stacks)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := programs(context.Background(), e)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, p := range ps {
			got = got || strings.Contains(p.run, "demo-client.py")
		}
		if got != c.want {
			t.Errorf("stacks %v: python sample among the programs = %v, want %v (%v)", c.stacks, got, c.want, ps)
		}
	}
}

func TestRemoteTargets(t *testing.T) {
	for text, want := range map[string]string{
		"./rsync-ssl --no-motd download.samba.org::rsyncftp/": "download.samba.org",
		"scp build/app deploy@example.com:/srv":               "example.com",
		"./build/curl -sI https://curl.se/":                   "curl.se",
		"git clone https://user:tok@github.com/a/b":           "github.com",
		"./src/curl -sI http://127.0.0.1:8000/":               "",
		"./rsync -a a/ b/":                                    "",
		"scc | nc paste.c-net.org 9999":                       "paste.c-net.org",
		"telnet towel.blinkenlights.nl 23":                    "towel.blinkenlights.nl",
		"./memcached & sleep 1; nc 127.0.0.1 11211":           "",
		`printf '%s' $'{"$schema": "https://json-schema.org/s", "a": \'x\'}\n' > s.json && jsonschema -i i.json s.json`: "",
		"node server.js --url http://localhost:3000":                                                                  "",
		"printf '%s' $'requests.get(\\'https://x.org\\')' > .heragent-example-1.py && python3 .heragent-example-1.py": "",
	} {
		if got := RemoteTarget(text); got != want {
			t.Errorf("RemoteTarget(%q) = %q, want %q", text, got, want)
		}
	}
	cs := order([]Command{
		{Text: "./rsync-ssl --no-motd download.samba.org::rsyncftp/", Bucket: Entry, Why: []Provenance{{Source: "ci"}}},
		{Text: "./rsync -a a/ b/", Bucket: Entry, Synth: true},
	})
	if cs[0].Text != "./rsync -a a/ b/" {
		t.Errorf("the command against a remote host came first: %v", cs)
	}
}

// A REPL session in a block labelled python is run as a session: prompts
// off, the output lines out.
func TestPythonBlockThatIsASession(t *testing.T) {
	cb := retrieval.CodeBlock{Lang: "python", Code: ">>> import urllib3\n>>> resp = urllib3.request(\"GET\", \"https://httpbin.org/robots.txt\")\n>>> resp.status\n200\n"}
	if got, want := exampleCode(cb), "import urllib3\nresp = urllib3.request(\"GET\", \"https://httpbin.org/robots.txt\")\nresp.status"; got != want {
		t.Errorf("exampleCode = %q, want %q", got, want)
	}
	cb = retrieval.CodeBlock{Lang: "python", Code: "x = 1  # >>> not a prompt\n"}
	if got := exampleCode(cb); got != cb.Code {
		t.Errorf("a script changed: %q", got)
	}
}
