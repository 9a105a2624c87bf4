"""The exercises on the lessons' pages, checked with no Python, give Python's verdict (issue 41, item 2).

The lessons' pages are built (no JupyterLite, no decks; or PERCEPTRON_SITE, a site built before) and
served from 127.0.0.1, as tests/e2e/test_site.py serves the whole site. For every exercise of lessons
01-09 that is not code, its form is filled in and checked as a student does (typed, ticked, Check
clicked, the live region read) with the right answers (the page's data and the answer cell's metadata,
at the precision the lesson asks for), wrong ones, empty ones, "abc" and NaN; and the page's judging
function (window.perceptronExercises.verdict) is given 200 random answers per numeric exercise, near
the answer and far from it, seeded. Each verdict, its status, marks, message and field, and each line
the page shows, is compared with perceptron_lib.course.exercises (`verdict`, and what `check` prints) on the
same answers as Python values: "0.22" is 0.22, "[1, 0, -1]" is [1.0, 0.0, -1.0], an empty box None (a
subset with nothing ticked []), "abc" is "abc" and "NaN" float("nan"). The missing answer's sentence
differs on purpose (the page asks for its box, not for the cell above). Then: axe finds no serious
violation on pages with forms, light or dark; the form works from the keyboard alone; a solved
exercise is recorded in localStorage, other keys kept; a code exercise links the live lesson.
"""
import ast
import contextlib
import io
import json
import math
import random
import re
import struct
import sys

import pytest

from jupyter import ROOT, chromium, wait_for_animations
from lite import keep_local
from test_accessibility import serious_violations
from test_site import open_page, served  # noqa: F401  (the fixture: serves this module's `site`)

from perceptron_lib.course import answers, exercises as E

sys.path.insert(0, str(ROOT / "tools"))
import assignments  # noqa: E402

LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
NUMBER = re.compile(answers.NUMBER.pattern, re.ASCII)   # as the page reads it: ASCII digits
TEXT_KINDS = ("number", "vector", "weights")
NOT_NUMBERS = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}
MISSING = "Fill in every answer first."
RANDOM_ANSWERS = 200
# Typed text that is not a number, or a number in a form a student may not expect to work
ODD_TEXTS = ["", " ", "abc", "NaN", "nan", "inf", "-Infinity", "1..2", "1e", "--1", "1,5", ".", "e5", "1 2", "0x10",
             "½", "1_000", "١٢", "[1]", "1/2", "2*3", "1e400", "-1e400", "1e-400", "0", "-0", "+.5", "5.", "00012",
             "−3", " 7 ", "\t2"]
VERDICT = "([key, cases]) => cases.map(c => [perceptronExercises.verdict(key, c), perceptronExercises.lines(key, c)])"


@pytest.fixture(scope="module")
def site(pages_site):
    """The lessons' pages (conftest.py), served by test_site's `served`."""
    return pages_site


def lesson_keys(path):
    """[(exercise key, its answer cell)] of lesson `path`."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [(f"{path.name[:2]}.{k}", notebook["cells"][answer])
            for k, (answer, _, _) in enumerate(assignments.exercises(notebook), 1)]


def is_code(key):
    return any(f.kind == "code" for f in E.exercise(key).fields)


# --- What was typed, as Python values ----------------------------------------------------------------------

def python_value(f, entry):
    """The Python value of a page's entry for field `f`: a box's text, a chosen option's index, ticked indices."""
    if f.kind == "choice":
        return None if entry is None else f.options[entry][0]
    if f.kind == "subset":
        return [f.options[i][0] for i in entry]
    text = entry.replace("−", "-").strip()
    if text == "":
        return None
    if text.lower() in NOT_NUMBERS:
        return float(text)
    if f.kind == "number":
        return float(text) if NUMBER.fullmatch(text) else entry
    inner = re.fullmatch(r"\[(.*)\]|\((.*)\)", text)
    if inner:
        text = (inner.group(1) if inner.group(1) is not None else inner.group(2)).strip()
    items = re.split(r"\s*,\s*|\s+", text) if text else []
    return [float(item) for item in items] if all(NUMBER.fullmatch(item) for item in items) else entry


def python_verdict(key, entries):
    """Python's verdict and the lines `check` prints, on the same answers."""
    values = [python_value(f, entry) for f, entry in zip(E.exercise(key).fields, entries)]
    found = E.verdict(key, *values)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        E.check(key, *values)
    return found, printed.getvalue().rstrip("\n").split("\n")


