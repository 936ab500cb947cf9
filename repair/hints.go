package repair

// Built-in knowledge used when the package index has no answer: names
// whose provider cannot be found by a file path (CMake's own Find modules,
// import names that differ from distribution names) and a few very common
// ones so the rules work without an index. Debian bookworm names.

// executableHints maps a command to its Debian package.
var executableHints = map[string][]string{
	"cc": {"gcc"}, "gcc": {"gcc"}, "c++": {"g++"}, "g++": {"g++"}, "make": {"make"},
	"cmake": {"cmake"}, "ninja": {"ninja-build"}, "meson": {"meson"}, "pkg-config": {"pkgconf"},
	"autoreconf": {"autoconf"}, "autoconf": {"autoconf"}, "automake": {"automake"}, "aclocal": {"automake"},
	"libtoolize": {"libtool"}, "git": {"git"}, "curl": {"curl"}, "wget": {"wget"}, "unzip": {"unzip"},
	"xxd": {"xxd"}, "python": {"python-is-python3"}, "python3": {"python3"}, "pip": {"python3-pip"},
	"pip3": {"python3-pip"}, "node": {"nodejs"}, "npm": {"npm"}, "go": {"golang-go"},
	"java": {"default-jdk-headless"}, "javac": {"default-jdk-headless"}, "mvn": {"maven"},
	"gradle": {"gradle"}, "cargo": {"cargo"}, "rustc": {"rustc"}, "perl": {"perl"},
	"bison": {"bison"}, "flex": {"flex"}, "yacc": {"bison"}, "m4": {"m4"}, "patch": {"patch"},
	"doxygen": {"doxygen"}, "gettext": {"gettext"}, "msgfmt": {"gettext"}, "file": {"file"},
	"bc": {"bc"}, "nasm": {"nasm"}, "yasm": {"yasm"}, "protoc": {"protobuf-compiler"},
	"clang": {"clang"}, "ruby": {"ruby"}, "bzip2": {"bzip2"}, "xz": {"xz-utils"},
	"zip": {"zip"}, "rsync": {"rsync"}, "ps": {"procps"}, "which": {"debianutils"},
}

// cmakeHints maps find_package names served by CMake's own Find modules
// (no *Config.cmake file an index could find) to Debian packages.
var cmakeHints = map[string][]string{
	"ZLIB": {"zlib1g-dev"}, "PkgConfig": {"pkgconf"}, "OpenSSL": {"libssl-dev"},
	"CURL": {"libcurl4-openssl-dev"}, "BZip2": {"libbz2-dev"}, "LibLZMA": {"liblzma-dev"},
	"PNG": {"libpng-dev"}, "JPEG": {"libjpeg-dev"}, "TIFF": {"libtiff-dev"}, "GIF": {"libgif-dev"},
	"LibXml2": {"libxml2-dev"}, "LibXslt": {"libxslt1-dev"}, "EXPAT": {"libexpat1-dev"},
	"SQLite3": {"libsqlite3-dev"}, "Curses": {"libncurses-dev"}, "Readline": {"libreadline-dev"},
	"Boost": {"libboost-all-dev"}, "GTest": {"libgtest-dev", "libgmock-dev"}, "Protobuf": {"libprotobuf-dev", "protobuf-compiler"},
	"Doxygen": {"doxygen"}, "Git": {"git"}, "Perl": {"perl"}, "BISON": {"bison"}, "FLEX": {"flex"},
	"Python3": {"python3-dev"}, "Python": {"python3-dev"}, "PythonInterp": {"python3"}, "PythonLibs": {"python3-dev"},
	"OpenGL": {"libgl-dev"}, "X11": {"libx11-dev"}, "Freetype": {"libfreetype-dev"}, "Fontconfig": {"libfontconfig-dev"},
	"GLEW": {"libglew-dev"}, "glfw3": {"libglfw3-dev"}, "SDL2": {"libsdl2-dev"}, "Iconv": {"libc6-dev"},
	"Intl": {"libc6-dev"}, "LibArchive": {"libarchive-dev"}, "Lua": {"liblua5.4-dev"}, "OpenMP": {"libgomp1"},
	"Threads": {"libc6-dev"}, "Java": {"default-jdk-headless"}, "JNI": {"default-jdk-headless"},
	"fmt": {"libfmt-dev"}, "spdlog": {"libspdlog-dev"}, "nlohmann_json": {"nlohmann-json3-dev"},
	"Eigen3": {"libeigen3-dev"}, "yaml-cpp": {"libyaml-cpp-dev"}, "benchmark": {"libbenchmark-dev"},
	"Catch2": {"catch2"}, "GSL": {"libgsl-dev"}, "LAPACK": {"liblapack-dev"}, "BLAS": {"libblas-dev"},
}

