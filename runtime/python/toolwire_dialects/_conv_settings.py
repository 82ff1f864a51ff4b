# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Generation settings, canonical -> wire: each mapped where the dialect has it (a stop list
as one string where the wire took one, values renamed), a required one written with its
documented default, and every canonical setting the dialect has no place for a loss."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._conv_layout import Setting
from ._conv_paths import get, pointer, put
from ._errors import MISSING

__all__ = ["encode_settings"]


def _leaves(value: Any, prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
    if type(value) is dict and value:
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*prefix, key))]
    return [prefix]


def encode_settings(
    wire: dict[str, Any],
    settings: dict[str, Any],
    layout: tuple[Setting, ...],
    forms: dict[str, Any],
    lose: Callable[[str, str], None],
) -> None:
    carried: set[tuple[str, ...]] = set()
    for s in layout:
        value = get(settings, s.name)
        at = "/settings" + pointer(s.name)
        if value is MISSING:
            if s.required is not MISSING:
                put(wire, s.toks, s.required)
                lose(at, f"a request without {'.'.join(s.name)} (sent the required {s.required!r})")
            continue
        carried.add(s.name)
        form = forms.get(pointer(s.toks), "")
        if s.values:
            spelled = [w for c, w in s.values if c == value]
            if not spelled:
                lose(at, f"the {'.'.join(s.name)} setting {value!r}")
                continue
            value = spelled[0]
        if s.encoding == "string_or_list" and form == "string" and type(value) is list and len(value) == 1:
            value = value[0]
        toks = s.toks
        if form.startswith("alias:") and int(form[6:]) <= len(s.aliases):
            toks = s.aliases[int(form[6:]) - 1]
        put(wire, toks, value)
    for leaf in _leaves(settings, ()):
        if leaf and leaf not in carried and not any(leaf[: len(c)] == c for c in carried):
            lose("/settings" + pointer(leaf), f"the {'.'.join(leaf)} setting")
