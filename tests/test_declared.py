"""Bad input generated from the declarations (constraints.declared): every parameter of every declared function.

Each declared function has one valid call here (EXAMPLES); for each of its parameters, every value its
constraint refuses (`Constraint.bad`) replaces the valid one, and the call must raise exactly the error the
constraint names, with a message that starts with the parameter's name. A function declared without an
example fails `test_every_declared_function_has_an_example`; a parameter without a constraint cannot be
declared at all (the module would not import).
"""
import importlib
import inspect
import pkgutil

import numpy as np
import pytest

import perceptron_lib as pl
from perceptron_lib import constraints, validation

OR = pl.boolean_function("or")
RUN = pl.train(*OR)


def _declared():
    """{qualified name: function} of every declared function and method of the package."""
    found = {}
    for info in pkgutil.walk_packages(pl.__path__, "perceptron_lib."):
        if info.name.endswith("widgets"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue
            if callable(value) and hasattr(value, "constraints"):
                found[f"{info.name[len('perceptron_lib.'):]}.{name}"] = value
            if inspect.isclass(value):
                for attribute, method in vars(value).items():
                    if hasattr(method, "constraints"):
                        found[f"{info.name[len('perceptron_lib.'):]}.{name}.{attribute}"] = method
    return found


DECLARED = _declared()
SETS = np.stack([OR[0], OR[0]]), np.stack([OR[1], OR[1]])
# One valid call per declared function: its arguments by name ("self" for a method's object).
EXAMPLES = {
    "training.train": dict(X=OR[0], y=OR[1]),
    "training.net_inputs": dict(weights=[0, 1, 1], X=OR[0]),
    "training.output": dict(weights=[0, 1, 1], X=OR[0]),
    "batch.train_many": dict(X=SETS[0], y=SETS[1], order="random", seeds=[1, 2]),
    "trace.Trace.corrections": dict(self=RUN),
    "trace.Trace.step_text": dict(self=RUN, k=1),
    "trace.Trace.step_summary": dict(self=RUN, k=0),
    "trace.Trace.to_html": dict(self=RUN),
    "trace.format_number": dict(value=1.5),
    "trace.format_vector": dict(w=[0, 1]),
    "voted.voted_perceptron": dict(X=OR[0], y=OR[1], epochs=2),
}


def _cases():
    for name, function in DECLARED.items():
        example = EXAMPLES.get(name)
        if example is None:
            continue
        for parameter, constraint in function.constraints.items():
            for value, error in constraint.bad(example):
                yield pytest.param(name, parameter, value, error, id=f"{name}-{parameter}={validation.shown(value, 20)}")


CASES = list(_cases())


def test_every_declared_function_has_an_example():
    assert sorted(set(DECLARED) - set(EXAMPLES)) == []
    assert sorted(set(EXAMPLES) - set(DECLARED)) == []


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_is_a_valid_call(name):
    call(name, EXAMPLES[name])


def test_every_parameter_has_bad_cases():
    """Every parameter of every declared function is refused at least one value (not every function: every parameter)."""
    covered = {(case.values[0], case.values[1]) for case in CASES}
    every = {(name, p) for name, f in DECLARED.items() for p, c in f.constraints.items()
             if not isinstance(c, constraints.Anything)}
    assert sorted(every - covered) == []


def call(name, arguments):
    arguments = dict(arguments)
    function = DECLARED[name]
    owner = arguments.pop("self", None)
    return function(owner, **arguments) if owner is not None else function(**arguments)


@pytest.mark.parametrize("name, parameter, value, error", CASES)
def test_a_bad_value_of_every_parameter_is_named(name, parameter, value, error):
    arguments = dict(EXAMPLES[name], **{parameter: value})
    with pytest.raises((TypeError, ValueError)) as info:
        call(name, arguments)
    assert type(info.value) is error, f"{type(info.value).__name__}: {info.value}"
    assert str(info.value).startswith(f"{parameter} must") or str(info.value).startswith(f"{parameter} is used only"), \
        str(info.value)


def test_the_declarations_are_checked_when_a_function_is_made():
    with pytest.raises(TypeError, match=r"every parameter needs one constraint, missing \['b'\]"):
        @constraints.declared(a=constraints.Flag())
        def f(a, b):
            pass


def test_a_call_is_checked_at_the_outermost_declared_call_only():
    """A declared function called while another runs takes its arguments unchecked; called on its own, it checks."""
    seen = []
    counted = constraints.Custom(lambda name, value, given: seen.append(value) or value, lambda example: [])

    @constraints.declared(n=counted)
    def inner(n):
        return n

    @constraints.declared(n=constraints.Whole())
    def outer(n):
        return inner(n) + inner(n)

    assert outer(3) == 6 and seen == []          # inner's checks skipped: outer checked n once
    assert inner(4) == 4 and seen == [4]         # at the top level inner checks
    with pytest.raises(TypeError, match="n must be a whole number"):
        outer("3")


def test_an_error_inside_a_declared_call_leaves_later_calls_checked():
    @constraints.declared(n=constraints.Whole(minimum=1))
    def fails(n):
        raise RuntimeError("inside")

    with pytest.raises(RuntimeError):
        fails(1)
    assert not constraints.inside_a_declared_call()
    with pytest.raises(ValueError, match="n must be a whole number >= 1"):
        fails(0)

