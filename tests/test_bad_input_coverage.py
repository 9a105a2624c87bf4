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
# Modules whose functions run at import on the package's own text (docstrings.py): no caller's input to get wrong.
AT_IMPORT = {"docstrings"}
# The checks themselves, the fixed-order sums, the rule's parts (called by the learners after they have
# checked their input) and the helpers the picture modules share: internal helpers, tested by tests of
# their own or through the pictures that use them.
HELPERS = {"validation", "constraints", "arithmetic", "rule", "plotting.base"}
# A public function `name_unchecked` is `name` without its checks, shared across modules for callers that
# checked once already (a widget's click, a layer of a picture): it has no bad-input case of its own.
UNCHECKED = "No checks: for callers that have checked."


def modules():
    """(name, module) of every module of the package, subpackages' modules too ("plotting.runs")."""
    for info in pkgutil.walk_packages(perceptron_lib.__path__, "perceptron_lib."):
        name = info.name.removeprefix("perceptron_lib.")
        if not any(part.startswith("_") for part in name.split(".")) and name not in HELPERS | AT_IMPORT:
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
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__ \
                    or name.endswith("_unchecked"):
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


def unchecked_functions():
    """(module name, function) of every `*_unchecked` function of the package."""
    return [(dotted, value) for dotted, module in modules() for name, value in vars(module).items()
            if name.endswith("_unchecked") and inspect.isfunction(value) and value.__module__ == module.__name__]


def test_an_unchecked_function_says_so_and_has_a_checked_twin_that_lessons_use():
    import perceptron_lib.plotting as plotting
    found = unchecked_functions()
    assert {"update_step_unchecked", "decision_line_unchecked"} <= {f.__name__ for _, f in found}
    for dotted, function in found:
        module = importlib.import_module(f"perceptron_lib.{dotted}")
        assert inspect.getdoc(function).startswith(UNCHECKED), function.__name__
        twin = getattr(module, function.__name__.removesuffix("_unchecked"), None)
        assert inspect.isfunction(twin), f"{function.__name__} has no checked twin in {dotted}"
        assert function.__name__ not in perceptron_lib.__all__ and function.__name__ not in plotting.__all__
