"""The exercises on the lessons' pages, checked with no Python: time from a click on Check to the verdict shown.

    python benchmarks/page_checks.py [--site build/site] [--clicks 10]

The lessons' pages are built (pages only, tools/website.py) unless --site names a site built before, and
served from 127.0.0.1 to Chromium at 1280×720. On each lesson's page, every exercise's form (all but the
code exercises) is filled in, right and wrong answers in turn, and the browser times each click on Check:
from the click to the verdict's new lines in the live region (a MutationObserver), and to the next frame
(requestAnimationFrame: the verdict on screen). The first click on a page also reads the lesson's data.

Alongside, on the same page and between the same clicks, a reference run: a plain button whose click
only writes one line into a live region of its own, the browser's cost of a click that shows a line,
with nothing judged. Prints, per lesson and over all, the median and worst of both times, the medians'
ratios to the reference's, and the worst time to the screen against the 100 ms target.
"""
import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from jupyter import ROOT, chromium  # noqa: E402
import assignments  # noqa: E402
import lite  # noqa: E402
import website  # noqa: E402

from perceptron_lib.course import exercises  # noqa: E402

TARGET_MS = 100
LESSONS = sorted((ROOT / "notebooks").glob("0[1-9]-*.ipynb"))
# Time `clicks` clicks on the form's Check (answers `entries[i % 2]` put in first) and as many on the reference
# button, in turn: [[ms to the verdict's lines, ms to the next frame], ...] for each.
TIME_CLICKS = """async ([key, entries, clicks]) => {
  const form = document.querySelector(`form.perceptron-exercise[data-key="${key}"]`);
  const reference = document.createElement('button'), said = document.createElement('div');
  reference.type = 'button';
  reference.textContent = 'reference';
  said.setAttribute('role', 'status');
  reference.addEventListener('click', () => {
    const line = document.createElement('p');
    line.textContent = '✓ reference';
    said.replaceChildren(line);
  });
  form.after(reference, said);
  form.scrollIntoView({block: 'center'});
  const put = (answers) => answers.forEach((entry, i) => {
    const box = form.querySelectorAll('[data-field]')[i];
    const inputs = [...box.querySelectorAll('input')];
    if (typeof entry === 'string') { inputs[0].value = entry; return; }
    inputs.forEach((input, j) => { input.checked = Array.isArray(entry) ? entry.includes(j) : j === entry; });
  });
  const time = async (button, region) => {
    const changed = new Promise(resolve => {
      const watch = new MutationObserver(() => { watch.disconnect(); resolve(performance.now()); });
      watch.observe(region, {childList: true, subtree: true, characterData: true});
    });
    const start = performance.now();
    button.click();
    const shown = await changed;
    await new Promise(resolve => requestAnimationFrame(() => resolve()));
    return [shown - start, performance.now() - start];
  };
  const pause = () => new Promise(resolve => setTimeout(resolve, 40 + 20 * Math.random()));   // a student's pace
  const checks = [], references = [];
  for (let i = 0; i < clicks; i++) {
    put(entries[i % entries.length]);
    await pause();   // each click at some moment of a frame, both alike
    checks.push(await time(form.querySelector('button.perceptron-check'), form.querySelector('.perceptron-verdict')));
    await pause();
    references.push(await time(reference, said));
  }
  reference.remove();
  said.remove();
  return {checks, references, status: form.dataset.status};
}"""


