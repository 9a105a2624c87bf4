"""The import graph read top to bottom (tools/architecture.py declares the layers): no circle, no upward import,
and pictures that draw what they are given."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import architecture  # noqa: E402

TEXTS = architecture.sources()
GRAPH = architecture.imports(TEXTS)


def test_every_module_has_a_layer():
    assert set(TEXTS) - set(architecture.LEVEL) == set()


def test_no_module_imports_itself_through_others():
    assert architecture.circles(GRAPH) == []


def test_no_module_imports_from_a_layer_above_its_own():
    assert architecture.upward(GRAPH) == []


def test_the_data_sets_stand_below_the_learners():
    assert not {"kernels", "multiclass", "training", "batch"} & set(GRAPH["datasets"])


def test_the_tools_own_graph_sees_an_upward_import_and_a_circle():
    """The checks above can fail: a data module importing a learner, and two modules importing each other."""
    graph = architecture.imports({"datasets": "from .kernels import X", "kernels": "from .datasets import Y",
                                  "arithmetic": "def f():\n    from . import validation\n", "validation": ""})
    assert architecture.upward(graph) == [("datasets", "kernels", 1)]
    assert architecture.circles(graph) == [["datasets", "kernels"]]
    assert architecture.theory_in_pictures({"plotting.x": {"capacity": [3]}}) == [("plotting.x", "capacity", 3)]


def test_no_picture_computes_theory():
    """Issue 35: a picture draws what it is given; figures.py computes the experiment figures' theory."""
    assert architecture.theory_in_pictures(GRAPH) == []


def test_the_experiment_figures_compute_above_the_pictures():
    assert {"capacity", "sigmoid", "budinich", "plotting"} <= set(GRAPH["figures"])
    assert architecture.LEVEL["figures"] > max(architecture.LEVEL[m] for m in ("capacity", "sigmoid", "budinich"))
    assert not any("figures" in GRAPH[m] for m in GRAPH if m.startswith("plotting"))


def test_a_ring_holds_as_many_patterns_as_a_kernel_perceptron_takes():
    from perceptron_lib.datasets import MAX_RING_SAMPLES
    from perceptron_lib.kernels import MAX_KERNEL_SAMPLES
    assert MAX_RING_SAMPLES == MAX_KERNEL_SAMPLES
