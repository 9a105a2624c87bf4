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
# The checks themselves and the fixed-order sums: internal helpers with tests of their own.
HELPERS = {"validation", "arithmetic"}


def public_callables():
    """Names "module.function" and "module.Class.method" of everything public the package defines."""
    names = set()
    for info in pkgutil.iter_modules(perceptron_lib.__path__):
        if info.name.startswith("_") or info.name in HELPERS:
            continue
        module = importlib.import_module(f"perceptron_lib.{info.name}")
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(value):
                names.add(f"{info.name}.{name}")
            elif inspect.isclass(value):
                init = value.__dict__.get("__init__")
                if init is not None and inspect.isfunction(init) and not getattr(value, "__dataclass_fields__", None):
                    names.add(f"{info.name}.{name}")
                for attr, member in value.__dict__.items():
                    if not attr.startswith("_") and inspect.isfunction(member) \
                            and inspect.getsourcefile(member) == inspect.getsourcefile(module) \
                            and len(inspect.signature(member).parameters) > 1:
                        names.add(f"{info.name}.{name}.{attr}")
    return names


def test_every_public_function_has_a_bad_input_case():
    covered = {case.name for table in TABLES for case in table.CASES}
    missing = sorted(name for name in public_callables()
                     if name not in covered and name.rsplit(".", 1)[-1] not in NO_INPUT)
    assert not missing, f"public functions without a bad-input case: {missing}"
