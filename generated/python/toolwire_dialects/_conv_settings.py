# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Generation settings, canonical -> wire: each mapped where the dialect has it (a stop list
as one string where the wire took one, values renamed), a required one written with its
documented default, and every canonical setting the dialect has no place for a loss."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._conv_guard import setting_problem
from ._conv_layout import Setting
from ._conv_paths import get, pointer, put
from ._errors import MISSING, CanonicalError

__all__ = ["encode_settings"]


def encode_settings(
    wire: dict[str, Any],
    settings: dict[str, Any],
    layout: tuple[Setting, ...],
    forms: dict[str, Any],
    lose: Callable[[str, str], None],
) -> None:
    """A canonical setting of the wrong type (by its rule) is a CanonicalError, never sent."""
    by_root = _by_root(layout)
    for key in settings:
        if key not in by_root:
            lose("/settings" + pointer((key,)), f"the {key} setting")
    for s in layout:
        value = get(settings, s.name) if s.name[0] in settings else MISSING
        if value is MISSING:
            if forms.get(pointer(s.toks)) == "null":
                put(wire, s.toks, None)  # the dialect's own payload sent null
            elif s.required is not MISSING:
                put(wire, s.toks, s.required)
                lose(
                    "/settings" + pointer(s.name),
                    f"a request without {'.'.join(s.name)} (sent the documented default {s.required!r})",
                )
            continue
        problem = setting_problem(value, s.rule)
        if problem is not None:
            raise CanonicalError("request", ValueError(f"/settings{pointer(s.name)}: {problem}"))
        form = forms.get(pointer(s.toks), "") if forms else ""
        if s.values:
            spelled = [w for c, w in s.values if c == value]
            if not spelled:
                lose("/settings" + pointer(s.name), f"the {'.'.join(s.name)} setting {value!r}")
                continue
            nth = int(form[6:]) if form.startswith("value:") and int(form[6:]) < len(spelled) else 0
            value = spelled[nth]
        if s.encoding == "string_or_list" and form == "string" and type(value) is list and len(value) == 1:
            value = value[0]
        toks = s.toks
        if form.startswith("alias:") and int(form[6:]) <= len(s.aliases):
            toks = s.aliases[int(form[6:]) - 1]
        put(wire, toks, value)
    for key, names in by_root.items():  # a nested setting's fields the dialect has no place for
        value = settings.get(key)
        if type(value) is dict and (key,) not in names:
            for name in value:
                if (key, name) not in names:
                    lose("/settings" + pointer((key, name)), f"the {key}.{name} setting")


_ROOTS: dict[int, dict[str, set[tuple[str, ...]]]] = {}


def _by_root(layout: tuple[Setting, ...]) -> dict[str, set[tuple[str, ...]]]:
    """Canonical setting -> the names the dialect maps under it (layouts live as long as
    their module: remembered by identity)."""
    known = _ROOTS.get(id(layout))
    if known is None:
        known = _ROOTS[id(layout)] = {}
        for s in layout:
            known.setdefault(s.name[0], set()).add(s.name)
    return known
