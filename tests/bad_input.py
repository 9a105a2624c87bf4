"""Bad input, as tables: each case calls one public function wrongly and names the error it must raise.

A case is ``Case(name, call, error, words)``: `name` is the public function
("train", "Trace.step_text", "plotting.draw_patterns"), `call` a function of
no arguments that makes the bad call, `error` ValueError or TypeError, and
`words` the pieces the message must contain (strings, or compiled regular
expressions it must match): the parameter's name, what is allowed and what
was received. The tables live in tests/test_bad_input_*.py;
tests/test_bad_input_coverage.py checks that every public function has a case.
"""
from typing import Callable, NamedTuple

import pytest


class Case(NamedTuple):
    name: str
    call: Callable
    error: type
    words: tuple


def case(name, call, error, *words):
    return Case(name, call, error, words)


def check(case):
    """The call raises exactly case.error, and its message holds every word."""
    with pytest.raises(case.error) as info:
        case.call()
    assert type(info.value) is case.error, f"{case.name}: {type(info.value).__name__} instead of {case.error.__name__}"
    message = str(info.value)
    missing = [word for word in case.words
               if not (word.search(message) if hasattr(word, "search") else word in message)]
    assert not missing, f"{case.name}: message {message!r} lacks {missing}"


def ids(cases):
    """Readable test ids: the function's name and a running number per function."""
    seen = {}
    out = []
    for c in cases:
        seen[c.name] = seen.get(c.name, 0) + 1
        out.append(f"{c.name}-{seen[c.name]}")
    return out

