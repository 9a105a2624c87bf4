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

import sys
from pathlib import Path

import numpy as np
import pytest

import perceptron_lib as pl
from perceptron_lib.core import constraints, validation
from perceptron_lib.theory.budinich import standard_algorithm_grid
from perceptron_lib.theory.datasets import boolean_problems

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import architecture  # noqa: E402  (tools/ is not a package)

OR = pl.boolean_function("or")
RUN = pl.train(*OR)


def short(module):
    """A module's name in these tests: its path in the package less its folder ("training", "plotting.runs")."""
    name = module.removeprefix("perceptron_lib.")
    folder, _, rest = name.partition(".")
    return rest if folder in architecture.FOLDERS and rest else name


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
                assert f"{short(info.name)}.{name}" not in found, f"two declared functions named {short(info.name)}.{name}"
                found[f"{short(info.name)}.{name}"] = value
            if inspect.isclass(value):
                for attribute, method in vars(value).items():
                    if hasattr(method, "constraints"):
                        found[f"{short(info.name)}.{name}.{attribute}"] = method
    return found


DECLARED = _declared()
SETS = np.stack([OR[0], OR[0]]), np.stack([OR[1], OR[1]])
LAYER = pl.train_layer(*pl.boolean_function("and"), code="one-hot", n_classes=2)
PROBLEMS = boolean_problems(2)   # Budinich's 16 problems on 2 inputs
KERNEL_RUN = pl.train_kernel(*pl.boolean_function("xor"), kernel="polynomial", degree=2, max_epochs=20)
VOTED = pl.voted_perceptron(*OR, epochs=3)
GRID = standard_algorithm_grid(*PROBLEMS, betas=[0.3], beta_etas=[1.5], max_moves=5)


def _axes(count=1):
    """Fresh Axes of a figure that is never shown (a draw adds to them)."""
    from matplotlib.figure import Figure
    axes = Figure().subplots(1, count)
    return axes


