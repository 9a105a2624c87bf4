"""The course website as a student meets it: build time, each page's weight, first picture and first click.

    python benchmarks/site.py [--site build/site] [--pages 02-learning-rule index] [--lite]

- build: seconds for each part of `tools/website.py` (the JupyterLite site with the local
  Pyodide, the decks, the pages), unless --site names a site built before;
- weight: each page's HTML, and everything the browser fetched to show it (kB, and how many
  requests), on a first visit;
- picture: seconds from opening the page's address (1280×720, Chromium) until the first picture
  of a lesson (a figure or a player's picture) is decoded and on the page;
- click: seconds from opening the address until the first player's "next" has been clicked and
  its new picture is on the page (pages with a player);
- "cold" is a first visit (a new browser profile, nothing cached), "warm" the same page opened
  again in that browser.

The site is served from 127.0.0.1 (tools/jupyterlite.py's server, which sends Cache-Control as GitHub
Pages does) and every request leaving 127.0.0.1 is refused. --lite also measures the same lesson
in the site's JupyterLite (benchmarks/first_step.py's measure, cold and warm), beside it; without
it the README's JupyterLite figures stand beside. Prints the target too: first click within 2 s cold.
"""
import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from jupyter import ROOT  # noqa: E402
import lite  # noqa: E402
import website  # noqa: E402

TARGET_CLICK = 2.0
PICTURE = """() => {
  const img = document.querySelector('.bd-article .cell_output img:not(.formula)');
  return !!(img && img.complete && img.naturalWidth > 0);
}"""
ANSWERED = """([before]) => {
  const player = document.querySelector('.perceptron-playable');
  const img = player && player.querySelector('img');
  return !!(img && img.getAttribute('src') !== before && img.complete &&
            /^step 1 of/.test(player.querySelector('.step').textContent));
}"""


def build(folder):
    times = website.build(folder, pyodide=lite.PYODIDE)
    return folder, times


def visit(page, url, picture=True):
    """Seconds from opening `url` to its first picture and to its first player's answered click; bytes fetched."""
    fetched = []

    def note(request):
        fetched.append(request)
    page.on("requestfinished", note)
    times = {}
    start = time.monotonic()
    page.goto(url, wait_until="commit")
    if picture:
        page.wait_for_function(PICTURE, polling="raf", timeout=60_000)
        times["picture"] = time.monotonic() - start
    if page.locator(".perceptron-playable").count():
        player = page.locator(".perceptron-playable").first
        button = player.get_by_role("button", name="next")
        button.wait_for(timeout=60_000)
        before = player.locator("img").get_attribute("src")
        button.click()
        page.wait_for_function(ANSWERED, arg=[before], polling="raf", timeout=60_000)
        times["click"] = time.monotonic() - start
    page.wait_for_load_state("load")
    size = 0
    for request in fetched:
        try:
            size += request.sizes()["responseBodySize"]
        except Exception:   # a request the page dropped
            pass
    page.remove_listener("requestfinished", note)
    return times, size, len(fetched)


def measure(site, pages):
    results = {}
    with lite.serve(site) as base:
        for name, page in lite.first_visits(base, pages):
            url = f"{base}/{name}.html"
            picture = "data:image/png" in (site / f"{name}.html").read_text(encoding="utf-8")
            cold, size, count = visit(page, url, picture)
            page.goto("about:blank")
            warm, _, _ = visit(page, url, picture)
            results[name] = {"cold": cold, "warm": warm, "fetched": size, "requests": count,
                             "html": (site / f"{name}.html").stat().st_size}
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=None, help="a site built before (tools/website.py)")
    parser.add_argument("--pages", nargs="*", default=None, help="page names (default: every lesson's)")
    parser.add_argument("--lite", action="store_true", help="measure lesson 02 in the site's JupyterLite too")
    args = parser.parse_args()
    pages = args.pages or [website.page_name(p.name) for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))]
    with tempfile.TemporaryDirectory() as tmp:
        if args.site:
            site = args.site
        else:
            site, times = build(Path(tmp) / "site")
            print("build: " + ", ".join(f"{part} {seconds:.0f} s" for part, seconds in times.items())
                  + f"; in all {sum(times.values()):.0f} s")
        size, files = lite.jupyterlite.site_size(site)
        print(f"site: {size / 1e6:.0f} MB in {files} files")
        results = measure(site, pages)
        print(f"{'page':24} {'HTML kB':>8} {'fetched kB':>11} {'requests':>9}   picture cold/warm   click cold/warm")
        for name, r in results.items():
            click = (f"{r['cold']['click']:5.2f} / {r['warm']['click']:5.2f} s" if "click" in r["cold"] else "    -")
            picture = (f"{r['cold']['picture']:5.2f} / {r['warm']['picture']:5.2f} s" if "picture" in r["cold"]
                       else "    -          ")
            print(f"{name:24} {r['html'] / 1e3:8.0f} {r['fetched'] / 1e3:11.0f} {r['requests']:9d}   "
                  f"{picture}   {click}")
        clicks = {name: r["cold"]["click"] for name, r in results.items() if "click" in r["cold"]}
        for name, seconds in clicks.items():
            print(f"first click on {name}, cold: {seconds:.2f} s = {seconds / TARGET_CLICK:.2f} of the "
                  f"{TARGET_CLICK:.0f} s target")
        if args.lite:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            import first_step  # noqa: E402  (beside this file)
            lesson = "02-learning-rule.ipynb"
            lite_results, _ = first_step.measure_lite([lesson], Path(tmp) / "lite")
            for when, times in lite_results[lesson].items():
                print(f"JupyterLite {lesson} {when}: {first_step.row(times)}")
                if "step" in times and "click" in results.get("02-learning-rule", {}).get(when, {}):
                    print(f"  the page answers its first click {times['step'] / results['02-learning-rule'][when]['click']:.0f}"
                          " times sooner")


if __name__ == "__main__":
    main()
