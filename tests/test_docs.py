"""The developer docs are true: every module, name and command README.md ("For developers", "Speed") and
CONTRIBUTING.md name exists, and the README's map lists every module of the package."""
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

import pytest

import perceptron_lib as pl

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def section(text, title):
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


DEVELOPERS = section(README, "For developers") + section(README, "Speed")
DOCS = {"README.md": DEVELOPERS, "CONTRIBUTING.md": CONTRIBUTING}
MODULES = {info.name for info in pkgutil.walk_packages(pl.__path__, "perceptron_lib.")}
# Words in backticks that are not code names: parameters, values, shell words, examples of a name's form.
NOT_NAMES = {"ax", "size", "X", "y", "w", "k", "W", "eta", "exact", "rule", "fraction", "m", "order", "seed",
             "record", "max_epochs", "rounding", "converged", "cycling", "stalled", "max_epochs", "True", "False",
             "None", "name", "_name", "name_unchecked", "_private", "draw_*", "update_*", "plot_*", "check_*",
             "MAX_*", "TEXT", "LARGE_TEXT", "LABEL", "TITLE", "REGION_NUMBER", "CLASS_MARKERS", "CLASS_COLORS",
             "PLAN", "np.exp", "np.dot", "einsum", "@", "description", "answers", "__all__", "Picture", "size",
             "import perceptron_lib as pl", "perceptron_lib.widgets", "perceptron_lib", "pl",
             "HYPOTHESIS_PROFILE=explore python -m pytest tests", "OPENBLAS_CORETYPE=Prescott", "Perceptron",
             "Repository"}


def package_names():
    names = set(dir(pl))
    for module in MODULES:
        if module.endswith("widgets"):
            continue
        values = vars(importlib.import_module(module))
        names |= set(values)
        for value in list(values.values()):   # the attributes and methods of the package's classes
            if isinstance(value, type) and value.__module__.startswith("perceptron_lib"):
                names |= set(dir(value))
    widgets_source = (ROOT / "perceptron_lib" / "widgets.py").read_text(encoding="utf-8")
    names |= set(re.findall(r"^(?:class|def) (\w+)", widgets_source, re.M))
    for tool in (ROOT / "tools").glob("*.py"):   # the tools' functions (tools/ is not a package)
        names |= set(re.findall(r"^(?:class|def) (\w+)", tool.read_text(encoding="utf-8"), re.M))
    return names


NAMES = package_names()


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_module_file_named_exists(doc):
    named = set(re.findall(r"\b([a-z_]+\.py)\b", DOCS[doc]))
    files = {p.name for p in (ROOT / "perceptron_lib").rglob("*.py")} | {p.name for p in ROOT.glob("*/*.py")} \
        | {p.name for p in (ROOT / "tests").rglob("*.py")}
    assert sorted(named - files) == []


def test_the_readme_map_is_the_package_tree():
    """The map lists every folder and module where it is: its indent (two spaces a level) says its folder."""
    block = DEVELOPERS[DEVELOPERS.index("```"):]
    block = block[:block.index("```", 3)]
    listed, folders = set(), []
    for indent, name in re.findall(r"^( *)([a-z_]+(?:\.py|\.js|/))\s", block, re.M):
        depth = len(indent) // 2
        assert len(indent) % 2 == 0 and depth <= len(folders), f"{name} is indented past its folder"
        folders = folders[:depth]
        listed.add("".join(folders) + name)
        if name.endswith("/"):
            folders.append(name)
    package = ROOT / "perceptron_lib"
    files = {p.relative_to(package).as_posix() for p in package.rglob("*") if p.suffix in (".py", ".js")}
    tree = {f for f in files if not f.endswith("/__init__.py")} | \
        {p.relative_to(package).as_posix() + "/" for p in package.rglob("*") if (p / "__init__.py").exists()}
    assert sorted(listed ^ tree) == []


# Dotted words that are not module paths: a file's name, and the doc's placeholder for any picture's name.
NOT_PATHS = {"perceptron_lib.json", "perceptron_lib.course.plotting.name"}


def is_module(dotted):
    try:
        return importlib.util.find_spec(dotted) is not None
    except ModuleNotFoundError:   # a name inside a module, not a module
        return False


