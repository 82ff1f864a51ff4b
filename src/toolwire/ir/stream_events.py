"""The `events` term (rule 10 of meta/stream.schema.json) and the wire tool_call a stream
rebuilds its calls as, read from the mapping into IR nodes."""

from __future__ import annotations

import re
from typing import Any, cast

from toolwire.ir.stream_nodes import (
    ArgumentsForm,
    EventKind,
    EventRecognition,
    JsonType,
    Pointer,
    StreamPlanError,
    WireCall,
)
from toolwire.spec.model import Dialect
from toolwire.spec.positions import tokens

# tool_call argument encodings a stream can carry, and the form the wire call has
ARGUMENTS_FORMS = {
    "json_text": ArgumentsForm.TEXT,
    "object_or_json_text": ArgumentsForm.TEXT,
    "object": ArgumentsForm.OBJECT,
}


def pointer(text: str) -> Pointer:
    return Pointer(text, tuple(tokens(text)))


def _describe(kind: dict[str, Any]) -> str:
    said: list[str] = list(kind.get("has", []))
    for text, json_type in kind.get("types", {}).items():
        said.append(f"{text} (an {json_type})" if json_type in ("object", "array") else f"{text} (a {json_type})")
    said += [f"{text} one of {', '.join(values)}" for text, values in kind.get("in", {}).items()]
    said += [f"{text} matching {pattern}" for text, pattern in kind.get("match", {}).items()]
    return " and ".join(said)


def event_recognition(kinds: list[dict[str, Any]]) -> EventRecognition:
    """The `events` term: the kinds of event the dialect sends."""
    out = []
    for kind in kinds:
        for text, pattern in kind.get("match", {}).items():
            try:
                re.compile(pattern)
            except re.error as exc:
                raise StreamPlanError(f"events: {text}: not a regular expression: {exc}") from None
        node = EventKind(
            present=tuple(pointer(p) for p in kind.get("has", [])),
            types=tuple((pointer(p), cast(JsonType, t)) for p, t in kind.get("types", {}).items()),
            one_of=tuple((pointer(p), tuple(sorted(values))) for p, values in kind.get("in", {}).items()),
            matches=tuple((pointer(p), pattern) for p, pattern in kind.get("match", {}).items()),
            description=_describe(kind),
        )
        if any(not p for p in node.pointers):
            raise StreamPlanError('events: a condition on the whole event (pointer "") tells no dialect from another')
        out.append(node)
    return EventRecognition(tuple(out))


def wire_call(dialect: Dialect) -> WireCall:
    """The dialect's first tool_call variant, as a stream rebuilds a finished call."""
    shape = dialect.mapping["shapes"].get("tool_call")
    if shape is None:
        raise StreamPlanError("a stream mapping needs the dialect's tool_call shape")
    variant = shape["variants"][0]
    fields = variant.get("fields", {})
    if "name" not in fields or "arguments" not in fields:
        raise StreamPlanError("the first tool_call variant must map name and arguments")
    arguments = fields["arguments"]
    encoding = arguments.get("encoding", "value")
    if encoding not in ARGUMENTS_FORMS:
        raise StreamPlanError(f"tool_call arguments encoding {encoding!r} cannot be streamed")
    ident = fields.get("id")
    return WireCall(
        constants=tuple((tuple(tokens(p)), v) for p, v in variant.get("constants", {}).items() if p),
        id=tuple(tokens(ident["pointer"])) if ident else None,
        id_optional=bool(ident is None or ident.get("optional") or ident.get("default", 0) is None),
        name=tuple(tokens(fields["name"]["pointer"])),
        arguments=tuple(tokens(arguments["pointer"])),
        arguments_form=ARGUMENTS_FORMS[encoding],
        # A text-streamed call that got no fragment already reads as the empty text (its
        # no_arguments_text), so an optional json_text field changes nothing in streams.
        arguments_optional=bool((arguments.get("optional") and encoding != "json_text") or "default" in arguments),
        arguments_object_too=encoding == "object_or_json_text",
        no_arguments_text=tuple(arguments.get("no_arguments_text", [])),
    )
