"""The settings interpreter the compiled settings replaced, kept as the differential tests'
oracle (tests/test_compiled_settings.py): it reads the layout's settings as data on every call.
`Setting` is the runtime tuple the generated modules once built from the IR's Setting node.
Since the interpreter was deleted it also states, plainly, what the compiled writer added:
a value outside the provider's range (a dialect.json rule) is sent as the nearer bound; a value
of 0 where the setting has `off` constants is those constants (thinking disabled), read back
where they hold alone; a wire value the setting `kept` stays a wire field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from toolwire_dialects._conv_guard import setting_problem
from toolwire_dialects._conv_paths import get, pointer, put
from toolwire_dialects._errors import MISSING, CanonicalError, DecodeError

__all__ = ["Setting", "decode_settings", "encode_settings", "settings_of"]


class Setting(NamedTuple):
    name: tuple[str, ...]
    toks: tuple[str, ...]
    aliases: tuple[tuple[str, ...], ...]
    encoding: str
    values: tuple[tuple[Any, Any], ...]
    required: Any
    rule: tuple[tuple[str, ...], Any, tuple[str, ...]] = ((), None, ())
    range: Any = None  # the IR's RangeRule, or None
    companions: tuple[tuple[tuple[str, ...], Any], ...] = ()  # constants written beside it
    off: tuple[tuple[tuple[str, ...], Any], ...] = ()  # constants written instead of a 0
    kept: tuple[Any, ...] = ()  # wire values of the dialect's own meaning


def settings_of(nodes: Any) -> tuple[Setting, ...]:
    """The runtime tuples of the IR's Setting nodes (as the generated modules built them)."""
    return tuple(
        Setting(
            n.name,
            n.tokens,
            n.aliases,
            str(n.encoding.value),
            n.values,
            n.required if n.has_required else MISSING,
            n.rule,
            n.range,
            n.companions,
            n.off,
            n.kept,
        )
        for n in nodes
    )


def decode_settings(
    wire: dict[str, Any], settings: tuple[Setting, ...], forms: dict[str, Any], fields: dict[str, Any], dialect: str
) -> dict[str, Any]:
    """The canonical settings of a request; a value the mapping's `values` do not list stays
    a wire field (kept for the round trip, a loss elsewhere); one of the wrong type (by the
    setting's canonical rule) is a DecodeError at its pointer."""
    out: dict[str, Any] = {}
    for s in settings:
        if s.toks[0] not in wire and not s.aliases:
            continue
        toks = s.toks
        value = get(wire, toks)
        if value is MISSING and s.off and all(_same(get(wire, t), v) for t, v in s.off):
            put(out, s.name, 0)  # the feature off
            continue
        if s.companions and (value is MISSING or not all(_same(get(wire, t), v) for t, v in s.companions)):
            for place in (s.toks, *(t for t, _v in s.companions)):  # not this setting: kept as fields
                if get(wire, place) is not MISSING:
                    fields[pointer(place)] = get(wire, place)
            continue
        if value is not MISSING:
            for alias in s.aliases:  # both spellings sent: the other one is kept as it is
                if get(wire, alias) is not MISSING:
                    fields[pointer(alias)] = get(wire, alias)
        if value is MISSING:
            for i, alias in enumerate(s.aliases, 1):
                value = get(wire, alias)
                if value is not MISSING:
                    forms[pointer(s.toks)] = f"alias:{i}"
                    toks = alias
                    break
            else:
                continue
        if value is None:
            forms[pointer(s.toks)] = "null"
            continue
        if any(_same(value, k) for k in s.kept):
            fields[pointer(toks)] = value
            continue
        if s.values:
            spelled = next((c for c, w in s.values if w == value and type(w) is type(value)), MISSING)
            if spelled is MISSING:
                fields[pointer(toks)] = value
                continue
            nth = [w for c, w in s.values if c == spelled].index(value)
            if nth:  # another spelling of the same value (a level in lower case)
                forms[pointer(s.toks)] = f"value:{nth}"
            value = spelled
        elif s.encoding == "string_or_list" and type(value) is str:
            forms[pointer(s.toks)] = "string"
            value = [value]
        problem = setting_problem(value, s.rule)
        if problem is not None:
            raise DecodeError(dialect, "request", pointer(toks), problem)
        put(out, s.name, value)
    kind = next((s for s in settings if s.name == ("response_format", "type")), None)
    shared = kind is not None and {w for c, w in kind.values if c == "json_object"} & {
        w for c, w in kind.values if c == "json_schema"
    }
    given = out.get("response_format", {})
    if shared and given.get("type") == "json_object" and "schema" in given:  # the wire cannot tell them apart
        given["type"] = "json_schema"
    return out


