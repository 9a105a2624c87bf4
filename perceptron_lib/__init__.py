"""perceptron_lib: the perceptron, its learning runs, their pictures and interactive views.

The algorithms follow the sources the README lists (Honavar 1996; Manfredi 2021;
Budinich 1993; Stensbo-Smidt 2015; the perceptron-network notes). A lesson
imports this one namespace, and its interactive views from
``perceptron_lib.widgets`` (the one module that needs ipywidgets):

    import perceptron_lib as pl
    from perceptron_lib.widgets import TraceStepper

    run = pl.train(*pl.boolean_function("or"))

The names below are listed in the order data flows through the layers:
data sets -> runs -> traces -> theory -> tables and pictures. The
scikit-learn estimators ``pl.Perceptron``, ``pl.VotedPerceptron`` and
``pl.KernelPerceptron`` (estimators.py) come last: they are imported, with
scikit-learn, when a caller first asks for one.
"""
import sys as _sys

if _sys.platform == "emscripten":   # in the browser (JupyterLite's Pyodide), before matplotlib is first imported:
    import logging as _logging      # its one-time notice that it builds a font cache is not for a student
    _logging.getLogger("matplotlib.font_manager").setLevel(_logging.ERROR)

# Data sets (datasets.py)
from .theory.datasets import (boolean_function, boolean_patterns, boolean_problems, corner_clusters, digit_halves,
                              flip_labels, honavar_or_example, ring_data, separable_data, separable_sets, to_signed,
                              truth_table)
# Runs: the rule (rule.py), one data set (training.py), many at once (batch.py), the record of a run (trace.py)
from .core.rule import Absolute, Fixed, Fractional, Margin, Rule
from .core.training import net_inputs, output, train
from .core.batch import Batch, train_many
from .core.trace import Trace, format_vector
# Variants of the learning rule: voted and averaged (voted.py), the perceptron criterion (criterion.py),
# sigmoid units (sigmoid.py), Budinich's algorithms (budinich.py)
from .theory.voted import Voted, voted_perceptron
from .theory.criterion import criterion_gradient, perceptron_criterion
from .theory.sigmoid import SigmoidRun, beta_opt, sigmoid_cost, sigmoid_gradient, train_sigmoid, weight_change
from .theory.budinich import (AdaptiveRuns, StandardGrid, StandardRuns, adaptive_algorithm, standard_algorithm,
                              standard_algorithm_grid)
# Beyond two classes: class codes and layers of units (multiclass.py), the kernel perceptron (kernels.py),
# scores (scores.py)
from .theory.kernels import KernelRun, kernel_matrix, train_kernel
from .theory.multiclass import LayerRun, class_codes, decode, train_layer
from .theory.scores import accuracy, confusion_matrix
# Theory: bounds (bounds.py), separability of one data set (separability.py), counting (capacity.py),
# separable Boolean functions (boolean_counts.py), geometry of both spaces (geometry.py)
from .theory.bounds import (ConvergenceExperiment, augmented_bound, augmented_radius, binary_bound,
                            convergence_experiment, honavar_bound, margin, max_margin_separator, radius,
                            stensbo_smidt_bound)
from .theory.separability import LPSeparability, Separability, linear_separability, lp_separability
from .theory.capacity import (fraction_interval, log_n_min, n_min, n_min_peak, regions, separable_dichotomies,
                              separable_probability, sides, stirling_root)
from .theory.boolean_counts import boolean_census, separable_boolean_count
from .theory.geometry import (count_regions, decision_line, grid_points, misclassified, pattern_lines, positive_side,
                              sampled_regions, wrong_side_of_lines)
# Tables and visible checks (tables.py), a student's function run without a traceback (answers.py),
# pictures (plotting/) and the lessons' experiment figures (figures.py)
from .course.tables import Checks, Table, pattern_table, side_by_side, unit_table
from .course.answers import read_run, steps_differ
# The lessons' exercises, declared once as data, and the check cell's one call (exercises.py)
from .course.exercises import check
from .course.plotting import (Picture, plot_bound_check, plot_boundaries, plot_correction_moves, plot_curves,
                              plot_dual_grid, plot_error_landscape, plot_feature_boundary, plot_feature_space,
                              plot_history, plot_trace_grid, plot_margin, plot_units, plot_weight_space, step_figure)
