"""What each dialect can carry, read from the IR the converters are generated from:
docs/capabilities.md's loss table is this table, and a test keeps the two equal."""

from __future__ import annotations

from collections.abc import Callable

from toolwire.ir.conversation import conversation_ir
from toolwire.ir.conversation_nodes import ConversationIR, StringForm
from toolwire.ir.nodes import DialectIR, Field
from toolwire.ir.shapes import dialect_ir
from toolwire.spec.model import Spec

SETTINGS = (
    "max_tokens",
    "temperature",
    "top_p",
    "top_k",
    "stop",
    "seed",
    "presence_penalty",
    "frequency_penalty",
    "candidates",
    "response_format",
    "reasoning_effort",
    "reasoning_budget",
    "user",
    "stream",
)

YES, NO = "yes", "no (loss)"


def _carries(d: DialectIR, shape: str, field: str) -> bool:
    s = d.shape(shape)
    if s is None:
        return False
    return any(field not in {u.name for u in v.uncarried} for v in s.variants)


def _fields(d: DialectIR, shape: str) -> list[Field]:
    s = d.shape(shape)
    return [f for v in s.variants for f in v.obj.fields] if s else []


def _mode(d: DialectIR, mode: str) -> str:
    s = d.shape("tool_choice")
    if s is None:
        return "no tool choice"
    if s.absent and s.absent.get("mode") == mode:
        return "yes (by leaving it out)"
    for v in s.variants:
        if v.canonical.get("mode") == mode:
            return YES
        for f in v.obj.fields:
            if f.name == "mode" and mode in {c for c, _w in f.value_pairs}:
                return YES
    return NO


def _allowed_subset(d: DialectIR) -> str:
    """A list of allowed names together with auto or required (not one forced tool)."""
    s = d.shape("tool_choice")
    for v in s.variants if s else ():
        modes = {v.canonical["mode"]} if "mode" in v.canonical else set()
        for f in v.obj.fields:
            if f.name == "mode":
                modes |= {c for c, _w in f.value_pairs}
        lists = any(f.name == "names" and f.encoding in ("name_list", "string_list") for f in v.obj.fields)
        if lists and modes & {"auto", "required"}:
            return YES
    return NO


def _call_ids(d: DialectIR) -> str:
    ids = [f for f in _fields(d, "tool_call") if f.encoding == "id"]
    if not ids:
        return "none (minted on decode)"
    kind = "optional (minted on decode)" if ids[0].optional else "required"
    return f"{kind}, `{d.ids.pattern}`" if d.ids else kind


def _invalid_arguments(d: DialectIR) -> str:
    encodings = {f.encoding for f in _fields(d, "tool_call") if f.name == "arguments"}
    if encodings & {"json_text", "object_or_json_text"}:
        return "kept verbatim"
    return "no (loss; sent as {})"


def _part(d: DialectIR, kind: str) -> str:
    for f in _fields(d, "tool_result"):
        if f.encoding == "content" and kind in f.part_kinds:
            return YES
        if f.encoding == "content" and kind == "json" and f.structured:
            return f"one, at `/{f.structured}` (more: as JSON text, loss)"
        if f.encoding == "content" and kind == "json" and "text" in f.part_kinds:
            return "as JSON text (loss)"
        if f.encoding == "result_object" and kind == "json":
            return YES
    return NO


def _result_name(d: DialectIR) -> str:
    for f in _fields(d, "tool_result"):
        if f.name == "name":
            return "required (from the id map)" if f.fallback else YES
    s = d.shape("tool_result")
    return "not needed" if s and "name" in s.derivable else NO


def _error_kinds(d: DialectIR) -> str:
    """How many canonical error categories the error body tells apart, and its catch-all."""
    category = next((f for f in _fields(d, "error") if f.name == "category"), None)
    if category is None:
        return "no (loss; the HTTP status says it)" if d.shape("error") else "no error shape"
    kinds = len({c for c, _w in category.value_pairs})
    return f"{kinds} kinds" + (f", else `{category.otherwise.value}` (loss)" if category.otherwise else "")


