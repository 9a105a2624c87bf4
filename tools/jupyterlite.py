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
- the front-end extensions the course needs (SITE_EXTENSIONS: the widgets', anywidget's, the kernel's), from the
  environment (jupyter lite build takes every installed labextension; the others are removed), so that the player's
  widget draws offline, built for the site's JupyterLab 4.4 (the pins of ipywidgets and jupyterlab_widgets); the
  kernel's piplite, ipykernel, pyodide_kernel and
  widgetsnbextension from jupyterlite-pyodide-kernel. All are entered in a pyodide-lock.json that
  extends Pyodide's, so Pyodide knows them as its own packages;
- Python's bytecode for what the kernel imports as it starts (the standard library and PRELOAD's packages), compiled
  by a CPython 3.12 if the machine has one (add_bytecode), so that the browser does not compile it on every visit;
- the site's JupyterLab page titles its tab by the lesson and starts the lesson's kernel at once (LAB_SCRIPT);
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
import os
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
# Python's bytecode for every module the kernel may import as it starts: the standard library (python_stdlib.zip) and
# the packages loaded with Pyodide (PRELOAD, with what they need). Pyodide's files hold sources alone, which Python
# compiles at each import, on every visit: on the development machine nearly a third of the wait for a lesson's
# first picture (benchmarks/first_step.py, lesson 01: 12.3 s without, 8.5 s with, the kernel started early too).
# Compiled when the site is built, by a CPython of Pyodide's version (PYODIDE_PYTHON: the same bytecode), found by
# `bytecode_python`; "unchecked" (PEP 552): Python takes it without comparing it with the source, which stays beside
# it for tracebacks. It makes these files about 17 MB larger, downloaded once, on a first visit. Without such a
# CPython the site is built without it.
PYODIDE_PYTHON = (3, 12)
SITE_PACKAGES = "/lib/python3.12/site-packages"   # where Pyodide installs a wheel
STDLIB_ZIP = "/lib/python312.zip"                 # where Pyodide puts python_stdlib.zip


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
    python = bytecode_python()
    if python:
        add_bytecode(folder, lock, python)
    else:
        version = ".".join(map(str, PYODIDE_PYTHON))
        print(f"JupyterLite: no CPython {version} found (PERCEPTRON_PYTHON312 names one): the site is built without "
              "bytecode, and a lesson starts slower", file=sys.stderr)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    kernel = {"disablePyPIFallback": True, "pyodideUrl": "./static/pyodide/pyodide.js",
              "loadPyodideOptions": {"packages": list(PRELOAD)}}
    # the app as window.jupyterapp, which LAB_SCRIPT uses
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: kernel}, "exposeAppInBrowser": "true"}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    # No news or update checks (they would reach for the network): the settings the package gives JupyterLab
    overrides = {**json.loads(LAB_SETTINGS.read_text(encoding="utf-8")), **(settings or {})}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=2))


def bytecode_python():
    """A CPython of Pyodide's version (PYODIDE_PYTHON) to compile the site's bytecode with, or None.

    The one PERCEPTRON_PYTHON312 names (an error if it is not one), else python3.12 on the PATH (Ubuntu 24.04's, on
    GitHub's runner), else one that pyenv installed.
    """
    version = ".".join(map(str, PYODIDE_PYTHON))
    named = os.environ.get("PERCEPTRON_PYTHON312")
    pyenv = sorted((Path.home() / ".pyenv" / "versions").glob(f"{version}.*/bin/python{version}"))
    for python in [named] if named else [shutil.which(f"python{version}"), *map(str, pyenv)]:
        probe = [python, "-c", f"import sys; sys.exit(sys.implementation.name != 'cpython' or "
                               f"sys.version_info[:2] != {PYODIDE_PYTHON})"] if python else None
        if probe and subprocess.run(probe, capture_output=True, check=False).returncode == 0:
            return python
    if named:
        raise RuntimeError(f"PERCEPTRON_PYTHON312 must name a CPython {version}, got {named}")
    return None


def add_bytecode(folder, lock, python):
    """Add bytecode (compiled by `python`) to the wheels of PRELOAD and what they need in `folder`, and to the
    standard library; enter each wheel's new sha256 in `lock`."""
    for name in _with_dependencies(lock["packages"], PRELOAD):
        entry = lock["packages"][name]
        if entry["file_name"].endswith(".whl"):
            entry["sha256"] = with_bytecode(folder / entry["file_name"], python, SITE_PACKAGES)
    with_bytecode(folder / "python_stdlib.zip", python, STDLIB_ZIP, beside=True)


