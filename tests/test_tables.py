"""tables: what a lesson shows as a table or a list of checks, in HTML and in plain text alike."""
import numpy as np
import pytest

from perceptron_lib import Checks, Table, boolean_function, pattern_table, side_by_side, train, unit_table


def test_a_table_shows_the_same_cells_as_html_and_as_text():
    table = Table(["k", "W"], [[1, np.array([0.0, 1.0, -0.5])], [2, 2.5]], caption="runs", highlight=[True, False])
    html = table._repr_html_()
    assert "<caption>runs</caption>" in html and html.count("<tr") == 3
    assert html.count("background:#ffe2b8") == 1  # the highlighted row
    assert "[0 1 -0.5]" in html and "[0 1 -0.5]" in repr(table)
    assert repr(table).splitlines() == ["runs", "k           W", "1  [0 1 -0.5]", "2         2.5"]


def test_table_cells_are_escaped_in_html():
    assert "&lt;b&gt;" in Table(["x"], [["<b>"]])._repr_html_()


def test_checks_tick_what_holds_and_cross_what_does_not_in_both_forms():
    checks = Checks({"holds": True, "fails": False})
    assert not checks.all and Checks({"holds": True}).all
    assert repr(checks) == "✓ holds\n✗ fails"
    html = checks._repr_html_()
    assert html.count("<li") == 2 and "✓ holds" in html and "✗ fails" in html
    assert "#c0392b" in html and "#1e7d32" in html


def test_pattern_table_puts_x0_first_and_the_target_last():
    table = pattern_table(*boolean_function("or"), target="c")
    assert table.header == ["pattern", "x0", "x1", "x2", "c"]
    assert table.rows[3] == ["X4", "1", "1", "1", "1"]


def test_side_by_side_shades_the_presentations_where_two_runs_part():
    X, c = boolean_function("or")
    plain = train(X, c)
    started = train(X, c, initial_weights=[-0.5, 1, 1])
    table = side_by_side([plain, started], ["from 0", "from a separator"])
    assert table.header[1:4] == ["from 0: pattern", "from 0: W·X", "from 0: update"]
    assert len(table.rows) == plain.n_presentations
    # the second run converges after 4 presentations: later rows say it stopped
    assert table.rows[5][4:] == ["", "", "(stopped)"]
    assert table.highlight[1] and not table.highlight[0]  # presentation 2: an update in one run only
    assert len(side_by_side([plain, started], ["a", "b"], rows=3).rows) == 3


def test_unit_table_without_targets_has_no_verdict_column():
    table = unit_table([-1.5, 1, 1], *boolean_function("and")[:1])
    assert table.header[-1] == "o" and [row[-1] for row in table.rows] == ["0", "0", "0", "1"]


def test_unit_table_writes_w_dot_x_as_its_sum_and_shades_the_wrong_outputs():
    X, c = boolean_function("or")
    table = unit_table([-1.5, 1, 1], X, c)  # AND's weights on OR: X2 and X3 come out wrong
    assert table.header == ["pattern", "x1", "x2", "W·X", "o", "c", "right?"]
    assert table.rows[1] == ["X2", "0", "1", "-1.5 + 0 + 1 = -0.5", "0", "1", "✗"]
    assert table.rows[3][3:] == ["-1.5 + 1 + 1 = 0.5", "1", "1", "✓"]
    assert table.highlight == [False, True, True, False]
    assert unit_table([0.5, -1, 1], X[:1]).rows == [["X1", "0", "0", "0.5 + 0 + 0 = 0.5", "1"]]


def test_cells_show_numbers_as_the_sources_do_and_anything_else_as_text():
    table = Table(["a", "b", "c", "d", "e"], [[np.int64(3), 2.50, True, None, np.array([1.0, -0.25])]])
    assert table.rows == [["3", "2.5", "True", "None", "[1 -0.25]"]]
    assert Table(["x"], np.array([[1], [2]])).rows == [["1"], ["2"]]


X_OR, C_OR = boolean_function("or")
RUN = train(X_OR, C_OR)
BAD = [
    (lambda: Table([], []), ValueError, "header must name at least one column, got an empty list"),
    (lambda: Table("k", []), TypeError, "header must be a list, got 'k'"),
    (lambda: Table(["k", 2], []), TypeError, "header[1]"),
    (lambda: Table(["k"], [[1, 2]]), ValueError, "rows[0] must hold 1 cells, one per column of the header, got 2"),
    (lambda: Table(["k"], [5]), TypeError, "rows[0] must be a list, got 5"),
    (lambda: Table(["k"], [[1]], highlight=[True, False]), ValueError,
     "highlight must hold one flag per row (1), got 2"),
    (lambda: Table(["k"], [[1]], highlight=["yes"]), TypeError, "highlight[0]"),
    (lambda: Table(["k"], [[1]], caption=3), TypeError, "caption"),
    (lambda: Checks(["a"]), TypeError, "checks must be a dict of str (the fact) to bool (whether it holds), got ['a']"),
    (lambda: Checks({}), ValueError, "checks must hold at least one fact, got an empty dict"),
    (lambda: Checks({"a": "yes"}), TypeError, "checks['a']"),
    (lambda: Checks({1: True}), TypeError, "the keys of checks"),
    (lambda: pattern_table(X_OR, [0, 1, 1]), ValueError, "y must hold one label per pattern (4), got 3"),
    (lambda: pattern_table(np.zeros((1001, 2)), np.zeros(1001)), ValueError,
     "X must hold at most 1000 patterns for a table, got 1001"),
    (lambda: pattern_table(X_OR, C_OR, target=None), TypeError, "target"),
    (lambda: unit_table([1, 1], X_OR), ValueError, "w must have shape (3,)"),
    (lambda: unit_table([0, 1, 1], X_OR, [-1, 1, 1, 1]), ValueError, "y must hold labels all in {0, 1}"),
    (lambda: unit_table([0, 1, 1], np.zeros((1001, 2))), ValueError, "X must hold at most 1000 patterns"),
    (lambda: side_by_side([], []), ValueError, "traces must hold at least one run, got an empty list"),
    (lambda: side_by_side(RUN, ["a"]), TypeError, "traces must be a list"),
    (lambda: side_by_side([RUN.weights], ["a"]), TypeError, "traces[0] must be a Trace (what train returns)"),
    (lambda: side_by_side([train(X_OR, C_OR, record=False)], ["a"]), ValueError,
     "traces[0] must have the per-presentation record"),
    (lambda: side_by_side([RUN], ["a", "b"]), ValueError, "names must hold one name per run (1), got 2"),
    (lambda: side_by_side([RUN], [7]), TypeError, "names[0]"),
    (lambda: side_by_side([RUN], ["a"], rows=0), ValueError, "rows must be a whole number from 1 to 1000, got 0"),
    (lambda: side_by_side([train(*boolean_function("xor"), order="random", seed=0, max_epochs=300)], ["x"]), ValueError,
     "rows must be given for runs this long: a table shows at most 1000 presentations, and the longest run has 1200"),
]


@pytest.mark.parametrize("call, error, words", BAD, ids=[words[:40] for _, _, words in BAD])
def test_bad_input_names_the_parameter_what_is_allowed_and_what_came(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error and words in str(info.value)
