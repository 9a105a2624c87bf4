"""Build the course as a static JupyterLite site: every lesson, running in the browser (Pyodide).

    python tools/jupyterlite.py                       # -> build/jupyterlite, Pyodide fetched from its release
    python tools/jupyterlite.py --pyodide ../shared/pyodide-0.27.7   # the same site, Pyodide from a local folder
    python -m http.server -d build/jupyterlite        # then open http://127.0.0.1:8000/lab/index.html

What goes in:
- the lessons (notebooks/NN-*.ipynb) as they are, except that a lesson that calls a function
  needing scipy or scikit-learn gets a one-line import of it just before that call (the package
  imports them inside those functions, where the browser cannot see them; see ON_DEMAND), its code
  collapsed so that it does not push the lesson down (matplotlib's one-time font-cache notice is
  kept quiet by perceptron_lib itself, in the browser);
- Pyodide 0.27.7 under static/pyodide: its runtime and the packages the course uses, each checked
  against its sha256 (Pyodide's lock for packages, PYODIDE_CORE for the runtime), taken from the
  release's address (the default, for the published site) or from a folder of the same files (the
  tests: no network). The two sites differ in nothing else;
- beside them, the course's own pure-Python wheels: perceptron_lib made from this checkout (its
  modules and player.js, the player's front end); ipywidgets, comm, jupyterlab_widgets and anywidget
  (with psygnal and typing_extensions, which it imports) repacked from the installed (pinned) versions,
  so that the widgets speak the front end's protocol; psygnal's Python modules only, without the
  compiled copies pip installs beside them here (psygnal runs as plain Python where they are absent);
- the front-end extensions of the environment, anywidget's among them (jupyter lite build takes
  every installed labextension), so that the player's widget draws offline; the kernel's piplite, ipykernel, pyodide_kernel and
  widgetsnbextension from jupyterlite-pyodide-kernel. All are entered in a pyodide-lock.json that
  extends Pyodide's, so Pyodide knows them as its own packages;
- the kernel's settings: everything the kernel and a lesson's first cells need (PRELOAD) is loaded
  with Pyodide itself, all at once, instead of one piplite install after another; scipy and
  scikit-learn only where a lesson uses them; never a fall-back to PyPI.
Versions (jupyterlite-core, jupyterlite-pyodide-kernel) are pinned in pyproject.toml's test extra.
"""
import argparse
import base64
import csv
import email.parser
import functools
import hashlib
import http.server
import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import urllib.request
import zipfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUTPUT = ROOT / "build" / "jupyterlite"
# JupyterLab's settings for a student, which the package installs for JupyterLab (pyproject.toml's shared-data)
LAB_SETTINGS = ROOT / "jupyter-config" / "overrides.d" / "perceptron_lib.json"
PYODIDE_VERSION = "0.27.7"
PYODIDE_RELEASE = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
# Pyodide's runtime files (from the npm package pyodide@0.27.7, the same as the release's).
PYODIDE_CORE = {
    "pyodide.js": "b4cb23a53aba19c221659b9fb40a2f18281d685691dc06647fb0afd0681baf98",
    "pyodide.mjs": "04c052c815abb0bf2981fa38c2dfa58e3120ee5288c956df2b2a15e301782c5f",
    "pyodide.asm.js": "6b4c90de5b7172873f04f21884d0e9d2274e305fe32116558fe3e4fbe3618d51",
    "pyodide.asm.wasm": "a50dd1843f805a0b7c45b61037ee0d7b26dfe85efe0e18ef95a34ad24e401f5f",
    "python_stdlib.zip": "16611534726e5d8ac2bd8f926410b2dcb8d6f49aa24913463533b457a2115c16",
}
# Pyodide packages the site carries (with everything they depend on): the kernel's and the lessons'.
PYODIDE_PACKAGES = ("micropip", "ssl", "sqlite3", "jedi", "ipython", "numpy", "matplotlib", "scipy", "scikit-learn")
# Pure-Python distributions the widgets need in the kernel, besides Pyodide's own packages.
REPACKED = ("ipywidgets", "comm", "jupyterlab_widgets", "anywidget", "psygnal", "typing_extensions")
# Files of the package itself that go in its wheel besides its modules (the player's front end).
PACKAGE_DATA = ("player.js",)
# The kernel's own wheels, shipped by jupyterlite-pyodide-kernel (it would install them with piplite).
# Distributions pip installs compiled here whose Python modules are all there beside the compiled ones
# (mypyc): repacked as their plain Python, which they run as where the compiled copies are absent.
COMPILED_BESIDE_PYTHON = ("psygnal",)
# Folders of a distribution that only a front end reads (the kernel needs none): left out of its wheel.
FRONT_END_ONLY = {"anywidget": ("anywidget/labextension", "anywidget/nbextension")}
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel", "widgetsnbextension")
# What perceptron_lib needs in the browser, as its wheel says (scipy and scikit-learn: see ON_DEMAND).
LITE_REQUIRES = ("numpy", "matplotlib", "ipywidgets", "anywidget", "traitlets")
# Loaded with Pyodide before the kernel is ready: the names the kernel would install one by one
# (micropip, piplite, then ssl ... ipython: it skips those listed here), and the first cells' imports.
PRELOAD = ("micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
           "numpy", "matplotlib", "ipywidgets", "anywidget", "perceptron_lib")
