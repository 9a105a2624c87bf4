"""Execute notebooks top to bottom in a fresh kernel and save them with their outputs.

    python tools/run_notebooks.py                 # every notebook
    python tools/run_notebooks.py notebooks/02-*.ipynb

The navigation cells are brought up to date first (tools/navigation.py). Widget state is not
stored: it would be partial (GitHub cannot render it), and every lesson shows a static
counterpart of each widget instead. Without the state a widget output's model id points at
nothing, so each is replaced by one derived from the notebook's name and the widget's place:
running a lesson again then changes no line of its file unless a result changed.

Answers stay hidden until a student asks (hidden.py): a cell tagged "hide-output" (what answers a
Predict question) is stored with its outputs collapsed, and one tagged "hide-input" (an exercise's
check) with its code collapsed, in the metadata JupyterLab and JupyterLite honour when they open it.
"""
import hashlib
import sys
import time
from pathlib import Path

import nbclient
import nbformat

sys.path.insert(0, str(Path(__file__).parent))
import hidden  # noqa: E402
import navigation  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def run(path):
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.store_widget_state = False
    client.record_timing = False  # timings would change every run and clutter the diffs
    start = time.perf_counter()
    client.execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    stable_widget_ids(notebook, path.name)
    hidden.collapse(notebook)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def stable_widget_ids(notebook, name):
    """Replace the random model id of every widget output by a hash of the notebook's name and a count."""
    views = [output["data"][WIDGET_VIEW] for cell in notebook.cells if cell.cell_type == "code"
             for output in cell.outputs if WIDGET_VIEW in output.get("data", {})]
    for count, view in enumerate(views):
        view["model_id"] = hashlib.sha256(f"{name}:{count}".encode()).hexdigest()[:32]
    return len(views)


def main(paths):
    navigation.update()
    paths = [Path(p) for p in paths] or sorted(navigation.NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    for path in paths:
        print(f"{path.name}: executed in {run(path.resolve()):.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
