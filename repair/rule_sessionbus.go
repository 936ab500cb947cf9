package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// sessionBus: a program connects to the D-Bus session bus — a desktop
// library's tests (GLib's GDBus, libdbus, sd-bus, godbus, Python's and
// Node's D-Bus clients) — and a sandbox runs none: there is no
// DBUS_SESSION_BUS_ADDRESS, and autolaunching one needs an X display and
// dbus-launch. A CI runner meets the need the same way a developer's
// desktop does, with a session already running or `dbus-run-session --`
// in front of the tests. The repair installs Debian's dbus-daemon and
// starts a session bus as root before the command, the way a service is
// started (its start line, carried by verify and the exported
// entrypoint), exporting its address; a program that still fails with
// the bus running is recorded.
type sessionBus struct{}

// sessionBusSubject names the need in the record and the repair.
const sessionBusSubject = "a D-Bus session bus"

var sessionBusMatches = []match{
	// GLib's GDBus: "Error connecting: Cannot autolaunch D-Bus without
	// X11 $DISPLAY"; with a display but no dbus-launch: "Failed to
	// execute child process “dbus-launch” (No such file or directory)";
	// without a machine id: "Cannot spawn a message bus without a
	// machine-id"
	{NeedsSessionBus, regexp.MustCompile(`()(?:Cannot autolaunch D-Bus without X11 \$DISPLAY|Failed to execute child process “dbus-launch”|Cannot spawn a message bus without a machine-id)`)},
	// libdbus (dbus-send, dbus-python, QtDBus): "Failed to open
	// connection to "session" message bus: Unable to autolaunch a
	// dbus-daemon without a $DISPLAY for X11", "/usr/bin/dbus-launch
	// terminated abnormally"
	{NeedsSessionBus, regexp.MustCompile(`()(?:Unable to autolaunch a dbus-daemon without a \$DISPLAY for X11|dbus-launch terminated abnormally)`)},
	// sd-bus (busctl --user): "$DBUS_SESSION_BUS_ADDRESS and
	// $XDG_RUNTIME_DIR not defined"; godbus: "dbus: couldn't determine
	// address of session bus", exec's "exec: "dbus-launch": executable
	// file not found in $PATH"
	{NeedsSessionBus, regexp.MustCompile(`()(?:\$DBUS_SESSION_BUS_ADDRESS and \$XDG_RUNTIME_DIR not defined|couldn't determine address of session bus|exec: "dbus-launch": executable file not found)`)},
	// a client reading the variable itself: Python's "KeyError:
	// 'DBUS_SESSION_BUS_ADDRESS'", "DBUS_SESSION_BUS_ADDRESS not set"
	// (dbus-next, dbus-java), "… is not defined"
	{NeedsSessionBus, regexp.MustCompile(`()(?:KeyError: '` + "DBUS_SESSION_BUS_ADDRESS'" + `|\$?DBUS_SESSION_BUS_ADDRESS(?: environment variable)? (?:is )?(?:not set|unset|not defined|undefined|empty))`)},
}

func (sessionBus) Name() string { return "session-bus" }

func (sessionBus) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, sessionBusMatches, nil)
	if len(ds) == 0 {
		return nil
	}
	d := ds[0]
	d.Subject = sessionBusSubject
	return []Diagnosis{d}
}

func (r sessionBus) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsSessionBus {
		return Proposal{}, false
	}
	switch {
	case ctx.Phase != PhaseCommand:
		return record(d, "the setup needs a D-Bus session bus, which a sandbox does not run: "+d.Evidence), true
	case ctx.tried(r.Name(), d) > 0:
		return record(d, "a D-Bus session bus ran (Debian's dbus-daemon, started before the command) and the program still could not use it: "+d.Evidence), true
	}
	return Proposal{Diagnosis: d, Action: ActionRunWithService, Start: pyramid.SessionBusStart,
		Reason: "the program connects to the D-Bus session bus (" + d.Evidence + "), which a sandbox does not run: install Debian's dbus-daemon and start a session bus before the command, its address in DBUS_SESSION_BUS_ADDRESS",
		Edits:  []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{pyramid.SessionBusPackage}, Why: why(r, d)}}}, true
}
