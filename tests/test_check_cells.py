"""Every exercise's check cell answers any input with a hint, never a traceback.

A lesson is run top to bottom in a fresh Python (an IPython shell, as in a kernel); at each exercise
the answer cell leaves the student's names (my_...) at None, and the check cell after it is run
again with each of a dozen wrong answers in their place: a number where a list was asked, a string,
a list too short or too long, a bool, a nested list, None inside a list. None of them may raise.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))

PROBE = r'''
import contextlib, io, json, re, sys
import matplotlib
matplotlib.use("Agg")
from IPython.core.interactiveshell import InteractiveShell
WRONG = [5, "abc", [1, 2], [1, 2, 3, 4, 5], True, [[1, 2]], 2.5, -3, [None, None], ("a", "b"), {"w": 1}, [[0, 1, 1, 0], 7]]
shell = InteractiveShell.instance()
cells = json.load(open(sys.argv[1], encoding="utf-8"))["cells"]
names, found = [], []
for i, cell in enumerate(cells):
    if cell["cell_type"] != "code":
        continue
    source = "".join(cell["source"])
    with contextlib.redirect_stdout(io.StringIO()):
        result = shell.run_cell(source, silent=True)
    if result.error_in_exec is not None:
        found.append([i, "as committed", repr(result.error_in_exec)])
    assigned = [name for line in source.splitlines() if line.startswith("my_") and "None" in line
                for name in re.findall(r"my_\w+", line.split("=")[0])]
    if assigned:
        names = assigned
        continue
    if names and "Checks(" in source and any(name in source for name in names):
        for wrong in WRONG:
            shell.user_ns.update({name: wrong for name in names})
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                result = shell.run_cell(source, silent=True)
            if result.error_in_exec is not None:
                found.append([i, repr(wrong), f"{type(result.error_in_exec).__name__}: {result.error_in_exec}"])
        shell.user_ns.update({name: None for name in names})
        names = []
print(json.dumps(found))
'''


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem[:2])
def test_no_check_cell_answers_a_wrong_answer_with_a_traceback(lesson):
    done = subprocess.run([sys.executable, "-c", PROBE, str(lesson)], cwd=lesson.parent, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    raised = json.loads(done.stdout.strip().splitlines()[-1])
    assert raised == [], f"{lesson.name}: check cells that raised (cell, answer, error): {raised[:5]}"
