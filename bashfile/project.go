package bashfile

import "strings"

// BuildsProject reports whether running the Bash File builds or installs
// the project itself — the evidence of Installable: its build section
// holds a command other than a package install that no repair added, or
// its runtimes section a step marked Project (the project's own install
// from its manifest).
// Packages alone, however many a repair added, are not evidence.
func (f *File) BuildsProject() bool {
	for _, c := range f.Section(Build).Commands {
		if !packageOnly(c.Text) && !byRepair(c) {
			return true
		}
	}
	for _, c := range f.Section(Runtimes).Commands {
		if c.Project {
			return true
		}
	}
	return false
}

// byRepair reports whether a command was put there by a repair (a user
// for a suite that refuses root, an environment variable): it prepares
// the build, it builds nothing. A command a repair only changed keeps
// its first reason.
func byRepair(c Command) bool {
	return len(c.Why) > 0 && strings.HasPrefix(c.Why[0].Source, "repair:")
}

// packageOnly reports whether a command only installs system packages or
// sets the environment up (nothing of the project is built by it).
func packageOnly(text string) bool {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return true
	}
	switch fields[0] {
	case "pkg_install", "persist_env", "path_prepend", "path_append", "log", ":", "export":
		return true
	case "apt-get", "apt", "apk", "dnf", "yum":
		return len(fields) > 1 && (fields[1] == "install" || fields[1] == "update" || fields[1] == "add")
	}
	return false
}
