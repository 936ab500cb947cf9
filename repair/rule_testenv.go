package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// testEnvironment: a command wants a display or privileges the sandbox
// does not give (it runs as root but without extra capabilities). A
// display is given — Xvfb, the command run under xvfb-run; privileges are
// recorded with the reason, not repaired.
type testEnvironment struct{}

var testEnvMatches = []match{
	// tkinter: _tkinter.TclError: no display name and no $DISPLAY environment variable
	{NeedsDisplay, regexp.MustCompile(`()no display name and no \$DISPLAY environment variable`)},
	// X11/GTK/Qt clients
	{NeedsDisplay, regexp.MustCompile(`()(?:[Cc]annot open display|[Cc]an't open display|[Cc]ould not connect to display|Could not open display|qt\.qpa\.xcb: could not connect)`)},
	// a windowing library finding no display: GLFW's "X11: The DISPLAY
	// environment variable is missing" and "Failed to initialize GLFW",
	// libwayland's "error: XDG_RUNTIME_DIR is invalid or not set in the
	// environment." (glfw's examples), SDL's "No available video device"
	{NeedsDisplay, regexp.MustCompile(`()(?:The DISPLAY environment variable is missing|Failed to initialize GLFW|XDG_RUNTIME_DIR is invalid or not set in the environment|No available video device)`)},
	// an Xlib/xcb client: "Couldn't connect to X server: error code 5"
	// (xkbcommon's xkbcli-interactive-x11), "unable to connect to X server"
	{NeedsDisplay, regexp.MustCompile(`()(?i:couldn't|could not|cannot|can't|unable to|failed to) (?:connect|open a connection) to (?:the )?X (?:server|display)`)},
	// a browser started with a window: Chromium's "Missing X server or
	// $DISPLAY" (Chart.js's karma launching chrome), Firefox's "Error: no
	// DISPLAY environment variable specified"
	{NeedsDisplay, regexp.MustCompile(`()(?:Missing X server or \$DISPLAY|no DISPLAY environment variable specified)`)},
	// a terminal UI without a terminal: bubbletea "could not open a new
	// TTY: open /dev/tty: no such device or address", ncurses "Error
	// opening terminal", tcell "not a terminal", prompts "stdin is not a tty",
	// go-prompt's open of /dev/tty, whose error it panics with: "panic: no
	// such device or address"
	{NeedsTTY, regexp.MustCompile(`()(?:open /dev/tty: [Nn]o such device or address|^(?:panic|fatal|[Ee]rror): [Nn]o such device or address$|could not open a new TTY|Error opening terminal|[Nn]ot a (?:tty|terminal)\b|stdin is not a tty|[Ii]nput is not a TTY|must be run (?:in|from) a terminal|inappropriate ioctl for device|(?i:screen|terminal|tty|termios|window size|winsize)[^\n]*Inappropriate ioctl for device)`)},
	// a Node.js program calling the TTY methods process.stdout has only
	// on a terminal (node-progress's examples: "TypeError:
	// this.stream.clearLine is not a function"; setRawMode on stdin)
	{NeedsTTY, regexp.MustCompile(`()TypeError: \S*\b(?:clearLine|cursorTo|moveCursor|clearScreenDown|getWindowSize|setRawMode) is not a function`)},
	// mount: /mnt: permission denied.
	{NeedsRoot, regexp.MustCompile(`()^mount: \S+: permission denied`)},
	// a capability a container does not get: a packet capture or a raw
	// socket (tcpdump "You don't have permission to perform this capture
	// on that device (socket: Operation not permitted)", ping)
	{NeedsRoot, regexp.MustCompile(`()(?:You don't have permission to (?:capture|perform this capture)|\bsocket: Operation not permitted|\braw socket\b.*(?:Operation not permitted|[Pp]ermission denied)|\bCAP_NET_(?:RAW|ADMIN)\b)`)},
	// systemd running as the init system, which a container here does
	// not run (go-systemd's tests: "dial unix /run/systemd/private:
	// connect: no such file or directory"; systemctl's "System has not
	// been booted with systemd as init system"); the D-Bus system bus
	// alone is rule d-bus's
	{NeedsInit, regexp.MustCompile(`()(?:dial unix /run/systemd/private: connect: no such file or directory|System has not been booted with systemd as init system|Failed to connect to bus: No such file or directory)`)},
	// a device node a container does not have: a serial port, a camera,
	// a sound card, a bus (pyserial's examples: "could not open port
	// /dev/ttyUSB0: [Errno 2] No such file or directory: '/dev/ttyUSB0'";
	// v4l2's "open /dev/video0: no such file or directory")
	{NeedsDevice, regexp.MustCompile(`(?i)(?:no such file or directory|no such device|could not open|cannot open|can't open|failed to open|unable to open)\b[^\n]*?['"]?(` + deviceRe + `)|['"]?(` + deviceRe + `)['"]?:? (?:no such file or directory|no such device)`)},
	// a container engine: the tests build or run images (dive: "cannot
	// build image: cannot find docker client executable"; a Docker
	// client without its daemon; testcontainers finding none; a test
	// fixture shelling out to a client that is not there: libssh2's
	// openssh_fixture, "Error running command 'docker build …' (exit
	// 32512): sh: 1: docker: not found"; rq's Makefile, "make: docker: No
	// such file or directory")
	{NeedsContainerEngine, regexp.MustCompile(`()(?:Cannot connect to the Docker daemon at|cannot find docker client executable|Could not find a valid Docker environment|Error while fetching server API version|failed to create Docker provider|Is the docker daemon running\?|(?:^|\bsh: \d+: |/bin/sh: |bash: )(?:docker|podman)(?:-compose)?: (?:command )?not found|\bmake: (?:docker|podman)(?:-compose)?: No such file or directory|exec: "(?:docker|podman)": executable file not found)`)},
	// must be run as root / are you root? / requires root privileges
	{NeedsRoot, regexp.MustCompile(`(?i)()(?:must be (?:run as )?root|are you root\?|requires? root privileges|need to be root|unshare failed: Operation not permitted)`)},
}

