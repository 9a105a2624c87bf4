"""How often one click of a view checks its input, and how long the click takes.

    python benchmarks/validation_calls.py [--reference PATH] [--repeats 30]

Every function of `perceptron_lib.core.validation` (and the picture checks `check_*` of
`perceptron_lib.course.plotting`) is wrapped with a counter; then one step of each hot path runs:
a `TraceStepper` step the front end asks for (a picture not made before, the arithmetic and the table), `update_step`
alone, `StepPictures.png`, the weight-space updates (`update_dual`,
`DualView.set_weights`, `UnitView`'s w0) and the static players (`PlayableRun`,
`plot_trace_grid`). It prints, per path, the checks called from outside the checks ("entry":
what a call of the path checks) and all calls (with the checks' own inner calls), and which
parameters were checked more than once.

With ``--reference PATH`` the same measurement runs in a fresh process on the package at PATH
(for example an extract of the commit before: ``git archive <commit> perceptron_lib | tar -x -C
/tmp/ref``), alternately with this one, and the times per step are printed as ratios of this
code's to the reference's (the best of up to 3 x `repeats` runs each, three rounds alternating, about
a second a path a round, both measured now, on this machine: the machine's load is noise of some 10%).
"""
import argparse
import collections
import functools
import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def package_module(path):
    """A module of perceptron_lib by its path in the folders (core.validation), or, in a --reference from before
    the folders, by its old path (validation)."""
    try:
        return importlib.import_module(f"perceptron_lib.{path}")
    except ModuleNotFoundError as missing:
        if not f"perceptron_lib.{path}".startswith(missing.name or "-"):   # a missing dependency, not the path
            raise
        return importlib.import_module(f"perceptron_lib.{path.split('.', 1)[1]}")


