"""Shared parameter text written once (docstrings.py): every placeholder filled, help() shows the whole text."""
import importlib
import inspect
import pkgutil

import pytest

import perceptron_lib as pl
from perceptron_lib import docstrings, plotting


def documented():
    """(name, docstring) of every function, class and method the package's modules define, as help() shows it."""
    for info in pkgutil.walk_packages(pl.__path__, "perceptron_lib."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue
            members = [(name, value)] + [(f"{name}.{attr}", member) for attr, member in vars(value).items()
                                         if inspect.isfunction(member)] if inspect.isclass(value) else [(name, value)]
            for qualified, member in members:
                if inspect.isfunction(member) or inspect.isclass(member):
                    yield f"{info.name}.{qualified}", member.__doc__ or ""


def test_no_docstring_keeps_a_placeholder():
    left = [name for name, doc in documented() if any(docstrings._PLACEHOLDER.fullmatch(line) for line in doc.split("\n"))]
    assert left == []


def test_help_shows_the_whole_numpydoc_text():
    doc = inspect.getdoc(pl.plot_margin)
    for text in ("X : array-like of shape (n_samples, 2)\n    Patterns without the bias input (at most 64).",
                 "y : array-like of shape (n_samples,)", "w : array-like of shape (3,)\n    The unit's weights",
                 "Returns\n-------\nFigure\n    The Picture made"):
        assert text in doc, text
    assert "size : (float, float), default (8.2, 3.4)\n    The figure's (width, height) in inches." \
        in inspect.getdoc(pl.plot_bound_check)
    # figures.py takes a picture's entry as it stands there
    assert docstrings.entry(pl.plot_grid_search, "mark") == docstrings.entry(plotting.plot_grid_search_values, "mark")


def test_the_shared_text_says_what_the_code_does():
    assert f"(at most {plotting.MAX_PATTERNS})" in docstrings.PARAMETERS["X_few"]
    assert "default (8, 4.6)" in inspect.getdoc(pl.plot_n_min_map)
    assert inspect.signature(pl.plot_n_min_map).parameters["size"].default == (8, 4.6)


def test_a_placeholder_without_text_is_refused():
    def f(size=3.0):
        """Draw.

        %(nothing_here)s
        """

    with pytest.raises(KeyError, match="nothing_here"):
        docstrings.fill(f)
    f.__doc__ = "Draw.\n\n    %(size)s\n"
    with pytest.raises(KeyError, match=r"%\(size\)s has no text: it stands for a \(width, height\) default, not 3.0"):
        docstrings.fill(f)
