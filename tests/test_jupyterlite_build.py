"""tools/jupyterlite.py without a browser: what the site loads, and when (the browser tests run it)."""
import ast
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import jupyterlite  # noqa: E402  (tools/ is not a package)

HEAVY = ("scipy", "sklearn")


def heavy_functions():
    """{function name: heavy module} for every public function of perceptron_lib that imports scipy or
    scikit-learn, itself or through the package's own functions it calls; and for every public class or function
    of a module that imports one at its top (estimators.py: scikit-learn's base classes), a module that no other
    imports at its top, so that `import perceptron_lib` stays without it."""
    imports, calls, top_imports, eager = {}, {}, {}, set()
    for path in (ROOT / "perceptron_lib").rglob("*.py"):
        tree = ast.parse(path.read_text())
        heavy = {name.split(".")[0] for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
                 for name in _imported(node) if name.startswith(HEAVY)}
        assert len(heavy) <= 1, f"{path.name} imports {sorted(heavy)} at its top"
        if heavy:
            top_imports[path.stem] = heavy.pop()
            imports.update({node.name: top_imports[path.stem] for node in tree.body
                            if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and not node.name.startswith("_")})
        eager |= {part for node in tree.body if isinstance(node, ast.ImportFrom) and node.level
                  for part in ([node.module] if node.module else []) + [alias.name for alias in node.names]}
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(function):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        imports.update({function.name: name.split(".")[0] for name in _imported(node)
                                        if name.startswith(HEAVY)})
                    if isinstance(node, ast.Call):
                        name = getattr(node.func, "id", getattr(node.func, "attr", None))
                        calls.setdefault(function.name, set()).add(name)
    assert not eager & set(top_imports), f"{sorted(eager & set(top_imports))} imported at the top of a module"
    reached = dict(imports)
    while True:
        more = {caller: reached[callee] for caller, callees in calls.items() for callee in callees
                if callee in reached and caller not in reached}
        if not more:
            return {name: module for name, module in reached.items() if not name.startswith("_")}
        reached.update(more)


def _imported(node):
    return [node.module or ""] if isinstance(node, ast.ImportFrom) else [alias.name for alias in node.names]


def test_every_function_that_needs_scipy_or_scikit_learn_is_loaded_on_demand():
    """The package imports them inside these functions only; a lesson's copy in the site imports them first."""
    assert heavy_functions() == jupyterlite.ON_DEMAND


def lesson(*sources):
    return {"cells": [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": ["# 99 · A lesson"]},
                      *({"cell_type": "code", "id": f"c{i}", "metadata": {}, "outputs": [], "execution_count": None,
                         "source": [source]} for i, source in enumerate(sources))],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_a_lite_copy_loads_a_heavy_module_just_before_its_first_use(tmp_path):
    source = tmp_path / "99-a.ipynb"
    source.write_text(json.dumps(lesson("import perceptron_lib as pl", "x = 1", "data = pl.digit_halves()",
                                        "again = pl.digit_halves()", "pl.lp_separability([[0]], [1])")))
    jupyterlite.lite_copy(source, tmp_path / "copy.ipynb")
    cells = json.loads((tmp_path / "copy.ipynb").read_text())["cells"]
    assert [c["id"] for c in cells] == ["title", "c0", "c1", "jupyterlite-sklearn", "c2", "c3",
                                        "jupyterlite-scipy", "c4"]
    assert "import sklearn" in "".join(cells[3]["source"]) and "import scipy" in "".join(cells[6]["source"])
    added = [c for c in cells if c["id"].startswith("jupyterlite")]
    assert all(c["metadata"]["slideshow"]["slide_type"] == "skip" and c["metadata"]["jupyter"]["source_hidden"]
               for c in added)   # left out of the decks, and collapsed: they do not push the lesson down


def test_a_lite_copy_adds_nothing_where_the_lesson_imports_the_module_itself(tmp_path):
    source = tmp_path / "99-a.ipynb"
    source.write_text(json.dumps(lesson("import sklearn", "data = pl.digit_halves()")))
    jupyterlite.lite_copy(source, tmp_path / "copy.ipynb")
    assert [c["id"] for c in json.loads((tmp_path / "copy.ipynb").read_text())["cells"]] == \
        ["title", "c0", "c1"]


def test_an_estimator_loads_scikit_learn_unless_its_cell_or_one_before_imports_it(tmp_path):
    """pl.KernelPerceptron( is a first use (KernelPerceptron is not Perceptron); scikit-learn's own Perceptron,
    imported in its cell, is loaded by the kernel from that import before the cell runs."""
    source = tmp_path / "99-a.ipynb"
    source.write_text(json.dumps(lesson("from sklearn.linear_model import Perceptron\nPerceptron().fit(X, y)",
                                        "model = pl.KernelPerceptron(gamma=0.1)")))
    jupyterlite.lite_copy(source, tmp_path / "copy.ipynb")
    assert [c["id"] for c in json.loads((tmp_path / "copy.ipynb").read_text())["cells"]] == ["title", "c0", "c1"]
    source.write_text(json.dumps(lesson("import perceptron_lib as pl", "model = pl.KernelPerceptron(gamma=0.1)")))
    jupyterlite.lite_copy(source, tmp_path / "copy.ipynb")
    cells = json.loads((tmp_path / "copy.ipynb").read_text())["cells"]
    assert [c["id"] for c in cells] == ["title", "c0", "jupyterlite-sklearn", "c1"]
    assert "for pl.KernelPerceptron below" in "".join(cells[2]["source"])


def test_lock_entries_give_a_wheels_imports_and_its_known_requirements(tmp_path):
    wheel = jupyterlite.package_wheel(tmp_path)
    entry = jupyterlite.lock_entry(wheel, {"numpy", "matplotlib", "ipywidgets", "anywidget", "traitlets", "scipy"})
    assert entry["name"] == "perceptron-lib" and entry["imports"] == ["perceptron_lib"]
    assert entry["depends"] == sorted(jupyterlite.LITE_REQUIRES)     # scipy is known, but not required
    with zipfile.ZipFile(wheel) as archive:
        assert "perceptron_lib/__init__.py" in archive.namelist()
        record = archive.read("perceptron_lib-0.1.0.dist-info/RECORD").decode()
        for path in (ROOT / "perceptron_lib").rglob("*.py"):   # the subpackages' modules too, each in the RECORD
            name = path.relative_to(ROOT).as_posix()
            assert name in archive.namelist() and f"\n{name},sha256=" in f"\n{record}", name
        assert archive.read("perceptron_lib/player.js") == (ROOT / "perceptron_lib" / "player.js").read_bytes()


def test_anywidget_and_what_it_imports_go_to_the_kernel_as_plain_python(tmp_path):
    """psygnal is installed compiled here: its wheel for the browser holds its Python modules alone."""
    for name in ("anywidget", "psygnal", "typing_extensions"):
        wheel = jupyterlite.repacked_wheel(tmp_path, name)
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            info = archive.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
        assert wheel.name.endswith("-py3-none-any.whl") and "Root-Is-Purelib: true" in info
        assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))], name
        assert not [n for n in names if "/labextension/" in n or "/nbextension/" in n], name


