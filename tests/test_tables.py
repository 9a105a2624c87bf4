"""tables: what a lesson shows as a table or a list of checks, in HTML and in plain text alike."""
import numpy as np

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
    assert table.header == ["", "x0", "x1", "x2", "c"]
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
