"""How many examples a property test draws: its own number, ten times more when exploring."""
import os

SCALE = 10 if os.environ.get("HYPOTHESIS_PROFILE") == "explore" else 1


def examples(n):
    """The max_examples of a property test that draws `n` in a normal run."""
    return n * SCALE
