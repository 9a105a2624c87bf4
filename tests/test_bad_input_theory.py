"""Bad input: theory."""
from bad_input import case, check, ids  # noqa: F401

CASES = []
