"""The import graph read top to bottom (tools/architecture.py declares the layers): no circle, no upward import,
folders that are runs of layers (core/, theory/, course/), and pictures that draw what they are given."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import architecture  # noqa: E402

TEXTS = architecture.sources()
GRAPH = architecture.imports(TEXTS)


def test_every_module_has_a_layer_and_every_layer_entry_a_module():
    listed = [m for modules in architecture.LAYERS.values() for m in modules]
    assert sorted(listed) == sorted(TEXTS) and len(listed) == len(set(listed))


def test_no_module_imports_itself_through_others():
    assert architecture.circles(GRAPH) == []


def test_no_module_imports_from_a_layer_above_its_own():
    assert architecture.upward(GRAPH) == []


def test_the_data_sets_stand_below_the_learners():
    assert not {"theory.kernels", "theory.multiclass", "core.training", "core.batch"} & set(GRAPH["theory.datasets"])


def test_no_folder_imports_from_a_folder_after_it():
    """core/, theory/, course/, then the package's own folder: each imports only from itself and those before it;
    and read bottom to top, the layers go through the folders in that order."""
    assert architecture.backward(GRAPH) == []
    folders = [architecture.FOLDERS.index(architecture.folder(m)) for ms in architecture.LAYERS.values() for m in ms]
    assert folders == sorted(folders)
    assert {architecture.folder(m) for m in TEXTS} == set(architecture.FOLDERS)
    assert [m for m in TEXTS if "." in m and m.split(".")[0] not in architecture.FOLDERS] == []   # no unknown folder
    assert architecture.folder("core.rule") == "core" and architecture.folder("widgets") == ""
    assert architecture.backward({"theory.geometry": {"course.tables": [4]}, "widgets": {"core.rule": [1]}}) == \
        [("theory.geometry", "course.tables", 4)]   # the check can fail


def test_the_core_imports_only_the_core():
    """What a reader meets first stands alone (core/__init__.py says so)."""
    outside = {(m, t) for m in TEXTS if architecture.folder(m) == "core"
               for t in GRAPH[m] if architecture.folder(t) != "core"}
    assert outside == set() and {m for m in TEXTS if architecture.folder(m) == "core"} == \
        {"core", "core.arithmetic", "core.validation", "core.constraints", "core.rule", "core.trace", "core.training",
         "core.batch"}


def test_a_folder_import_is_read_as_the_module_it_names():
    """`from ..core import rule` imports core.rule (not the folder core), so the checks above see it."""
    graph = architecture.imports({"theory.x": "from ..core import rule as r\nfrom ..core.trace import T\n",
                                  "core.rule": "", "core.trace": "", "core": "", "theory": ""})
    assert graph["theory.x"] == {"core.rule": [1], "core.trace": [2]}


def test_the_tools_own_graph_sees_an_upward_import_and_a_circle():
    """The checks above can fail: a data module importing a learner, and two modules importing each other."""
    graph = architecture.imports({"theory.datasets": "from .kernels import X",
                                  "theory.kernels": "from .datasets import Y",
                                  "core.arithmetic": "def f():\n    from . import validation\n", "core.validation": ""})
    assert architecture.upward(graph) == [("theory.datasets", "theory.kernels", 1)]
    assert architecture.circles(graph) == [["theory.datasets", "theory.kernels"]]
    assert graph["core.arithmetic"] == {"core.validation": [2]}
    absolute = architecture.imports({"core.rule": "from perceptron_lib.theory import kernels\n"
                                                  "import perceptron_lib.course.tables\nimport perceptron_lib\n"
                                                  "import numpy\n",
                                     "course.exercises": "from .. import train\n", "theory.kernels": "",
                                     "course.tables": "", "__init__": ""})
    assert absolute["core.rule"] == {"theory.kernels": [1], "course.tables": [2], "__init__": [3]}
    assert absolute["course.exercises"] == {"__init__": [1]}   # the namespace, from below: upward
    assert ("course.exercises", "__init__", 1) in architecture.upward(absolute)
    assert ("core.rule", "theory.kernels", 1) in architecture.backward(absolute)
    assert architecture.theory_in_pictures({"course.plotting.x": {"theory.capacity": [3]}}) == \
        [("course.plotting.x", "theory.capacity", 3)]


def test_no_picture_computes_theory():
    """Issue 35: a picture draws what it is given; figures.py computes the experiment figures' theory."""
    assert architecture.theory_in_pictures(GRAPH) == []


def test_the_experiment_figures_compute_above_the_pictures():
    assert {"theory.capacity", "theory.sigmoid", "theory.budinich", "course.plotting"} <= set(GRAPH["course.figures"])
    assert architecture.LEVEL["course.figures"] > max(architecture.LEVEL[f"theory.{m}"]
                                                      for m in ("capacity", "sigmoid", "budinich"))
    assert not any("course.figures" in GRAPH[m] for m in GRAPH if m.startswith("course.plotting"))


def test_a_ring_holds_as_many_patterns_as_a_kernel_perceptron_takes():
    from perceptron_lib.theory.datasets import MAX_RING_SAMPLES
    from perceptron_lib.theory.kernels import MAX_KERNEL_SAMPLES
    assert MAX_RING_SAMPLES == MAX_KERNEL_SAMPLES
