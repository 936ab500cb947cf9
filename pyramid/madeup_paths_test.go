package pyramid

import "testing"

// A README program's made-up absolute paths move into the directory it
// runs in: a file:// URI to a file there, a plain path to its base name;
// a path of the system (/etc/hosts) or of another kind stays.
func TestLocalPlaceholders(t *testing.T) {
	code := `a := NewReferenceLoader("file:///home/me/schema.json")
b := Open("/path/to/config.yaml")
c := Open('/Users/x/data/in.csv')
d := Open("/etc/app.json")
e := Open("/home/me/photo.png")`
	want := `a := NewReferenceLoader("file:///tmp/heragent-example-1/schema.json")
b := Open("config.yaml")
c := Open('in.csv')
d := Open("/etc/app.json")
e := Open("/home/me/photo.png")`
	if got := localPlaceholders(code, "/tmp/heragent-example-1"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := localPlaceholders(`Load("file:///home/me/schema.json")`, ""); got != `Load("schema.json")` {
		t.Errorf("without a directory: %s", got)
	}
}