from .course.plotting import draw_accuracy_curve, plot_confusion, plot_images, plot_layer_steps, plot_regions
from .course.plotting import plot_criterion
# The lessons' experiment figures: the theory computed (figures.py), then drawn by their pictures (plot_*_values)
from .course.figures import (plot_boolean_fractions, plot_cover_check, plot_cube_check, plot_grid_search, plot_n_min,
                             plot_n_min_map, plot_sigmoids, plot_weight_change)
# The scikit-learn estimators (estimators.py) are imported at their first use, by __getattr__ below: they
# import scikit-learn, which `import perceptron_lib` does not load
_ESTIMATORS = ("Perceptron", "VotedPerceptron", "KernelPerceptron")

__all__ = [
    # data sets
    "boolean_function", "boolean_patterns", "flip_labels", "honavar_or_example", "separable_data", "separable_sets",
    "to_signed", "truth_table",
    # runs
    "Rule", "Fixed", "Absolute", "Fractional", "Margin", "net_inputs", "output", "train", "Batch", "train_many", "Trace", "format_vector", "Voted", "voted_perceptron",
    "perceptron_criterion", "criterion_gradient", "SigmoidRun", "train_sigmoid", "sigmoid_cost", "sigmoid_gradient",
    "beta_opt", "weight_change", "boolean_problems", "AdaptiveRuns", "adaptive_algorithm", "StandardRuns",
    "standard_algorithm", "StandardGrid", "standard_algorithm_grid",
    # beyond two classes
    "class_codes", "decode", "corner_clusters", "ring_data", "digit_halves", "LayerRun", "train_layer",
    "kernel_matrix", "KernelRun", "train_kernel", "confusion_matrix", "accuracy",
    # theory
    "ConvergenceExperiment", "augmented_bound", "augmented_radius", "binary_bound", "convergence_experiment",
    "honavar_bound", "margin", "max_margin_separator", "radius", "stensbo_smidt_bound",
    "Separability", "linear_separability", "regions", "separable_dichotomies", "separable_probability",
    "LPSeparability", "lp_separability", "fraction_interval", "sides", "n_min", "log_n_min", "n_min_peak",
    "stirling_root",
    "boolean_census", "separable_boolean_count",
    "count_regions", "decision_line", "grid_points", "misclassified", "pattern_lines", "positive_side",
    "sampled_regions", "wrong_side_of_lines",
    # tables and pictures
    "Checks", "Table", "pattern_table", "side_by_side", "unit_table", "read_run", "steps_differ", "check",
    "Picture", "plot_bound_check", "plot_boundaries", "plot_correction_moves", "plot_curves", "plot_dual_grid",
    "plot_error_landscape", "plot_feature_boundary", "plot_feature_space", "plot_history", "plot_trace_grid",
    "plot_margin", "plot_units", "plot_weight_space", "step_figure", "plot_layer_steps", "plot_regions", "plot_confusion",
    "plot_images", "draw_accuracy_curve", "plot_criterion", "plot_sigmoids", "plot_weight_change",
    "plot_grid_search", "plot_cover_check", "plot_n_min", "plot_n_min_map", "plot_boolean_fractions", "plot_cube_check",
    # scikit-learn estimators, imported at first use
    *_ESTIMATORS,
]
__version__ = "0.1.0"


def __getattr__(name):
    """The estimators of estimators.py, imported (with scikit-learn) when a caller first asks for one."""
    if name not in _ESTIMATORS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import estimators
    globals().update({estimator: getattr(estimators, estimator) for estimator in _ESTIMATORS})
    return globals()[name]


def __dir__():
    return sorted(set(globals()) | set(_ESTIMATORS))
