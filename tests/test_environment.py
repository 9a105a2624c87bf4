"""Environments agree with pyproject.toml, and the code imports only what is declared.

pyproject.toml is the single source of the pins; environment.yml (local conda/mamba)
and binder/environment.yml (Binder) repeat them character for character. The YAML
files are read with a small parser for the flat structure a conda environment file
uses, so these tests need nothing beyond the standard library and pytest.
"""
import ast
import json
import re
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
ROOT_ENV = ROOT / "environment.yml"
BINDER_ENV = ROOT / "binder" / "environment.yml"
POSTBUILD = ROOT / "binder" / "postBuild"
CI_RUN = ROOT / ".ci" / "run"

PIN = re.compile(r"(?P<name>[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)==(?P<version>[A-Za-z0-9][A-Za-z0-9.+!_-]*)")
NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
EDITABLE_SELF = "-e ."

# Import names that differ from the distribution that provides them.
IMPORT_TO_DISTRIBUTION = {"sklearn": "scikit-learn", "mpl_toolkits": "matplotlib", "PIL": "pillow"}
OWN_PACKAGE = "perceptron_lib"


# ---------------------------------------------------------------- helpers

def normalize(name):
    """PEP 503 normalized distribution name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _unquote(value):
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def parse_conda_env(text):
    """Parse the subset of YAML a conda environment file uses.

    Top-level ``key: value`` scalars and ``key:`` lists of ``- item`` strings, where an
    item may be ``- pip:`` followed by a more deeply indented list. Anything else
    raises ValueError, so an unexpected layout fails loudly instead of being skipped.
    Returns a dict: scalars as str, lists as list, the pip sublist as ``{"pip": [...]}``.
    """
    env = {}
    list_key = None      # top-level key whose list is being filled
    item_indent = None   # indentation of that list's "- " items
    sublist = None       # the open "- pip:" list, if any
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if not line.strip():
            continue
        if "\t" in line:
            raise ValueError(f"line {lineno}: tab in YAML: {raw!r}")
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        if indent == 0 and not body.startswith("- "):
            match = re.fullmatch(r"([A-Za-z_][\w-]*):(?:\s+(.+))?", body)
            if not match:
                raise ValueError(f"line {lineno}: not 'key:' or 'key: value': {raw!r}")
            key, value = match.groups()
            if key in env:
                raise ValueError(f"line {lineno}: duplicate key {key!r}")
            env[key] = [] if value is None else _unquote(value)
            list_key, item_indent, sublist = (key if value is None else None), None, None
            continue
        if list_key is None or not body.startswith("- "):
            raise ValueError(f"line {lineno}: unexpected line: {raw!r}")
        item = _unquote(body[2:].strip())
        if sublist is not None and indent > item_indent:
            sublist.append(item)
            continue
        sublist = None
        if item_indent is None:
            item_indent = indent
        elif indent != item_indent:
            raise ValueError(f"line {lineno}: inconsistent indentation: {raw!r}")
        nested = re.fullmatch(r"([\w.-]+):", item)
        if nested:
            sublist = []
            env[list_key].append({nested.group(1): sublist})
        else:
            env[list_key].append(item)
    return env


def load_pyproject():
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)


def runtime_requirements():
    return list(load_pyproject()["project"]["dependencies"])


def extra_test_requirements():
    """The test extra's pins and, once each, the other extras' (the instructor's tools are tested too)."""
    extras = load_pyproject()["project"]["optional-dependencies"]
    return list(dict.fromkeys(extras["test"] + [pin for name, pins in extras.items() if name != "test" for pin in pins]))


def load_env(path):
    return parse_conda_env(path.read_text(encoding="utf-8"))


def conda_specs(env):
    """The plain (conda) dependency strings."""
    return [d for d in env.get("dependencies", []) if isinstance(d, str)]


def pip_entries(env):
    """The strings of the ``- pip:`` sublist (exactly one such sublist is allowed)."""
    subs = [d["pip"] for d in env.get("dependencies", []) if isinstance(d, dict) and "pip" in d]
    assert len(subs) == 1, f"expected exactly one '- pip:' list, found {len(subs)}"
    return subs[0]


def pins_of(entries):
    """pip entries other than the editable self-install."""
    return [e for e in entries if e != EDITABLE_SELF]


def distribution_for_import(module):
    return normalize(IMPORT_TO_DISTRIBUTION.get(module, module))


def imported_modules(source):
    """(top-level module name, line) for every absolute import anywhere in source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.module.split(".")[0], node.lineno))
    return found


def notebook_code(path):
    """Each code cell's source, with IPython magic (%) and shell (!) lines removed."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = []
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        cells.append((index, "\n".join(lines)))
    return cells


def undeclared_imports(modules, declared):
    allowed_stdlib = sys.stdlib_module_names
    return sorted({m for m, _ in modules
                   if m != OWN_PACKAGE and m not in allowed_stdlib
                   and distribution_for_import(m) not in declared})


def declared_runtime_distributions():
    return {normalize(NAME.match(r).group(0)) for r in runtime_requirements()}


PACKAGE_MODULES = sorted((ROOT / OWN_PACKAGE).rglob("*.py"))   # subpackages too (perceptron_lib/course/plotting/)
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _rel(path):
    return path.relative_to(ROOT).as_posix()


# ---------------------------------------------------------------- (a) pins

def test_every_pyproject_requirement_is_pinned_with_double_equals():
    runtime, tests = runtime_requirements(), extra_test_requirements()
    assert runtime and tests, "pyproject.toml declares no runtime or no test requirements"
    unpinned = [r for r in runtime + tests if not PIN.fullmatch(r)]
    assert unpinned == [], f"not of the form name==version: {unpinned}"


def test_conda_yaml_parser_reads_a_pip_section_and_rejects_unknown_layouts():
    env = parse_conda_env("name: x  # c\nchannels:\n  - conda-forge\ndependencies:\n"
                          "  - python=3.11\n  - pip\n  - pip:\n      - a==1\n      - -e .\n")
    assert env == {"name": "x", "channels": ["conda-forge"],
                   "dependencies": ["python=3.11", "pip", {"pip": ["a==1", "-e ."]}]}
    with pytest.raises(ValueError):
        parse_conda_env("dependencies:\n  - pip:\n    extra: {a: 1}\n")


def test_each_package_is_pinned_identically_in_pyproject_and_both_environments():
    sources = {"pyproject.toml": runtime_requirements() + extra_test_requirements()}
    for path in (ROOT_ENV, BINDER_ENV):
        sources[_rel(path)] = pins_of(pip_entries(load_env(path)))
    by_name = {}
    for source, specs in sources.items():
        seen = set()
        for spec in specs:
            match = PIN.fullmatch(spec)
            assert match, f"{source}: {spec!r} is not name==version"
            name = normalize(match["name"])
            assert name not in seen, f"{source}: {name} listed twice"
            seen.add(name)
            by_name.setdefault(name, set()).add(spec)
    assert by_name, "no pins found at all"
    files_per_name = {n: sum(n in {normalize(PIN.fullmatch(s)["name"]) for s in specs}
                             for specs in sources.values()) for n in by_name}
    assert max(files_per_name.values()) > 1, "no package appears in two files; nothing was compared"
    differing = {n: sorted(specs) for n, specs in by_name.items() if len(specs) > 1}
    assert differing == {}, f"same package pinned differently: {differing}"

    # A package installed by conda instead of pip must carry the same version.
    pinned = {normalize(PIN.fullmatch(s)["name"]): PIN.fullmatch(s)["version"]
              for s in sources["pyproject.toml"]}
    for path in (ROOT_ENV, BINDER_ENV):
        for spec in conda_specs(load_env(path)):
            match = re.fullmatch(r"([A-Za-z0-9._-]+)\s*(?:==?\s*([^\s=]+))?", spec)
            assert match, f"{_rel(path)}: cannot read conda spec {spec!r}"
            name, version = normalize(match[1]), match[2]
            if name in pinned:
                assert version == pinned[name], (
                    f"{_rel(path)}: conda spec {spec!r} disagrees with pyproject {name}=={pinned[name]}")


def test_binder_environment_pins_every_runtime_dependency_and_nothing_undeclared():
    entries = pip_entries(load_env(BINDER_ENV))
    runtime = runtime_requirements()
    missing = [r for r in runtime if r not in entries]
    assert missing == [], f"binder/environment.yml lacks runtime pins {missing}"
    declared = set(runtime + extra_test_requirements())
    extra = [e for e in entries if e not in declared]
    assert extra == [], f"binder/environment.yml pip entries not in pyproject.toml: {extra}"


def test_binder_environment_has_no_editable_install():
    entries = pip_entries(load_env(BINDER_ENV))
    assert entries, "binder/environment.yml has an empty pip list"
    assert not [e for e in entries if e.startswith(("-e", "--editable"))], entries


def test_root_environment_pins_exactly_runtime_and_test_dependencies_then_installs_itself():
    entries = pip_entries(load_env(ROOT_ENV))
    expected = runtime_requirements() + extra_test_requirements()
    assert sorted(pins_of(entries)) == sorted(expected)
    assert entries and entries[-1] == EDITABLE_SELF, "environment.yml pip list must end with '-e .'"
    assert entries.count(EDITABLE_SELF) == 1


@pytest.mark.parametrize("path", [ROOT_ENV, BINDER_ENV], ids=_rel)
def test_conda_environment_uses_conda_forge_python_311_and_pip(path):
    env = load_env(path)
    assert env.get("name") == "perceptron"
    assert env.get("channels") == ["conda-forge"]
    specs = conda_specs(env)
    assert "python=3.11" in specs
    assert "pip" in specs
    requires = load_pyproject()["project"]["requires-python"]
    assert requires == ">=3.11", f"requires-python changed to {requires!r}; update python=3.11 here"


# ---------------------------------------------------------------- (b) imports

def test_import_scanner_accepts_declared_and_flags_undeclared_modules(tmp_path):
    declared = {"numpy", "scikit-learn"}
    source = ("import os.path\nimport numpy as np\nfrom sklearn.linear_model import Perceptron\n"
              "from . import trace\nimport perceptron_lib\ndef f():\n    import yaml\n")
    assert undeclared_imports(imported_modules(source), declared) == ["yaml"]
    notebook = tmp_path / "n.ipynb"
    notebook.write_text(json.dumps({"cells": [
        {"cell_type": "code", "source": ["%matplotlib widget\n", "  !pip install x\n", "import pandas\n"]},
        {"cell_type": "markdown", "source": "import nothing"}]}), encoding="utf-8")
    assert notebook_code(notebook) == [(0, "import pandas")]


def test_the_wheel_holds_every_file_of_the_package_that_git_keeps():
    """Hatchling puts the folder listed in the wheel whole (its subpackages, player.js), less what .gitignore matches:
    no file of the package that git tracks may be matched (a '*.js' line would leave the player out)."""
    assert load_pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [OWN_PACKAGE]
    tracked = subprocess.run(["git", "ls-files", OWN_PACKAGE], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert f"{OWN_PACKAGE}/player.js" in tracked and f"{OWN_PACKAGE}/course/plotting/__init__.py" in tracked
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=ROOT, input="\n".join(tracked),
                             capture_output=True, text=True)
    assert ignored.stdout == "", f"{OWN_PACKAGE} files that .gitignore matches, left out of the wheel: {ignored.stdout}"


sys.path.insert(0, str(ROOT / "tools"))
from jupyterlite import LAB_SETTINGS  # noqa: E402  (the file the package installs, which the browser build reads too)
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def test_the_package_installs_jupyterlabs_settings_where_jupyterlab_reads_the_defaults_packages_give():
    """JupyterLab (jupyterlab_server) reads {sys.prefix}/share/jupyter/lab/settings/overrides.d/*.json as defaults; the
    package installs its file there with pip, editable or not (the README's command, environment.yml, Binder's
    postBuild): hatchling's shared-data (setuptools leaves data files out of an editable install)."""
    assert load_pyproject()["build-system"]["build-backend"] == "hatchling.build"
    shared = load_pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    assert shared == {LAB_SETTINGS.relative_to(ROOT).as_posix():
                      "share/jupyter/lab/settings/overrides.d/perceptron_lib.json"}


def test_this_environments_jupyterlab_has_the_packages_settings():
    """pip copies the settings at install time, an editable install too: after an edit of jupyter-config/, the
    environment keeps the old file until `pip install -e .` is run again."""
    from jupyterlab.commands import get_app_dir
    installed = Path(get_app_dir(), "settings", "overrides.d", LAB_SETTINGS.name)
    assert installed.exists(), f"{installed} is missing: pip install -e . again"
    assert json.loads(installed.read_text(encoding="utf-8")) == json.loads(LAB_SETTINGS.read_text(encoding="utf-8")), \
        f"{installed} differs from {LAB_SETTINGS.relative_to(ROOT)}: pip install -e . again"


def test_jupyterlab_asks_a_student_nothing_about_news_and_checks_for_no_update():
    """The toast 'Would you like to get notified about official Jupyter news?' shows while fetchNews is 'none' (its
    default), whatever the server's news_url: the package's settings say 'false', and no update check; the values are
    ones JupyterLab's own schema of the setting allows (read from the JupyterLab installed here)."""
    settings = json.loads(LAB_SETTINGS.read_text(encoding="utf-8"))
    assert settings == {NOTIFICATION: {"fetchNews": "false", "checkForUpdates": False}}
    schema = Path(sys.prefix, "share", "jupyter", "lab", "schemas", *NOTIFICATION.split(":")[0].split("/"),
                  NOTIFICATION.split(":")[1] + ".json")
    properties = json.loads(schema.read_text(encoding="utf-8"))["properties"]
    assert "false" in [choice["const"] for choice in properties["fetchNews"]["oneOf"]]
    assert properties["checkForUpdates"]["type"] == "boolean"


def test_package_modules_exist_and_import_something():
    assert PACKAGE_MODULES, f"no modules found in {OWN_PACKAGE}/"
    modules = [m for p in PACKAGE_MODULES for m in imported_modules(p.read_text(encoding="utf-8"))]
    assert modules, f"no imports found in {OWN_PACKAGE}/*.py; the scanner is broken"


@pytest.mark.parametrize("path", PACKAGE_MODULES, ids=_rel)
def test_package_module_imports_only_stdlib_itself_or_runtime_dependencies(path):
    modules = imported_modules(path.read_text(encoding="utf-8"))
    undeclared = undeclared_imports(modules, declared_runtime_distributions())
    assert undeclared == [], f"{_rel(path)} imports undeclared {undeclared}; add them to pyproject dependencies"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_rel)