# Functions of perceptron_lib that import a heavy package inside them, and the classes of the one module that
# imports it at its top (estimators.py, which `import perceptron_lib` leaves out until pl.Perceptron & co are
# asked for), with the import that loads it in the browser (tests/test_jupyterlite_build.py checks that no other
# function imports one).
ON_DEMAND = {"lp_separability": "scipy", "digit_halves": "sklearn", "Perceptron": "sklearn",
             "VotedPerceptron": "sklearn", "KernelPerceptron": "sklearn"}
LOAD_CELL = "# JupyterLite only: load {module} into this tab, for pl.{function} below.\nimport {module}"
REMOTE_BADGE = re.compile(r"\[!\[([^\]]*)\]\((https?://[^)\s]+)\)\]\(([^)\s]+)\)")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # wheel entries get one timestamp: the same checkout, the same bytes


def _record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(path, files, dist_info):
    """Write a wheel at `path` from {archive name: bytes}, adding `dist_info`/RECORD."""
    rows = [(name, _record_hash(data), str(len(data))) for name, data in files.items()]
    rows.append((f"{dist_info}/RECORD", "", ""))
    record = io.StringIO()
    csv.writer(record, lineterminator="\n").writerows(rows)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in [*files.items(), (f"{dist_info}/RECORD", record.getvalue().encode())]:
            archive.writestr(zipfile.ZipInfo(name, FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return path


def package_wheel(folder):
    """A py3-none-any wheel of perceptron_lib from this checkout, for the browser."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    dist_info = f"{name}-{version}.dist-info"
    sources = [*(ROOT / "perceptron_lib").rglob("*.py"), *((ROOT / "perceptron_lib" / name) for name in PACKAGE_DATA)]
    files = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted(sources)}
    metadata = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
                f"Summary: {project['description']}", *(f"Requires-Dist: {r}" for r in LITE_REQUIRES)]
    files[f"{dist_info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    files[f"{dist_info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: tools/jupyterlite.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return write_wheel(folder / f"{name}-{version}-py3-none-any.whl", files, dist_info)


def repacked_wheel(folder, name):
    """A wheel of the installed pure-Python distribution `name`: its modules and metadata as installed.

    Files installed outside site-packages (a front-end extension's data files) and bytecode are
    left out: the kernel needs only the Python side.
    """
    dist = importlib.metadata.distribution(name)
    wheel_info = dist.read_text("WHEEL") or ""
    pure = "Root-Is-Purelib: true" in wheel_info and "py3-none-any" in wheel_info
    if not pure and name not in COMPILED_BESIDE_PYTHON:
        raise ValueError(f"{name} {dist.version} is not a pure-Python py3-none-any distribution")
    dist_info = next(str(f).split("/")[0] for f in dist.files if str(f).split("/")[0].endswith(".dist-info"))
    skip = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"} | (set() if pure else {"WHEEL"})
    files = {}
    for entry in dist.files:
        path = str(entry)
        if path.startswith("..") or "__pycache__" in path or path.endswith((".pyc", ".so", ".pyd")):
            continue
        if path.startswith(dist_info + "/") and path.split("/")[-1] in skip:
            continue
        if path.startswith(tuple(folder + "/" for folder in FRONT_END_ONLY.get(name, ()))):
            continue
        files[path] = Path(entry.locate()).read_bytes()
    if not pure:     # now it is: its plain Python modules alone
        files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: tools/jupyterlite.py\n"
                                       b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    wheel_name = f"{dist.metadata['Name'].replace('-', '_')}-{dist.version}-py3-none-any.whl"
    return write_wheel(folder / wheel_name, files, dist_info)


def kernel_wheels(folder):
    """Copy the kernel's own wheels (KERNEL_WHEELS, the newest of each) from jupyterlite-pyodide-kernel into `folder`."""
    source = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
              / "static" / "pypi")
    copied = []
    for name in KERNEL_WHEELS:
        found = sorted(source.glob(f"{name}-*-py3-none-any.whl"),
                       key=lambda p: tuple(int(part) for part in p.name.split("-")[1].split(".") if part.isdigit()))
        if not found:
            raise RuntimeError(f"no {name} wheel in {source}: is jupyterlite-pyodide-kernel installed (the [test] extra)?")
        copied.append(Path(shutil.copy(found[-1], folder)))
    return copied


def lite_copy(source, target):
    """Copy a lesson, with an import before a first call in ON_DEMAND.

    Outputs are kept, so that the lesson reads before it runs.
    """
    notebook = json.loads(source.read_text())
    cells = notebook["cells"]
    for function, module in ON_DEMAND.items():
        call, loads = re.compile(rf"(?<!\w){function}\("), re.compile(rf"^\s*(?:import|from)\s+{module}\b", re.M)
        code = [(i, "".join(c["source"])) for i, c in enumerate(cells) if c["cell_type"] == "code"]
        first = next((i for i, source in code if call.search(source)), None)
        # the kernel loads what a cell imports before it runs the cell: an import there or before is enough
        if first is not None and not any(loads.search(source) for i, source in code if i <= first):
            cells.insert(first, _lite_cell(f"jupyterlite-{module}", LOAD_CELL.format(module=module, function=function)))
    for other in cells:  # a badge image from another host becomes a plain link: the site asks no other host
        if other["cell_type"] == "markdown":
            text = REMOTE_BADGE.sub(r"[\1](\3)", "".join(other["source"]))
            other["source"] = text.splitlines(keepends=True)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def _lite_cell(name, source):
    return {"cell_type": "code", "execution_count": None, "id": name,
            "metadata": {"slideshow": {"slide_type": "skip"}, "tags": [name], "jupyter": {"source_hidden": True}},
            "outputs": [],
            "source": source.splitlines(keepends=True)}


def _reader(source):
    """A function: file name -> bytes, reading Pyodide's files from a folder or an http(s) address."""
    source = str(source)
    if re.match(r"https?://", source):
        base = source if source.endswith("/") else source + "/"

        def read(name):
            with urllib.request.urlopen(base + name, timeout=300) as response:
                return response.read()
        return read
    folder = Path(source)
    if not (folder / "pyodide.js").is_file() or not (folder / "pyodide-lock.json").is_file():
        raise ValueError("--pyodide must be a folder holding pyodide.js and pyodide-lock.json, or the http(s) "
                         f"address of one; got {source}")
    return lambda name: (folder / name).read_bytes()


def _checked(name, data, sha256):
    if hashlib.sha256(data).hexdigest() != sha256:
        raise ValueError(f"{name} is not the file Pyodide {PYODIDE_VERSION} lists (its sha256 differs)")
    return data


def canonical_name(name):
    """A distribution's name as Pyodide's lock keys it: lower case, runs of - _ . as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _with_dependencies(packages, wanted):
    """The names in `wanted` and every package they depend on, in Pyodide's lock `packages`."""
    found, todo = set(), [canonical_name(name) for name in wanted]
    while todo:
        name = todo.pop()
        if name not in found:
            if name not in packages:
                raise ValueError(f"Pyodide's lock has no package {name!r}")
            found.add(name)
            todo += [canonical_name(d) for d in packages[name]["depends"]]
    return sorted(found)


def stage_pyodide(source, target):
    """Pyodide's runtime and the course's Pyodide packages from `source` into the folder `target`; return the lock.

    `source` is a folder of Pyodide's files or the address of one (by default its release); every
    file is checked against its sha256. The lock returned lists just the packages copied.
    """
    read = _reader(source)
    lock = json.loads(read("pyodide-lock.json"))
    if lock["info"]["version"] != PYODIDE_VERSION:
        raise ValueError(f"--pyodide must hold Pyodide {PYODIDE_VERSION} (jupyterlite-pyodide-kernel's series), "
                         f"got {lock['info']['version']}")
    target.mkdir(parents=True)
    for name, sha256 in PYODIDE_CORE.items():
        (target / name).write_bytes(_checked(name, read(name), sha256))
    packages = {}
    for name in _with_dependencies(lock["packages"], PYODIDE_PACKAGES):
        entry = packages[name] = lock["packages"][name]
        (target / entry["file_name"]).write_bytes(_checked(entry["file_name"], read(entry["file_name"]),
                                                           entry["sha256"]))
    return {"info": lock["info"], "packages": packages}


def lock_entry(wheel, known):
    """Pyodide's lock entry for a pure-Python wheel: its imports, and its requirements among the `known` names."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = email.parser.Parser().parsestr(
            archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
    tops = {name.split("/")[0] for name in names if "/" in name or name.endswith(".py")}
    imports = sorted(top.removesuffix(".py") for top in tops if not top.endswith((".dist-info", ".data")))
    requires = {canonical_name(re.match(r"[A-Za-z0-9._-]+", r).group())
                for r in metadata.get_all("Requires-Dist") or [] if ";" not in r}
    return {"name": canonical_name(metadata["Name"]), "version": metadata["Version"], "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": sorted(requires & known),
            "unvendored_tests": False}


def stage(lite_dir, pyodide=PYODIDE_RELEASE, settings=None):
    """Lay out the JupyterLite sources: the lessons, Pyodide with the course's wheels and its lock, the settings."""
    contents = lite_dir / "files"
    contents.mkdir(parents=True)
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        lite_copy(path, contents / path.name)
    folder = lite_dir / "static" / "pyodide"
    lock = stage_pyodide(pyodide, folder)
    wheels = [package_wheel(folder), *(repacked_wheel(folder, name) for name in REPACKED), *kernel_wheels(folder)]
    entries = [lock_entry(wheel, set()) for wheel in wheels]
    known = set(lock["packages"]) | {entry["name"] for entry in entries}
    for wheel in wheels:
        entry = lock_entry(wheel, known)
        lock["packages"][entry["name"]] = entry
    missing = sorted({canonical_name(name) for name in PRELOAD} - set(lock["packages"]))
    if missing:
        raise RuntimeError(f"PRELOAD names packages the site does not have: {missing}")
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    kernel = {"disablePyPIFallback": True, "pyodideUrl": "./static/pyodide/pyodide.js",
              "loadPyodideOptions": {"packages": list(PRELOAD)}}
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: kernel}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    # No news or update checks (they would reach for the network): the settings the package gives JupyterLab
    overrides = {**json.loads(LAB_SETTINGS.read_text(encoding="utf-8")), **(settings or {})}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=2))


