"""The exercises declared once (exercises.py): each matches its lesson, its answers are the package's, and
its verdict is a sentence for any input, the same one whoever asks (pl.check, nbgrader's tests, the page)."""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import perceptron_lib as pl
from perceptron_lib.course import answers, exercises as E

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import assignments  # noqa: E402
import lessons  # noqa: E402

LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
KEYS = list(E.BY_KEY)
WRONG = [5, "abc", [1, 2], [1, 2, 3, 4, 5], True, [[1, 2]], 2.5, -3, [None, None], ("a", "b"), {"w": 1},
         float("nan"), float("inf"), np.array([1.0, 2.0]), [[0, 1, 1, 0], 7], lambda: 1 / 0]


def lesson_exercises():
    for path in LESSONS:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for k, (answer, check, names) in enumerate(assignments.exercises(notebook), 1):
            yield path, f"{path.name[:2]}.{k}", notebook["cells"][answer], notebook["cells"][check], names


def test_every_exercise_of_the_lessons_is_declared_once_and_every_declaration_is_in_a_lesson():
    found = [key for _, key, *_ in lesson_exercises()]
    assert found == KEYS


@pytest.mark.parametrize("path, key, answer_cell, check_cell, names",
                         list(lesson_exercises()), ids=[key for _, key, *_ in lesson_exercises()])
def test_the_lesson_asks_for_the_declared_names_and_its_check_is_one_call(path, key, answer_cell, check_cell, names):
    assert tuple(names) == E.exercise(key).names
    assert lessons.exercise_key(check_cell) == key
    assert lessons.source(check_cell).strip() == f'pl.check("{key}", {", ".join(names)})'


@pytest.mark.parametrize("path, key, answer_cell, check_cell, names",
                         list(lesson_exercises()), ids=[key for _, key, *_ in lesson_exercises()])
def test_every_answer_the_text_asks_for_is_solved(path, key, answer_cell, check_cell, names):
    """The answer cell's metadata "answers": the right answers as the text asks for them, at the least precision."""
    for answer in answer_cell["metadata"]["answers"]:
        values = [eval(answer[name], {"np": np, "pl": pl}) for name in names]
        found = E.verdict(key, *values)
        assert found.status == "solved", (key, answer, found)


@pytest.mark.parametrize("key", KEYS)
def test_any_wrong_input_gets_a_sentence_never_a_traceback(key, capsys):
    ex = E.exercise(key)
    for wrong in WRONG:
        for i in range(len(ex.fields)):
            values = [None] * len(ex.fields)
            values[i] = wrong
            for found in (E.verdict(key, *values), E.verdict(key, *[wrong] * len(ex.fields))):
                assert found.status in ("missing", "form", "wrong") and found.message, (key, wrong, found)
            E.check(key, *[wrong] * len(ex.fields))
            said = capsys.readouterr().out
            assert said.strip() and "Traceback" not in said and "✓" not in said.splitlines()[-1]


@pytest.mark.parametrize("key", [k for k in KEYS if all(f.kind != "code" for f in E.exercise(k).fields)])
def test_the_page_data_holds_what_the_verdict_uses_and_reads_as_json(key):
    data = json.loads(json.dumps(E.page_data(key)))
    ex = E.exercise(key)
    assert [f["name"] for f in data["fields"]] == list(ex.names) and data["title"] == ex.title
    for f, answer in zip(data["fields"], E.answers(key)):
        if f["kind"] == "weights":
            assert f["patterns"] == answer[0] and f["targets"] == list(answer[1])
        elif f["kind"] == "subset":
            assert sorted(map(str, f["answer"])) == sorted(map(str, E._json(list(answer))))
        else:
            assert f["answer"] == E._json(answer)


