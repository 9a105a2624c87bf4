"""Docstrings in place: the text help() shows is the text written in the source, and what it says of the code holds."""
import ast
import importlib
import importlib.util
import inspect
import pkgutil
import re
from pathlib import Path

import perceptron_lib as pl
from perceptron_lib.course import plotting
from perceptron_lib.course import plotting as pictures

PLACEHOLDER = re.compile(r"%\([\w.]+\)s")   # a placeholder for text filled in at import, such as %(y)s: none is left


def modules():
    """Every module of the package, subpackages' modules too."""
    yield pl
    for info in pkgutil.walk_packages(pl.__path__, "perceptron_lib."):
        yield importlib.import_module(info.name)


def written():
    """(name, the object at run time, its docstring as written in the source) of every docstring of the package."""
    for module in modules():
        tree = ast.parse(Path(module.__file__).read_text())
        yield module.__name__, module, ast.get_docstring(tree)
        yield from _defined(module.__name__, module, tree)


def _defined(name, owner, node):
    """The functions, classes and methods defined at the top of `node` (a module or a class), and their docstrings."""
    for child in node.body:
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            value = vars(owner).get(child.name)
            value = getattr(value, "__func__", value)   # a staticmethod's or classmethod's function
            value = getattr(value, "fget", value)       # a property's getter
            if value is None or getattr(value, "__qualname__", "").split(".")[-1] != child.name:
                continue   # a name bound again further down (a property's setter)
            yield f"{name}.{child.name}", value, ast.get_docstring(child)
            if isinstance(child, ast.ClassDef):
                yield from _defined(f"{name}.{child.name}", value, child)


def entry(doc, parameter):
    """The numpydoc entry of `parameter` in a docstring, dedented (its line and description), or None."""
    lines = inspect.cleandoc(doc).split("\n")
    start = next((k for k, line in enumerate(lines) if re.match(rf"{re.escape(parameter)}( :|,|$)", line)), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return "\n".join(lines[start:end])


def test_help_shows_the_text_of_the_source():
    found = list(written())
    differ = [name for name, value, doc in found
              if doc is not None and (value.__doc__ is None or inspect.cleandoc(value.__doc__) != doc)]
    assert differ == []
    # every function, class and method help() shows is among them
    assert {"perceptron_lib.core.training.train", "perceptron_lib.course.plotting.pattern_space.draw_unit",
            "perceptron_lib.widgets.UnitView.show", "perceptron_lib.estimators.Perceptron",
            "perceptron_lib.core.trace.Trace"} <= {name for name, _, doc in found if doc}
    assert inspect.getdoc(pl.plot_margin) == inspect.cleandoc(pl.plot_margin.__doc__)


def test_no_placeholder_is_left():
    left = [name for name, value, doc in written() if PLACEHOLDER.search(doc or "")]
    assert left == []
    assert not hasattr(pl, "docstrings") and importlib.util.find_spec("perceptron_lib.docstrings") is None


def test_a_figure_size_entry_says_the_default_of_its_signature():
    checked = 0
    for name, value, doc in written():
        text = entry(doc, "size") if doc and callable(value) and not inspect.isclass(value) else None
        if text is None or not text.startswith("size : (float, float), default "):
            continue
        default = inspect.signature(value).parameters["size"].default
        assert text.split("\n")[0] == f"size : (float, float), default {default!r}", name
        checked += 1
    assert checked > 20
    assert "size : (float, float), default (8, 4.6)" in inspect.getdoc(pl.plot_n_min_map)


def test_the_written_limits_are_the_code_s():
    # a picture's or a view's patterns: at most MAX_PATTERNS (a name and a line each), MAX_PLANES in weight space
    limits = [(name, int(limit)) for name, value, doc in written() if name.startswith(("perceptron_lib.course.plotting",
                                                                                        "perceptron_lib.widgets"))
              for limit in re.findall(r"Patterns without the bias input \(at most (\d+)\)", doc or "")]
    assert [(name, limit) for name, limit in limits if limit not in (plotting.MAX_PATTERNS, plotting.MAX_PLANES)] == []
    assert sum(limit == plotting.MAX_PATTERNS for _, limit in limits) > 5


def test_a_figure_says_what_its_picture_says_of_what_it_passes_on():
    # figures.py passes these parameters to its picture (plot_grid_search to plot_grid_search_values) unchanged
    passed_on = {"plot_sigmoids": ["net_input"], "plot_weight_change": ["ax"], "plot_grid_search": ["mark", "ax"],
                 "plot_cover_check": ["ax"], "plot_n_min": ["ax"], "plot_cube_check": ["cube"]}
    for figure, parameters in passed_on.items():
        for parameter in parameters:
            mine = entry(getattr(pl, figure).__doc__, parameter)
            assert mine is not None and mine == entry(getattr(pictures, f"{figure}_values").__doc__, parameter), \
                (figure, parameter)