def instrument():
    """Wrap the checks with counters; returns the Counter of (check, parameter) per call, outermost only and all."""
    plotting, validation, base = (package_module(path) for path in
                                  ("course.plotting", "core.validation", "course.plotting.base"))

    entry, every = collections.Counter(), collections.Counter()
    depth = [0]

    def counted(name, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            parameter = args[0] if args and isinstance(args[0], str) else "-"
            every[(name, parameter)] += 1
            if depth[0] == 0:
                entry[(name, parameter)] += 1
            depth[0] += 1
            try:
                return func(*args, **kwargs)
            finally:
                depth[0] -= 1
        wrapper.counted = True
        return wrapper

    for attribute, value in list(vars(validation).items()):
        if callable(value) and getattr(value, "__module__", None) == validation.__name__ \
                and not attribute.startswith("_") and attribute != "shown":
            setattr(validation, attribute, counted(attribute, value))
    # the pictures' own checks are imported by name into each module of plotting: wrap them where they are used
    wrapped = {}
    modules = [base] + [sys.modules[name] for name in list(sys.modules)
                        if name.startswith(plotting.__name__ + ".") and name != base.__name__]
    for module in modules:
        for attribute, value in list(vars(module).items()):
            if attribute.startswith("check_") and callable(value) and not getattr(value, "counted", False):
                if value not in wrapped:
                    wrapped[value] = counted(attribute, value)
                setattr(module, attribute, wrapped[value])
    del plotting
    return entry, every


def paths():
    """name -> (setup, step): setup() makes what the step needs; step(state) is one click of the path."""
    from perceptron_lib import boolean_function, train
    plotting = package_module("course.plotting")
    dual_figure, plot_trace_grid, step_figure, update_dual, update_step = (getattr(plotting, name) for name in (
        "dual_figure", "plot_trace_grid", "step_figure", "update_dual", "update_step"))
    from perceptron_lib.widgets import DualView, PlayableRun, StepPictures, TraceStepper, UnitView

    run = train(*boolean_function("or"))
    X, y = boolean_function("or")

    def stepper():
        view = TraceStepper(run, ready=0)
        view.send = lambda message: None        # no front end here: the step's data goes nowhere
        return {"view": view, "k": 0}

    def stepper_step(state):
        # a step the front end asks for, its picture not made before: drawn and sent (stepping itself is in the browser)
        state["k"] = state["k"] % run.n_presentations + 1
        state["view"].pictures._made.clear()
        state["view"]._asked(state["view"], {"want": [state["k"]]}, [])

    def step_artists():
        fig, artists = step_figure(run, 0)
        return {"artists": artists, "k": 0}

    def update_one(state):
        state["k"] = state["k"] % run.n_presentations + 1
        update_step(state["artists"], run, state["k"])

    def pictures():
        return {"pictures": StepPictures(run), "k": 0}

    def picture(state):
        state["k"] = state["k"] % run.n_presentations + 1
        state["pictures"]._made.clear()
        state["pictures"].png(state["k"])

    def dual():
        fig, artists = dual_figure(X, y, run.weights[0])
        return {"artists": artists, "k": 0}

    def dual_step(state):
        state["k"] = state["k"] % run.n_presentations + 1
        update_dual(state["artists"], X, y, run.weights[state["k"]])

    def dual_view():
        return {"view": DualView(X, y, trace=run), "k": 0}

    def dual_view_step(state):
        state["k"] = state["k"] % run.n_presentations + 1
        state["view"].pictures._made.clear()
        state["view"].set_weights(run.weights[state["k"]])

    def unit_view():
        return {"view": UnitView(X, y), "k": 0}

    def unit_view_step(state):
        state["k"] = state["k"] % 8 + 1
        state["view"].pictures._made.clear()
        state["view"].w[0].value = -0.25 * state["k"]

    def nothing():
        return {}

    return {
        "TraceStepper step": (stepper, stepper_step),
        "update_step": (step_artists, update_one),
        "StepPictures.png (new step)": (pictures, picture),
        "update_dual": (dual, dual_step),
        "DualView.set_weights": (dual_view, dual_view_step),
        "UnitView w0": (unit_view, unit_view_step),
        "PlayableRun (14 steps)": (nothing, lambda state: PlayableRun(run)),
        "plot_trace_grid (14 panels)": (nothing, lambda state: plot_trace_grid(run)),
        "draw_step": (nothing, lambda state: _draw_step(run)),
    }


def _draw_step(run):
    from matplotlib.figure import Figure
    draw_step = package_module("course.plotting").draw_step
    draw_step(Figure().subplots(1, 2), run, 3)


def count(names=None):
    """Checks per call of each path: {path: (entry total, all total, entry counts by (check, parameter))}."""
    entry, every = instrument()
    result = {}
    for name, (setup, step) in paths().items():
        if names and name not in names:
            continue
        state = setup()
        step(state)   # the first click may differ (lazy imports)
        entry.clear()
        every.clear()
        step(state)
        result[name] = (sum(entry.values()), sum(every.values()),
                        {f"{check}({parameter})": n for (check, parameter), n in sorted(entry.items())})
    return result


def timings(repeats):
    """Best CPU time of this process per call of each path, in seconds (no counters).

    CPU time, not wall time: on a machine shared with other work, waiting for a core is not the step's cost.
    """
    result = {}
    for name, (setup, step) in paths().items():
        state = setup()
        start = time.process_time()
        step(state)
        first = time.process_time() - start
        times = []
        for _ in range(max(3, min(repeats, int(1.0 / max(first, 1e-6))))):   # about a second a path at most
            start = time.process_time()
            step(state)
            times.append(time.process_time() - start)
        result[name] = min(times)
    return result


def _in_process(package, what, repeats):
    """Run this script's `what` ("count" or "time") on the package at `package`, in a new process; its JSON."""
    env = dict(os.environ, PYTHONPATH=str(package), MPLBACKEND="Agg")
    out = subprocess.run([sys.executable, __file__, "--json", what, "--repeats", str(repeats)], env=env,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", help="a folder holding another perceptron_lib, to compare with")
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--json", choices=["count", "time"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json == "count":
        print(json.dumps(count()))
        return
    if args.json == "time":
        print(json.dumps(timings(args.repeats)))
        return
    here = Path(__file__).resolve().parents[1]
    counts = _in_process(here, "count", args.repeats)
    reference = _in_process(Path(args.reference).resolve(), "count", args.repeats) if args.reference else None
    print("checks per call (entry: called from outside the checks; all: with their inner calls)")
    for name, (entry, every, detail) in counts.items():
        before = f"reference {reference[name][0]:>3} entry, {reference[name][1]:>4} all -> " if reference else ""
        print(f"  {name:30s} {before}{entry:>3} entry, {every:>4} all")
        repeated = {key: n for key, n in detail.items() if n > 1}
        if repeated:
            print(f"  {'':30s} repeated: " + ", ".join(f"{key} x{n}" for key, n in repeated.items()))
    if reference:
        # alternate the two, twice each, and keep each one's best: the machine's load hits both alike
        mine, theirs = [], []
        for _ in range(3):
            mine.append(_in_process(here, "time", args.repeats))
            theirs.append(_in_process(Path(args.reference).resolve(), "time", args.repeats))
        print("CPU time per call, this code / reference (best of "
              f"up to {3 * args.repeats} each, alternating; < 1 is faster)")
        for name in counts:
            a, b = min(m[name] for m in mine), min(t[name] for t in theirs)
            print(f"  {name:30s} {a / b:.2f}  ({a * 1e3:.2f} ms / {b * 1e3:.2f} ms)")


if __name__ == "__main__":
    main()
