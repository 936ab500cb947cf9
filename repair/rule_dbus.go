package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// dBus: a program connects to a D-Bus bus that a sandbox does not run.
//
// The session bus — a desktop library's tests (GLib's GDBus, libdbus,
// sd-bus, godbus, Python's and Node's D-Bus clients): there is no
// DBUS_SESSION_BUS_ADDRESS, and autolaunching one needs an X display and
// dbus-launch. A CI runner meets the need as a developer's desktop does,
// with a session running or `dbus-run-session --` in front of the tests.
//
// The system bus — a client of system services (godbus's TestSystemBus,
// dbus-send --system): /run/dbus/system_bus_socket, which a CI runner's
// init starts and a container's does not.
//
// The repair installs Debian's package and starts the bus as root before
// the command, the way a service is started (its start line, carried by
// verify and the exported entrypoint); a program that still fails with
// the bus running is recorded. A log that shows systemd itself missing
// (its private socket, "not booted with systemd") is test-environment's
// record: a bus alone would not do.
type dBus struct{}

// The needs' subjects, in the record and the repair.
const (
	sessionBusSubject = "a D-Bus session bus"
	systemBusSubject  = "the D-Bus system bus"
)

// buses are the two needs: the subject, the start line, Debian's package.
var buses = map[Kind]struct{ subject, start, pkg string }{
	NeedsSessionBus: {sessionBusSubject, pyramid.SessionBusStart, pyramid.SessionBusPackage},
	NeedsSystemBus:  {systemBusSubject, pyramid.SystemBusStart, pyramid.SystemBusPackage},
}

var dBusMatches = []match{
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
	{NeedsSessionBus, regexp.MustCompile(`()(?:KeyError: 'DBUS_SESSION_BUS_ADDRESS'|\$?DBUS_SESSION_BUS_ADDRESS(?: environment variable)? (?:is )?(?:not set|unset|not defined|undefined|empty))`)},
	// the system bus: libdbus's "Failed to open connection to "system"
	// message bus: Failed to connect to socket
	// /run/dbus/system_bus_socket: No such file or directory", godbus's
	// "dial unix /var/run/dbus/system_bus_socket: connect: no such file
	// or directory" (not Chromium's own "ERROR:dbus/bus.cc" chatter)
	{NeedsSystemBus, regexp.MustCompile(`()(?:Failed to open connection to "system" message bus|dial unix (?:/var)?/run/dbus/system_bus_socket: connect: no such file or directory)`)},
}

// systemdMissingRe is systemd itself missing, which no bus replaces.
var systemdMissingRe = regexp.MustCompile(`dial unix /run/systemd/private|System has not been booted with systemd`)

func (dBus) Name() string { return "d-bus" }

func (dBus) Diagnose(f Failure) []Diagnosis {
	var out []Diagnosis
	seen := map[Kind]bool{}
	for _, d := range scan(f.Log, dBusMatches, nil) {
		if seen[d.Kind] || (d.Kind == NeedsSystemBus && systemdMissingRe.MatchString(f.Log)) {
			continue
		}
		seen[d.Kind] = true
		d.Subject = buses[d.Kind].subject
		out = append(out, d)
	}
	return out
}

func (r dBus) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	b, ok := buses[d.Kind]
	if !ok {
		return Proposal{}, false
	}
	switch {
	case ctx.Phase != PhaseCommand:
		return record(d, "the setup needs "+d.Subject+", which a sandbox does not run: "+d.Evidence), true
	case ctx.tried(r.Name(), d) > 0:
		return record(d, d.Subject+" ran (Debian's "+b.pkg+", started before the command) and the program still could not use it: "+d.Evidence), true
	}
	return Proposal{Diagnosis: d, Action: ActionRunWithService, Start: b.start,
		Reason: "the program connects to " + d.Subject + " (" + d.Evidence + "), which a sandbox does not run: install Debian's " + b.pkg + " and start the bus before the command",
		Edits:  []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{b.pkg}, Why: why(r, d)}}}, true
}
