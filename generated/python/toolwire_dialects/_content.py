# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Content and results on wires that carry less than the canonical model: content as one
string, a result as one JSON object (Gemini functionResponse.response), images as data URLs."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from ._canonical import describe_part, listed, need
from ._coercion import written
from ._errors import Invalid, Loss, report

__all__ = [
    "a_part",
    "base64_text",
    "content_as_string",
    "data_url",
    "data_url_type_in",
    "document_format",
    "document_media_type",
    "is_data_url",
    "is_image_type",
    "media_type_in",
    "report_dropped",
    "result_from_object",
    "result_to_object",
    "split_data_url",
    "text_base64",
    "text_of_json",
]

_DATA_URL = re.compile(r"data:([\w.+-]+/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})", re.ASCII)


def is_data_url(value: Any) -> bool:
    """Whether value is a base64 data URL, data:<media type>;base64,<data>."""
    return type(value) is str and _DATA_URL.fullmatch(value) is not None


def split_data_url(value: str) -> tuple[str, str]:
    """(media type, base64 data) of a data URL."""
    match = _DATA_URL.fullmatch(value)
    assert match is not None  # the part matched is_data_url first
    return match.group(1), match.group(2)


def data_url(media_type: str, data: str) -> str:
    return f"data:{media_type};base64,{data}"


# Bedrock's DocumentFormat values and the media types they stand for (botocore bedrock-runtime)
_DOCUMENT_FORMATS = {
    "pdf": "application/pdf",
    "csv": "text/csv",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "html": "text/html",
    "txt": "text/plain",
    "md": "text/markdown",
}
_FORMAT_OF = {media_type: name for name, media_type in _DOCUMENT_FORMATS.items()}


def document_format(media_type: Any) -> str | None:
    """The document format (a file extension: pdf) of a media type, None when it has none."""
    return _FORMAT_OF.get(media_type) if type(media_type) is str else None


def document_media_type(value: Any) -> Any:
    """The media type of a document format; a value that is none is kept as it is."""
    return _DOCUMENT_FORMATS.get(value, value) if type(value) is str else value


def media_type_in(value: Any, types: tuple[str, ...]) -> bool:
    """Whether value is one of the media types a spelling takes ("text/*": any text type)."""
    if type(value) is not str:
        return False
    return value in types or any(t.endswith("/*") and value.startswith(t[:-1]) for t in types)


def data_url_type_in(value: Any, types: tuple[str, ...]) -> bool:
    """Whether a data URL's media type is one a spelling takes; any other value says none."""
    return not is_data_url(value) or media_type_in(split_data_url(value)[0], types)


_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?", re.ASCII)


