"""The Python emitter's view of a dialect's conversation IR: each layout node as the literal
the generated module builds its runtime layout from (the template lays the lines out)."""

from __future__ import annotations

import enum
from dataclasses import fields, is_dataclass
from typing import Any

from toolwire.ir.conversation_nodes import (
    ConversationIR,
    RequestLayout,
    ResponseLayout,
    Spelling,
    StringForm,
    Turn,
    citation_table,
)
from toolwire.ir.lower_conversation import lower_request
from toolwire.ir.nodes import Envelope
from toolwire.targets.python.names import literal
from toolwire.targets.python.print_steps import function


def _py(value: Any) -> str:
    """A Python literal where tuples stay tuples (the runtime layouts are tuples all through);
    a string form is spelled as the runtime reads it (no, yes, only)."""
    if isinstance(value, StringForm):
        return literal({StringForm.NO: "no", StringForm.YES: "yes", StringForm.ONLY: "only"}[value])
    if isinstance(value, enum.Enum):
        return literal(value.value)
    if isinstance(value, tuple):
        inner = ", ".join(_py(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_py(k)}: {_py(v)}" for k, v in value.items()) + "}"
    return literal(value)


def _node(kind: str, node: Any, skip: tuple[str, ...] = (), **overrides: str) -> str:
    """`_conv.<kind>(field=literal, ...)` of an IR node, fields in the runtime's order."""
    args = []
    for f in fields(node):
        if f.name in skip:
            continue
        if f.name in overrides:
            args.append(f"{f.name}={overrides[f.name]}")
            continue
        value = getattr(node, f.name)
        args.append(f"{f.name}={_value(value)}")
    names = {f.name for f in fields(node)}
    args += [f"{name}={text}" for name, text in overrides.items() if name not in names]
    return f"_conv.{kind}({', '.join(args)})"


def _value(value: Any) -> str:
    if is_dataclass(value) and not isinstance(value, type):
        raise TypeError(f"nested node {type(value).__name__} needs its own rendering")
    return _py(value)


def _known(paths: tuple[Any, ...], leaves: tuple[Any, ...]) -> str:
    return f"_conv.known_tree({_py(paths)}, {_py(leaves)})"


def _spelling(sp: Spelling) -> str:
    part_fields = (
        "("
        + "".join(
            f"_conv.PartField({_py(f.name)}, {_py(f.tokens)}, {_py(f.encoding)}, {_py(f.optional)}, {_py(f.media_types)}"
            + (f", citations={citation_table(f.citations)!r}" if f.citations else "")
            + "), "
            for f in sp.fields
        )
        + ")"
    )
    return _node("Spelling", sp, skip=("paths", "leaves"), fields=part_fields, known=_known(sp.paths, sp.leaves))


def _turn(turn: Turn) -> str:
    turn_fields = (
        "("
        + "".join(
            f"_conv.TurnField({_py(f.tokens)}, {_py(f.part)}, {_py(f.many)}, {_py(f.value)}, {_py(f.before)}, {_py(f.roles)}, {_py(f.with_part)}, {_py(f.kinds)}), "
            for f in turn.fields
        )
        + ")"
    )
    return _node("Turn", turn, skip=("leaves",), fields=turn_fields, known=_known((), turn.leaves))


def _spellings(items: tuple[Spelling, ...]) -> str:
    return "(" + "".join(_spelling(sp) + ", " for sp in items) + ")"


def _request(r: RequestLayout) -> str:
    system = (
        "None"
        if r.system is None
        else f"_conv.SystemField({_py(r.system.tokens)}, {_py(r.system.string)}, {_py(r.system.parts)})"
    )
    return _node(
        "RequestLayout",
        r,
        skip=("paths", "leaves", "settings", "rules", "single"),  # single: read and written by the generated functions
        system=system,
        turn=_turn(r.turn),
        units=_spellings(r.units),
        parts=_spellings(r.parts),
        system_in="None" if r.system is None else "_system_in",
        tools_in="_tools_in",
        settings_in="_settings_in",
        settings_out="_settings_out",
        dialect="DIALECT",
        known=_known(r.paths, r.leaves),
        model_required=_py(r.model_required),
        cache="None" if r.cache is None else _node("CacheMarker", r.cache),
    )


def _response(r: ResponseLayout) -> str:
    return _node(
        "ResponseLayout",
        r,
        skip=("paths", "leaves"),
        turn=_turn(r.turn),
        units=_spellings(r.units),
        parts=_spellings(r.parts),
        dialect="DIALECT",
        known=_known(r.paths, r.leaves),
    )


def emit_conversation(ir: ConversationIR | None, envelopes: tuple[Envelope, ...]) -> dict[str, Any] | None:
    if ir is None:
        return None
    lowered = lower_request(ir.request, envelopes)
    compiled = [function(f) for f in lowered.readers]
    compiled += [f"_{name.upper()} = {_known(*tree)}" for name, tree in lowered.trees.items()]
    compiled += [function(f) for f in lowered.writers]
    request, response = _request(ir.request), _response(ir.response)
    return {"request": request, "response": response, "compiled": compiled, "kept": lowered.kept}
