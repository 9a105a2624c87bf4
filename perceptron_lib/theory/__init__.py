"""What the lessons teach beyond the rule, computed on the core.

- the rule's variants: voted.py (voted and averaged), criterion.py (the perceptron criterion), sigmoid.py (a
  sigmoid unit), budinich.py (Budinich's algorithms);
- more than two classes: multiclass.py (a layer of units), kernels.py (the kernel perceptron), scores.py;
- the theory: geometry.py (both spaces), bounds.py (the convergence bounds), separability.py, capacity.py
  (Cover's and Budinich's counts), boolean_counts.py;
- the data sets they run on (datasets.py) and the constraints they declare (theory_constraints.py).

Imports from core/ and from here only (tests/test_layers.py).
"""
