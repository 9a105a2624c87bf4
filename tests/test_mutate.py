"""tools/mutate.py: its equivalence entries each name one mutant, and its runs reach the package under test."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import mutate  # noqa: E402

MODULES = sorted({module for module, _, _ in mutate.entries()})


@pytest.mark.parametrize("module", MODULES)
def test_every_equivalence_entry_names_one_mutant_exactly(module):
    """A stale entry (its line rewritten, its function renamed) or a loose one (several changes alike) fails here."""
    found = mutate.mutants(mutate.source_path(module).read_text(encoding="utf-8"))
    for _, key, _ in mutate.entries(module):
        named = [m.name for m in found if mutate.matches(key, m.key)]
        assert len(named) == 1, f"{module}: {key} names {len(named)} mutants: {named}"


def test_a_module_is_named_by_its_file_or_its_path_in_the_folders():
    """The scores and entries name a module by its file's stem ("rule"), which no two modules share; a path with
    dots names it too, and a run goes on under the stem (its entries, its score, its test file)."""
    stems = [p.stem for p in mutate.PACKAGE.rglob("*.py") if p.name != "__init__.py"]
    assert len(stems) == len(set(stems))
    assert mutate.source_path("rule") == mutate.source_path("core.rule") == mutate.PACKAGE / "core" / "rule.py"
    assert mutate.source_path("runs") == mutate.source_path("plotting.runs") == \
        mutate.source_path("course.plotting.runs") == mutate.PACKAGE / "course" / "plotting" / "runs.py"
    assert all(mutate.source_path(module).is_file() for module in MODULES)
    for wrong in ("no_such_module", "ore.rule", "course.plotting", "plotting"):
        with pytest.raises(SystemExit, match="names 0 modules"):
            mutate.source_path(wrong)
    listed = subprocess.run([sys.executable, str(ROOT / "tools" / "mutate.py"), "core.rule", "--list"],
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert listed[0].startswith("rule.py:") and ": rule: " in listed[0]


def test_an_entry_names_its_mutant_whatever_line_it_moved_to():
    source = "def f(x):\n    return x * 2 * 3\n"
    moved = "import math\n\n\n" + source
    for text in (source, moved):
        keys = [m.key for m in mutate.mutants(text) if m.description == "Mult -> Div"]
        assert keys == [("f", "return x * 2 * 3", "Mult -> Div", 1), ("f", "return x * 2 * 3", "Mult -> Div", 2)]
    entry = ("f", "return x * 2 * 3", "Mult -> Div", None)
    assert sum(mutate.matches(entry, m.key) for m in mutate.mutants(source)) == 2    # without #n: loose, refused
    with pytest.raises(ValueError, match="names more than one"):
        outcomes = [(m.line, m.description, "survived", m.key) for m in mutate.mutants(source)]
        _score_with(outcomes, [("m", entry, "why")])


def _score_with(outcomes, entries):
    saved = mutate.entries
    mutate.entries = lambda module=None: entries
    try:
        return mutate.score("m", outcomes)
    finally:
        mutate.entries = saved


def test_the_score_leaves_out_the_one_mutant_an_entry_names():
    source = "def f(x):\n    return x * 2 * 3\n"
    outcomes = [(m.line, m.description, "survived", m.key) for m in mutate.mutants(source)]
    entry = ("f", "return x * 2 * 3", "Mult -> Div", 2)
    killed, total, survivors, equal = _score_with(outcomes, [("m", entry, "why")])
    assert len(equal) == 1 and equal[0][2] == ("f", "return x * 2 * 3", "Mult -> Div", 2)
    assert total == len(outcomes) - 1 and killed == total - len(survivors)


def test_an_entry_line_parses_back_to_its_mutant():
    found = mutate.mutants("class A:\n    def g(self, y):\n        return y < 1 and y > -1\n")
    for m in found:
        match = mutate.ENTRY.match(f"mod: {m.name}: a reason: with colons")
        assert match, m.name
        n = int(match["n"])
        assert (match["qualname"], match["code"], match["description"], n) == m.key
        assert match["reason"] == "a reason: with colons"
    assert {m.key[0] for m in found} == {"A.g"}


def test_bad_input_examples_of_a_constraint_are_not_mutated():
    source = ("def _bad(example):\n    return [((1,), TypeError)]\n"
              "X = declare.Custom(check, lambda example: [(2, ValueError)])\n"
              "Y = declare.Custom(check, _bad)\n"
              "Z = declare.Number(above=0, maximum=2)\n")
    assert [m.description for m in mutate.mutants(source)] == ["0 -> 1", "2 -> 3"]    # Z's, behaviour


def test_a_mutation_run_reaches_python_processes_the_tests_start(tmp_path, monkeypatch):
    """The child of a run names the mutated copy in PYTHONPATH, and the working directory no longer comes first."""
    import os
    copy = tmp_path / "copy"
    (copy / "perceptron_lib").mkdir(parents=True)
    (copy / "perceptron_lib" / "__init__.py").write_text("MARK = 'copy'\n")
    probe = tmp_path / "test_probe.py"
    out = tmp_path / "seen.txt"
    probe.write_text(
        "import subprocess, sys\n"
        "def test_probe():\n"
        "    seen = subprocess.run([sys.executable, '-c', 'import perceptron_lib; print(perceptron_lib.__file__)'],\n"
        f"                          capture_output=True, text=True, check=True).stdout\n"
        f"    open({str(out)!r}, 'w').write(seen)\n")
    target = copy / "perceptron_lib" / "__init__.py"
    pid = mutate._start_tests(str(copy), target, "MARK = 'copy'\n", [str(probe)], 60)
    assert mutate._outcome(os.waitpid(pid, 0)[1]) == "survived"
    assert out.read_text().strip() == str(target)