def _pictures():
    from perceptron_lib.course import plotting
    return {
        "plotting.pattern_space.draw_patterns": dict(ax=_axes(), X=OR[0], y=OR[1]),
        "plotting.pattern_space.draw_decision_boundary": dict(ax=_axes(), w=[-0.5, 1, 1], xlim=(-1, 2), ylim=(-1, 2)),
        "plotting.pattern_space.update_decision_boundary": dict(
            artists=plotting.draw_decision_boundary(_axes(), [-0.5, 1, 1], xlim=(-1, 2), ylim=(-1, 2)), w=[0, 1, 1]),
        "plotting.pattern_space.update_unit": dict(artists=plotting.draw_unit(*OR, [-0.5, 1, 1]), X=OR[0], y=OR[1],
                                                   w=[0, 1, 1]),
        "plotting.pattern_space.draw_feature_boundary": dict(
            ax=_axes(), w=[-0.5, 1, 1, 1], features=lambda P: np.column_stack([P, P[:, 0] * P[:, 1]]),
            xlim=(-1, 2), ylim=(-1, 2), resolution=20),
        "plotting.runs.draw_weights": dict(ax=_axes(), w=[0, 1, 1]),
        "plotting.runs.update_weights": dict(artists=plotting.draw_weights(_axes(), [0, 1, 1]), w=[1, 1, 1]),
        "plotting.runs.draw_step": dict(axes=_axes(2), trace=RUN, k=2),
        "plotting.runs.update_step": dict(artists=plotting.step_figure(RUN, 0)[1], trace=RUN, k=3),
        "plotting.weight_space.draw_weight_slice": dict(ax=_axes(), X=OR[0], y=OR[1], w=[0, 1, 1], resolution=21),
        "plotting.weight_space.update_weight_slice": dict(
            artists=plotting.draw_weight_slice(_axes(), *OR, [0, 1, 1], resolution=21), X=OR[0], y=OR[1], w=[1, 1, 1]),
        "plotting.weight_space.update_dual": dict(artists=plotting.dual_figure(*OR, [0, 1, 1])[1], X=OR[0], y=OR[1],
                                                  w=[1, 1, 1]),
        "plotting.pattern_space.pattern_limits": dict(X=OR[0], pad=0.5),
        "plotting.pattern_space.draw_unit": dict(X=OR[0], y=OR[1], w=[-0.5, 1, 1], ax=_axes(), size=90),
        "plotting.pattern_space.unit_figure": dict(X=OR[0], y=OR[1], w=[-0.5, 1, 1], size=(2, 2), dpi=40),
        "plotting.runs.step_figure": dict(trace=RUN, k=1, size=(3, 2), dpi=40),
        "plotting.runs.plot_trace_grid": dict(trace=RUN, ncols=2, size=1, steps=[0, 2]),
        "plotting.weight_space.dual_figure": dict(X=OR[0], y=OR[1], w=[0, 1, 1], lim=2, size=(3, 2), dpi=40),
        "plotting.pattern_space.plot_units": dict(X=OR[0], y=OR[1], weights=[[-0.5, 1, 1], [-1.5, 1, 1]],
                                                  titles=["OR", "AND"], ax=None, size=1),
        "plotting.pattern_space.draw_margin_lines": dict(ax=_axes(), w=[-0.5, 2, 2], m=1),
        "plotting.pattern_space.plot_margin": dict(X=OR[0], y=OR[1], w=[-0.5, 2, 2], m=1, ax=None, size=(2, 2)),
        "plotting.pattern_space.plot_boundaries": dict(X=OR[0], y=OR[1], weights=[[-0.5, 1, 1]], names=["OR"], ax=None,
                                                       size=(2, 2)),
        "plotting.pattern_space.plot_feature_space": dict(Z=np.eye(3), y=[0, 1, 1], w=[0, 1, 1, -1], ax=None,
                                                          names=("a", "b", "c"), size=(2, 2)),
        "plotting.weight_space.plot_weight_space": dict(X=OR[0], y=OR[1], ax=None, path=[[0, 0, 0], [1, 1, 1]],
                                                        solutions=False, lim=2, size=(2, 2), elev=20, azim=-50),
        "plotting.weight_space.plot_error_landscape": dict(X=OR[0], y=OR[1], w0=-0.5, ax=None, lim=2, size=(2, 2),
                                                           resolution=11),
        "plotting.weight_space.plot_correction_moves": dict(w=[-0.5, 1, 1], x=[1, 1, 0], c=0,
                                                            rules={"fixed": [-1.5, 0, 1]}, ax=None, size=(3, 2)),
        "plotting.weight_space.plot_dual_grid": dict(X=OR[0], y=OR[1], weights=[[-0.5, 1, 1]], titles=["OR"], ax=None,
                                                     lim=2, size=1),
        "plotting.experiments.plot_bound_check": dict(pairs={"a": ([1, 2], [2, 3])}, ax=None, size=(4, 2)),
        "plotting.experiments.plot_criterion": dict(criteria={"a": [3, 2, 2.5, 0]}, ax=None, size=(3, 2)),
        "plotting.experiments.plot_sigmoids_values": dict(net_inputs=[-1, 0, 1], curves={1: ([0.2, 0.5, 0.7], 0.8)},
                                                   net_input=2, ax=None, size=(3, 2)),
        "plotting.experiments.plot_weight_change_values": dict(beta_values=[0.5, 1, 2], cases={"a": ([0.1, 0.3, 0.2], 1.0)},
                                                        ax=None, size=(3, 2)),
        "plotting.experiments.plot_grid_search_values": dict(
            betas=[0.1, 1], beta_etas=[0.1, 1], solved=[[1, 2], [3, 3]], hardest=[[1, 2], [3, 5]], soluble=3,
            move_limit=5, mark=(0.5, 0.5), ax=None, size=(4, 2)),
        "plotting.counts.plot_cover_check_values": dict(
            curves={2: [1, 1, 0.5]}, measured={2: [1, 0.5]}, cover={2: [1, 1]}, intervals={2: ([0.9, 0.3], [1, 0.7])},
            trials=4, ax=None, size=(4, 2)),
        "plotting.counts.plot_n_min_values": dict(minima=[1, 2, 1], peak=2, logs={3: [0, 0.3, 0]}, ax=None, size=(4, 2)),
        "plotting.counts.plot_n_min_map_values": dict(shade=np.full((20, 10), 0.5), peaks={5: 1, 10: 2}, ax=None,
                                                    size=(4, 3)),
        "plotting.counts.plot_boolean_fractions_values": dict(counts=[2, 4, 14], cover=[2, 4, 14], ax=None, size=(3, 2)),
        "plotting.counts.plot_cube_check_values": dict(
            cube={3: ([2, 4], [1.0, 0.5])}, cover={3: [1, 0.6]}, intervals={3: ([0.9, 0.3], [1, 0.7])}, trials=4,
            ax=None, size=(3, 2)),
        "plotting.classes.draw_classes": dict(X=OR[0], labels=OR[1], ax=_axes(), size=20),
        "plotting.classes.plot_layer_steps": dict(X=OR[0], run=LAYER, ax=None, steps=[0, 1], ncols=2, size=1, elev=10,
                                                  azim=-60),
        "plotting.classes.draw_regions": dict(predict=lambda P: (P[:, 0] > 0).astype(int), xlim=(-1, 1), ylim=(-1, 1),
                                              n_classes=2, ax=_axes(), resolution=5),
        "plotting.classes.plot_regions": dict(predicts=[lambda P: (P[:, 0] > 0).astype(int)], X=OR[0], labels=OR[1],
                                              titles=["x1"], ax=None, size=2, resolution=5),
        "plotting.classes.draw_confusion": dict(matrix=[[2, 1], [0, 3]], ax=_axes(), title="t"),
        "plotting.classes.plot_confusion": dict(matrices=[[[2, 1], [0, 3]]], titles=["t"], ax=None, size=2),
        "plotting.classes.draw_accuracy_curve": dict(log=True, values=[0.1, 1], accuracies=[0.5, 0.9], ax=_axes(),
                                                     xlabel="g", ylabel="a", reference=0.8, reference_label="r"),
        "plotting.classes.plot_images": dict(images=np.zeros((2, 3, 3)), titles=["a", "b"], ax=None, ncols=2, size=1),
        "plotting.runs.plot_history": dict(trace=RUN, ax=None, size=(4, 2)),
        "plotting.runs.plot_curves": dict(curves={"a": [1, 2], "b": [2, 1]}, xlabel="x", ylabel="y", ax=None,
                                          size=(3, 2), ylim=(0, 3)),
        "plotting.pattern_space.plot_feature_boundary": dict(
            w=[-0.5, 1, 1, 0], features=lambda P: np.column_stack([P, P[:, 0] * P[:, 1]]), X=OR[0], y=OR[1], ax=None,
            size=(2, 2)),
    }
