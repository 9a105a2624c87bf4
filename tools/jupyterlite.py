"""Build the course as a static JupyterLite site: every lesson, running in the browser (Pyodide).

    python tools/jupyterlite.py                       # -> build/jupyterlite, loads Pyodide as JupyterLite does
    python tools/jupyterlite.py --pyodide ../shared/pyodide-0.27.7   # serve a local Pyodide (no network)
    python -m http.server -d build/jupyterlite        # then open http://127.0.0.1:8000/lab/index.html

What goes in:
- the lessons (notebooks/NN-*.ipynb), each with one setup cell added after its title that installs
  the course's package in the browser tab (`%pip install -q perceptron_lib`); nothing else changes;
- a wheel index the kernel installs from (piplite): perceptron_lib, made from this checkout, and
  ipywidgets, comm and jupyterlab_widgets, repacked from the versions installed here (the pinned
  ones), so that the widgets speak the same protocol as the front end the build copies from here;
  numpy, matplotlib, scipy and scikit-learn come from Pyodide's own packages;
- the kernel is told never to fall back to PyPI (`disablePyPIFallback`), so a lesson asks no other
  host for a package.

With --pyodide, the folder (the official Pyodide files, e.g. ../shared/pyodide-0.27.7) is copied into
the site and used instead of the release JupyterLite loads by default; the tests build it that way.
Versions (jupyterlite-core, jupyterlite-pyodide-kernel) are pinned in pyproject.toml's test extra.
"""
import argparse
import base64
import csv
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
import zipfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUTPUT = ROOT / "build" / "jupyterlite"
# Pure-Python distributions the widgets need in the kernel, besides Pyodide's own packages.
REPACKED = ("ipywidgets", "comm", "jupyterlab_widgets")
# What perceptron_lib needs in the browser: Pyodide provides all but ipywidgets (from REPACKED).
LITE_REQUIRES = ("numpy", "matplotlib", "scipy", "scikit-learn", "ipywidgets")
SETUP_CELL = ("# JupyterLite only (this cell is not in the repository's copy of the lesson): install the\n"
              "# course's package in this browser tab, and keep matplotlib's one-time font-cache notice quiet.\n"
              "%pip install -q perceptron_lib\n"
              "import logging\n"
              "logging.getLogger(\"matplotlib.font_manager\").setLevel(logging.ERROR)")
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
    files = {f"perceptron_lib/{p.name}": p.read_bytes() for p in sorted((ROOT / "perceptron_lib").glob("*.py"))}
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
    if "Root-Is-Purelib: true" not in wheel_info or "py3-none-any" not in wheel_info:
        raise ValueError(f"{name} {dist.version} is not a pure-Python py3-none-any distribution")
    dist_info = next(str(f).split("/")[0] for f in dist.files if str(f).split("/")[0].endswith(".dist-info"))
    skip = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}
    files = {}
    for entry in dist.files:
        path = str(entry)
        if path.startswith("..") or "__pycache__" in path or path.endswith(".pyc"):
            continue
        if path.startswith(dist_info + "/") and path.split("/")[-1] in skip:
            continue
        files[path] = Path(entry.locate()).read_bytes()
    wheel_name = f"{dist.metadata['Name'].replace('-', '_')}-{dist.version}-py3-none-any.whl"
    return write_wheel(folder / wheel_name, files, dist_info)


def lite_copy(source, target):
    """Copy a lesson, with the setup cell after its title (outputs kept, so it reads before running)."""
    notebook = json.loads(source.read_text())
    cell = {"cell_type": "code", "execution_count": None, "id": "jupyterlite-setup",
            "metadata": {"slideshow": {"slide_type": "skip"}, "tags": ["jupyterlite-setup"]},
            "outputs": [], "source": SETUP_CELL.splitlines(keepends=True)}
    notebook["cells"].insert(1, cell)
    for other in notebook["cells"]:  # a badge image from another host becomes a plain link: the site asks no other host
        if other["cell_type"] == "markdown":
            text = REMOTE_BADGE.sub(r"[\1](\3)", "".join(other["source"]))
            other["source"] = text.splitlines(keepends=True)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def stage(lite_dir, pyodide=None, settings=None):
    """Lay out the JupyterLite sources: contents, wheels, settings, and a local Pyodide if given."""
    contents = lite_dir / "files"
    contents.mkdir(parents=True)
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        lite_copy(path, contents / path.name)
    wheels = lite_dir / "pypi"
    wheels.mkdir()
    package_wheel(wheels)
    for name in REPACKED:
        repacked_wheel(wheels, name)
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    # No news or update checks: they would reach for the network.
    overrides = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
                 **(settings or {})}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=2))
    if pyodide is not None:
        pyodide = Path(pyodide)
        if not (pyodide / "pyodide.js").is_file() or not (pyodide / "pyodide-lock.json").is_file():
            raise ValueError(f"--pyodide must be a folder holding pyodide.js and pyodide-lock.json; got {pyodide}")
        shutil.copytree(pyodide, lite_dir / "static" / "pyodide",
                        ignore=shutil.ignore_patterns("*.md", "verify.py", "pyodide-lock.official.json", "*.d.ts",
                                                      "console.html"))


def build(output=DEFAULT_OUTPUT, pyodide=None, settings=None, quiet=True):
    """Build the site into `output` (replaced); return its path.

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
        if output.exists():
            shutil.rmtree(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(site, output)
    return output


def site_size(folder):
    """(bytes, files) of a built site."""
    files = [p for p in Path(folder).rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}

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
    parser.add_argument("--pyodide", type=Path, default=None,
                        help="a folder of official Pyodide files to serve from the site instead of the release")
    args = parser.parse_args(argv)
    output = build(args.output, args.pyodide)
    size, count = site_size(output)
    print(f"JupyterLite site: {output} ({size / 1e6:.0f} MB in {count} files)")
    print(f"try it: python -m http.server -d {output} --bind 127.0.0.1 8000, then open "
          "http://127.0.0.1:8000/lab/index.html")


if __name__ == "__main__":
    main()
