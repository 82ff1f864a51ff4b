# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Citations on a text part: a wire list of citations read as canonical ones, kind by kind,
and written back, by the table a part spelling's field carries (its mapping's `citations`).

A table is plain data, one entry per kind: {"kind", "when": [[toks, value]], "has": [toks],
"fields": [[name, toks, optional, null, type]]} (null: the wire spells "none" as null; type:
the canonical field's JSON type). A wire citation no kind reads, with keys its kind does not
read or without a field it needs, is kept whole as {"kind": "wire", "dialect", "value"}: its own dialect writes it
back as it came; into another it is a loss, as is a kind the target has no spelling for."""

from __future__ import annotations

from typing import Any

from ._conv_paths import get, pointer, put, put_fresh
from ._errors import MISSING, DecodeError, Loss, describe, report

__all__ = ["citations_in", "citations_out"]

_ARTICLES = {"integer": "an integer", "string": "a string"}


def _known(spec: dict[str, Any]) -> frozenset[tuple[str, ...]]:
    """The wire places a kind reads (its constants, keys and fields)."""
    places = [tuple(t) for t, _v in spec["when"]] + [tuple(t) for t in spec["has"]]
    return frozenset(places + [tuple(f[1]) for f in spec["fields"]])


def _unread(value: Any, toks: tuple[str, ...], known: frozenset[tuple[str, ...]]) -> bool:
    """value (at toks) holds something no known place reads."""
    if toks in known:
        return False
    if type(value) is dict and value:
        return any(_unread(item, (*toks, key), known) for key, item in value.items())
    if type(value) is list and value:
        return any(_unread(item, (*toks, str(i)), known) for i, item in enumerate(value))
    return True


def _typed(value: Any, kind: str) -> bool:
    return type(value) is int if kind == "integer" else type(value) is str


def citations_in(value: Any, table: Any, dialect: str, shape: str, at: str) -> Any:
    """The canonical citations of a wire list at pointer at (MISSING for null: none)."""
    if value is None:
        return MISSING
    if type(value) is not list:
        raise DecodeError(dialect, shape, at, f"expected an array, got {describe(value)}")
    return [_citation_in(item, table, dialect, shape, f"{at}/{i}") for i, item in enumerate(value)]


def _citation_in(item: Any, table: Any, dialect: str, shape: str, at: str) -> dict[str, Any]:
    if type(item) is not dict:
        raise DecodeError(dialect, shape, at, f"expected an object, got {describe(item)}")
    for spec in table:
        if any(get(item, tuple(t)) != v for t, v in spec["when"]):
            continue
        if any(get(item, tuple(t)) is MISSING for t in spec["has"]):
            continue
        if _unread(item, (), _known(spec)) or any(
            not f[2] and get(item, tuple(f[1])) is MISSING for f in spec["fields"]
        ):
            break  # keys its kind does not read, or without a field it needs: kept whole
        out: dict[str, Any] = {"kind": spec["kind"]}
        for name, toks, _optional, null, kind in spec["fields"]:
            value = get(item, tuple(toks))
            where = at + pointer(tuple(toks))
            if value is MISSING or (value is None and null):
                continue
            if not _typed(value, kind):
                raise DecodeError(dialect, shape, where, f"expected {_ARTICLES[kind]}, got {describe(value)}")
            out[name] = value
        return out
    return {"kind": "wire", "dialect": dialect, "value": item}


def citations_out(value: Any, table: Any, dialect: str, at: str, losses: list[Loss], strict: bool) -> Any:
    """The wire list of a part's canonical citations (at: the part's citations pointer); a
    citation the target cannot write is a loss, left out."""
    if type(value) is not list:
        report(losses, strict, "part.field_dropped", at, dialect, "the citations of a text part (not a list)")
        return MISSING
    out: list[Any] = []
    for i, citation in enumerate(value):
        block = _citation_out(citation, table, dialect, f"{at}/{i}", losses, strict)
        if block is not MISSING:
            out.append(block)
    return out


def _citation_out(citation: Any, table: Any, dialect: str, at: str, losses: list[Loss], strict: bool) -> Any:
    kind = citation.get("kind") if type(citation) is dict else None
    if kind == "wire" and type(citation) is dict:
        source = citation.get("dialect")
        if source == dialect:
            return citation.get("value")
        wire = citation.get("value")
        named = wire.get("type") if type(wire) is dict else None
        whose = source if type(source) is str else "another dialect's"
        what = f"a citation{f' ({named})' if type(named) is str else ''} from {whose}, a kind the target has none for"
        report(losses, strict, "part.field_dropped", at, dialect, what)
        return MISSING
    spec = next((s for s in table if s["kind"] == kind), None)
    if spec is None or type(citation) is not dict:
        what = f"a {kind} citation the target has no kind for" if type(kind) is str else "a citation of no kind"
        report(losses, strict, "part.field_dropped", at, dialect, what)
        return MISSING
    fields = spec["fields"]
    for name, _toks, optional, null, _kind in fields:
        if not optional and not null and name not in citation:
            what = f"a {kind} citation without its {name}, which the target requires"
            report(losses, strict, "part.field_dropped", at, dialect, what)
            return MISSING
    block: dict[str, Any] = {}
    for toks, constant in spec["when"]:
        put_fresh(block, tuple(toks), constant)
    for name, toks, _optional, null, _kind in fields:
        field = citation.get(name, MISSING)
        if field is not MISSING:
            put(block, tuple(toks), field)
        elif null:
            put(block, tuple(toks), None)
    for toks in spec["has"]:
        if get(block, tuple(toks)) is MISSING:
            put(block, tuple(toks), {})
    names = {f[0] for f in fields}
    for key in sorted(citation.keys() - names - {"kind"}):
        report(losses, strict, "part.field_dropped", f"{at}/{key}", dialect, f"the {key} of a {kind} citation")
    return block