def _figures():
    from perceptron_lib.theory import budinich, datasets
    grid = budinich.standard_algorithm_grid(*datasets.boolean_problems(2), [0.1, 1], [0.1, 1], max_moves=5)
    return {
        "figures.plot_sigmoids": dict(betas=[0.5, 3], net_input=1, ax=None, size=(3, 2)),
        "figures.plot_weight_change": dict(cases={"a": 1}, betas=(0, 2), ax=None, size=(3, 2)),
        "figures.plot_grid_search": dict(grid=grid, soluble=14, mark=(0.5, 0.5), ax=None, size=(4, 2)),
        "figures.plot_cover_check": dict(measured={2: [1, 0.5]}, trials=4, ax=None, size=(4, 2)),
        "figures.plot_n_min": dict(n=5, sizes=[5, 10], ax=None, size=(4, 2)),
        "figures.plot_n_min_map": dict(d_top=10, ax=None, size=(4, 3)),
        "figures.plot_boolean_fractions": dict(counts=[2, 4, 14], ax=None, size=(3, 2)),
        "figures.plot_cube_check": dict(cube={3: ([2, 4], [1.0, 0.5])}, trials=4, ax=None, size=(3, 2)),
    }


def _fast_pictures():
    from perceptron_lib.course.fast_pictures import FastPictures, StepPictures
    from matplotlib.figure import Figure
    figure = Figure()
    figure.subplots()
    return {
        "fast_pictures.FastPictures.png": dict(self=FastPictures(figure, lambda state: None), state=1),
        "fast_pictures.StepPictures.__init__": dict(self=StepPictures.__new__(StepPictures), trace=RUN, size=(3, 2),
                                                    dpi=40),
        "fast_pictures.StepPictures.png": dict(self=StepPictures(RUN, size=(3, 2), dpi=40), k=2),
        "plotting.base.Picture.saying": dict(self=pl.Picture(), point="The line falls."),
    }


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
    "voted.Voted.predict": dict(self=VOTED, X=[[0, 1], [2, 0.5]]),
    "voted.Voted.predict_averaged": dict(self=VOTED, X=[[0, 1], [2, 0.5]]),
    "voted.Voted.decision": dict(self=VOTED, X=[[0, 1], [2, 0.5]], averaged=True),
    "boolean_counts.boolean_census": dict(n_inputs=2),
    "boolean_counts.separable_boolean_count": dict(n_inputs=2, method="census"),
    "geometry.positive_side": dict(w=[-1, 1, 0], xlim=(0, 2), ylim=(0, 1)),
    "geometry.decision_line": dict(w=[-1, 1, 1], xlim=(0, 1), ylim=(0, 1)),
    "geometry.misclassified": dict(W=[0, 1, 1], X=OR[0], y=OR[1]),
    "geometry.pattern_lines": dict(X=OR[0], w0=-0.5),
    "geometry.wrong_side_of_lines": dict(w=[-0.5, 1, -1], X=OR[0], y=OR[1]),
    "tables.unit_table": dict(w=[-1.5, 1, 1], X=OR[0], y=OR[1], target="c"),
    "tables.Table.__init__": dict(self=pl.Table.__new__(pl.Table), header=["a", "b"], rows=[[1, 2.5]], caption="c",
                                  highlight=[True]),
    "tables.Checks.__init__": dict(self=pl.Checks.__new__(pl.Checks), checks={"holds": True}),
    "tables.pattern_table": dict(X=OR[0], y=OR[1], target="c"),
    "tables.side_by_side": dict(traces=[RUN, RUN], names=["a", "b"], rows=3),
    "multiclass.decode": dict(nets=[[-1.0, 2.0, -3.0], [0.5, 0.25, -1.0]], codes=pl.class_codes(3)),
    "multiclass.LayerRun.predict": dict(self=LAYER, X=OR[0]),
    "multiclass.LayerRun.weights_at": dict(self=LAYER, k=2),
    "kernels.kernel_matrix": dict(A=OR[0], B=[[0.5, 0.5]], kernel="polynomial", gamma=0.5, degree=2),
    "kernels.exp_nonpositive": dict(x=[-1.0, 0.0]),
    "kernels.train_kernel": dict(X=OR[0], y=OR[1], kernel="polynomial", degree=2, max_epochs=5),
    "multiclass.train_layer": dict(X=OR[0], labels=[0, 1, 1, 1], code="one-hot", n_classes=2, max_epochs=5),
    "bounds.radius": dict(X=OR[0]),
    "bounds.augmented_radius": dict(X=OR[0]),
    "bounds.margin": dict(X=OR[0], y=OR[1], w=[-1, 2, 2], kind="functional"),
    "bounds.max_margin_separator": dict(X=OR[0], y=OR[1], kind="augmented"),
    "bounds.honavar_bound": dict(X=OR[0], y=OR[1], w_star=[-1, 2, 2]),
    "bounds.augmented_bound": dict(X=OR[0], y=OR[1], w=[-1, 2, 2]),
    "bounds.stensbo_smidt_bound": dict(X=OR[0], y=OR[1], w=[-0.5, 1, 1]),
    "bounds.binary_bound": dict(X=OR[0], y=OR[1], w_star=[-1, 2, 2]),
    "separability.linear_separability": dict(X=pl.boolean_function("xor")[0], y=pl.boolean_function("xor")[1],
                                             max_epochs=10),
    "separability.lp_separability": dict(X=OR[0], y=OR[1], bias=True),
    "criterion.perceptron_criterion": dict(w=[[-1, 0, 0], [-0.5, 1, 1]], X=OR[0], y=OR[1]),
    "criterion.criterion_gradient": dict(w=[0, 1, 1], X=OR[0], y=OR[1], pattern=1),
    "sigmoid.sigmoid_cost": dict(w=[0, 0, 0], X=OR[0], y=OR[1], beta=5.0),
    "sigmoid.sigmoid_gradient": dict(w=[[0, 0, 0], [0, 1, 1]], X=OR[0], y=OR[1], beta=1.0),
    "sigmoid.train_sigmoid": dict(X=OR[0], y=OR[1], beta=0.3, eta=5.0, per_pattern=False, initial_weights=[0, 0, 0],
                                  max_epochs=5),
    "sigmoid.beta_opt": dict(x=2.0),
    "sigmoid.weight_change": dict(beta=[0.1, 1.0], x=2.0, target=1, input_value=1.0),
    "capacity.regions": dict(n=4, d=2),
    "capacity.separable_dichotomies": dict(n=4, d=2, bias=True),
    "capacity.separable_probability": dict(n=4, d=2, bias=False),
    "capacity.fraction_interval": dict(hits=3, trials=10, confidence=0.9),
    "capacity.sides": dict(n=4, d=2),
    "capacity.log_n_min": dict(n=4, d=2),
    "capacity.n_min": dict(n=4, d=2),
    "capacity.n_min_peak": dict(n=10),
    "capacity.stirling_root": dict(n=100),
    "budinich.adaptive_algorithm": dict(X=PROBLEMS[0], Y=PROBLEMS[1], seed=1, initial_weights=[0.1, 0.2, 0.3],
                                        max_evaluations=20, first_step=0.25),
    "budinich.standard_algorithm": dict(X=PROBLEMS[0], Y=PROBLEMS[1], beta=0.3, beta_eta=1.5, max_moves=5, seed=0,
                                        initial_weights=None),
    "budinich.standard_algorithm_grid": dict(X=PROBLEMS[0], Y=PROBLEMS[1][:3], betas=[0.3, 1.0], beta_etas=[1.5],
                                             max_moves=5, seed=2, initial_weights=np.zeros((3, 3))),
    "budinich.StandardGrid.hardest": dict(self=GRID, soluble=14),
    "multiclass.class_codes": dict(n_classes=5, code="binary"),
    "kernels.KernelRun.decision": dict(self=KERNEL_RUN, X=[[0, 1], [2, 0.5]]),
    "kernels.KernelRun.predict": dict(self=KERNEL_RUN, X=[[0, 1], [2, 0.5]]),
    "datasets.boolean_patterns": dict(n_inputs=3),
    "datasets.boolean_function": dict(name="at_least", n_inputs=3, m=2, signed=True),
    "datasets.truth_table": dict(function=lambda a, b: a and b, n_inputs=2, signed=False),
    "datasets.to_signed": dict(y=[0, 1, 1]),
    "datasets.flip_labels": dict(y=[0, 1, 1, 0], fraction=0.5, seed=1),
    "datasets.separable_data": dict(n_samples=10, n_features=2, margin=0.1, seed=1, signed=False),
    "datasets.separable_sets": dict(n_sets=2, n_samples=10, n_features=2, margin=0.1, seed=0, signed=True),
    "datasets.boolean_problems": dict(n_inputs=2, inputs="0/1"),
    "datasets.corner_clusters": dict(n_features=2, n_per_class=3, spread=0.2, seed=0),
    "datasets.ring_data": dict(n_samples=20, seed=0),
    "datasets.digit_halves": dict(shuffle=True, seed=0),
    "bounds.convergence_experiment": dict(n_sets=2, n_samples=20, n_features=2, margin=0.2, seed=0, order="cyclic",
                                          max_margin_sets=1),
    **_pictures(),
    **_figures(),
    **_fast_pictures(),
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
    every = {(name, p) for name, f in DECLARED.items() for p in f.constraints}
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
    with pytest.raises(TypeError, match=r"nothing to check"):
        @constraints.declared()
        def g(self):
            pass