// pythonDebianHints maps an import name to the Debian package providing it.
var pythonDebianHints = map[string][]string{
	"yaml": {"python3-yaml"}, "requests": {"python3-requests"}, "numpy": {"python3-numpy"},
	"scipy": {"python3-scipy"}, "pandas": {"python3-pandas"}, "six": {"python3-six"},
	"pytest": {"python3-pytest"}, "pytest_asyncio": {"python3-pytest-asyncio"}, "pytest_cov": {"python3-pytest-cov"},
	"pytest_timeout": {"python3-pytest-timeout"}, "xdist": {"python3-pytest-xdist"}, "pytest_benchmark": {"python3-pytest-benchmark"},
	"pytest_mock": {"python3-pytest-mock"}, "pytest_rerunfailures": {"python3-pytest-rerunfailures"}, "setuptools": {"python3-setuptools"}, "pkg_resources": {"python3-pkg-resources"},
	"jinja2": {"python3-jinja2"}, "click": {"python3-click"}, "attr": {"python3-attr"},
	"dateutil": {"python3-dateutil"}, "lxml": {"python3-lxml"}, "bs4": {"python3-bs4"},
	"PIL": {"python3-pil"}, "cv2": {"python3-opencv"}, "sklearn": {"python3-sklearn"},
	"matplotlib": {"python3-matplotlib"}, "toml": {"python3-toml"}, "tomli": {"python3-tomli"},
	"packaging": {"python3-packaging"}, "pexpect": {"python3-pexpect"}, "psutil": {"python3-psutil"},
	"serial": {"python3-serial"}, "usb": {"python3-usb"}, "Crypto": {"python3-pycryptodome"},
	"cryptography": {"python3-cryptography"}, "nacl": {"python3-nacl"}, "jsonschema": {"python3-jsonschema"},
	"flask": {"python3-flask"}, "tqdm": {"python3-tqdm"}, "colorama": {"python3-colorama"},
	"pygments": {"python3-pygments"}, "docutils": {"python3-docutils"}, "sphinx": {"python3-sphinx"},
	"mock": {"python3-mock"}, "hypothesis": {"python3-hypothesis"}, "tkinter": {"python3-tk"},
	"distutils": {"python3-distutils"}, "venv": {"python3-venv"}, "pip": {"python3-pip"},
	"wheel": {"python3-wheel"}, "Cython": {"cython3"}, "google.protobuf": {"python3-protobuf"},
	"gi": {"python3-gi"}, "dbus": {"python3-dbus"}, "zmq": {"python3-zmq"}, "magic": {"python3-magic"},
}

// pythonDistHints maps an import name to its PyPI distribution where they
// differ (used only when pip can reach its index).
var pythonDistHints = map[string]string{
	"xdist": "pytest-xdist", "syrupy": "syrupy",
	"yaml": "PyYAML", "PIL": "Pillow", "cv2": "opencv-python", "sklearn": "scikit-learn",
	"bs4": "beautifulsoup4", "dateutil": "python-dateutil", "attr": "attrs", "serial": "pyserial",
	"usb": "pyusb", "Crypto": "pycryptodome", "nacl": "PyNaCl", "zmq": "pyzmq", "magic": "python-magic",
	"google.protobuf": "protobuf", "gi": "PyGObject", "dbus": "dbus-python", "jwt": "PyJWT",
	"dotenv": "python-dotenv", "git": "GitPython", "OpenSSL": "pyOpenSSL", "skimage": "scikit-image",
	"pkg_resources": "setuptools", "Cython": "Cython",
}
