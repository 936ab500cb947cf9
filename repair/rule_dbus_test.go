package repair

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
)

// The start line gives a command a session bus it can call, and a second
// command the same bus, with no second daemon. Run with the host's
// dbus-daemon, the socket in a temporary directory instead of /run.
func TestSessionBusStartLineOnTheHost(t *testing.T) {
	for _, p := range []string{"dbus-daemon", "dbus-send", "bash", "pkill"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip("the host has no " + p)
		}
	}
	sock := filepath.Join(t.TempDir(), "bus")
	start := strings.ReplaceAll(pyramid.SessionBusStart, "/run/heragent-session-bus", sock)
	t.Cleanup(func() { _ = exec.Command("pkill", "-f", "address=unix:path="+sock).Run() })
	call := "dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetId"
	var ids []string
	for i := 0; i < 2; i++ {
		cmd := exec.Command("bash", "-c", start+"\n"+call+"\necho \"$DBUS_SESSION_BUS_ADDRESS\"")
		cmd.Env = []string{"PATH=/usr/bin:/bin:/usr/sbin:/sbin"} // no session bus, no display
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, out)
		}
		if !strings.Contains(string(out), "unix:path="+sock) {
			t.Fatalf("run %d: the address is not exported:\n%s", i, out)
		}
		id := busIDRe.FindString(string(out))
		if id == "" {
			t.Fatalf("run %d: no bus id in the reply:\n%s", i, out)
		}
		ids = append(ids, id)
	}
	if ids[0] != ids[1] {
		t.Errorf("the second command got another bus:\n%s\n%s", ids[0], ids[1])
	}
	out, _ := exec.Command("pgrep", "-c", "-f", "address=unix:path="+sock).Output()
	if n := strings.TrimSpace(string(out)); n != "1" {
		t.Errorf("%s session bus daemons, want 1", n)
	}
}

// busIDRe is the bus's id in dbus-send's reply to GetId.
var busIDRe = regexp.MustCompile(`string "[0-9a-f]{32}"`)

// A program that still fails with the bus running is recorded, not
// started again; in setup the need is recorded.
func TestDBusRepairsOnce(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "meson test -C build", ExitCode: 1, Log: readLog(t, "d-bus/gdbus-call-no-display.log")}
	ctx := &Context{File: sampleFile(t), Index: fakeIndex}
	p := Propose(ctx, f)[0]
	if p.Action != ActionRunWithService || p.Start != pyramid.SessionBusStart || p.Diagnosis.Subject != sessionBusSubject {
		t.Fatalf("first: %+v", p)
	}
	ctx.Attempts = []Proposal{p}
	if again := Propose(ctx, f)[0]; again.Action != ActionRecord {
		t.Errorf("after the bus ran: %+v, want record", again)
	}
	sys := Failure{Phase: PhaseCommand, Command: "./build/tools/status", ExitCode: 1, Log: readLog(t, "d-bus/dbus-send-system-no-bus.log")}
	if p := Propose(&Context{File: sampleFile(t), Index: fakeIndex}, sys)[0]; p.Start != pyramid.SystemBusStart || p.Diagnosis.Subject != systemBusSubject {
		t.Errorf("system bus: %+v", p)
	}
	f.Phase = PhaseSetup
	if p := Propose(&Context{File: sampleFile(t), Index: fakeIndex, Phase: PhaseSetup}, f)[0]; p.Action != ActionRecord {
		t.Errorf("in setup: %+v, want record", p)
	}
}