def test_every_call_is_checked_the_packages_own_calls_included():
    """A declared function called while another runs checks its arguments as when a lesson calls it."""
    seen = []
    counted = constraints.Custom(lambda name, value, given: seen.append(value) or value, lambda example: [])

    @constraints.declared(n=counted)
    def inner(n):
        return n

    @constraints.declared(n=constraints.Whole())
    def outer(n):
        return inner(n) + inner(n)

    assert outer(3) == 6 and seen == [3, 3]      # inner checks each of its calls
    assert inner(4) == 4 and seen == [3, 3, 4]

    @constraints.declared(n=constraints.Whole(minimum=1))
    def strict(n):
        return n

    @constraints.declared(n=constraints.Whole(minimum=1))
    def calls_strict_with_zero(n):
        return strict(0)

    with pytest.raises(ValueError, match="n must be a whole number >= 1, got 0"):
        calls_strict_with_zero(5)


def test_a_wrong_call_is_a_type_error():
    """A call the signature does not allow (a missing, unknown or repeated argument) is a TypeError, as without
    the declaration (Signature.bind's words)."""
    @constraints.declared(a=constraints.Whole(), b=constraints.Whole())
    def f(a, *, b=1):
        return a + b

    assert f(1) == 2 and f(a=1, b=2) == 3 and f(1, b=np.int64(2)) == 3
    for args, kwargs in [((), {}), ((1,), {"c": 2}), ((1, 2), {}), ((1,), {"a": 1})]:
        with pytest.raises(TypeError):
            f(*args, **kwargs)
        with pytest.raises(TypeError):
            f.__wrapped__(*args, **kwargs)


