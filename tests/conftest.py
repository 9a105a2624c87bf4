"""Property tests give the same verdict on every run.

By default hypothesis draws the same examples each time (derandomize), so a
green run stays green and a red one stays red, on CI and on a student's
laptop alike. For a longer exploration with fresh random examples, run
``HYPOTHESIS_PROFILE=explore python -m pytest tests`` (ten times the examples;
see properties.examples); keep any failure it finds as an explicit test.
"""
import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
