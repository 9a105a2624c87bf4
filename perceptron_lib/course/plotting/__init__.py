"""Pictures of perceptron runs, drawn with matplotlib.

One contract for every picture:

- ``draw_*`` draws on the Axes it is given (its first argument, or
  ``ax=`` for those that make a new Picture when it is None) and returns
  what it drew: matplotlib artists only, in a dict or alone; ``**style``
  goes on to matplotlib where a function takes it.
- ``update_*(artists, ...)`` moves those artists in place (a widget's click);
  what it needs besides them (the run, the patterns, W) comes as arguments,
  the limits from the Axes: nothing is kept in the dict.
- ``plot_*(..., ax=None)`` composes a figure of one or more panels from the
  draw functions; given ``ax`` (one Axes, or one per panel) it draws there,
  otherwise it makes a Picture of ``size``. It returns the figure.

Nothing here calls pyplot: figures are `Picture` objects (matplotlib Figures
that a notebook shows when a cell returns them).

Every function checks its input first (`validation`), and refuses up front a
picture that would take more than a couple of seconds to draw: a grid of
hundreds of panels, a grid of millions of points. W·X is added left to right
(`arithmetic`), as `train` adds it, so a picture puts a pattern on the side the
run put it.

The parameter ``size`` has one of three meanings, which its docstring says:

- a pair ``(width, height)``: the whole figure's size in inches (``plot_history``,
  ``step_figure``, ``plot_bound_check``, ...);
- one number in a function that draws a grid of panels: the width and height
  of one panel in inches (``plot_trace_grid``, ``plot_units``, ``plot_dual_grid``,
  ``plot_layer_steps``, ``plot_regions``, ``plot_confusion``, ``plot_images``);
- one number in a function that draws patterns as markers: the marker's area
  in points² (``draw_patterns``, ``draw_unit``, ``draw_classes``), as matplotlib's
  ``scatter(s=...)``.

The modules follow the lessons:

- `base`: colours, markers, font sizes and limits (``MAX_*``), `Picture`, and the
  checks of a picture's own input, shared by the other modules;
- `pattern_space`: patterns, decision lines, units, feature boundaries (01-03);
- `runs`: the steps of a run, a grid of them, a long run, curves (02, 03);
- `weight_space`: the dual picture, the error landscape, correction moves (04);
- `experiments`: the bound checked, the variants (05-07);
- `counts`: Cover's count, Budinich's N_min, the Boolean functions (08);
- `classes`: classes, layers of units, regions, confusion matrices, images (09).

Import the pictures from here (``perceptron_lib.course.plotting``) or from
``perceptron_lib``; the modules are the package's own layout.
"""
from .base import (CLASS_COLORS, CLASS_MARKERS, ERRORS, LABEL, LARGE_TEXT, MAX_CLASS_PANELS, MAX_GRID_WORK,
                   MAX_INCHES, MAX_PANELS, MAX_PATTERNS, MAX_PLANES, MAX_RESOLUTION, MAX_ROWS, NEGATIVE, POSITIVE,
                   REGION_NUMBER, SHADE, TEXT, TITLE, UPDATE, WRONG, Picture)
from .pattern_space import (draw_decision_boundary, draw_feature_boundary, draw_margin_lines, draw_patterns,
                            draw_unit, pattern_limits, plot_boundaries, plot_margin, plot_feature_boundary,
                            plot_feature_space, plot_units, unit_figure, update_decision_boundary, update_unit)
from .runs import (draw_step, draw_weights, plot_curves, plot_history, plot_trace_grid, step_figure, update_step,
                   update_weights)
from .weight_space import (draw_weight_slice, dual_figure, plot_correction_moves, plot_dual_grid,
                           plot_error_landscape, plot_weight_space, update_dual, update_weight_slice)
from .experiments import (plot_bound_check, plot_criterion, plot_grid_search_values, plot_sigmoids_values,
                          plot_weight_change_values)
from .counts import (plot_boolean_fractions_values, plot_cover_check_values, plot_cube_check_values,
                     plot_n_min_map_values, plot_n_min_values)
from .classes import (UNIT_STYLES, draw_accuracy_curve, draw_classes, draw_confusion, draw_regions, plot_confusion,
                      plot_images, plot_layer_steps, plot_regions)

__all__ = [
    # colours, markers, font sizes, limits, the figure (base)
    "POSITIVE", "NEGATIVE", "SHADE", "UPDATE", "WRONG", "ERRORS", "CLASS_COLORS", "CLASS_MARKERS", "UNIT_STYLES",
    "TEXT", "LARGE_TEXT", "LABEL", "TITLE", "REGION_NUMBER",
    "MAX_PANELS", "MAX_ROWS", "MAX_PATTERNS", "MAX_PLANES", "MAX_RESOLUTION", "MAX_GRID_WORK", "MAX_INCHES",
    "MAX_CLASS_PANELS", "Picture",
    # pattern space
    "pattern_limits", "draw_patterns", "draw_decision_boundary", "update_decision_boundary", "draw_unit",
    "update_unit", "unit_figure", "plot_units", "plot_boundaries", "draw_feature_boundary", "plot_feature_space",
    "plot_feature_boundary", "draw_margin_lines", "plot_margin",
    # the steps of a run
    "draw_weights", "update_weights", "draw_step", "update_step", "step_figure", "plot_trace_grid", "plot_history",
    "plot_curves",
    # weight space
    "draw_weight_slice", "update_weight_slice", "dual_figure", "update_dual", "plot_weight_space",
    "plot_error_landscape", "plot_correction_moves", "plot_dual_grid",
    # experiments
    "plot_bound_check", "plot_criterion", "plot_sigmoids_values", "plot_weight_change_values",
    "plot_grid_search_values",
    # counts
    "plot_cover_check_values", "plot_n_min_values", "plot_n_min_map_values", "plot_boolean_fractions_values",
    "plot_cube_check_values",
    # classes
    "draw_classes", "plot_layer_steps", "draw_regions", "plot_regions", "draw_confusion", "plot_confusion",
    "draw_accuracy_curve", "plot_images",
]