def differences(key, entries, page_verdict, page_lines):
    """What the page said that Python does not say for `entries`, or None."""
    found, lines = python_verdict(key, entries)
    said = {"status": found.status, "marks": list(found.marks), "message": found.message, "field": found.field}
    if found.status == "missing":
        said["message"], lines = MISSING, [MISSING]
    if page_verdict != said or page_lines != lines:
        return {"key": key, "entries": entries, "page": [page_verdict, page_lines], "python": [said, lines]}
    return None


# --- The answers to try --------------------------------------------------------------------------------------

def option_index(f, value):
    """The index of the option of `f` that is `value` (a list read from the metadata is a tuple's option)."""
    value = tuple(value) if isinstance(value, list) else value
    return next(i for i, (option, _) in enumerate(f.options) if type(option) is type(value) and option == value)


def typed(f, expression):
    """The page's entry for an answer written as Python (the answer cell's metadata): its text as it is if the page
    reads it so, else the number or list it computes (the answer "0.119 * (0.881 * 0.119)")."""
    if f.kind == "choice":
        return option_index(f, ast.literal_eval(expression))
    if f.kind == "subset":
        return sorted(option_index(f, item) for item in ast.literal_eval(expression))
    if not isinstance(python_value(f, expression), str):
        return expression
    value = eval(expression, {"__builtins__": {}})   # the lesson's own metadata: arithmetic on numbers
    return f"[{', '.join(map(repr, map(float, value)))}]" if isinstance(value, (list, tuple)) else repr(float(value))


def right_entry(field_data, f):
    """The right answer from the page's data, typed in full precision (None for weights: the data has none)."""
    answer = field_data.get("answer")
    if f.kind == "number":
        return repr(answer)
    if f.kind == "vector":
        return "[" + ", ".join(map(repr, answer)) + "]"
    if f.kind == "choice":
        return option_index(f, answer)
    if f.kind == "subset":
        return sorted(option_index(f, item) for item in answer)
    return None


def wrong_entry(field_data, f, right):
    answer = field_data.get("answer")
    if f.kind == "number":
        return str(answer + 1) if f.whole else repr(answer * 2 + 1)
    if f.kind == "vector":
        return "[" + ", ".join(repr(a + 1) for a in answer) + "]"
    if f.kind == "weights":
        return "[" + ", ".join(["0"] * f.length) + "]"
    if f.kind == "choice":
        return (right + 1) % len(f.options)
    return [i for i in range(len(f.options)) if i not in right]


def empty_entry(f):
    return None if f.kind == "choice" else [] if f.kind == "subset" else ""


def listed_cases(key, answer_cell):
    """The answers each form is given: right (the data's, the metadata's), wrong, empty, "abc", NaN."""
    data, fields = E.page_data(key), E.exercise(key).fields
    metadata = [[typed(f, given[f.name]) for f in fields] for given in answer_cell["metadata"]["answers"]]
    right = [right_entry(d, f) for d, f in zip(data["fields"], fields)]
    right = [r if r is not None else metadata[0][i] for i, r in enumerate(right)]
    wrong = [wrong_entry(d, f, r) for d, f, r in zip(data["fields"], fields, right)]
    cases = [right, *metadata, wrong, [empty_entry(f) for f in fields]]
    for i, f in enumerate(fields):
        swap = lambda entry: right[:i] + [entry] + right[i + 1:]   # noqa: E731  (field i alone differs)
        if len(fields) > 1:
            cases += [swap(wrong[i]), swap(empty_entry(f))]
        if f.kind in TEXT_KINDS:
            cases += [swap("abc"), swap("NaN")]
        if f.kind == "subset":
            cases += [swap(list(range(len(f.options))))]
    return cases


def number_text(rng, x, exact=False):
    """A way a student may type the number `x`."""
    if exact:
        return repr(float(x))
    style = rng.randrange(6)
    text = (repr(float(x)), f"{x:.{rng.randrange(0, 6)}f}", f"{x:.{rng.randrange(0, 5)}e}", f"{x:g}",
            str(int(round(x))) if abs(x) < 1e15 else repr(x), f"{x:.{rng.randrange(1, 17)}g}")[style]
    if rng.random() < 0.1:
        text = text.replace("-", "−")
    if rng.random() < 0.05 and not text.startswith("-"):
        text = "+" + text
    if rng.random() < 0.1:
        text = " " + text + "  "
    return text


