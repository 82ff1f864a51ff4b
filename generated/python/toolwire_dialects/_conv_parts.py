# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Message parts: reading a wire block as the first spelling it matches, and writing a
canonical part in the first spelling that can carry it. Tool calls and results go through
the dialect's generated converters; text, images, reasoning and refusals through their
spelling's fields. Wire keys a spelling does not know stay in the part's extensions."""

from __future__ import annotations

from typing import Any

from ._citations import citations_in, citations_out
from ._content import (
    a_part,
    base64_text,
    data_url,
    data_url_type_in,
    document_format,
    document_media_type,
    is_data_url,
    is_image_type,
    media_type_in,
    report_dropped,
    split_data_url,
    text_base64,
)
from ._conv_layout import Codecs, PartField, Spelling
from ._conv_paths import get, pointer, put, put_back, put_fresh, unknown_into
from ._errors import MISSING, DecodeError, Encoded, Loss, describe, report
from ._extensions import foreign_extensions
from ._ids import IdMap

__all__ = [
    "decode_block",
    "encode_part",
    "field_part",
    "holds",
    "matches",
    "sniff_media_type",
    "spelling_for",
    "unsigned",
]

SHAPES = {"tool_call": "call", "tool_result": "result"}  # part kind -> the key holding its canonical value
_MAGIC = (("iVBORw0KGgo", "image/png"), ("/9j/", "image/jpeg"), ("R0lGOD", "image/gif"), ("UklGR", "image/webp"))
_EMPTY: dict[str, Any] = {}


def sniff_media_type(data: str) -> str | None:
    """The media type of base64 image data, from its first bytes (PNG, JPEG, GIF, WEBP)."""
    for prefix, media_type in _MAGIC:
        if data.startswith(prefix):
            return media_type
    return None


def matches(block: Any, spelling: Spelling) -> bool:
    if type(block) is not dict:
        return False
    for toks, value in spelling.when:
        if get(block, toks) != value:
            return False
    if not all(get(block, toks) is not MISSING for toks in spelling.has):
        return False
    return all(_fits(get(block, f.toks), f) for f in spelling.fields)


def _fits(value: Any, f: PartField) -> bool:
    """A field's value (MISSING: absent) is one the spelling is for: an image_type field's is
    an image's media type (Gemini's inlineData holds images and documents alike), a field with
    media types one of them (a data URL's own; Anthropic takes base64 PDFs only)."""
    if value is MISSING:
        return True
    if f.encoding == "image_type" and not is_image_type(value):
        return False
    if not f.media_types:
        return True
    if f.encoding == "data_url":
        return data_url_type_in(value, f.media_types)
    return media_type_in(value, f.media_types)


def _takes(part: dict[str, Any], f: PartField) -> bool:
    """The spelling takes the part's value of the field: _fits, a data URL field's media type
    being the part's (when it has inline data; a URL says none)."""
    if f.encoding == "data_url":
        inline = bool(f.media_types) and "data" in part and (f.name == "data" or "url" not in part)
        return not inline or media_type_in(part.get("media_type"), f.media_types)
    return _fits(part.get(f.name, MISSING), f)


def _field_in(part: dict[str, Any], f: PartField, value: Any, dialect: str, shape: str, at: str) -> None:
    if f.citations is not None:
        citations = citations_in(value, f.citations, dialect, shape, at + pointer(f.toks))
        if citations is not MISSING:
            part[f.name] = citations
    elif f.encoding == "data_url":
        if is_data_url(value):
            part["media_type"], part["data"] = split_data_url(value)
        elif f.name == "data":  # a field of inline data only (Chat's file_data): no URL
            raise DecodeError(dialect, shape, at + pointer(f.toks), f"expected a data: URL, got {describe(value)}")
        else:
            part["url"] = value
    elif f.encoding == "media_format":
        part[f.name] = "image/" + value if type(value) is str else value
    elif f.encoding == "document_format":
        part[f.name] = document_media_type(value)
    elif f.encoding == "base64_text":
        if type(value) is not str:
            raise DecodeError(dialect, shape, at + pointer(f.toks), f"expected a string, got {describe(value)}")
        part[f.name] = text_base64(value)
    else:
        part[f.name] = value


def decode_block(
    block: Any, spellings: tuple[Spelling, ...], codecs: Codecs, id_map: IdMap, dialect: str, shape: str, at: str
) -> dict[str, Any]:
    """A canonical part for one wire block; a block no spelling matches is kept verbatim."""
    for sp in spellings:
        if not matches(block, sp):
            continue
        if sp.part in SHAPES:
            try:
                value = codecs.decode[sp.part](block, id_map=id_map)
            except DecodeError as exc:
                raise exc.at(at) from None
            return {"type": sp.part, SHAPES[sp.part]: value}
        return spelled_part(block, sp, dialect, shape, at)
    return {"type": "wire", "dialect": dialect, "value": block}


def spelled_part(block: dict[str, Any], sp: Spelling, dialect: str, shape: str, at: str) -> dict[str, Any]:
    part: dict[str, Any] = {"type": sp.part}
    if sp.part == "reasoning":
        part["dialect"] = dialect
    for f in sp.fields:
        value = get(block, f.toks)
        if value is MISSING:
            if f.optional:
                continue
            raise DecodeError(dialect, shape, at + pointer(f.toks), "expected a value, got nothing")
        if f.name == "text" and type(value) is not str:  # every text is a string (a null one too)
            raise DecodeError(dialect, shape, at + pointer(f.toks), f"expected a string, got {describe(value)}")
        _field_in(part, f, value, dialect, shape, at)
    forms: dict[str, Any] | None = None
    for toks, _default in sp.defaults:
        if get(block, toks) is MISSING:
            forms = forms or {}
            forms[pointer(toks)] = "absent"
    unknown = unknown_into(block, sp.known, "", None)
    if unknown is not None:
        for toks, default in sp.defaults:  # a default value written out says nothing
            key = pointer(toks)
            if key in unknown and unknown[key] == default:
                del unknown[key]
    if unknown or forms:
        own: dict[str, Any] = {}
        if unknown:
            own["fields"] = unknown
        if forms:
            own["forms"] = forms
        part["extensions"] = {dialect: own}
    return part


def field_part(kind: str, value_key: str | None, value: Any, dialect: str) -> dict[str, Any]:
    """A part a turn holds in a field of its own, written as one value (Chat refusal)."""
    part: dict[str, Any] = {"type": kind}
    if kind == "reasoning":
        part["dialect"] = dialect
    if value_key is not None:
        part[value_key] = value
        if kind == "image" and value_key == "data" and type(value) is str:
            media_type = sniff_media_type(value)
            if media_type is not None:
                part["media_type"] = media_type
    return part


def holds(part: dict[str, Any], dialect: str, where: str) -> bool:
    """The part's own extension fields (the dialect's) hold the key at where: a signature
    the provider made, which only its own payload can supply."""
    extensions = part.get("extensions")
    own = extensions.get(dialect) if type(extensions) is dict else None
    return type(own) is dict and type(own.get("fields")) is dict and where in own["fields"]


def spelling_for(part: dict[str, Any], role: str, spellings: tuple[Spelling, ...], dialect: str) -> Spelling | None:
    """The first spelling of the part's kind, for its role, whose fields the part has (and
    its own extension fields the key the spelling is signed with)."""
    kind = part.get("type")
    for sp in spellings:
        if sp.part != kind or (sp.roles and role not in sp.roles):
            continue
        if carries(part, sp, dialect):
            return sp
    return None


def carries(part: dict[str, Any], sp: Spelling, dialect: str) -> bool:
    """The spelling can write the part: it holds what the spelling must sign (its own
    extension fields), and is a shape's part or has every field the spelling requires (a unit
    is chosen by the same rule as a part, so that a reasoning part without text is not written
    by a spelling that needs one)."""
    if sp.signed is not None and not holds(part, dialect, sp.signed):
        return False
    if part.get("type") in SHAPES:
        return True
    return all((f.optional or _has(part, f)) and _takes(part, f) for f in sp.fields)


def unsigned(part: dict[str, Any], role: str, spellings: tuple[Spelling, ...], dialect: str) -> bool:
    """A part of a kind the dialect writes only signed, without what any spelling needs:
    unsigned (another dialect's reasoning part, or one built by hand)."""
    kind = part.get("type")
    return any(sp.part == kind and sp.signed is not None for sp in spellings) and (
        spelling_for(part, role, spellings, dialect) is None
    )


def _has(part: dict[str, Any], f: PartField) -> bool:
    if f.encoding == "data_url":
        inline = "data" in part and "media_type" in part
        return inline if f.name == "data" else "url" in part or inline
    if f.encoding == "document_format":  # a media type the wire has a format for
        return document_format(part.get(f.name)) is not None
    if f.encoding == "base64_text":  # data that is UTF-8 text
        return base64_text(part.get(f.name)) is not None
    return f.name in part


def _field_out(part: dict[str, Any], f: PartField) -> Any:
    if f.encoding == "data_url":
        return part["url"] if "url" in part and f.name != "data" else data_url(part["media_type"], part["data"])
    value = part.get(f.name, MISSING)
    if f.encoding == "media_format" and type(value) is str:
        return value.removeprefix("image/")
    if f.encoding == "document_format" and value is not MISSING:
        return document_format(value)
    if f.encoding == "base64_text" and value is not MISSING:
        return base64_text(value)
    return value


_CARRIED: dict[int, frozenset[str]] = {}


def _carried_names(sp: Spelling) -> frozenset[str]:
    """The canonical keys a spelling writes (a data URL writes the media type and data; one
    named url a URL too)."""
    names = {"type", "extensions", "dialect"} | {f.name for f in sp.fields}
    for f in sp.fields:
        if f.encoding == "data_url":
            names |= {"media_type", "data", f.name}
    return frozenset(names)


def encode_part(
    part: dict[str, Any],
    sp: Spelling,
    codecs: Codecs,
    id_map: IdMap,
    dialect: str,
    losses: list[Loss],
    strict: bool,
    at: str,
) -> Any:
    """The wire block of one canonical part in spelling sp; losses point into the part."""
    if sp.part in SHAPES:
        key = SHAPES[sp.part]
        result: Encoded = codecs.encode[sp.part](part[key], strict=strict, id_map=id_map)
        losses.extend(loss.at(f"{at}/{key}") for loss in result.losses)
        return result.value
    block: dict[str, Any] = {}
    for toks, value in sp.when:
        put_fresh(block, toks, value)
    for f in sp.fields:
        value = _field_out(part, f)
        if f.citations is not None and value is not MISSING:
            value = citations_out(value, f.citations, dialect, f"{at}/{f.name}", losses, strict)
        if value is not MISSING:
            put(block, f.toks, value)
    carried = _CARRIED.get(id(sp))
    if carried is None:
        carried = _CARRIED[id(sp)] = _carried_names(sp)
    data_urls = any(f.encoding == "data_url" for f in sp.fields)
    report_dropped(part, carried, data_urls, at, a_part(sp.part), dialect, losses, strict)
    extensions = part.get("extensions")
    own = _EMPTY
    if extensions:
        before = len(losses)
        own = foreign_extensions(extensions, dialect, losses, strict)
        losses[before:] = [loss.at(at) for loss in losses[before:]]
    forms = own.get("forms", _EMPTY)
    for where, value in own.get("fields", _EMPTY).items():
        if not put_back(block, where, value):
            report(
                losses,
                strict,
                "extension.field_moved",
                f"{at}/extensions/{dialect}/fields",
                dialect,
                f"field {where} (its place changed)",
            )
    for toks, default in sp.defaults:
        if forms.get(pointer(toks)) != "absent" and get(block, toks) is MISSING:
            put_fresh(block, toks, default)
    return block