def encode_settings(
    wire: dict[str, Any],
    settings: dict[str, Any],
    layout: tuple[Setting, ...],
    forms: dict[str, Any],
    lose: Callable[[str, str, str], None],
) -> None:
    """A canonical setting of the wrong type (by its rule) is a CanonicalError, never sent."""
    by_root = _by_root(layout)
    for key in settings:
        if key not in by_root:
            lose("setting.dropped", "/settings" + pointer((key,)), f"the {key} setting")
    for s in layout:
        value = get(settings, s.name) if s.name[0] in settings else MISSING
        if value is MISSING:
            if forms.get(pointer(s.toks)) == "null":
                put(wire, s.toks, None)  # the dialect's own payload sent null
            elif s.required is not MISSING:
                put(wire, s.toks, s.required)
                lose(
                    "setting.defaulted",
                    "/settings" + pointer(s.name),
                    f"a request without {'.'.join(s.name)} (sent the documented default {s.required!r})",
                )
            continue
        problem = setting_problem(value, s.rule)
        if problem is not None:
            raise CanonicalError("request", ValueError(f"/settings{pointer(s.name)}: {problem}"))
        if s.off and value == 0 and type(value) in (int, float):
            for place, constant in s.off:
                put(wire, place, constant)
            continue
        if s.range is not None:
            value = _in_range(value, s, lose)
        form = forms.get(pointer(s.toks), "") if forms else ""
        if s.values:
            spelled = [w for c, w in s.values if c == value]
            if not spelled:
                lose(
                    "setting.value_unsupported",
                    "/settings" + pointer(s.name),
                    f"the {'.'.join(s.name)} setting {value!r}",
                )
                continue
            nth = int(form[6:]) if form.startswith("value:") and int(form[6:]) < len(spelled) else 0
            value = spelled[nth]
        if s.encoding == "string_or_list" and form == "string" and type(value) is list and len(value) == 1:
            value = value[0]
        toks = s.toks
        if form.startswith("alias:") and int(form[6:]) <= len(s.aliases):
            toks = s.aliases[int(form[6:]) - 1]
        for place, constant in s.companions:
            put(wire, place, constant)
        put(wire, toks, value)
    for key, names in by_root.items():  # a nested setting's fields the dialect has no place for
        value = settings.get(key)
        if type(value) is dict and (key,) not in names:
            for name in value:
                if (key, name) not in names:
                    lose("setting.dropped", "/settings" + pointer((key, name)), f"the {key}.{name} setting")


def _same(value: Any, constant: Any) -> bool:
    """Equal and of the same JSON type (true is no 1)."""
    return type(value) is type(constant) and value == constant


def _in_range(value: Any, s: Setting, lose: Callable[[str, str, str], None]) -> Any:
    rule = s.range
    for bound, outside in ((rule.minimum, value < (rule.minimum or 0)), (rule.maximum, value > (rule.maximum or 0))):
        if bound is not None and outside:
            shown = json.dumps(bound)
            lose(
                "setting.clamped",
                "/settings" + pointer(s.name),
                f"{'.'.join(s.name)} out of range (sent {shown}; allowed {rule.describe()}; rule {rule.name})",
            )
            return bound
    return value


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