def random_number(rng, f, answer):
    """A number near the answer (within its tolerance, at its edge, a few tolerances off) or far from it."""
    allowed = max(f.tolerance, f.relative * abs(answer))
    step = allowed if allowed > 0 else 1
    kind = rng.random()
    if kind < 0.3:
        value = answer + rng.uniform(-2, 2) * step
    elif kind < 0.4:   # at the edge of the tolerance, a few units in the last place either side
        value = answer + rng.choice([-1, 1]) * allowed
        for _ in range(abs(shift := rng.randint(-3, 3))):
            value = math.nextafter(value, math.copysign(math.inf, shift))
        return number_text(rng, value, True)
    elif kind < 0.55:
        value = answer + rng.uniform(-20, 20) * max(allowed, 1e-3)
    elif kind < 0.65:
        special = [p for c, p, _ in f.hints if c == "equals"] + [v + d for v in (f.minimum, f.maximum) if v is not None
                                                                   for d in (-1, 0, 1)]
        value = rng.choice(special or [0])
    else:
        value = rng.choice([-1, 1]) * 10 ** rng.uniform(-6, 7)
    if f.whole and rng.random() < 0.85:
        value = round(value)
    return number_text(rng, value)


def random_vector(rng, f, base):
    """A list of numbers near `base` (the answer, or right weights) or not, in one of the forms a page reads."""
    items = []
    for b in base:
        kind = rng.random()
        value = (b if kind < 0.3 else b + rng.uniform(-2, 2) * f.tolerance if kind < 0.5 else b + rng.randint(-2, 2)
                 if kind < 0.7 else rng.randint(-6, 6) / 2 if kind < 0.9 else rng.uniform(-1e3, 1e3))
        items.append(number_text(rng, value, exact=kind < 0.5))
    odd = rng.random()
    if odd < 0.08:
        items = items[:-1] if rng.random() < 0.5 else items + ["1"]
    elif odd < 0.12:
        items[rng.randrange(len(items))] = rng.choice(["abc", "", "nan", "1e400", "1,5"])
    text = rng.choice([", ", ",", " ", " , ", "  "]).join(items)
    opening, closing = rng.choice([("[", "]"), ("(", ")"), ("", ""), ("[", ")"), ("[", "")])
    return opening + text + closing


def random_cases(key, answer_cell, rng):
    """RANDOM_ANSWERS random entries for a numeric exercise (every field a number, vector or weights)."""
    data, fields = E.page_data(key), E.exercise(key).fields
    given = answer_cell["metadata"]["answers"][0]
    cases = []
    for _ in range(RANDOM_ANSWERS):
        entry = []
        for d, f in zip(data["fields"], fields):
            if rng.random() < 0.06:
                entry.append(rng.choice(ODD_TEXTS))
            elif f.kind == "number":
                entry.append(random_number(rng, f, d["answer"]))
            else:
                base = d["answer"] if f.kind == "vector" else python_value(f, typed(f, given[f.name]))
                entry.append(random_vector(rng, f, base))
        cases.append(entry)
    return cases


# --- The page ------------------------------------------------------------------------------------------------

FILL = """(form) => {
  form.reset(); delete form.dataset.status; form.querySelector('.perceptron-verdict').replaceChildren(); }"""
SAID = """(form) => [form.dataset.status, [...form.querySelectorAll('.perceptron-verdict p')].map(p => p.textContent)]"""


def check_on_page(page, key, entries):
    """Fill in exercise `key`'s form as a student does, click Check, and read the live region: (status, lines)."""
    form = page.locator(f'form.perceptron-exercise[data-key="{key}"]')
    form.evaluate(FILL)    # a fresh form: empty boxes, nothing chosen
    for f, entry in zip(E.exercise(key).fields, entries):
        field = form.locator(f'[data-field="{f.name}"]')
        if f.kind in TEXT_KINDS:
            field.locator("input").fill(entry)
        elif f.kind == "choice" and entry is not None:
            field.locator("input").nth(entry).check()
        elif f.kind == "subset":
            for i in entry:
                field.locator("input").nth(i).check()
    form.get_by_role("button", name="Check").click()
    form.locator(".perceptron-verdict p").first.wait_for(state="attached")
    return form.evaluate(SAID)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem[:2])
