"""Every exercise's check cell answers any input with a hint, and accepts the answer its text asks for.

A lesson is run top to bottom in a fresh Python (an IPython shell, as in a kernel). An exercise is an
answer cell that sets the student's names to None (`my_R, my_gamma = None, None`) and the check
cell after it, one call of pl.check (`pl.check("05.1", my_R, my_gamma, my_bound)`; the exercise is
declared in perceptron_lib/course/exercises.py, whose own tests try every exercise with many more inputs). At each exercise the check cell is run again:

- with each of a dozen wrong answers in the student's names (a number where a list was asked, a
  string, a list too short or too long, a bool, a nested list, None inside a list): none may raise;
- with each right answer written as the exercise's text instructs, at the least precision the text
  allows (the answer cell's metadata "answers": a list of {name: Python expression}, such as
  {"my_R": "1.732", "my_gamma": "0.243", "my_bound": "50.80"} for "three decimals are enough"):
  its output must hold a ✓, no ✗ and no "Not yet". Every answer cell must carry such answers.
"""
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))

PROBE = r'''
import contextlib, io, json, re, sys, traceback
import matplotlib
matplotlib.use("Agg")
from IPython.core.interactiveshell import InteractiveShell
WRONG = [5, "abc", [1, 2], [1, 2, 3, 4, 5], True, [[1, 2]], 2.5, -3, [None, None], ("a", "b"), {"w": 1}, [[0, 1, 1, 0], 7]]
sys.path.insert(0, sys.argv[2])
from lessons import answer_names, exercise_key   # tools/lessons.py: an exercise's answer cell, its check cell
shell = InteractiveShell.instance()
cells = json.load(open(sys.argv[1], encoding="utf-8"))["cells"]
report = {"raised": [], "rejected": [], "missing": [], "exercises": 0}


def run(source, shown=False):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        result = shell.run_cell(source, silent=not shown, store_history=shown)
    return result, out.getvalue()


names, answers, answer_cell = [], [], None
for i, cell in enumerate(cells):
    if cell["cell_type"] != "code":
        continue
    source = "".join(cell["source"])
    result, _ = run(source)
    if result.error_in_exec is not None:
        report["raised"].append([i, "as committed", repr(result.error_in_exec)])
    if answer_names(cell):
        names = answer_names(cell)
        answers, answer_cell = cell["metadata"].get("answers"), i
        report["exercises"] += 1
        if not answers:
            report["missing"].append([i, names])
        continue
    if names and exercise_key(cell) and any(name in source for name in names):
        for wrong in WRONG:
            shell.user_ns.update({name: wrong for name in names})
            result, _ = run(source)
            if result.error_in_exec is not None:
                report["raised"].append([i, repr(wrong), f"{type(result.error_in_exec).__name__}: {result.error_in_exec}"])
        for answer in answers or []:
            try:
                shell.user_ns.update({name: eval(expression, shell.user_ns) for name, expression in answer.items()})
            except Exception as error:
                report["rejected"].append([answer_cell, answer, f"the answer does not evaluate: {error!r}"])
                continue
            result, said = run(source, shown=True)
            if result.error_in_exec is not None or "✓" not in said or "✗" in said or "Not yet" in said:
                report["rejected"].append([answer_cell, answer, said.strip()[-600:] or repr(result.error_in_exec)])
        shell.user_ns.update({name: None for name in names})
        names, answers = [], []
print(json.dumps(report))
'''


@functools.cache
def probe(lesson):
    done = subprocess.run([sys.executable, "-c", PROBE, str(lesson), str(ROOT / "tools")], cwd=lesson.parent,
                          capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem[:2])
def test_no_check_cell_answers_a_wrong_answer_with_a_traceback(lesson):
    raised = probe(lesson)["raised"]
    assert raised == [], f"{lesson.name}: check cells that raised (cell, answer, error): {raised[:5]}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem[:2])
def test_every_check_cell_accepts_the_answer_its_exercise_asks_for(lesson):
    report = probe(lesson)
    assert report["exercises"] > 0, f"{lesson.name}: no exercise found (an answer cell sets my_... = None)"
    assert report["missing"] == [], (f"{lesson.name}: answer cells without their instructed answers in the "
                                     f"metadata 'answers' (cell, names): {report['missing']}")
    assert report["rejected"] == [], (f"{lesson.name}: right answers, written as the exercise asks, that its "
                                      f"check rejected (answer cell, answer, what it said): {report['rejected']}")
