"""perceptron_lib: the perceptron, its learning runs, their pictures and interactive views.

The algorithms follow the sources in shared/seeds (Honavar 1996; Manfredi 2021;
Budinich 1993; Stensbo-Smidt 2015). Import what a lesson needs from here.
"""
from .datasets import boolean_function, boolean_patterns, honavar_or_example, to_signed
from .trace import Trace
from .training import train

__all__ = ["Trace", "boolean_function", "boolean_patterns", "honavar_or_example", "to_signed", "train"]
__version__ = "0.1.0"