def test_each_form_gives_pythons_verdict_on_right_wrong_empty_and_unreadable_answers(served, lesson):  # noqa: F811
    found, checked = [], 0
    with chromium(1280, 720) as page:
        outside = keep_local(page, served)
        open_page(page, served, lesson.stem)
        for key, answer_cell in lesson_keys(lesson):
            if is_code(key):
                continue
            for entries in listed_cases(key, answer_cell):
                status, lines = check_on_page(page, key, entries)
                direct = page.evaluate(VERDICT, [key, [entries]])[0]
                assert direct[0]["status"] == status and direct[1] == lines    # the form says what the function says
                found.append(differences(key, entries, *direct))
                checked += 1
    assert outside == []
    assert checked >= 4 and [d for d in found if d] == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem[:2])
def test_the_pages_judging_gives_pythons_verdict_on_200_random_answers_per_numeric_exercise(served, lesson):  # noqa: F811
    found, statuses = [], {}
    with chromium(1280, 720) as page:
        open_page(page, served, lesson.stem)
        for key, answer_cell in lesson_keys(lesson):
            if not all(f.kind in TEXT_KINDS for f in E.exercise(key).fields):
                continue
            cases = random_cases(key, answer_cell, random.Random(key))
            for entries, (verdict, lines) in zip(cases, page.evaluate(VERDICT, [key, cases])):
                found.append(differences(key, entries, verdict, lines))
                statuses[verdict["status"]] = statuses.get(verdict["status"], 0) + 1
    wrong = [d for d in found if d]
    assert wrong == [], f"{len(wrong)} of {len(found)} differ; first: {wrong[:3]}"
    if found:   # the random answers reach every way a verdict can go
        assert {"wrong", "form", "solved"} <= set(statuses), statuses


def test_the_page_shows_numbers_as_pythons_format_g(served):  # noqa: F811
    rng = random.Random(0)
    values = [123456.5, 1234565.0, 999999.5, 0.0001, 0.00001, 1e16, 5e-324, -0.0, 0.0, 0.1, 1 / 3, 2.5, 0.5, 1e-4,
              9.999995e-5, 99999.95, 1.5e300, -2.25e-310]
    values += [struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0] for _ in range(2000)]
    values += [rng.randint(-10 ** 9, 10 ** 9) / 10 ** rng.randint(0, 9) for _ in range(2000)]
    values = [v for v in values if math.isfinite(v)]
    with chromium(1280, 720) as page:
        open_page(page, served, "05-convergence-theorem")
        shown = page.evaluate("(values) => values.map(perceptronExercises.formatG)", values)
    assert [(v, s) for v, s in zip(values, shown) if s != format(v, "g")] == []


