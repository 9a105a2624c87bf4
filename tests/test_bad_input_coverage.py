"""Every public function and method of perceptron_lib has bad-input cases: generated from its declaration
(tests/test_declared.py), or, not yet declared, at least one in the tables; and no check-skipping twin is left."""
import importlib
import inspect
import pkgutil
import sys
from pathlib import Path

import perceptron_lib

import test_declared

import test_bad_input_core
import test_bad_input_pictures
import test_bad_input_multiclass
import test_bad_input_theory
import test_bad_input_estimators
import test_bad_input_exercises

TABLES = (test_bad_input_core, test_bad_input_pictures, test_bad_input_theory, test_bad_input_multiclass,
          test_bad_input_estimators, test_bad_input_exercises)
# Functions that take no input a caller could get wrong.
NO_INPUT = {"honavar_or_example"}
# The checks themselves, the fixed-order sums, the rule's parts (called by the learners after they have
# checked their input) and the helpers the picture modules share: internal helpers, tested by tests of
# their own or through the pictures that use them.
HELPERS = {"validation", "constraints", "theory_constraints", "arithmetic", "rule", "plotting.base"}


def modules():
    """(name, module) of every module of the package, named without its folder (test_declared.short):
    "training", and a subpackage's modules too ("plotting.runs")."""
    for info in pkgutil.walk_packages(perceptron_lib.__path__, "perceptron_lib."):
        name = test_declared.short(info.name)
        if not any(part.startswith("_") for part in name.split(".")) and name not in HELPERS:
            yield name, importlib.import_module(info.name)


def public_callables():
    """Names "module.function" and "module.Class.method" of everything public the package defines.

    A subpackage's modules are named by the subpackage, where a caller reaches their names:
    plotting/runs.py's step_figure is "plotting.step_figure".
    """
    names = set()
    for dotted, module in modules():
        where = dotted.split(".")[0]
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(value):
                names.add(f"{where}.{name}")
            elif inspect.isclass(value):
                init = value.__dict__.get("__init__")
                if init is not None and inspect.isfunction(init) and not getattr(value, "__dataclass_fields__", None):
                    names.add(f"{where}.{name}")
                for attr, member in value.__dict__.items():
                    if not attr.startswith("_") and inspect.isfunction(member) \
                            and inspect.getsourcefile(member) == inspect.getsourcefile(module) \
                            and len(inspect.signature(member).parameters) > 1:
                        names.add(f"{where}.{name}.{attr}")
    return names


def test_the_subpackages_modules_are_searched():
    """walk_packages reaches course/plotting/*.py: their pictures are listed, the shared helpers are not."""
    names = public_callables()
    assert {"plotting.step_figure", "plotting.draw_classes", "plotting.plot_n_min_values"} <= names
    assert not {name for name in names if name.startswith("plotting.check_")}


def declared_names():
    """The declared functions as `public_callables` names them: "plotting.draw_patterns", "trace.Trace.step_text"."""
    return {name if not name.startswith("plotting.") else "plotting." + name.split(".", 2)[2]
            for name in test_declared.DECLARED}


def test_every_public_function_has_a_bad_input_case():
    """Generated from its declaration (every parameter), or written in a table (a function not declared yet)."""
    covered = {case.name for table in TABLES for case in table.CASES} | declared_names()
    missing = sorted(name for name in public_callables()
                     if name not in covered and name.rsplit(".", 1)[-1] not in NO_INPUT)
    assert not missing, f"public functions without a bad-input case: {missing}"


def test_no_function_has_a_check_skipping_twin():
    """Every call of a declared function is checked; where the package calls one many times on values it has
    checked, it calls its private worker `_name`, and the public `name` is only its declaration and
    ``return _name(...)``. No `name_unchecked`, and no `_name` beside a `name` with a body of its own
    (tools/architecture.py finds them)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import architecture
    assert architecture.twins(architecture.sources()) == []
    assert architecture.twins({"m": "def f(x):\n    pass\ndef _f(x):\n    pass\ndef g_unchecked():\n    pass\n"}) == \
        ["m.g_unchecked", "m._f"]   # the finder can fail
    front = '@declared(x=Whole())\ndef f(x):\n    """Doc."""\n    return _f(x)\ndef _f(x):\n    return x\n'
    assert architecture.twins({"m": front}) == []
    assert architecture.twins({"m": front.replace("return _f(x)", "return _f(x) + 1")}) == ["m._f"]