@pytest.mark.parametrize("key", [k for k in KEYS if all(f.kind != "code" for f in E.exercise(k).fields)])
def test_hidden_tests_given_the_answers_as_data_give_the_same_verdicts(key):
    """nbgrader's hidden test passes the answers it holds (right=...): nothing computed, the same verdict."""
    ex = E.exercise(key)
    right = E.answers(key)
    rng = np.random.default_rng(0)
    for _ in range(20):
        values = []
        for f, answer in zip(ex.fields, right):
            if f.kind == "number":
                values.append(float(answer) + float(rng.choice([0, 1e-4, -0.01, 0.5, 3])) if not f.whole
                              else int(answer) + int(rng.integers(-2, 3)))
            elif f.kind in ("vector", "weights"):
                values.append(list(rng.integers(-2, 3, size=f.length).astype(float)))
            elif f.kind == "choice":
                values.append(f.options[int(rng.integers(len(f.options)))][0])
            else:
                values.append([o for o, _ in f.options if rng.random() < 0.5])
        computed, given = E.verdict(key, *values), E.verdict(key, *values, right=json.loads(json.dumps(E._json(list(right)))))
        assert given == (computed if computed.status != "solved" else E.Verdict("solved", computed.marks))


def test_a_weights_answer_is_judged_as_the_package_computes_the_unit():
    """The page sums W·X term by term; on the lessons' patterns that agrees with pl.output at every tested W."""
    rng = np.random.default_rng(1)
    for key in ("01.1", "01.2", "01.3", "04.2"):
        (patterns, targets), = E.answers(key)
        X = np.array(patterns)[:, 1:]
        for W in rng.integers(-3, 4, size=(300, len(patterns[0]))) / 2:
            assert answers._unit_outputs(W.tolist(), patterns) == pl.output(W, X).tolist()


def test_every_declared_hint_is_given_for_some_answer():
    """A hint no answer can reach would be a check that cannot fail: each is reached here."""
    reached = {
        ("07.2", "near"): E.verdict("07.2", 0.0118),
        ("08.1", "equals"): E.verdict("08.1", 1024),
        ("08.2", "below"): E.verdict("08.2", 10),
        ("08.2", "above"): E.verdict("08.2", 120),
        ("09.3", "below"): E.verdict("09.3", 2),
        ("09.3", "above"): E.verdict("09.3", 5),
        ("03.2", "extra"): E.verdict("03.2", [[0, 1, 1, 0], [1, 1, 1, 1]]),
    }
    declared = {(ex.key, condition) for ex in E.EXERCISES for f in ex.fields for condition, _, _ in f.hints}
    assert declared == set(reached)
    for (key, condition), found in reached.items():
        text = next(t for f in E.exercise(key).fields for c, _, t in f.hints if c == condition)
        assert found.status == "wrong" and found.message == text.replace("{extra}", "[1, 1, 1, 1]"), (key, found)
    for ex in E.EXERCISES:   # and each field's own hint, when it is the first wrong one
        for i, f in enumerate(ex.fields):
            if f.kind == "code":
                continue
            values = list(E.answers(ex.key))
            values = [_as_given(g, a) for g, a in zip(ex.fields, values)]
            values[i] = _wrong(f, values[i])
            found = E.verdict(ex.key, *values)
            assert found.status == "wrong" and found.field == f.name and found.message, (ex.key, f.name, found)


def _as_given(f, answer):
    if f.kind == "weights":
        return {"01.1": [1.5, -1, -1], "01.2": [-0.5, 1, -1], "01.3": [-1.5, 1, 1, 1], "04.2": [-0.5, 1, 0]}[
            next(ex.key for ex in E.EXERCISES if f in ex.fields)]
    return list(answer) if f.kind == "subset" else answer


def _wrong(f, value):
    if f.kind == "number":
        return value + 37 if not f.maximum else (f.minimum if value != f.minimum else f.maximum)
    if f.kind in ("vector", "weights"):
        return [v + 11 for v in value]
    if f.kind == "choice":
        return next(o for o, _ in f.options if o != value)
    return [o for o, _ in f.options if o not in value]


def test_the_code_exercises_judge_a_right_function_a_wrong_one_and_a_failing_one():
    for _, key, answer_cell, _, names in lesson_exercises():
        if key in ("02.4", "03.4"):
            for answer in answer_cell["metadata"]["answers"]:
                assert E.verdict(key, eval(answer[names[0]], {"np": np, "pl": pl})).status == "solved"
    assert E.verdict("02.4", lambda patterns, labels: [[0, 0, 0]]).status == "wrong"
    assert E.verdict("03.4", lambda x1, x2: x1 * x2).message.startswith("that is the product")
    assert E.verdict("03.4", lambda x1, x2: 1 / 0).status == "form"
    assert E.verdict("02.4", 5).status == E.form_verdict("02.4", 5).status == "form"
    assert E.form_verdict("02.4", print).status == "ready"
