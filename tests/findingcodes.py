"""The finding codes the engines can emit, found in ``scorer/``'s source (for the golden test
of every finding code, ``tests/test_findings_golden.py``).

A code is found where the source names it: the first argument of a call that makes a finding
(:data:`EMITTERS`: ``flag``, ``stop``, ``say``, ``halt``, ``Finding``, ``IllegalPlay``) when it
is a string (or a sum of strings, ``"BAD_" + ("X" if a else "Y")``, or ``code or "X"``); a key
of a table of templates in a ``messages.py`` module (``"CASCARE"``, ``"BAD_CASCARE.trumps"``:
the code before the variant); and every other string constant spelled like a code
(``UPPER_CASE_WITH_UNDERSCORES``: the ``MUST_*`` constants, the keys of a table of reasons,
...) except the names listed in an ``__all__``. :data:`NOT_CODES` lists the few strings
spelled like a code that are not one, each with what it is.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

__all__ = ["NOT_CODES", "SCORER", "codes_in_source"]

SCORER = Path(__file__).resolve().parent.parent / "scorer"

#: A string spelled like a finding code.
CODE_LIKE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")

#: Calls whose first argument is a finding code.
EMITTERS = frozenset({"flag", "stop", "say", "halt", "Finding", "IllegalPlay"})

#: A key of a table of templates: a code, or a code and its variant (``BAD_CASCARE.trumps``).
#: (Three letters at least: a table of one-letter court names is not one of codes.)
TEMPLATE_KEY = re.compile(r"^([A-Z][A-Z0-9]{2,}(?:_[A-Z0-9]+)*)(?:\.[\w-]+)?$")

#: Strings in ``scorer/`` spelled like a code that no finding carries, with what they are.
NOT_CODES: dict[str, str] = {}


def _strings(node: ast.expr) -> list[str] | None:
    """Every string ``node`` can be when built of string constants, ``+`` and ``a if c else
    b``; ``None`` when it is something else (a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body), _strings(node.orelse)
        return None if body is None or orelse is None else body + orelse
    if isinstance(node, ast.BoolOp):  # code or "KING_NOT_PLAYED": the strings it can be
        known = [_strings(value) for value in node.values]
        return [text for strings in known if strings for text in strings] or None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _strings(node.left), _strings(node.right)
        if left is None or right is None:
            return None
        return [a + b for a, b in itertools.product(left, right)]
    return None


def _public_names(tree: ast.Module) -> set[int]:
    """The ids of the string nodes inside the module's ``__all__``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            out |= {id(n) for n in ast.walk(node)}
    return out


def _codes_in(tree: ast.Module, templates: bool = False) -> Iterator[str]:
    """The codes named in a module; ``templates``: it holds tables of templates by code."""
    skip = _public_names(tree)
    for node in ast.walk(tree):
        if templates and isinstance(node, ast.Dict):
            for key in node.keys:
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    match = TEMPLATE_KEY.match(key.value)
                    if match:
                        yield match.group(1)
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name in EMITTERS:
                yield from _strings(node.args[0]) or ()
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and CODE_LIKE.match(node.value)
        ):
            yield node.value


def codes_in_source(root: Path = SCORER) -> dict[str, list[str]]:
    """Every finding code found under ``root``, with the files (relative to ``root``) that
    name it."""
    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for code in _codes_in(tree, templates=path.name == "messages.py"):
            if code not in NOT_CODES:
                found.setdefault(code, set()).add(str(path.relative_to(root)))
    return {code: sorted(files) for code, files in sorted(found.items())}