def test_pyodide_comes_whole_from_a_folder_and_is_checked(tmp_path):
    lock = jupyterlite.stage_pyodide(ROOT.parent / "shared" / "pyodide-0.27.7", tmp_path / "pyodide") \
        if (ROOT.parent / "shared" / "pyodide-0.27.7" / "pyodide.js").is_file() else pytest.skip("no local Pyodide")
    assert {"numpy", "matplotlib", "scipy", "scikit-learn", "ipython", "openblas"} <= set(lock["packages"])
    assert all((tmp_path / "pyodide" / entry["file_name"]).is_file() for entry in lock["packages"].values())
    assert sorted(p.name for p in (tmp_path / "pyodide").iterdir() if not p.name.endswith((".whl", ".zip"))) == \
        sorted(n for n in jupyterlite.PYODIDE_CORE if not n.endswith(".zip"))


def test_a_changed_pyodide_file_is_refused(tmp_path):
    with pytest.raises(ValueError, match="sha256"):
        jupyterlite._checked("pyodide.js", b"something else", jupyterlite.PYODIDE_CORE["pyodide.js"])
    with pytest.raises(ValueError, match="--pyodide must be a folder"):
        jupyterlite.stage_pyodide(tmp_path, tmp_path / "out")


def test_in_the_browser_the_package_keeps_matplotlibs_font_cache_notice_quiet():
    """JupyterLite's copy of a lesson has no setup cell for it (it pushed the first picture down)."""
    import subprocess
    import sys

    probe = ("import sys, logging, numpy, matplotlib.figure; sys.platform = 'emscripten'; import perceptron_lib; "
             "print(logging.getLogger('matplotlib.font_manager').level)")
    said = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    assert said == str(__import__("logging").ERROR)


def test_a_zip_gets_the_bytecode_of_its_modules_unchecked_and_named_where_pyodide_puts_them(tmp_path):
    """Issue 41: the kernel's start compiled nothing it could have been given. Each module's bytecode goes beside its
    source (PEP 552's unchecked hash: Python takes it as it is), its tracebacks naming the path Pyodide installs it at;
    a module that does not compile keeps its source alone, and every other entry stays as it was."""
    python = jupyterlite.bytecode_python()
    if python is None:
        pytest.skip(f"no CPython {jupyterlite.PYODIDE_PYTHON} here to compile with (PERCEPTRON_PYTHON312)")
    magic = (3531).to_bytes(2, "little") + b"\r\n"     # CPython 3.12's bytecode
    for beside, cached, prefix in ((False, "pkg/__pycache__/mod.cpython-312.pyc", jupyterlite.SITE_PACKAGES),
                                   (True, "pkg/mod.pyc", jupyterlite.STDLIB_ZIP)):
        archive = tmp_path / f"{beside}.zip"
        with zipfile.ZipFile(archive, "w") as out:
            out.writestr("pkg/", b"")
            out.writestr("pkg/mod.py", "def f():\n    return 1\n")
            out.writestr("pkg/old.py", "print 'python 2'\n")
            out.writestr("pkg-1.0.dist-info/METADATA", "Name: pkg\n")
        before = {info.filename: (info.date_time, zipfile.ZipFile(archive).read(info)) for info in
                  zipfile.ZipFile(archive).infolist()}
        digest = jupyterlite.with_bytecode(archive, python, prefix, beside=beside)
        with zipfile.ZipFile(archive) as done:
            after = {info.filename: (info.date_time, done.read(info)) for info in done.infolist()}
        assert set(after) - set(before) == {cached} and all(after[name] == before[name] for name in before)
        data = after[cached][1]
        assert data[:4] == magic and int.from_bytes(data[4:8], "little") == 1   # hash-based, unchecked
        assert f"{prefix}/pkg/mod.py".encode() in data
        assert digest == __import__("hashlib").sha256(archive.read_bytes()).hexdigest()
