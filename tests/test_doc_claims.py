"""The numbers and promises of README.md and CONTRIBUTING.md are the code's (issue 43, item 7).

tests/test_docs.py checks that every module, name and command the docs mention exists; this file checks
what they say about them:

- every limit stated as "at most N", "under N" or "within N" is a known claim, checked here against the
  constant or the files it describes (`LIMITS`), or a measurement a benchmark makes (`MEASURED`): a number
  added to the docs in those words that this file does not know fails, so a new claim comes with its check;
- the line budgets: the modules the docs say stay under 700 lines do;
- a new rule edits one module and its tests: no test, and no module but rule.py, writes the package's rule
  names out as a list (they loop over `RULES`);
- CONTRIBUTING's count of what a newcomer learns before changing the rule is the number of items it lists,
  and at most 8.
"""
import ast
import re
from pathlib import Path

import pytest

from perceptron_lib.core import batch, rule, training

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
DOCS = {"README.md": README, "CONTRIBUTING.md": CONTRIBUTING}
PACKAGE = ROOT / "perceptron_lib"
LIMIT = re.compile(r"\b(?:at most|under(?: about)?|within|no more than|fewer than) (\d[\d,.]*\d|\d)(?:\s+\w+)?")


def lines(path):
    return path.read_text(encoding="utf-8").count("\n")


def lesson_length(name):
    import test_lesson_length
    return getattr(test_lesson_length, name)


def widgets_frames():
    from perceptron_lib import widgets
    return widgets.MAX_FRAMES - 1


def figure_density():
    source = (ROOT / "tests" / "e2e" / "test_figure_density.py").read_text(encoding="utf-8")
    return float(re.search(r"^MAX_ENLARGED = ([\d.]+)", source, re.M).group(1))


def modules_under(limit, names=None):
    """The modules (all of the package, or those named) with `limit` lines or more."""
    paths = sorted(PACKAGE.rglob("*.py"))
    if names is not None:
        paths = [path for path in paths if path.name in names]
        assert len(paths) == len(names), names
    return [f"{path.relative_to(ROOT)}: {lines(path)}" for path in paths if lines(path) >= limit]


PICTURE_MODULES = {"pattern_space.py", "runs.py", "weight_space.py", "experiments.py", "counts.py", "classes.py"}

# A stated limit, as the docs word it -> (what the code says, the value the words give). The key is matched
# against the text around each "at most N" / "under N" / "within N" of the docs.
LIMITS = {
    "at most 3,000,000 presentations": lambda: training.MAX_PRESENTATIONS == 3_000_000,
    "record at most\n  2,000,000": lambda: training.MAX_RECORDED == 2_000_000,
    "at most 2,000,000,000 over all its sets": lambda: batch.MAX_PRESENTATIONS == 2_000_000_000,
    "at most 79 presentations": lambda: widgets_frames() == 79,
    "at most 1,800 words": lambda: lesson_length("MAX_WORDS") == 1800,
    "at most 60 cells": lambda: lesson_length("MAX_CELLS") == 60,
    "at most 1.25 times": lambda: figure_density() == 1.25,
    "should stay under about 700 lines": lambda: modules_under(735) == [],   # "about": within 5%
    "each under 700 lines": lambda: modules_under(700, PICTURE_MODULES) == [],
    "within 4 ulps": lambda: "<= 4 * np.spacing(theirs)" in (ROOT / "tests" / "test_arithmetic.py").read_text(encoding="utf-8"),
}
# Times and sizes the benchmarks measure (never a test: a timing depends on the machine), with the script.
MEASURED = {
    "within 2 s, with no Python": "benchmarks/site.py",
    "within 0.9 s on a first visit": "benchmarks/site.py",
    "its checks under 1 ms": "benchmarks/validation_calls.py",
}
# "under" in the sense of "run by": not a limit.
NOT_LIMITS = ("under nbval", "under three kernels", "under the", "under another", "under simulated")


