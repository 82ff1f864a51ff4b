"""The interpreter the compiled `_request_out` replaced, kept as the differential test's oracle
(tests/test_compiled_writer.py). A whole request, canonical -> wire: leading system turns into the dialect's system field
(a later one stays a turn where the dialect can say system, else it moves there, reported),
the turns, tools and tool choice, settings, and the dialect's own extension fields."""

from __future__ import annotations

from typing import Any

from toolwire_dialects._conv_encode import EMPTY, Run, article, encode_turns
from toolwire_dialects._conv_guard import check_canonical
from toolwire_dialects._conv_layout import Codecs, RequestLayout, Spelling, SystemField
from toolwire_dialects._conv_parts import encode_part, spelling_for
from toolwire_dialects._conv_paths import get, pointer, put
from toolwire_dialects._conv_tools import encode_tools
from toolwire_dialects._errors import Encoded, RequiredValueError
from toolwire_dialects._ids import IdMap

__all__ = ["encode_request"]


def _system(
    wire: dict[str, Any],
    system: SystemField,
    hoisted: list[tuple[int, dict[str, Any]]],
    spellings: tuple[Spelling, ...],
    run: Run,
) -> None:
    parts: list[tuple[dict[str, Any], str]] = []
    own: dict[str, Any] = EMPTY
    for n, (mi, message) in enumerate(hoisted):
        at = f"/messages/{mi}"
        message_own = run.own(message, at)
        if n == 0:
            own = message_own
        parts.extend((part, f"{at}/parts/{pj}") for pj, part in enumerate(message["parts"]))
    if not parts and (system.string == "only" or own.get("forms", EMPTY).get("") == "string"):
        put(wire, system.toks, "")  # empty instructions
        return
    texts = [p for p, _at in parts if p.get("type") == "text"]
    if system.string == "only" or (
        system.string == "yes"
        and len(parts) == 1
        and len(texts) == 1
        and run.dialect not in texts[0].get("extensions", EMPTY)
        and own.get("forms", EMPTY).get("") != "blocks"
    ):
        for n, (part, at) in enumerate(parts):
            if part.get("type") != "text":
                run.lose("part.unsupported", at, f"{article(str(part.get('type')))} part in the system instructions")
            elif n:
                run.lose("content.joined", at, "system instructions as separate blocks (they are one string)")
            run.own(part, at)  # another dialect's fields of the text: reported
        put(wire, system.toks, "\n\n".join(p["text"] for p in texts))
        return
    blocks = []
    for part, at in parts:
        if part.get("type") == "wire" and part.get("dialect") == run.dialect:
            blocks.append(part["value"])  # the dialect's own block, verbatim
            continue
        sp = spelling_for(part, "system", spellings, run.dialect)
        if sp is None:
            run.lose("part.unsupported", at, f"{article(str(part.get('type')))} part in the system instructions")
            continue
        block = encode_part(part, sp, run.codecs, run.id_map, run.dialect, run.losses, run.strict, at)
        if block is not None:  # None: a part the target cannot send (its loss is reported)
            blocks.append(block)
    if system.parts is None:
        put(wire, system.toks, blocks)
        return
    holder: dict[str, Any] = {}
    put(holder, system.parts, blocks)
    run.put_fields(holder, own, f"/messages/{hoisted[0][0]}")
    put(wire, system.toks, holder)


def _kept_a_turn(message: dict[str, Any], run: Run) -> bool:
    """A system turn the dialect's own payload sent as a turn, not in its system field."""
    own = (message.get("extensions") or EMPTY).get(run.dialect) or EMPTY
    return bool(own.get("forms", EMPTY).get("") == "turn")


def encode_request(
    canonical: dict[str, Any],
    layout: RequestLayout,
    codecs: Codecs,
    strict: bool,
    id_map: IdMap | None,
    reasoning: str,
    model: str | None = None,
) -> Encoded:
    check_canonical(canonical, "request")
    run = Run(layout.dialect, codecs, strict, id_map, reasoning)
    own = run.own(canonical, "")
    forms = own.get("forms", EMPTY)
    wire: dict[str, Any] = {}
    name = canonical.get("model", model)  # the request's own, else the caller's
    if name is not None and layout.model is not None:
        put(wire, layout.model, name)
    elif "model" in canonical:
        run.lose("model.dropped", "/model", "the model name")
    elif layout.model_required:
        raise RequiredValueError(
            layout.dialect,
            "request",
            pointer(layout.model),
            "the dialect requires a model and the request names none (pass model=, or --model)",
        )
    messages = list(enumerate(canonical["messages"]))
    rest = messages
    if layout.system is not None:
        lead = 0
        while (
            lead < len(messages) and messages[lead][1]["role"] == "system" and not _kept_a_turn(messages[lead][1], run)
        ):
            lead += 1
        # a later system turn stays a turn where the dialect's turns can say system
        keeps = "system" in dict(layout.turn.roles)
        later = [] if keeps else [(mi, m) for mi, m in messages[lead:] if m["role"] == "system"]
        for mi, _m in later:
            run.lose(
                "system.moved",
                f"/messages/{mi}",
                "a system turn after the conversation started (moved to the system instructions)",
            )
        hoisted = messages[:lead] + later
        if hoisted:
            _system(wire, layout.system, hoisted, layout.parts, run)
        elif forms.get(pointer(layout.system.toks)) == "null":
            put(wire, layout.system.toks, None)
        rest = [(mi, m) for mi, m in messages[lead:] if keeps or m["role"] != "system"]
    units = encode_turns(rest, layout.turn, layout.units, layout.parts, layout.alternating, run)
    if (
        forms.get(pointer(layout.turns)) == "string"
        and len(units) == 1
        and type(get(units[0], layout.turn.content)) is str
    ):
        put(wire, layout.turns, get(units[0], layout.turn.content))
    else:
        put(wire, layout.turns, units)
    encode_tools(
        wire, canonical.get("tools"), canonical.get("tool_choice"), run.codecs, run.id_map, run.losses, strict, forms
    )
    layout.settings_out(wire, canonical.get("settings") or EMPTY, forms, run.lose)
    run.put_fields(wire, own, "")
    return tuple.__new__(Encoded, (wire, run.losses))
