# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Extensions: the wire fields a mapping does not describe, kept for a lossless round trip.

Decoding collects them under JSON Pointers into the wire value; encoding into the same
dialect puts them back, and encoding into another reports each one as a loss.
"""

from __future__ import annotations

from typing import Any

from ._errors import Loss, escape, report, unescape

__all__ = ["apply_fields", "extension", "foreign_extensions", "unknown_fields"]

_EMPTY: dict[str, Any] = {}


def unknown_fields(
    obj: dict[str, Any], known: frozenset[str], base: str, into: dict[str, Any] | None
) -> dict[str, Any] | None:
    """Adds obj's fields outside `known` to `into` (made when the first one turns up)."""
    for key in sorted(obj.keys() - known):
        if into is None:
            into = {}
        into[f"{base}/{escape(key)}"] = obj[key]
    return into


def extension(fields: dict[str, Any] | None, forms: dict[str, Any], meaning: str | None = None) -> dict[str, Any]:
    """A dialect's extension object: its fields, the spellings (forms) it used, and a note."""
    out: dict[str, Any] = {}
    if fields:
        out["fields"] = fields
    if forms:
        out["forms"] = forms
    if meaning:
        out["notes"] = [meaning]
    return out


def apply_fields(wire: Any, fields: dict[str, Any], target: str, losses: list[Loss], strict: bool) -> None:
    """Put extension fields back; one whose place no longer exists is a loss."""
    for pointer, value in fields.items():
        *parents, last = [unescape(t) for t in pointer[1:].split("/")]
        node = wire
        for token in parents:
            if isinstance(node, dict):
                node = node.get(token)
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                node = None
            if node is None:
                break
        if isinstance(node, dict) and last not in node:
            node[last] = value
        elif (
            isinstance(node, dict)
            and type(value) in (str, int)
            and type(node[last]) is type(value)
            and node[last] == value
        ):
            pass  # the writer took it from these fields already (a value its table does not list)
        else:
            what = "this field any more (its place changed)"
            report(
                losses,
                strict,
                "extension.field_moved",
                "/extensions/" + target + "/fields/" + escape(pointer),
                target,
                what,
            )


def foreign_extensions(extensions: Any, target: str, losses: list[Loss], strict: bool) -> dict[str, Any]:
    """Report other dialects' extensions as losses; return the target's own."""
    own: dict[str, Any] = _EMPTY
    for dialect in sorted(extensions):
        if dialect == target:
            own = extensions[dialect]
            continue
        for pointer in sorted(extensions[dialect].get("fields", _EMPTY)):
            report(
                losses,
                strict,
                "extension.field_dropped",
                f"/extensions/{dialect}/fields/{escape(pointer)}",
                target,
                f"{dialect} field {pointer}",
            )
        for i, note in enumerate(extensions[dialect].get("notes", ())):
            report(losses, strict, "extension.note_dropped", f"/extensions/{dialect}/notes/{i}", target, note)
    return own