// deviceRe is a device node of hardware: serial ports, video and sound,
// buses and GPIO, input, framebuffers and GPUs, KVM, block devices.
const deviceRe = `/dev/(?:tty(?:USB|ACM|AMA|S|mxc|XRUSB)\d+|rfcomm\d+|video\d+|media\d+|snd/\w+|dsp\d*|i2c-\d+|spidev[\d.]+|gpiochip\d+|input/(?:event|js|mouse)\d+|hidraw\d+|fb\d+|dri/\w+|nvidia\w*|kvm|net/tun|bus/usb/[\d/]+|sd[a-z]\d*|nvme\d\w*|mmcblk\d+|sg\d+|can\d+|mem|port|cpu/\d+/msr|watchdog\d*)`

// altScreen is the control sequence that enters a terminal's alternate
// screen, which full-screen programs draw on.
const altScreen = "\x1b[?1049h"

func (testEnvironment) Name() string { return "test-environment" }

func (testEnvironment) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, testEnvMatches, nil)
	if len(ds) > 1 {
		ds = ds[:1]
	}
	if len(ds) == 0 && strings.Contains(f.Log, altScreen) && f.Phase == PhaseCommand {
		// a full-screen terminal UI that failed without a terminal,
		// saying nothing: it switched to the terminal's alternate screen
		// (smcup) and back (nnn given a pipe instead of a terminal)
		ds = append(ds, Diagnosis{Kind: NeedsTTY, Evidence: "it switched the terminal to its full-screen alternate screen and failed"})
	}
	return ds
}

func (r testEnvironment) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	switch d.Kind {
	case NeedsDisplay:
		if ctx.Phase != PhaseCommand {
			return record(d, "the setup needs an X display: "+d.Evidence), true
		}
		return Proposal{Diagnosis: d, Action: ActionRunWithDisplay, Reason: "the command needs an X display: run it under xvfb-run (a virtual X server)",
			Edits: []bashfile.Edit{{Op: bashfile.OpAddPackages, Section: bashfile.Runtimes, Packages: []string{"xvfb", "xauth"}, Why: why(r, d)}}}, true
	case NeedsTTY:
		if ctx.Phase != PhaseCommand {
			return record(d, "the setup needs a terminal: "+d.Evidence), true
		}
		return Proposal{Diagnosis: d, Action: ActionRunWithTTY, Reason: "the command is a terminal program (" + d.Evidence + "): run it on a pseudo-terminal that types q, as a user quits it"}, true
	case NeedsRoot:
		return record(d, "the command needs privileges the sandbox does not grant: "+d.Evidence), true
	case NeedsDevice:
		return record(d, "the command needs the device "+d.Subject+", which a container here does not have (no hardware is passed through): "+d.Evidence), true
	case NeedsContainerEngine:
		return record(d, "the command drives a container engine (Docker), which a sandbox does not run: nested containers need privileges it does not grant: "+d.Evidence), true
	case NeedsInit:
		return record(d, "the command needs systemd running as the init system and its D-Bus system bus, which a container here does not run: "+d.Evidence), true
	}
	return Proposal{}, false
}