def with_bytecode(archive, python, prefix, beside=False):
    """Rewrite the zip file `archive` with the bytecode of each of its modules added, compiled by `python` as if
    installed at `prefix` (the paths its tracebacks name): in __pycache__, or beside the module (`beside`: the
    standard library's zip, where zipimport looks for it). Its other entries stay as they were; return its sha256.
    A module that does not compile (a test file for another Python) keeps its source alone."""
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(archive) as source:
        tree = Path(tmp)
        source.extractall(tree)
        subprocess.run([python, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode", "unchecked-hash",
                        "-s", str(tree), "-p", prefix, *(["-b"] if beside else []), str(tree)],
                       capture_output=True, check=False)
        entries = [(info, source.read(info)) for info in source.infolist()]
        entries += [(zipfile.ZipInfo(path.relative_to(tree).as_posix(), FIXED_TIME), path.read_bytes())
                    for path in sorted(tree.rglob("*.pyc"))]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            out.writestr(info, data, zipfile.ZIP_DEFLATED)
    return hashlib.sha256(archive.read_bytes()).hexdigest()


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
        only_site_extensions(site)
        with_lab_script(site)
        if output.exists():
            shutil.rmtree(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(site, output)
    return output


# What the site's JupyterLab page (lab/index.html) does besides JupyterLite's own, as soon as it opens:
# - its tab is titled by the lesson in front ("02 · The learning rule (live)"), where JupyterLite leaves "JupyterLite"
#   on every tab: at once, from the address's ?path= (which JupyterLab soon removes), then from the document in front
#   whenever it changes (the app's shell, window.jupyterapp: exposeAppInBrowser); a title set by JupyterLab is put back.
#   A document that is not a lesson is titled by its file's name;
# - the lesson's kernel starts as soon as the app has started, while JupyterLab still draws the page and the lesson
#   (1 to 2 s sooner here, where Pyodide would wait on them): the lesson, once open, finds a session of its path
#   running and takes it, as it takes one left running by an earlier tab. If that fails, it starts its own, as before.
LAB_SCRIPT = """<script>
(function () {
  const lessons = %s;
  const asked = new URLSearchParams(location.search).get("path");
  function titleOf(path) {
    const name = (path || "").split("/").pop();
    return name ? (lessons[name] || name) + " (live)" : null;
  }
  let wanted = titleOf(asked) || document.title;
  function keep() { if (document.title !== wanted) document.title = wanted; }
  keep();
  new MutationObserver(keep).observe(document.querySelector("title"),
                                    {childList: true, characterData: true, subtree: true});
  function startKernel(app) {   // once the app's plugins have given it the kernel's spec
    const services = app.serviceManager;
    app.started.then(function () { return services.kernelspecs.refreshSpecs(); }).then(function () {
      const kernel = services.kernelspecs.specs && services.kernelspecs.specs.default;
      if (!kernel) return null;
      return services.sessions.startNew({path: asked, name: asked, type: "notebook", kernel: {name: kernel}});
    }).then(function (session) {   // the kernel runs on; its messages are the lesson's alone (its widgets' comms)
      if (session) session.dispose();
    }).catch(function (error) { console.warn("the lesson starts its own kernel:", error); });
  }
  function follow(app) {
    if (asked in lessons) startKernel(app);
    app.restored.then(function () {
      function inFront() {
        const widget = app.shell.currentWidget, path = widget && widget.context && widget.context.path;
        if (path) { wanted = titleOf(path); keep(); }
      }
      app.shell.currentChanged.connect(inFront);
      inFront();
    });
  }
  let shown = null;   // JupyterLite sets window.jupyterapp once the app is made
  Object.defineProperty(window, "jupyterapp", {configurable: true, get: function () { return shown; },
                                               set: function (app) { shown = app; follow(app); }});
})();
</script>"""


def lesson_titles():
    """{file name: title} of the lessons, each the first heading of its first cell ("02 · The learning rule")."""
    titles = {}
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
        heading = re.search(r"^# (.+)$", first, re.M)
        titles[path.name] = heading.group(1).strip() if heading else path.stem
    return titles


def with_lab_script(site):
    """The site's JupyterLab page (lab/index.html) with LAB_SCRIPT, right after its title."""
    page = site / "lab" / "index.html"
    text = page.read_text(encoding="utf-8")
    title = re.search(r"<title>[^<]*</title>", text)
    if title is None:
        raise RuntimeError(f"{page} has no <title>: has JupyterLite's page changed?")
    script = LAB_SCRIPT % json.dumps(lesson_titles(), ensure_ascii=False)
    page.write_text(text[:title.end()] + "\n    " + script + text[title.end():], encoding="utf-8")


# The front-end extensions a student's site carries: the widgets' manager (ipywidgets' jupyterlab_widgets), anywidget's
# (the player), the Pyodide kernel's, and jupyterlab_pygments (the colours of highlighted outputs, as in JupyterLab).
# `jupyter lite build` takes every extension installed in the build's environment: any other is removed from the site.
# Among them: the instructor's nbgrader (the test extra installs it beside the course, for the assignments' tests) and
# Notebook 7's extension for JupyterLab that comes with it, neither built for JupyterLite's JupyterLab; and whatever an
# older install left in a developer's environment (RISE's extension, with a MathJax extension built for JupyterLab 3,
# whose version the browser warned of).
SITE_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget",
                   "jupyterlab_pygments")
INSTRUCTOR_EXTENSIONS = ("@jupyter/nbgrader", "@jupyter-notebook/lab-extension")


def only_site_extensions(site):
    """Remove from a built site every front-end extension but SITE_EXTENSIONS: its files and its entry in
    jupyter-lite.json. A missing one of SITE_EXTENSIONS is a RuntimeError (the widgets would not draw)."""
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    data = config.get("jupyter-config-data", {})
    kept = []
    for entry in data.get("federated_extensions", []):
        if entry.get("name") in SITE_EXTENSIONS:
            kept.append(entry)
        else:
            shutil.rmtree(site / "extensions" / entry["name"], ignore_errors=True)
    missing = sorted(set(SITE_EXTENSIONS) - {entry["name"] for entry in kept})
    if missing:
        raise RuntimeError(f"the environment has no front-end extension {missing}: is the [test] extra installed?")
    data["federated_extensions"] = kept
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