ROWS: list[tuple[str, Callable[[DialectIR], str]]] = [
    ("tool description", lambda d: YES if _carries(d, "tool_definition", "description") else NO),
    ("strict schemas", lambda d: YES if _carries(d, "tool_definition", "strict") else NO),
    ("deferred tool loading (tool search)", lambda d: YES if _carries(d, "tool_definition", "defer_loading") else NO),
    (
        "custom (freeform) tools",
        lambda d: YES if _carries(d, "tool_definition", "format") else "no (loss; or, asked, a function)",
    ),
    ("tool choice `none`", lambda d: _mode(d, "none")),
    ("tool choice `required`", lambda d: _mode(d, "required")),
    ("tool choice: one named tool", lambda d: _mode(d, "tool")),
    ("tool choice: allowed subset", lambda d: _allowed_subset(d)),
    ("parallel calls setting", lambda d: YES if _carries(d, "tool_choice", "parallel") else NO),
    ("call ids", _call_ids),
    ("invalid argument text", _invalid_arguments),
    ("result error flag", lambda d: YES if _carries(d, "tool_result", "is_error") else NO),
    ("result tool name", _result_name),
    ("result image parts", lambda d: _part(d, "image")),
    ("result JSON parts", lambda d: _part(d, "json")),
    ("results awaiting input", lambda d: YES if _carries(d, "tool_result", "pending") else "no (loss; nothing sent)"),
    ("error kinds (shape `error`)", _error_kinds),
]


NONE = "no conversations"


def _system(c: ConversationIR) -> str:
    system = c.request.system
    if system is None:
        spellings = dict(c.request.turn.roles).get("system")
        return "system turns (" + ", ".join(f"`{s}`" for s in spellings) + ")" if spellings else NO
    where = f"top-level `{'/' + '/'.join(system.tokens)}`"
    return where + {StringForm.ONLY: " (one string)", StringForm.YES: " (string or blocks)"}.get(
        system.string, " (blocks)"
    )


def _results(c: ConversationIR) -> str:
    if any(u.part == "tool_result" for u in c.request.units):
        flat = any(u.part == "tool_call" for u in c.request.units)
        return "flat items" if flat else "one message per result"
    return "blocks in one user turn"


def _kind(c: ConversationIR, kind: str) -> bool:
    spellings = [*c.request.parts, *c.request.units, *c.response.parts, *c.response.units]
    fields = [*c.request.turn.fields, *c.response.turn.fields]
    return any(sp.part == kind for sp in spellings) or any(f.part == kind for f in fields)


def _citations(c: ConversationIR) -> str:
    spellings = [*c.request.parts, *c.request.units, *c.response.parts, *c.response.units]
    kinds = sorted({k.kind for sp in spellings if sp.part == "text" for f in sp.fields for k in f.citations})
    return f"{', '.join(kinds)} (other kinds: within the dialect only)" if kinds else NO


def _lacks(c: ConversationIR) -> str:
    mapped = {s.name[0] for s in c.request.settings}
    missing = ", ".join(name for name in SETTINGS if name not in mapped) or "none"
    required = "".join(f"; {s.name[0]} required (default {s.required})" for s in c.request.settings if s.has_required)
    return missing + required


def _cache(c: ConversationIR) -> str:
    cache = c.request.cache
    if cache is None:
        return "no (loss)"
    block = f"a `{cache.block[0][0][0]}` block after it" if cache.block else "a block after it"
    at = f"`{'/' + '/'.join(cache.at)}` on the block" if cache.at is not None else block
    top = f", request `{'/' + '/'.join(cache.request)}`" if cache.request is not None else ""
    return f"{at}{top}, ttl 5m/1h"


CONVERSATION_ROWS: list[tuple[str, Callable[[ConversationIR], str]]] = [
    ("system instructions", _system),
    ("tool results", _results),
    ("strictly alternating turns", lambda c: "yes (merged)" if c.request.alternating else "no"),
    ("images in turns", lambda c: YES if _kind(c, "image") else NO),
    ("documents in turns", lambda c: YES if _kind(c, "document") else NO),
    ("citations on text", _citations),
    ("reasoning replay", lambda c: "own reasoning only" if _kind(c, "reasoning") else NO),
    ("refusals", lambda c: YES if _kind(c, "refusal") else NO),
    ("prompt-cache breakpoints", _cache),
    ("settings it cannot carry", _lacks),
]


def loss_table(spec: Spec) -> str:
    """A Markdown table: rows are canonical features, columns dialects."""
    dialects = [dialect_ir(spec, d) for _name, d in sorted(spec.dialects.items())]
    conversations = [conversation_ir(d) for _name, d in sorted(spec.dialects.items())]
    lines = [
        "| | " + " | ".join(f"`{d.name}`" for d in dialects) + " |",
        "| --- |" + " --- |" * len(dialects),
    ]
    for label, cell in ROWS:
        lines.append(f"| {label} | " + " | ".join(cell(d) for d in dialects) + " |")
    for label, row in CONVERSATION_ROWS:
        lines.append(f"| {label} | " + " | ".join(NONE if c is None else row(c) for c in conversations) + " |")
    return "\n".join(lines) + "\n"
