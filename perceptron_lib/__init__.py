"""perceptron_lib: the perceptron, its learning runs, their pictures and interactive views.

The algorithms follow the sources in shared/seeds (Honavar 1996; Manfredi 2021;
Budinich 1993; Stensbo-Smidt 2015). Import what a lesson needs from here.
"""
from .batch import Batch, train_many
from .capacity import linear_separability
from .datasets import (boolean_function, boolean_patterns, flip_labels, honavar_or_example, separable_data,
                       to_signed, truth_table)
from .trace import Trace
from .training import output, train
from .variants import voted_perceptron

__all__ = ["Batch", "Trace", "train_many", "boolean_function", "boolean_patterns", "flip_labels", "honavar_or_example",
           "linear_separability", "output", "separable_data", "to_signed", "train", "truth_table",
           "voted_perceptron"]
__version__ = "0.1.0"
