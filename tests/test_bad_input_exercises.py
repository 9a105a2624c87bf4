"""Bad input: the exercises' checkers (exercises.py) and the reading of one answer (answers.py). A caller gets
the key, the number of answers or the field wrong; a student's answers themselves are never bad input: they
get a sentence (tests/test_exercises.py)."""
import pytest

from perceptron_lib.course.answers import Field, example, form_sentence, hint_for, is_right, read, shown_answer
from perceptron_lib.course.exercises import check, exercise, form_verdict, page_data, verdict

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
    *(case(f"answers.{f.__name__}", lambda f=f, arguments=arguments: f(*arguments), TypeError, "field must be an answers.Field", "str")
      for f, arguments in ((form_sentence, ("my_R",)), (read, ("my_R", 1.0)), (is_right, ("my_R", 1.0, 1.0)),
                           (hint_for, ("my_R", 1.0, 1.0)), (shown_answer, ("my_R", 1.0)))),
    case("answers.is_right", lambda: is_right(Field("my_f", "f", "code", ""), print, print), ValueError,
         "field must be of a kind judged here", "'code'"),
    case("answers.example", lambda: example(0), ValueError, "length", "from 1 to 1000", "0"),
    case("answers.example", lambda: example(2.5), TypeError, "length", "2.5"),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_bad_input(case):
    raises_as_said(case)