def stale_paths(text):
    """The paths in the package (perceptron_lib/core/rule.py, course/plotting/) that are no file or folder, and the
    module paths (perceptron_lib.core.training, perceptron_lib.course.plotting.step_figure) that do not import,
    down to the name they end with."""
    package = ROOT / "perceptron_lib"
    paths = set(re.findall(r"\b(?:perceptron_lib/)?((?:core|theory|course)/[\w/]*(?:\.py|\.js)?)", text))
    paths |= set(re.findall(r"\bperceptron_lib/([\w/.]*\w/?)", text))
    stale = sorted(p for p in paths if not (package / p).exists())
    for dotted in sorted(set(re.findall(r"\bperceptron_lib(?:\.\w+)+", text)) - NOT_PATHS):
        parts = dotted.split(".")
        end = next(end for end in range(len(parts), 0, -1) if is_module(".".join(parts[:end])))   # then attributes
        value = importlib.import_module(".".join(parts[:end]))
        for attribute in parts[end:]:
            if not hasattr(value, attribute):
                stale.append(dotted)
                break
            value = getattr(value, attribute)
    return stale


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_path_and_module_path_named_exists(doc):
    """So that moved modules leave no stale name behind in the docs."""
    assert stale_paths(DOCS[doc]) == []


def test_a_stale_path_is_found():
    """The check above can fail: paths and module paths from before the folders are not found."""
    assert stale_paths("perceptron_lib/training.py, perceptron_lib.plotting.step_figure, perceptron_lib.training.train, "
                       "perceptron_lib/core/rule.py, perceptron_lib.core.training.train, course/plotting/runs.py") == \
        ["training.py", "perceptron_lib.plotting.step_figure", "perceptron_lib.training.train"]


def missing_names(text):
    """The names in backticks of `text` that the package does not define."""
    missing = []
    for token in re.findall(r"`([^`\n]+)`", text):
        if token in NOT_NAMES or "/" in token or " " in token or token.endswith(".py"):
            continue
        base = re.sub(r"\(.*\)$", "", token)        # name(...) -> name
        parts = base.split(".")
        head = parts[-1] if parts[0] in {"pl", "perceptron_lib", "plotting", "validation", "arithmetic", "rule",
                                          "trace", "sigmoid", "capacity", "budinich", "geometry", "Trace",
                                          "Rule", "KernelRun", "Voted"} else parts[0]
        if re.fullmatch(r"[A-Za-z_]\w*", head) and head not in NAMES:
            missing.append(token)
    return missing


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_name_in_backticks_exists(doc):
    assert missing_names(DOCS[doc]) == []


def test_a_name_that_is_gone_is_found():
    assert missing_names("`train`, `draw_step`, `pl.update_step` and `update_steps_quickly`") == ["update_steps_quickly"]


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_command_named_exists_with_its_options(doc):
    for script, options in re.findall(r"python ((?:tools|benchmarks)/[\w]+\.py)([^`\n]*)", DOCS[doc]):
        path = ROOT / script
        assert path.exists(), script
        text = path.read_text(encoding="utf-8")
        for option in re.findall(r"(--[a-z][\w-]*)", options):
            assert option in text, f"{script} {option}"


def test_what_the_docs_say_ci_runs_is_in_the_ci_script():
    """README and CONTRIBUTING say CI runs the tests again under OPENBLAS_CORETYPE=Prescott: .ci/run must."""
    for name, text in (("README.md", README), ("CONTRIBUTING.md", CONTRIBUTING)):
        if "CI runs" in text:
            script = ROOT / ".ci" / "run"
            assert script.exists(), name
            assert "OPENBLAS_CORETYPE=Prescott" in script.read_text(encoding="utf-8")


GUIDE = (ROOT / "docs" / "instructors.md").read_text(encoding="utf-8")
# A command of the guide: .venv/bin/python, a script of the repository or -m pip, and its words
GUIDE_COMMAND = re.compile(r"\.venv/bin/python (tools/\w+\.py|-m pip install -e)([^`\n#]*)")


def test_the_instructors_guide_commands_run_as_written():
    """Every command of the lecture-room guide names the environment's Python, a script that exists and takes the
    options given, and extras that pyproject defines (issue 42: commands failed as written)."""
    import subprocess
    import sys
    import tomllib
    commands = GUIDE_COMMAND.findall(GUIDE)
    assert len(commands) >= 5, commands
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for script, words in commands:
        if script.startswith("-m pip"):
            extra = re.search(r'"\.\[(\w+)\]"', words)
            assert extra and extra.group(1) in extras, (script, words)
            continue
        assert (ROOT / script).is_file(), script
        shown = subprocess.run([sys.executable, str(ROOT / script), "--help"], capture_output=True, text=True,
                               cwd=ROOT, timeout=120)
        assert shown.returncode == 0, (script, shown.stderr[-500:])
        for option in re.findall(r"--[\w-]+", words):
            assert option in shown.stdout, (script, option)
    assert re.search(r"cd course && \.\./\.venv/bin/jupyter lab", GUIDE)   # the formgrader sees the course from there
    assert "View → Appearance → Presentation Mode" in GUIDE
