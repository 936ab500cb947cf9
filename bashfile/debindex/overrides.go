package debindex

// The override list: the only hand-written name → package mapping in this
// package. Everything here is something Debian's Contents files cannot
// express; everything else is derived from Contents. Keys are lower case
// (CMake), PEP 503-normalised (PyPI) or exact (executables). Packages are
// listed best first.

// cmakeFindModules maps find_package(<Name>) for CMake's built-in Find
// modules (shipped by cmake-data as Find<Name>.cmake, so Contents only
// says "cmake-data") to the package that provides what the module looks
// for. Packages that ship their own <Name>Config.cmake need no entry.
var cmakeFindModules = map[string][]string{
	"zlib":         {"zlib1g-dev"},
	"openssl":      {"libssl-dev"},
	"threads":      {"libc6-dev"}, // pthreads come with libc
	"iconv":        {"libc6-dev"},
	"intl":         {"libc6-dev"},
	"backtrace":    {"libc6-dev"},
	"curl":         {"libcurl4-openssl-dev"},
	"bzip2":        {"libbz2-dev"},
	"liblzma":      {"liblzma-dev"},
	"libxml2":      {"libxml2-dev"},
	"libxslt":      {"libxslt1-dev"},
	"png":          {"libpng-dev"},
	"jpeg":         {"libjpeg-dev"},
	"tiff":         {"libtiff-dev"},
	"gif":          {"libgif-dev"},
	"freetype":     {"libfreetype-dev"},
	"fontconfig":   {"libfontconfig-dev"},
	"expat":        {"libexpat1-dev"},
	"sqlite3":      {"libsqlite3-dev"},
	"postgresql":   {"libpq-dev"},
	"gnutls":       {"libgnutls28-dev"},
	"libarchive":   {"libarchive-dev"},
	"curses":       {"libncurses-dev"},
	"icu":          {"libicu-dev"},
	"odbc":         {"unixodbc-dev"},
	"gsl":          {"libgsl-dev"},
	"hdf5":         {"libhdf5-dev"},
	"blas":         {"libblas-dev"},
	"lapack":       {"liblapack-dev"},
	"mpi":          {"mpi-default-dev"},
	"protobuf":     {"libprotobuf-dev", "protobuf-compiler"},
	"gtest":        {"libgtest-dev", "libgmock-dev"}, // GTest's config finds its GMock component only with gmock installed
	"gmock":        {"libgmock-dev"},
	"openmp":       {"gcc", "libomp-dev"},                // gcc's libgomp comes with the compiler; libomp-dev for clang
	"boost":        {"libboost-all-dev", "libboost-dev"}, // components: libboost-<component>-dev
	"python3":      {"python3-dev"},
	"python":       {"python3-dev"},
	"pythoninterp": {"python3"},
	"pythonlibs":   {"python3-dev"},
	"perl":         {"perl"},
	"perllibs":     {"libperl-dev"},
	"ruby":         {"ruby-dev"},
	"tcl":          {"tcl-dev"},
	"tk":           {"tk-dev"},
	"lua":          {"liblua5.4-dev"},
	"swig":         {"swig"},
	"java":         {"default-jdk"},
	"jni":          {"default-jdk"},
	"pkgconfig":    {"pkg-config"},
	"doxygen":      {"doxygen"},
	"git":          {"git"},
	"hg":           {"mercurial"},
	"subversion":   {"subversion"},
	"bison":        {"bison"},
	"flex":         {"flex"},
	"gettext":      {"gettext"},
	"patch":        {"patch"},
	"gnuplot":      {"gnuplot"},
	"opengl":       {"libgl-dev", "libglu1-mesa-dev"},
	"glut":         {"freeglut3-dev"},
	"x11":          {"libx11-dev"},
	"gtk2":         {"libgtk2.0-dev"},
	"sdl":          {"libsdl1.2-dev"},
	"cups":         {"libcups2-dev"},
	"vulkan":       {"libvulkan-dev"},
	"xercesc":      {"libxerces-c-dev"},
	"wxwidgets":    {"libwxgtk3.2-dev"},
	"fltk":         {"libfltk1.3-dev"},
	"ldap":         {"libldap-dev"},
}

// pypiOverrides maps PyPI distributions whose name Debian's *.egg-info /
// *.dist-info files do not carry (binary wheels of a library Debian builds
// from source under another name).
var pypiOverrides = map[string][]string{
	"opencv-python":                  {"python3-opencv"},
	"opencv-python-headless":         {"python3-opencv"},
	"opencv-contrib-python":          {"python3-opencv"},
	"opencv-contrib-python-headless": {"python3-opencv"},
	"psycopg2-binary":                {"python3-psycopg2"},
}

// executableOverrides covers commands that no package ships as a file
// because update-alternatives creates them at install time, and a
// program whose package lacks what it needs to work.
var executableOverrides = map[string][]string{
	"cc":     {"gcc"},
	"c++":    {"g++"},
	"c89":    {"gcc"},
	"c99":    {"gcc"},
	"awk":    {"gawk", "mawk"},
	"yacc":   {"bison"},
	"java":   {"default-jre-headless"},
	"javac":  {"default-jdk-headless"},
	"jar":    {"default-jdk-headless"},
	"mvn":    {"maven"},
	"bzr":    {"brz"}, // Breezy registers bzr as an alternative of brz
	"nc":     {"netcat-openbsd"},
	"vi":     {"vim-tiny"},
	"editor": {"vim-tiny"},
	"pager":  {"less"},
	// valac-bin ships the program, without the bindings it compiles
	// against (meson: "Vala compiler 'valac' cannot compile programs",
	// msitools); valac brings both
	"valac": {"valac"},
}

// headerOverrides maps headers Debian ships only under a versioned
// directory the build finds through the interpreter's own configuration
// (python3-config, sysconfig), not through the compiler's default search
// path, to the unversioned package of the default version: Contents says
// python3.11/Python.h in libpython3.11-dev, which a suffix match finds but
// may not install.
var headerOverrides = map[string][]string{
	"Python.h": {"python3-dev"},
}

// HeaderOverridden reports whether the header has an override entry: a
// system header that projects also include with quotes ("Python.h").
func HeaderOverridden(name string) bool {
	_, ok := headerOverrides[headerKey(name)]
	return ok
}