def type_into(page, selector, text, limit=1000):
    """Tab until `selector` has the focus, as a student without a mouse does, then type `text`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            page.keyboard.type(text)
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_form_works_from_the_keyboard_alone(served):  # noqa: F811
    with chromium(1280, 720) as page:
        open_page(page, served, "05-convergence-theorem")
        page.locator("#perceptron-05-1-my_R").evaluate("box => box.scrollIntoView()")
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        type_into(page, "#perceptron-05-1-my_R", "1.732")
        for box, text in (("my_gamma", "0.3"), ("my_bound", "50.8")):
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.activeElement.id") == f"perceptron-05-1-{box}"
            page.keyboard.type(text)
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Check"
        assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "solid"
        region = page.locator('form[data-key="05.1"] [role="status"]')
        page.keyboard.press("Enter")
        assert region.locator("p").nth(1).text_content() == "✗ γ = 0.3"
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Control+a")
        page.keyboard.type("0.243")
        page.keyboard.press("Enter")    # Enter in a box checks too
        assert region.locator("p").nth(1).text_content() == "✓ γ = 0.243"
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        assert region.locator("p").first.text_content() == "✓ R = 1.732"
        assert page.locator('form[data-key="05.1"]').get_attribute("data-status") == "solved"
        # a choice: Tab into the radio buttons, Space chooses, Tab to Check, Space checks
        page.locator("#perceptron-05-3-title").evaluate("title => title.scrollIntoView()")
        type_into(page, "input[name='perceptron-05-3-my_breaks_honavar']", " ")
        page.keyboard.press("ArrowDown")   # the next option: False
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        assert page.locator('form[data-key="05.3"] [role="status"] p').first.text_content() == \
            "✓ breaks Honavar's bound = False"


def test_a_solved_exercise_is_recorded_and_every_other_key_kept(served):  # noqa: F811
    with chromium(1280, 720) as page:
        open_page(page, served, "08-capacity")
        page.evaluate("""() => localStorage.setItem('perceptron-course',
            JSON.stringify({predictions: {'08-capacity#1': 'a half'}, solved: {'05.1': true}, other: 1}))""")
        check_on_page(page, "08.1", ["1024"])     # wrong: nothing recorded
        assert json.loads(page.evaluate("() => localStorage.getItem('perceptron-course')"))["solved"] == {"05.1": True}
        page.evaluate("() => { window.heard = []; "
                      "window.addEventListener('perceptron-course', e => window.heard.push(e.detail)); }")
        assert check_on_page(page, "08.1", ["260"])[0] == "solved"
        assert json.loads(page.evaluate("() => localStorage.getItem('perceptron-course')")) == \
            {"predictions": {"08-capacity#1": "a half"}, "solved": {"05.1": True, "08.1": True}, "other": 1}
        assert page.evaluate("() => window.heard") == [{"solved": "08.1"}]
        page.evaluate("() => localStorage.setItem('perceptron-course', 'not JSON')")
        check_on_page(page, "08.1", ["260"])
        assert json.loads(page.evaluate("() => localStorage.getItem('perceptron-course')")) == {"solved": {"08.1": True}}


def test_a_solved_exercise_says_so_after_a_reload_and_forget_my_answers_clears_it(served):  # noqa: F811
    with chromium(1280, 720) as page:
        open_page(page, served, "08-capacity")
        page.evaluate("() => localStorage.removeItem('perceptron-course')")
        page.reload()
        note = page.locator('form[data-key="08.1"] .perceptron-solved-before')
        assert note.count() == 0
        assert check_on_page(page, "08.1", ["260"])[0] == "solved"
        assert "You have solved this exercise" in note.text_content()
        page.reload()
        assert "You have solved this exercise" in note.text_content()
        check_on_page(page, "08.1", ["1024"])
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator(".bd-sidebar-primary .perceptron-forget").get_by_role("button", name="Forget my answers").click()
        assert note.count() == 0
        assert page.locator('form[data-key="08.1"] .perceptron-verdict').text_content() == ""
        assert page.locator('form[data-key="08.1"] [aria-invalid]').count() == 0


def test_a_code_exercise_says_its_answer_is_written_in_the_live_lesson_and_links_it(served):  # noqa: F811
    with chromium(1280, 720) as page:
        for lesson, key in (("02-learning-rule", "02.4"), ("03-xor-and-cycling", "03.4")):
            open_page(page, served, lesson)
            note = page.locator(f'.perceptron-exercise-code[data-key="{key}"]')
            assert "its answer is code" in note.text_content()
            assert note.get_by_role("link", name="run this lesson live").get_attribute("href") == \
                f"lab/index.html?path={lesson}.ipynb"
            assert page.locator(f'form[data-key="{key}"]').count() == 0


@pytest.mark.parametrize("lesson", ["03-xor-and-cycling", "05-convergence-theorem"])
def test_a_page_with_forms_and_verdicts_has_no_serious_accessibility_violation_light_or_dark(served, lesson):  # noqa: F811
    found = {}
    with chromium(1280, 720) as first:
        for mode in ("light", "dark"):
            page = first.context.browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=mode)
            open_page(page, served, lesson)
            keys = [key for key, _ in lesson_keys(ROOT / "notebooks" / f"{lesson}.ipynb") if not is_code(key)]
            for n, key in enumerate(keys):    # verdicts of each kind on the page: wrong, form, solved, missing
                fields = E.exercise(key).fields
                entries = [("abc" if n % 4 == 1 else "1") if f.kind in TEXT_KINDS else
                           (0 if f.kind == "choice" and n % 4 != 3 else None) if f.kind == "choice" else [0]
                           for f in fields]
                check_on_page(page, key, entries)
            wait_for_animations(page)
            found[mode] = serious_violations(page)
    assert found == {"light": [], "dark": []}
