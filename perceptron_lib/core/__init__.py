"""The core: the learning rule and its runs, what a reader meets first.

- rule.py: the rule as an object (`Rule`) and the package's rules (`RULES`), the presentation orders, the
  stopping rule and how a run ends (the cycle test, the replay to the first repeat, the walk back);
- training.py: `train`, one data set, one presentation at a time;
- batch.py: `train_many`, many data sets at once, each the same numbers as `train`;
- trace.py: `Trace`, the record of a run and its words;
- arithmetic.py: sums in a fixed order and the portable exponential, the same on every machine (with what the
  theory needs of it to be the same too: the sigmoid, and the least-norm point behind the maximum margin);
- constraints.py and validation.py: the checks the package's functions declare, or call where not declared.

Nothing here imports from theory/ or course/ (tests/test_layers.py).
"""
