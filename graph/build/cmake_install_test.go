package build

import "testing"

// What the build does with its programs: which it installs (c-ares'
// src/tools, through a variable of destinations; expat's through a macro
// of its own; meson's install: true; automake's bin_PROGRAMS) and the
// output directory one is given (expat's xmlwf/, its examples' in a loop).
func TestInstalledProgramsAndTheirDirectories(t *testing.T) {
	for _, c := range []struct {
		rel, src, installs, dirs, names string
	}{
		{"src/tools/CMakeLists.txt", "ADD_EXECUTABLE (ahost ahost.c ${SAMPLESOURCES})\nINSTALL (TARGETS ahost COMPONENT Tools ${TARGETS_INST_DEST})\n" +
			"add_executable(adig adig.c)\ninstall(TARGETS adig ${VAR})\ninstall(FILES x.h DESTINATION include)\n", "ahost adig", "", ""},
		{"expat/CMakeLists.txt", "macro(expat_install)\n  if(EXPAT_ENABLE_INSTALL)\n    install(${ARGN})\n  endif()\nendmacro()\n" +
			"set(xmlwf_SRCS xmlwf/codepage.c xmlwf/xmlwf.c)\nadd_executable(xmlwf ${xmlwf_SRCS})\nset_property(TARGET xmlwf PROPERTY RUNTIME_OUTPUT_DIRECTORY xmlwf)\n" +
			"expat_install(TARGETS xmlwf DESTINATION ${CMAKE_INSTALL_BINDIR})\n" +
			"foreach(_target elements outline)\n  add_executable(${_target} examples/${_target}.c)\n  set_property(TARGET ${_target} PROPERTY RUNTIME_OUTPUT_DIRECTORY examples)\nendforeach()\n" +
			"set_target_properties(tool PROPERTIES OUTPUT_NAME t RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)\n",
			"xmlwf", "xmlwf=xmlwf elements=examples outline=examples tool=/bin", "tool=t"},
		{"src/CMakeLists.txt", "add_executable(cmark_exe main.c)\nset_target_properties(cmark_exe PROPERTIES\n  OUTPUT_NAME \"cmark\"\n  INSTALL_RPATH \"${libdir}\")\n" +
			"set_property(TARGET other PROPERTY OUTPUT_NAME o2)\nset_target_properties(lib${X} PROPERTIES OUTPUT_NAME ${X})\n", "", "", "cmark_exe=cmark other=o2"},
		{"meson.build", "executable('xkbcli', 'tools/xkbcli.c', install: true)\nexecutable('helper', 'h.c')\n", "xkbcli", "", ""},
		{"Makefile.am", "bin_PROGRAMS = tool other\nnoinst_PROGRAMS = helper\ncheck_PROGRAMS = t1\n", "tool other", "", ""},
	} {
		var f fileFacts
		var err error
		switch c.rel {
		case "meson.build":
			err = parseMeson(c.rel, []byte(c.src), &f)
		case "Makefile.am":
			err = parseAutomake(c.rel, []byte(c.src), &f)
		default:
			err = parseCMake(c.rel, []byte(c.src), &f)
		}
		if err != nil {
			t.Fatal(err)
		}
		inst, _ := f.props["installs"].(string)
		dirs, _ := f.props["runtime_dirs"].(string)
		names, _ := f.props["output_names"].(string)
		if inst != c.installs || dirs != c.dirs || names != c.names {
			t.Errorf("%s: installs %q, runtime_dirs %q, output_names %q; want %q, %q, %q", c.rel, inst, dirs, names, c.installs, c.dirs, c.names)
		}
		if c.rel == "expat/CMakeLists.txt" {
			for _, tg := range f.targets {
				if tg.name == "xmlwf" && (len(tg.sources) != 2 || tg.sources[1] != "xmlwf/xmlwf.c") {
					t.Errorf("xmlwf's sources: %q", tg.sources)
				}
			}
		}
	}
}

// A custom target's commands are recorded: yajl's tests are run by one.
func TestCMakeCustomTarget(t *testing.T) {
	var f fileFacts
	src := "ADD_CUSTOM_TARGET(test\n  ./run_tests.sh ${CMAKE_CURRENT_BINARY_DIR}/test/parsing/yajl_test\n  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/test/parsing)\n" +
		"add_custom_target(check COMMAND ${CMAKE_CTEST_COMMAND} --output-on-failure DEPENDS x)\nadd_custom_target(tests ALL)\n"
	if err := parseCMake("CMakeLists.txt", []byte(src), &f); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"test": "./run_tests.sh ${CMAKE_CURRENT_BINARY_DIR}/test/parsing/yajl_test", "check": "${CMAKE_CTEST_COMMAND} --output-on-failure", "tests": ""}
	n := 0
	for _, tg := range f.targets {
		if tg.kind != "custom" {
			continue
		}
		n++
		if w, ok := want[tg.name]; !ok || w != tg.command {
			t.Errorf("custom target %q: command %q", tg.name, tg.command)
		}
	}
	if n != 3 {
		t.Errorf("%d custom targets, want 3", n)
	}
}
