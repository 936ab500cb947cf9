package bashfile

import (
	"slices"
	"testing"
)

func TestDocsOffFlags(t *testing.T) {
	tests := []struct {
		name string
		off  func(string) []string
		text string
		want []string
	}{
		{"rsync md2man", autoconfDocsOff, "AC_ARG_ENABLE([md2man],\n\tAS_HELP_STRING([--disable-md2man],[disable md2man for man page creation]))\n", []string{"--disable-md2man"}},
		// curl: --enable-manual is the built-in manual of curl -M, a feature
		{"curl docs, not its manual", autoconfDocsOff, "AC_ARG_ENABLE(manual,\nAS_HELP_STRING([--enable-manual],[Enable built-in manual]))\nAC_ARG_ENABLE(docs,\nAS_HELP_STRING([--disable-docs],[Disable documentation]))\n", []string{"--disable-docs"}},
		{"with-man", autoconfDocsOff, "  AC_ARG_WITH([man-pages], [AS_HELP_STRING([--without-man-pages])])\n", []string{"--without-man-pages"}},
		{"no docs word", autoconfDocsOff, "AC_ARG_ENABLE([performance-counters])\nAC_ARG_ENABLE(command-line)\nAC_ARG_WITH([manager])\n", nil},
		{"mosquitto option_env", cmakeDocsOff, `option_env(WITH_DOCS "Build documentation?" ON)` + "\n", []string{"-DWITH_DOCS=OFF"}},
		{"on only, not install", cmakeDocsOff, "option(ENABLE_DOCUMENTATION \"Enable documentation\" ON)\noption(CATCH_INSTALL_DOCS \"Install documentation\" ON)\noption(FMT_DOC \"Generate the doc target.\" ${FMT_MASTER_PROJECT})\noption(X_BUILD_DOCS \"docs\" OFF)\n", []string{"-DENABLE_DOCUMENTATION=OFF"}},
		{"cmake_dependent_option", cmakeDocsOff, "cmake_dependent_option(CLI11_BUILD_DOCS \"Build CLI11 documentation\" ON \"CLI11_MASTER\" OFF)\n", []string{"-DCLI11_BUILD_DOCS=OFF"}},
		{"meson boolean and feature", mesonDocsOff, "option('enable-docs', type: 'boolean', value: true)\noption('man', type: 'feature', value: 'auto')\noption('enable-x11', type: 'boolean')\n", []string{"-Denable-docs=false", "-Dman=disabled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.off(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
