"""The TypeScript emitter's view of a dialect's conversation IR: each layout node as the typed
object literal (conv.RequestLayout, conv.ResponseLayout) the generated module declares; the
template ({dialect}.conversation.j2) lays out the constants and the functions that read them."""

from __future__ import annotations

import enum
from typing import Any

from toolwire.ir.conversation_nodes import (
    CacheMarker,
    ConversationIR,
    PartField,
    RequestLayout,
    ResponseLayout,
    Spelling,
    StringForm,
    SystemField,
    Turn,
    TurnField,
    citation_table,
)
from toolwire.ir.lower_conversation import lower_request
from toolwire.ir.nodes import Envelope
from toolwire.targets.typescript.names import literal
from toolwire.targets.typescript.print_steps import function
from toolwire.targets.typescript.step_names import declare

__all__ = ["emit_conversation"]

_WIDTH = 110  # an object literal longer than this is written one field a line
_STRING_FORMS = {StringForm.NO: "no", StringForm.YES: "yes", StringForm.ONLY: "only"}


def _plain(value: Any) -> Any:
    """An IR value as JSON data: tuples as lists, a string form as the runtime reads it (no,
    yes, only), other enums as their value."""
    if isinstance(value, StringForm):
        return _STRING_FORMS[value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _ts(value: Any, indent: str = "") -> str:
    """The literal of an IR value; a list too long for one line is written one item a line."""
    plain = _plain(value)
    flat = literal(plain)
    if not isinstance(plain, list) or len(indent) + len(flat) <= _WIDTH:
        return flat
    inner = indent + "  "
    return "[\n" + "".join(f"{inner}{_ts(item, inner)},\n" for item in plain) + indent + "]"


def _object(fields: list[tuple[str, str]], indent: str) -> str:
    """`{ key: text, ... }` on one line when short and flat, else one field a line."""
    flat = "{ " + ", ".join(f"{key}: {text}" for key, text in fields) + " }"
    if len(indent) + len(flat) <= _WIDTH and "\n" not in flat:
        return flat
    inner = indent + "  "
    return "{\n" + "".join(f"{inner}{key}: {text},\n" for key, text in fields) + indent + "}"


def _array(items: list[str], indent: str) -> str:
    if not items:
        return "[]"
    flat = "[" + ", ".join(items) + "]"
    if len(indent) + len(flat) <= _WIDTH and "\n" not in flat:
        return flat
    inner = indent + "  "
    return "[\n" + "".join(f"{inner}{item},\n" for item in items) + indent + "]"


def _known(paths: tuple[Any, ...], leaves: tuple[Any, ...], indent: str) -> str:
    return f"conv.knownTree({_ts(paths, indent)}, {_ts(leaves, indent)})"


def _part_field(f: PartField, indent: str) -> str:
    fields = [
        ("name", _ts(f.name)),
        ("toks", _ts(f.tokens)),
        ("encoding", _ts(f.encoding)),
        ("optional", _ts(f.optional)),
        ("mediaTypes", _ts(f.media_types)),
    ]
    if f.citations:
        inner = indent + "  "
        kinds = [
            _object([(key, _ts(value, inner + "  ")) for key, value in kind.items()], inner + "  ")
            for kind in citation_table(f.citations)
        ]
        fields.append(("citations", _array(kinds, inner)))
    return _object(fields, indent)


def _spelling(sp: Spelling, indent: str) -> str:
    inner = indent + "  "
    fields = [
        ("part", _ts(sp.part)),
        ("when", _ts(sp.when)),
        ("has", _ts(sp.has)),
        ("fields", _array([_part_field(f, inner + "  ") for f in sp.fields], inner)),
        ("roles", _ts(sp.roles)),
        ("defaults", _ts(sp.defaults)),
        ("role", _ts(sp.role)),
        ("signed", _ts(sp.signed)),
        ("known", _known(sp.paths, sp.leaves, inner)),
    ]
    return _object(fields, indent)


def _spellings(items: tuple[Spelling, ...], indent: str) -> str:
    return _array([_spelling(sp, indent + "  ") for sp in items], indent)


def _turn_field(f: TurnField, indent: str) -> str:
    fields = [
        ("toks", _ts(f.tokens)),
        ("part", _ts(f.part)),
        ("many", _ts(f.many)),
        ("value", _ts(f.value)),
        ("before", _ts(f.before)),
        ("roles", _ts(f.roles)),
        ("withPart", _ts(f.with_part)),
        ("kinds", _ts(f.kinds)),
    ]
    return _object(fields, indent)


def _turn(turn: Turn, indent: str) -> str:
    inner = indent + "  "
    fields = [
        ("role", _ts(turn.role)),
        ("roles", _ts(turn.roles, inner)),
        ("content", _ts(turn.content)),
        ("string", _ts(turn.string)),
        ("empty", _ts(turn.empty)),
        ("fields", _array([_turn_field(f, inner + "  ") for f in turn.fields], inner)),
        ("known", _known((), turn.leaves, inner)),
        ("absentRole", _ts(turn.absent_role)),
        ("defaults", _ts(turn.defaults)),
    ]
    return _object(fields, indent)


def _system(system: SystemField | None, indent: str) -> str:
    if system is None:
        return "null"
    fields = [("toks", _ts(system.tokens)), ("string", _ts(system.string)), ("parts", _ts(system.parts))]
    return _object(fields, indent)


def _cache(cache: CacheMarker | None, indent: str) -> str:
    if cache is None:
        return "null"
    names = ("at", "block", "value", "ttl", "tools", "request")
    fields = [(name, _ts(getattr(cache, name))) for name in names]
    return _object([*fields, ("notOn", _ts(cache.not_on))], indent)


def _request(r: RequestLayout) -> str:
    indent = "  "
    fields = [
        ("dialect", "DIALECT"),
        ("turns", _ts(r.turns)),
        ("model", _ts(r.model)),
        ("system", _system(r.system, indent)),
        ("systemIn", "null" if r.system is None else "systemIn"),
        ("turn", _turn(r.turn, indent)),
        ("units", _spellings(r.units, indent)),
        ("parts", _spellings(r.parts, indent)),
        ("alternating", _ts(r.alternating)),
        ("toolsIn", "toolsIn"),
        ("settingsIn", "settingsIn"),
        ("settingsOut", "settingsOut"),
        ("known", _known(r.paths, r.leaves, indent)),
        ("modelRequired", _ts(r.model_required)),
        ("cache", _cache(r.cache, indent)),
    ]
    return _object(fields, "")


def _response(r: ResponseLayout) -> str:
    indent = "  "
    fields = [
        ("dialect", "DIALECT"),
        ("message", _ts(r.message)),
        ("turns", _ts(r.turns)),
        ("id", _ts(r.id)),
        ("model", _ts(r.model)),
        ("finish", _ts(r.finish)),
        ("finishValues", _ts(r.finish_values, indent)),
        ("finishDetail", _ts(r.finish_detail)),
        ("finishDetails", _ts(r.finish_details, indent)),
        ("usage", _ts(r.usage, indent)),
        ("usageExcludes", _ts(r.usage_excludes, indent)),
        ("constants", _ts(r.constants, indent)),
        ("required", _ts(r.required, indent)),
        ("itemIds", _ts(r.item_ids, indent)),
        ("turn", _turn(r.turn, indent)),
        ("units", _spellings(r.units, indent)),
        ("parts", _spellings(r.parts, indent)),
        ("known", _known(r.paths, r.leaves, indent)),
        ("emptyBlocks", _ts(r.empty_blocks, indent)),
        ("blockRules", _ts(r.block_rules, indent)),
    ]
    return _object(fields, "")


def emit_conversation(ir: ConversationIR | None, envelopes: tuple[Envelope, ...]) -> dict[str, Any] | None:
    """The dialect's request and response layouts as TypeScript object literals (None: the
    dialect has no conversation mapping)."""
    if ir is None:
        return None
    lowered = lower_request(ir.request, envelopes)
    declare([*lowered.readers, *lowered.writers])  # functions of one module call each other
    compiled = [function(f) for f in lowered.readers]
    compiled += [f"const {name.upper()} = {_known(*tree, '')};" for name, tree in lowered.trees.items()]
    compiled += [function(f) for f in lowered.writers]
    request, response = _request(ir.request), _response(ir.response)
    return {"request": request, "response": response, "compiled": compiled, "kept": lowered.kept}
