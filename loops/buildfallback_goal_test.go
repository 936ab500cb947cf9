package loops

import (
	"slices"
	"testing"

	"github.com/heragent/heragent/graph/build"
)

// A default goal with a part that needs what the sandbox lacks
// (craftinginterpreters' book, made by the Dart SDK) is split: its other
// parts are made, the failed one and what reaches it are left out; make
// with a target already, or a goal whose every part fails, is no case.
func TestSplitGoal(t *testing.T) {
	mk := "BUILD_DIR := build\nTOOL_SOURCES := tool/pubspec.lock $(shell find tool -name '*.dart')\nBUILD_SNAPSHOT := $(BUILD_DIR)/build.dart.snapshot\n\n" +
		"default: book clox jlox\n\nbook: $(BUILD_SNAPSHOT)\n\t@ dart $(BUILD_SNAPSHOT)\n\n$(BUILD_SNAPSHOT): $(TOOL_SOURCES)\n\t@ dart --snapshot=$@ tool/bin/build.dart\n\n" +
		"clox:\n\t@ $(MAKE) -f util/c.make NAME=clox\n\njlox:\n\t@ $(MAKE) -f util/java.make\n"
	rules := build.MakeRules([]byte(mk))
	log := "      cc c/chunk.c\nmake: *** [Makefile:28: build/build.dart.snapshot] Error 127\nmake: *** Waiting for unfinished jobs....\n"
	var failed []string
	for _, m := range makeFailedRe.FindAllStringSubmatch(log, -1) {
		failed = append(failed, m[1])
	}
	keep, left := splitGoal(rules, failed)
	if !slices.Equal(keep, []string{"clox", "jlox"}) || !slices.Equal(left, []string{"book"}) {
		t.Fatalf("keep %q, left %q (failed %q)", keep, left, failed)
	}
	if keep, _ := splitGoal(rules, []string{"clox", "jlox", "build/build.dart.snapshot"}); len(keep) != 0 {
		t.Errorf("every part failed, kept %q", keep)
	}
	for text, want := range map[string]bool{`make -j"$(nproc)"`: true, "make": true, "make test": false, "make all": false, "cmake --build build": false} {
		if got := bareMake(text); got != want {
			t.Errorf("bareMake(%q) = %v", text, got)
		}
	}
}