def test_notebook_code_imports_only_stdlib_perceptron_lib_or_runtime_dependencies(path):
    declared = declared_runtime_distributions()
    problems = []
    for index, source in notebook_code(path):
        try:
            modules = imported_modules(source)
        except SyntaxError as error:
            problems.append(f"cell {index}: not Python after removing %/! lines: {error}")
            continue
        for module in undeclared_imports(modules, declared):
            problems.append(f"cell {index}: imports undeclared {module}")
    assert problems == [], f"{_rel(path)}:\n" + "\n".join(problems)


# ---------------------------------------------------------------- (c) Binder postBuild, CI script

def _git_mode(path):
    if shutil.which("git") is None:
        return None
    result = subprocess.run(["git", "ls-files", "-s", "--", _rel(path)], cwd=ROOT,
                            capture_output=True, text=True)
    return result.stdout.split()[0] if result.returncode == 0 and result.stdout else None


@pytest.mark.parametrize("path", [POSTBUILD, CI_RUN], ids=_rel)
def test_script_is_executable_on_disk_and_in_git(path):
    assert path.is_file(), f"{_rel(path)} is missing"
    assert path.stat().st_mode & stat.S_IXUSR, f"{_rel(path)} is not executable (chmod +x)"
    mode = _git_mode(path)
    if mode is not None:  # tracked: the committed mode is what a clone or Binder gets
        assert mode == "100755", f"{_rel(path)} is committed as {mode}; git update-index --chmod=+x"