def test_the_package_checks_each_call():
    """misclassified refuses bad patterns when a lesson calls it, and checks them again inside update_unit."""
    from perceptron_lib.course import plotting
    with pytest.raises(ValueError, match="^X must"):
        pl.misclassified([0, 1, 1], [[0, np.nan]], [1])
    artists = plotting.draw_unit(*OR, [-0.5, 1, 1])
    calls = []
    original = validation.patterns
    try:
        validation.patterns = lambda *args, **kwargs: calls.append(args[0]) or original(*args, **kwargs)
        plotting.update_unit(artists, *OR, [0, 1, 1])
    finally:
        validation.patterns = original
    assert calls == ["X", "X"]     # update_unit's own X, and misclassified's inside it


def test_the_callers_own_code_inside_a_declared_call_is_checked():
    """A rate schedule or a features map is the caller's code: what it calls is checked (a named error, not an
    IndexError from deep inside), as every call is."""
    X, y = OR

    def schedule(k):
        pl.output([1, 2], X)      # two weights for two inputs: one short
        return 1.0

    with pytest.raises(ValueError, match="weights must have 3 entries"):
        pl.train(X, y, eta=schedule)

    import matplotlib.pyplot as plt
    from perceptron_lib.course import plotting

    def features(points):
        pl.output([1, 2], X)
        return points

    with pytest.raises(ValueError, match="weights must have 3 entries"):
        plotting.draw_feature_boundary(plt.figure().add_subplot(), [0, 1, 1], features, xlim=(0, 1), ylim=(0, 1))
