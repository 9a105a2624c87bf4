import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import os  # noqa: E402
import subprocess  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def pages_site(tmp_path_factory):
    """The lessons' pages alone (no JupyterLite, no decks), built once for the tests of the pages' forms; or, with
    PERCEPTRON_SITE, a site built before."""
    from test_notebooks_in_browser import _require_browser
    _require_browser()
    if os.environ.get("PERCEPTRON_SITE"):
        return Path(os.environ["PERCEPTRON_SITE"])
    folder = tmp_path_factory.mktemp("pages") / "site"
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, str(root / "tools" / "website.py"), "--pages-only", "--output", str(folder)],
                   check=True, cwd=root)
    return folder
