"""Every public function and method of perceptron_lib has at least one bad-input case in the tables."""
import importlib
import inspect
import pkgutil

import perceptron_lib

import test_bad_input_core
import test_bad_input_pictures
import test_bad_input_multiclass
import test_bad_input_theory

TABLES = (test_bad_input_core, test_bad_input_pictures, test_bad_input_theory, test_bad_input_multiclass)
# Functions that take no input a caller could get wrong.
NO_INPUT = {"honavar_or_example"}
# The checks themselves, the fixed-order sums, the rule's parts (called by the learners after they have
# checked their input) and the helpers the picture modules share: internal helpers, tested by tests of
# their own or through the pictures that use them.
HELPERS = {"validation", "arithmetic", "rule", "plotting.base"}


def modules():
    """(name, module) of every module of the package, subpackages' modules too ("plotting.runs")."""
    for info in pkgutil.walk_packages(perceptron_lib.__path__, "perceptron_lib."):
        name = info.name.removeprefix("perceptron_lib.")
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
    """walk_packages reaches perceptron_lib/plotting/*.py: their pictures are listed, the shared helpers are not."""
    names = public_callables()
    assert {"plotting.step_figure", "plotting.draw_classes", "plotting.plot_n_min"} <= names
    assert not {name for name in names if name.startswith("plotting.check_")}


def test_every_public_function_has_a_bad_input_case():
    covered = {case.name for table in TABLES for case in table.CASES}
    missing = sorted(name for name in public_callables()
                     if name not in covered and name.rsplit(".", 1)[-1] not in NO_INPUT)
    assert not missing, f"public functions without a bad-input case: {missing}"
