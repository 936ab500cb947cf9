package sandbox

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Owner is a process a run belongs to: its host, its PID and its start
// time (clock ticks after boot, /proc/<pid>/stat field 22), so that a PID
// the kernel has since given to another process is not taken for the run.
type Owner struct {
	Host  string `json:"host"`
	PID   int    `json:"pid"`
	Start uint64 `json:"start,omitempty"` // 0 when unknown (no /proc)
}

// Self is this process.
var Self = sync.OnceValue(func() Owner {
	host, _ := os.Hostname()
	o := Owner{Host: host, PID: os.Getpid()}
	if st, err := procStat(o.PID); err == nil {
		o.Start = st.start
	}
	return o
})

// String is the owner as a label value: host/pid/start.
func (o Owner) String() string {
	return fmt.Sprintf("%s/%d/%d", o.Host, o.PID, o.Start)
}

// ParseOwner reads a label value written by String.
func ParseOwner(s string) (Owner, bool) {
	parts := strings.Split(s, "/")
	if len(parts) != 3 || parts[0] == "" {
		return Owner{}, false
	}
	pid, err1 := strconv.Atoi(parts[1])
	start, err2 := strconv.ParseUint(parts[2], 10, 64)
	if err1 != nil || err2 != nil || pid <= 0 {
		return Owner{}, false
	}
	return Owner{Host: parts[0], PID: pid, Start: start}, true
}

// Alive says whether the owner's process may still be running, and why:
// gc prints the reason beside what it spared. A process on another host
// cannot be checked from here and counts as alive.
func (o Owner) Alive() (bool, string) {
	if o.Host != Self().Host {
		return true, fmt.Sprintf("pid %d on host %s: not checked from here", o.PID, o.Host)
	}
	// EPERM: the process exists but belongs to another user.
	if err := syscall.Kill(o.PID, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false, fmt.Sprintf("pid %d on this host is gone", o.PID)
	}
	st, err := procStat(o.PID)
	switch {
	case err != nil: // no /proc: the signal check is all there is
	case st.state == 'Z' || st.state == 'X':
		return false, fmt.Sprintf("pid %d on this host has exited", o.PID)
	case o.Start != 0 && st.start != o.Start:
		return false, fmt.Sprintf("pid %d on this host is another process now", o.PID)
	}
	return true, fmt.Sprintf("pid %d on this host is running", o.PID)
}

// stat is what gc reads of /proc/<pid>/stat.
type stat struct {
	state byte
	start uint64
}

// procStat reads a process's state and start time. The command name
// (field 2) may hold spaces and parentheses: fields are counted after its
// last ')'.
func procStat(pid int) (stat, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return stat{}, fmt.Errorf("read process status: %w", err)
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return stat{}, fmt.Errorf("read process status: no command name in %q", s)
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
	if len(f) < 20 {
		return stat{}, fmt.Errorf("read process status: %d fields", len(f)+2)
	}
	start, err := strconv.ParseUint(f[19], 10, 64) // field 22
	if err != nil {
		return stat{}, fmt.Errorf("read process status: start time: %w", err)
	}
	return stat{state: f[0][0], start: start}, nil
}