@pytest.mark.parametrize("path", [POSTBUILD, CI_RUN], ids=_rel)
def test_script_is_strict_bash_with_valid_syntax(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines and lines[0] in ("#!/bin/bash", "#!/usr/bin/env bash"), lines[:1]
    assert "set -euo pipefail" in (ln.strip() for ln in lines)
    if shutil.which("bash"):
        check = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


def test_binder_postbuild_installs_the_package_from_the_repository_root_without_deps():
    commands = [ln.strip() for ln in POSTBUILD.read_text(encoding="utf-8").splitlines()
                if ln.strip() and not ln.lstrip().startswith("#")]
    assert "python -m pip install --no-deps ." in commands, commands


def test_ci_script_runs_the_readme_test_command_as_written():
    """CI types the README's test command (a venv, the test extra, pytest), then runs again under another kernel."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_command = re.findall(r"```\n(.+?)\n```", readme.split("## Quick start")[1].split("\n## ")[0])[1]
    commands = [ln.strip() for ln in CI_RUN.read_text(encoding="utf-8").splitlines()
                if ln.strip() and not ln.lstrip().startswith("#")]
    assert any(c.startswith(test_command) for c in commands), (test_command, commands)
    assert '.venv/bin/python -m pip install -e ".[test]"' in test_command
    assert any(c.startswith("OPENBLAS_CORETYPE=Prescott .venv/bin/python -m pytest") for c in commands)