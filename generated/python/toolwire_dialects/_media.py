# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A tool result's media beside its result object (Gemini's functionResponse.parts): a list of
blocks, each spelled by the field's content part spellings (plain fields, no constants).
Decoding, they follow the object's parts in the content; encoding, the content's parts a
spelling carries are written there (and the dialect's own wire blocks go back as they came)."""

from __future__ import annotations

from typing import Any

from ._coercion import held
from ._content import a_part, checked_parts, is_image_type, report_dropped
from ._errors import MISSING, DecodeError, Loss, describe
from ._strict_json import MAX_DEPTH

__all__ = ["media_in", "media_out", "put_media"]

# (canonical kind, ((canonical field, wire tokens), ...)) for each spelling, in order
Spellings = list[list[Any]]


def _get(value: Any, toks: list[str]) -> Any:
    for token in toks:
        if type(value) is not dict or token not in value:
            return MISSING
        value = value[token]
    return value


def _block(kind_fields: list[Any], part: dict[str, Any]) -> dict[str, Any] | None:
    """The block spelling a part of its kind, when the part has each field as a string (its
    other keys are media_out's to report)."""
    kind, fields = kind_fields
    if part.get("type") != kind or any(name not in part for name, _toks in fields):
        return None
    block: dict[str, Any] = {}
    for name, toks in fields:
        value = part[name]
        if type(value) is not str:
            return None
        at = block
        for token in toks[:-1]:
            at = at.setdefault(token, {})
        at[toks[-1]] = value
    return block


def _part(block: Any, spellings: Spellings, dialect: str) -> dict[str, Any]:
    """The part a block is: the first spelling that writes it back exactly, else a wire part."""
    for kind, fields in spellings:
        part: dict[str, Any] = {"type": kind}
        for name, toks in fields:
            part[name] = _get(block, toks)
        if kind == "image" and "media_type" in part and not is_image_type(part["media_type"]):
            continue  # an image part's media type is an image's (a PDF is a document)
        if _block([kind, fields], part) == block:
            return part
    return {"type": "wire", "dialect": dialect, "value": block}


def media_in(
    wire: dict[str, Any], where: list[str], spellings: Spellings, parts: list[dict[str, Any]], dialect: str, shape: str
) -> None:
    """Appends the media blocks at where (when present) to the decoded content parts."""
    blocks = _get(wire, where)
    if blocks is MISSING:
        return
    pointer = "".join("/" + t for t in where)
    if type(blocks) is not list:
        raise DecodeError(dialect, shape, pointer, f"expected an array of blocks, got {describe(blocks)}")
    for i, block in enumerate(blocks):
        if type(block) is not dict:
            raise DecodeError(dialect, shape, f"{pointer}/{i}", f"expected an object, got {describe(block)}")
        parts.append(
            _part(held(block, MAX_DEPTH - len(where) - 1, dialect, shape, f"{pointer}/{i}"), spellings, dialect)
        )


def media_out(
    parts: list[dict[str, Any]], spellings: Spellings, dialect: str, losses: list[Loss], strict: bool
) -> tuple[list[Any], list[int]]:
    """(the media blocks, the positions of the parts they carry): each part a spelling writes
    (a key it has no place for reported: a document's name), and each wire part of the
    dialect's own, in order."""
    blocks: list[Any] = []
    carried: list[int] = []
    for i, part in enumerate(checked_parts(parts)):
        if part.get("type") == "wire" and part.get("dialect") == dialect and type(part.get("value")) is dict:
            blocks.append(part["value"])
            carried.append(i)
            continue
        for spelling in spellings:
            block = _block(spelling, part)
            if block is not None:
                names = ["type", *(name for name, _toks in spelling[1])]
                report_dropped(part, names, False, f"/content/{i}", a_part(spelling[0]), dialect, losses, strict)
                blocks.append(block)
                carried.append(i)
                break
    return blocks, carried


def put_media(wire: dict[str, Any], where: list[str], blocks: list[Any]) -> None:
    """The media blocks at where, when there are any."""
    if not blocks:
        return
    at = wire
    for token in where[:-1]:
        at = at.setdefault(token, {})
    at[where[-1]] = blocks
