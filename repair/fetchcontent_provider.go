package repair

import (
	"path"
	"strings"
)

// When FetchContent takes an installed CMake package instead of the
// download (FETCHCONTENT_TRY_FIND_PACKAGE_MODE), only the package's
// namespaced targets exist: doctest-dev's doctest::doctest, not the
// doctest its own build defines, which lexy's tests link. The link then
// asks for -ldoctest, which no package has. A dependency provider
// (CMake ≥ 3.24, bookworm's 3.25) finds the package for
// FetchContent_MakeAvailable and gives each of its namespaced targets
// its plain name too where the project defines no target of that name.

// fetchProviderFile is where the Bash File writes the provider.
const fetchProviderFile = "/usr/local/share/heragent/fetchcontent-provider.cmake"

// fetchProviderLines are the provider's CMake code, one line each; no
// line holds a single quote (they are written in single quotes).
var fetchProviderLines = []string{
	"# heragent: FetchContent_MakeAvailable takes an installed CMake package, its targets also under their plain names",
	"macro(heragent_fetch_provider method name)",
	"  find_package(${name} BYPASS_PROVIDER QUIET)",
	"  if(${name}_FOUND)",
	"    get_directory_property(heragent_imported IMPORTED_TARGETS)",
	"    foreach(heragent_t IN LISTS heragent_imported)",
	`      string(REGEX REPLACE "^.*::" "" heragent_plain "${heragent_t}")`,
	"      if(NOT TARGET ${heragent_plain})",
	"        add_library(${heragent_plain} INTERFACE IMPORTED)",
	"        target_link_libraries(${heragent_plain} INTERFACE ${heragent_t})",
	"      endif()",
	"    endforeach()",
	"    FetchContent_SetPopulated(${name})",
	"  endif()",
	"endmacro()",
	"cmake_language(SET_DEPENDENCY_PROVIDER heragent_fetch_provider SUPPORTED_METHODS FETCHCONTENT_MAKEAVAILABLE_SERIAL)",
}

// fetchProviderWrite is the shell command writing the provider.
func fetchProviderWrite() string {
	return "mkdir -p " + path.Dir(fetchProviderFile) +
		" && printf '%s\\n' '" + strings.Join(fetchProviderLines, "' '") + "' > " + fetchProviderFile
}

// fetchProviderFlags are the configure flags that use it; FetchContent's
// own try of find_package follows where the provider's finds nothing
// (a package found under another name through FIND_PACKAGE_ARGS).
const fetchProviderFlags = "-DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=" + fetchProviderFile