def entries(key, answer_cell):
    """(right answers, wrong answers) as the page's judging takes them, from the page's data (a unit's weights from
    the answer cell's metadata, which the data does not hold)."""
    given = answer_cell["metadata"]["answers"][0]
    right, wrong = [], []
    for f, data in zip(exercises.exercise(key).fields, exercises.page_data(key)["fields"]):
        answer = data.get("answer")
        if f.kind == "number":
            right.append(repr(answer))
            wrong.append(repr(answer * 2 + 1))
        elif f.kind in ("vector", "weights"):
            right.append(json.dumps(answer) if f.kind == "vector" else given[f.name])
            wrong.append(json.dumps([1e3] * f.length))
        elif f.kind == "choice":
            index = next(i for i, (option, _) in enumerate(data["options"]) if option == answer)
            right.append(index)
            wrong.append((index + 1) % len(data["options"]))
        else:
            chosen = [i for i, (option, _) in enumerate(data["options"]) if option in answer]
            right.append(chosen)
            wrong.append([i for i in range(len(data["options"])) if i not in chosen])
    return right, wrong


def measure(site, clicks):
    """{lesson stem: {"checks": [[ms, ms]], "references": [[ms, ms]], "first": ms}}."""
    results = {}
    with lite.serve(site) as base, chromium(1280, 720) as page:
        outside = lite.keep_local(page, base)
        for lesson in LESSONS:
            notebook = json.loads(lesson.read_text(encoding="utf-8"))
            page.goto(f"{base}/{lesson.stem}.html")
            page.wait_for_load_state("load")
            found = {"checks": [], "references": [], "first": None}
            for k, (answer, _, _) in enumerate(assignments.exercises(notebook), 1):
                key = f"{lesson.name[:2]}.{k}"
                if any(f.kind == "code" for f in exercises.exercise(key).fields):
                    continue
                timed = page.evaluate(TIME_CLICKS, [key, list(entries(key, notebook["cells"][answer])), clicks])
                if timed["status"] not in ("solved", "wrong"):
                    raise RuntimeError(f"exercise {key}: its last check said {timed['status']!r}")
                if found["first"] is None:
                    found["first"] = timed["checks"][0][1]
                found["checks"] += timed["checks"]
                found["references"] += timed["references"]
            results[lesson.stem] = found
        if outside:
            raise RuntimeError(f"requests left 127.0.0.1: {outside[:3]}")
    return results


def row(name, checks, references):
    median = [statistics.median(times[i] for times in checks) for i in (0, 1)]
    worst = [max(times[i] for times in checks) for i in (0, 1)]
    reference = [statistics.median(times[i] for times in references) for i in (0, 1)]
    return (f"{name:24} {len(checks):6d} {median[0]:6.2f} {worst[0]:7.2f} {median[1]:6.2f} {worst[1]:7.2f} "
            f"{reference[0]:9.2f} {reference[1]:7.2f} {median[0] / reference[0]:9.1f} {median[1] / reference[1]:9.2f} "
            f"{worst[1] / TARGET_MS:12.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=None, help="a site built before (tools/website.py)")
    parser.add_argument("--clicks", type=int, default=10, help="clicks on each exercise's Check (and the reference)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            times = website.build(site, notebooks=LESSONS, lite=False, decks=False)
            print(f"pages built in {times['pages']:.0f} s")
        results = measure(site, args.clicks)
    print("ms from a click to the verdict's lines in the live region (lines), and to the frame that shows them "
          "(screen): Check, and the reference alongside (a click that only writes a line)")
    print(f"{'lesson':24} {'clicks':>6} {'lines':>6} {'worst':>7} {'screen':>6} {'worst':>7} {'ref lines':>9} "
          f"{'screen':>7} {'lines/ref':>9} {'screen/ref':>9} {'worst/100ms':>12}")
    for name, found in results.items():
        if found["checks"]:
            print(row(name, found["checks"], found["references"]))
    every = [c for found in results.values() for c in found["checks"]]
    print(row("all", every, [r for found in results.values() for r in found["references"]]))
    firsts = [found["first"] for found in results.values() if found["first"] is not None]
    print(f"first check on a page (reads the lesson's data too): median {statistics.median(firsts):.2f} ms, "
          f"worst {max(firsts):.2f} ms = {max(firsts) / TARGET_MS:.3f} of the {TARGET_MS} ms target")


if __name__ == "__main__":
    main()