def base64_text(data: Any) -> str | None:
    """The UTF-8 text base64 data holds; None when it is no padded base64 or no UTF-8 text
    (a document a text source cannot take)."""
    if type(data) is not str or _BASE64.fullmatch(data) is None:
        return None
    try:
        return base64.b64decode(data, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def text_base64(text: str) -> str:
    """Text as base64 of its UTF-8 bytes (a lone surrogate as the three bytes of its code)."""
    return base64.b64encode(text.encode("utf-8", "surrogatepass")).decode("ascii")


def is_image_type(value: Any) -> bool:
    """Whether value is an image's media type (image/...)."""
    return type(value) is str and value.startswith("image/")


def report_dropped(
    part: dict[str, Any],
    carried: Any,
    data_url: bool,
    at: str,
    what: str,
    dialect: str,
    losses: list[Loss],
    strict: bool,
) -> None:
    """Reports each key of a part its spelling does not write (part.field_dropped); what is the
    part ("an image"); a spelling writing data URLs drops a URL's media type (a data URL carries
    one, a plain URL none)."""
    lost = part.keys() - set(carried)
    if data_url and "url" in part and "media_type" in part:
        lost.add("media_type")
    for key in sorted(lost):
        report(losses, strict, "part.field_dropped", f"{at}/{key}", dialect, f"the {key} of {what} part")


def a_part(kind: str) -> str:
    """A part kind with its article: "an image", "a document"."""
    return ("an " if kind[:1] in ("a", "e", "i", "o", "u") else "a ") + kind


def text_of_json(value: Any, pointer: str) -> str:
    """A json part's value as text (held to the depth limit: a TypeError when too deep)."""
    return written(value, pointer)


def checked_parts(parts: Any) -> list[dict[str, Any]]:
    """Canonical content as an encoder reads it: objects, each with its type (else Invalid)."""
    items = listed(parts)
    for part in items:
        need(part, "type")
    return items


def content_as_string(parts: list[dict[str, Any]], losses: list[Loss], strict: bool, target: str) -> str:
    """Content for a wire that takes only a string: text joined, JSON as its text, the rest lost."""
    texts: list[str] = []
    for i, part in enumerate(checked_parts(parts)):
        if part["type"] == "text":
            text = need(part, "text")
            if type(text) is not str:  # what "".join() would say
                raise Invalid(f"sequence item {len(texts)}: expected str instance, {type(text).__name__} found")
            texts.append(text)
        elif part["type"] == "json":
            report(
                losses,
                strict,
                "content.json_as_text",
                f"/content/{i}",
                target,
                "a json part as such (sent as JSON text)",
            )
            texts.append(text_of_json(need(part, "value"), f"/content/{i}/value"))
        else:
            report(losses, strict, "part.unsupported", f"/content/{i}", target, describe_part(part))
    if len(texts) > 1:
        report(losses, strict, "content.joined", "/content", target, "several parts as such (joined into one string)")
    return "".join(texts)


def _parts_of(value: Any) -> list[dict[str, Any]]:
    """An output value as content: text, JSON, or nothing for an empty string."""
    if type(value) is str:
        return [{"type": "text", "text": value}] if value else []
    return [{"type": "json", "value": value}]


def result_from_object(
    value: dict[str, Any], output_key: str, error_key: str | None, forms: dict[str, Any], pointer: str
) -> tuple[list[dict[str, Any]], bool]:
    """{error: x} is an error result, {output: x} a plain one, any other object is the output."""
    if error_key is not None and value.keys() == {error_key}:
        return _parts_of(value[error_key]), True
    if value.keys() == {output_key}:
        inner = value[output_key]
        if type(inner) is not str:
            forms[pointer] = "wrapped"
        return _parts_of(inner), False
    return [{"type": "json", "value": value}], False


def result_to_object(
    parts: list[dict[str, Any]],
    is_error: bool,
    output_key: str,
    error_key: str | None,
    form: str | None,
    losses: list[Loss],
    strict: bool,
    target: str,
    carried: list[int] | None = None,
) -> dict[str, Any]:
    """A result's content as one object: {output_key: ...} or {error_key: ...}; one JSON
    object part stands as it is unless the decoder saw it wrapped. The parts at the positions
    carried are written elsewhere (media beside the object)."""
    parts = checked_parts(parts)
    if carried:
        parts = [p if i not in carried else {"type": "carried"} for i, p in enumerate(parts)]
    texts = [p for p in parts if p["type"] == "text"]
    kept = [p for p in parts if p["type"] in ("text", "json")]
    for i, part in enumerate(parts):
        if part["type"] not in ("text", "json", "carried"):
            report(losses, strict, "part.unsupported", f"/content/{i}", target, describe_part(part))
    if len(kept) == 1 and kept[0]["type"] == "json":
        inner: Any = need(kept[0], "value")
    elif len(kept) == len(texts):
        inner = "".join(need(p, "text") for p in texts)
        if len(texts) > 1:
            report(losses, strict, "content.joined", "/content", target, "several text parts as such (joined into one)")
    else:
        inner = [need(p, "text") if p["type"] == "text" else need(p, "value") for p in kept]
        report(losses, strict, "content.joined", "/content", target, "several parts as such (sent as one JSON array)")
    if is_error:
        if error_key is None:
            report(losses, strict, "result.error_flag_dropped", "/is_error", target, "the error flag of a tool result")
        else:
            return {error_key: inner}
    if type(inner) is dict and form != "wrapped":
        return inner
    return {output_key: inner}