def build(output=DEFAULT_OUTPUT, pyodide=PYODIDE_RELEASE, settings=None, quiet=True):
    """Build the site into `output` (replaced); return its path.

    `pyodide`: where Pyodide's files come from, a folder or an http(s) address (`stage_pyodide`).
    `settings` adds JupyterLab setting overrides, {plugin id: {setting: value}} (the browser tests
    render every cell, so that every widget can be found).
    """
    output = Path(output).resolve()
    with tempfile.TemporaryDirectory(prefix="perceptron-lite-") as tmp:
        # Built inside a private folder, then moved: the build stamps the times of every file in the
        # output folder's parent, which must not be a folder others use (/tmp, say).
        lite_dir, site = Path(tmp) / "lite", Path(tmp) / "out" / "site"
        stage(lite_dir, pyodide, settings)
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir),
                   "--output-dir", str(site), "--no-sourcemaps", "--no-unused-shared-packages",
                   "--settings-overrides", str(lite_dir / "overrides.json"),
                   "--source-date-epoch", "1577836800"]
        result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True, check=False)
        if result.returncode != 0 or not (site / "index.html").is_file():
            raise RuntimeError(f"jupyter lite build failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
        if not quiet:
            print(result.stdout[-2000:])
        without_instructor_tools(site)
        if output.exists():
            shutil.rmtree(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(site, output)
    return output


# Front-end extensions of the build environment that a student's site must not carry: nbgrader is the
# instructor's (the test extra installs it beside the course, for the assignments' tests), and Notebook 7's
# extension for JupyterLab comes with it; neither is built for JupyterLite's JupyterLab.
INSTRUCTOR_EXTENSIONS = ("@jupyter/nbgrader", "@jupyter-notebook/lab-extension")


def without_instructor_tools(site):
    """Remove INSTRUCTOR_EXTENSIONS from a built site: their files and their entries in jupyter-lite.json."""
    for name in INSTRUCTOR_EXTENSIONS:
        shutil.rmtree(site / "extensions" / name, ignore_errors=True)
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    data = config.get("jupyter-config-data", {})
    data["federated_extensions"] = [e for e in data.get("federated_extensions", [])
                                    if e.get("name") not in INSTRUCTOR_EXTENSIONS]
    config_file.write_text(json.dumps(config, indent=2) + "\n")


def site_size(folder):
    """(bytes, files) of a built site."""
    files = [p for p in Path(folder).rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")   # as GitHub Pages serves the published site
        super().end_headers()

    def log_message(self, *args):
        pass


@contextmanager
def serve(folder):
    """Serve `folder` (a built site, or slide decks) on 127.0.0.1, a free port; yield the base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where the site goes (replaced)")
    parser.add_argument("--pyodide", default=PYODIDE_RELEASE,
                        help=f"where Pyodide {PYODIDE_VERSION}'s files come from: a folder or an http(s) address "
                             f"(default: its release, {PYODIDE_RELEASE})")
    args = parser.parse_args(argv)
    output = build(args.output, args.pyodide)
    size, count = site_size(output)
    print(f"JupyterLite site: {output} ({size / 1e6:.0f} MB in {count} files)")
    print(f"try it: python -m http.server -d {output} --bind 127.0.0.1 8000, then open "
          "http://127.0.0.1:8000/lab/index.html")


if __name__ == "__main__":
    main()
