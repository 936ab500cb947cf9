package bashfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Python project whose build backend cannot build it offline (the
// backend Debian ships is too old for its metadata: a PEP 639 `license =
// "MIT"` string needs flit_core ≥ 3.12, hatchling ≥ 1.27 or setuptools ≥
// 77; a backend plugin Debian lacks; setuptools-scm without git
// metadata) still runs from its source tree. A .pth file puts the import
// root on the venv's path; that alone leaves out what an install also
// gives, and test suites and users depend on it:
//   - the distribution's metadata: importlib.metadata.version("click")
//     raises PackageNotFoundError, and so does a package's __init__ that
//     reads its own version that way;
//   - the version file setuptools-scm or hatch-vcs writes at build time
//     (`from ._version import version`);
//   - the console scripts of [project.scripts], setup.cfg's or setup.py's
//     console_scripts: the program users run;
//   - the other entry point groups ([project.entry-points.*], setup.cfg's,
//     poetry's plugins): the plugin registries a package finds its own
//     parts in (Python-Markdown's extensions, by name).
//
// pySourceInstall writes all three by hand, from pyproject.toml, setup.cfg
// or setup.py, with Python's standard library only.
const pySourceInstallScript = `import configparser, importlib, pathlib, re, subprocess, sys, sysconfig
root, sub = pathlib.Path(sys.argv[1]), sys.argv[2].strip("/")
src = root / sub if sub else root
paths = sysconfig.get_paths()
site, bindir = pathlib.Path(paths["purelib"]), pathlib.Path(paths["scripts"])
(site / "heragent-src.pth").write_text(str(src) + "\n")
def read(p):
    try:
        return (root / p).read_text(errors="replace")
    except OSError:
        return ""
try:
    import tomllib
    doc = tomllib.loads(read("pyproject.toml"))
except Exception:
    doc = {}
tool = doc.get("tool", {})
proj, poetry = doc.get("project", {}), tool.get("poetry", {})
name = proj.get("name") or poetry.get("name")
version = proj.get("version") or poetry.get("version")
scripts = dict(proj.get("scripts") or poetry.get("scripts") or {})
cfg = configparser.ConfigParser(interpolation=None)
try:
    cfg.read_string(read("setup.cfg"))
except configparser.Error:
    pass
name = name or cfg.get("metadata", "name", fallback=None)
v = cfg.get("metadata", "version", fallback="")
if not version and v and ":" not in v:
    version = v
for line in cfg.get("options.entry_points", "console_scripts", fallback="").splitlines():
    if "=" in line:
        k, v = line.split("=", 1)
        scripts.setdefault(k.strip(), v.strip())
# Other entry point groups: plugin registries the package looks itself up in
# (Python-Markdown finds its extensions by name in markdown.extensions).
groups = {g: dict(eps) for g, eps in (proj.get("entry-points") or {}).items() if isinstance(eps, dict)}
for g, eps in (poetry.get("plugins") or {}).items():
    if isinstance(eps, dict):
        groups.setdefault(g, dict(eps))
if proj.get("gui-scripts"):
    groups["gui_scripts"] = dict(proj["gui-scripts"])
if cfg.has_section("options.entry_points"):
    for g, text in cfg.items("options.entry_points"):
        if g != "console_scripts":
            for line in text.splitlines():
                if "=" in line:
                    k, v = line.split("=", 1)
                    groups.setdefault(g, {}).setdefault(k.strip(), v.strip())
setup = read("setup.py")
m = re.search(r"\bname\s*=\s*['\"]([\w.-]+)['\"]", setup)
name = name or (m and m.group(1))
m = re.search(r"\bversion\s*=\s*['\"]([\w.+-]+)['\"]", setup)
version = version or (m and m.group(1))
for m in re.finditer(r"['\"]\s*([\w.-]+)\s*=\s*([\w.]+:[\w.]+)\s*['\"]", setup):
    scripts.setdefault(m.group(1), m.group(2))
if not name:
    sys.exit(0)
# The version file a VCS plugin writes at build time, when configured.
vfile = (tool.get("setuptools_scm", {}).get("version_file") or tool.get("setuptools_scm", {}).get("write_to")
         or tool.get("hatch", {}).get("build", {}).get("hooks", {}).get("vcs", {}).get("version-file")
         or tool.get("pdm", {}).get("version", {}).get("write_to"))
if not version:
    for f in sorted(src.glob("*/__init__.py")) + sorted(src.glob("*/_version.py")) + sorted(src.glob("*/version.py")):
        m = re.search(r"^__version__\s*[:=][^'\"\n]*['\"]([\w.+-]+)['\"]", f.read_text(errors="replace"), re.M)
        if m:
            version = m.group(1)
            break
if not version:
    try:
        out = subprocess.run(["git", "-C", str(root), "describe", "--tags", "--abbrev=0"], capture_output=True, text=True)
        version = out.stdout.strip().lstrip("v") if out.returncode == 0 else ""
    except OSError:
        version = ""
    version = version if re.fullmatch(r"\d+(\.\d+)*", version or "") else "0.0.0"
if vfile and not (root / vfile).exists():
    parts = tuple(int(p) for p in version.split(".") if p.isdigit())
    (root / vfile).write_text("__version__ = version = %r\n__version_tuple__ = version_tuple = %r\n" % (version, parts))
dist = site / ("%s-%s.dist-info" % (re.sub(r"[-_.]+", "_", name), version))
dist.mkdir(exist_ok=True)
# Its requirements too: pip check names an installed one that does not meet
# them (a Debian package older than the project asks).
reqs = [r for r in proj.get("dependencies") or [] if isinstance(r, str)]
reqs += [l.strip() for l in cfg.get("options", "install_requires", fallback="").splitlines() if l.strip() and not l.strip().startswith("#")]
# setuptools' dynamic dependencies: {file = ["requirements.txt"]} (urwid)
dyn = tool.get("setuptools", {}).get("dynamic", {}).get("dependencies", {})
files = dyn.get("file", []) if "dependencies" in (proj.get("dynamic") or []) and isinstance(dyn, dict) else []
for f in [files] if isinstance(files, str) else files:
    reqs += [l.split(" #")[0].strip() for l in read(f).splitlines() if l.strip() and not l.strip().startswith(("#", "-"))]
(dist / "METADATA").write_text("Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (name, version) + "".join("Requires-Dist: %s\n" % r for r in reqs))
(dist / "INSTALLER").write_text("heragent\n")
(dist / "RECORD").write_text("")
if scripts:
    groups["console_scripts"] = scripts
if groups:
    (dist / "entry_points.txt").write_text("".join("[%s]\n" % g + "".join("%s = %s\n" % kv for kv in eps.items()) + "\n" for g, eps in groups.items()))
for prog, target in scripts.items():
    mod, _, attr = target.partition(":")
    attr = attr.split("[")[0].strip()
    p = bindir / prog
    p.write_text("#!%s\nimport importlib, sys\nobj = importlib.import_module(%r)\nfor a in %r:\n    obj = getattr(obj, a)\nsys.exit(obj())\n"
                 % (sys.executable, mod.strip(), attr.split(".") if attr else []))
    p.chmod(0o755)
print("source install of %s %s: %s on the path%s" % (name, version, src, ", scripts " + " ".join(scripts) if scripts else ""))
`

// pySourceInstall is the offline fallback of an editable install that
// failed: the source tree under importRoot ("" or "/src") on the venv's
// path, with the distribution's metadata, version file and console
// scripts written by hand (pySourceInstallScript).
func pySourceInstall(importRoot string, cython, extensions bool) string {
	ext := ""
	if cython {
		ext = "\n" + cythonInPlace
	}
	if extensions {
		where := "--inplace"
		if importRoot != "" {
			where = "--build-lib ." + importRoot // the package_dir pyproject.toml gave, aside with it
		}
		ext += "\n" + fmt.Sprintf(extensionsInPlace, where)
	}
	return fmt.Sprintf(`pip install --no-build-isolation --no-deps -e . || {
    log "editable install failed without PyPI: the project runs from its source tree (.%[1]s on the venv's path, its metadata and console scripts written by hand)"
    python3 - "$REPO_DIR" %[2]q <<'HERAGENT_PY'
%[3]sHERAGENT_PY%[4]s
  }`, importRoot, importRoot, pySourceInstallScript, ext)
}

// cythonInPlace compiles a source tree's Cython modules beside their .pyx
// files, as an editable install would have: cytoolz's package imports
// its compiled itertoolz, and its backend (setuptools ≥ 77 for a PEP 639
// license string) is newer than Debian's. Cython's own cythonize builds
// each module alone, with the standard library's distutils: setuptools'
// would read the project's pyproject.toml and fail on it again. A failure
// is logged, and the tests name what is missing.
const cythonInPlace = `    pyx=$(find . -name '*.pyx' -not -path './.venv/*' -not -path './build/*' -not -path './.git/*' | head -n 200)
    [ -z "$pyx" ] || SETUPTOOLS_USE_DISTUTILS=stdlib python3 -m Cython.Build.Cythonize -i -3 $pyx || log "the Cython modules did not compile in place: the modules that import them fail"`

// extensionsInPlace builds the C/C++ extension modules setup.py declares
// beside their package, as an editable install would have, when the
// install failed on the project's metadata rather than its code: a PEP
// 639 license string Debian's setuptools (66) rejects, a setuptools-scm
// version with no git metadata. setup.py runs alone, pyproject.toml moved
// aside for the command (and put back whatever it does), with a version
// given to setuptools-scm: ultrajson's ujson is a C module, and without
// it every test fails on the import (checked in a bookworm container:
// the module builds and imports). build_clib first: build_ext alone does
// not make the C libraries setup.py declares for its extensions to link
// (Pillow's libraries=[("pil_imaging_mode", …)]: `cannot find
// -lpil_imaging_mode`), as `setup.py build` would; with none it does
// nothing. In a src layout the modules go to the source root, not in
// place: the package directory pyproject.toml mapped (Pillow's
// package-dir {"" = "src"}) is aside with it, and --inplace would write
// PIL/ at the top (`could not create 'PIL/_imaging….so'`).
const extensionsInPlace = `    mv pyproject.toml .heragent-pyproject.toml 2>/dev/null || true
    SETUPTOOLS_SCM_PRETEND_VERSION="${SETUPTOOLS_SCM_PRETEND_VERSION:-0.0.0}" python3 setup.py build_clib build_ext %s || log "setup.py's extension modules did not build in place: the modules that import them fail"
    mv .heragent-pyproject.toml pyproject.toml 2>/dev/null || true`

// setupExtensions reports a setup.py declaring compiled extension
// modules (Extension(…)).
func setupExtensions(r *repo) bool {
	if r.root == "" {
		return false
	}
	b, err := os.ReadFile(filepath.Join(r.root, "setup.py"))
	return err == nil && strings.Contains(string(b), "Extension(")
}