def stated_limits(text):
    """(the phrase, its surroundings) of every limit the text states."""
    found = []
    for match in LIMIT.finditer(text):
        around = text[max(0, match.start() - 60):match.end() + 60]
        if not match.group(0).startswith(NOT_LIMITS):
            found.append((match.group(0), around))
    return found


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_limit_the_docs_state_is_checked_here(doc):
    unknown = [phrase for phrase, around in stated_limits(DOCS[doc])
               if not any(key in around or key.replace("\n  ", " ") in around.replace("\n  ", " ")
                          for key in (*LIMITS, *MEASURED))]
    assert unknown == [], "add each to LIMITS (with its check) or MEASURED (with its benchmark)"


def test_an_unknown_limit_is_found():
    assert [phrase for phrase, _ in stated_limits("a run makes at most 12 presentations")] == ["at most 12 presentations"]
    assert stated_limits("it runs under nbval") == []


@pytest.mark.parametrize("claim", sorted(LIMITS))
def test_the_limit_holds(claim):
    assert any(claim in text for text in DOCS.values()), f"no doc says {claim!r} any more: drop it from LIMITS"
    assert LIMITS[claim](), claim


@pytest.mark.parametrize("claim", sorted(MEASURED))
def test_a_measured_claim_names_its_benchmark(claim):
    assert any(claim in text for text in DOCS.values()), f"no doc says {claim!r} any more: drop it from MEASURED"
    assert (ROOT / MEASURED[claim]).is_file()


def rule_name_lists(source):
    """The lines of a source where a list, tuple or set of string literals holds every name of RULES."""
    names = set(rule.RULES)
    return [node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, (ast.List, ast.Tuple, ast.Set))
            and names <= {element.value for element in node.elts
                          if isinstance(element, ast.Constant) and isinstance(element.value, str)}]


def test_a_new_rule_edits_rule_py_and_its_tests_only():
    """The rule names are spelled out once, in RULES: the tests and the other modules loop over it, so that adding
    a rule changes rule.py and tests/test_rule.py (CONTRIBUTING's "A new rule")."""
    files = [*sorted(PACKAGE.rglob("*.py")), *sorted((ROOT / "tests").rglob("*.py"))]
    assert [f"{path.relative_to(ROOT)}:{line}" for path in files if path.name != "rule.py"
            for line in rule_name_lists(path.read_text(encoding="utf-8"))] == []
    assert "A new rule" in CONTRIBUTING and "RULES" in CONTRIBUTING


def test_a_list_of_rule_names_is_found():
    assert rule_name_lists(f"x = 1\nNAMES = {sorted(rule.RULES)!r}\n") == [2]


def test_the_newcomers_count_of_ideas_is_the_list_it_gives():
    section = CONTRIBUTING[CONTRIBUTING.index("## Before you change the rule"):]
    section = section[:section.find("\n## ", 1)]
    stated = re.search(r"(\w+) ideas", section).group(1)
    count = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}.get(stated.lower())
    items = re.findall(r"^\d+\. ", section, re.M)
    assert count == len(items) and count <= 8, (stated, len(items))


def test_the_recorded_mutation_runs_meet_the_90_percent_contributing_states():
    """CONTRIBUTING: each of the modules that carry the rule has its own test file kill at least 90% of its
    non-equivalent mutants, in a whole run; tools/mutation_scores.json records the runs (a sample would say
    "sampled")."""
    import json
    assert "kills at least 90% of its non-equivalent mutants" in CONTRIBUTING
    assert "(core/'s rule, training, batch, trace and arithmetic, and theory/'s kernels, multiclass and voted)" in \
        " ".join(CONTRIBUTING.split())
    scores = json.loads((ROOT / "tools" / "mutation_scores.json").read_text(encoding="utf-8"))
    core = {"rule", "training", "batch", "trace", "arithmetic", "kernels", "multiclass", "voted"}
    assert core <= set(scores)
    low = {name: f"{scores[name]['killed']} of {scores[name]['non_equivalent']}" for name in core
           if scores[name]["killed"] < 0.9 * scores[name]["non_equivalent"] or "sampled" in str(scores[name]["mutants"])}
    assert low == {}
