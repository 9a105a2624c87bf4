"""Bad input: the exercises' checkers (exercises.py). A caller gets the key or the number of answers wrong;
a student's answers themselves are never bad input: they get a sentence (tests/test_exercises.py)."""
import pytest

from perceptron_lib.exercises import check, exercise, form_verdict, page_data, verdict

from bad_input import case, check as raises_as_said, ids

CASES = [
    *(case(f"exercises.{name}", lambda f=f: f(5), TypeError, "key must be a string", "int")
      for name, f in (("exercise", exercise), ("page_data", page_data))),
    *(case(f"exercises.{name}", lambda f=f: f("10.1"), ValueError, "key must be one of", "'10.1'")
      for name, f in (("exercise", exercise), ("page_data", page_data))),
    *(case(f"exercises.{name}", lambda f=f: f("05.1", 1.7), TypeError, "asks for 3 answers", "my_R, my_gamma, my_bound",
           "got 1") for name, f in (("verdict", verdict), ("form_verdict", form_verdict), ("check", check))),
    *(case(f"exercises.{name}", lambda f=f: f(["05.1"], 1.7), TypeError, "key must be a string", "list")
      for name, f in (("verdict", verdict), ("form_verdict", form_verdict), ("check", check))),
    case("exercises.verdict", lambda: verdict("05.1", 1.7, 0.2, 50, right=(1.7,)), ValueError,
         "right must hold 3 answers", "got 1"),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_bad_input(case):
    raises_as_said(case)
