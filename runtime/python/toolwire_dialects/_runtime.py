# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Runtime shared by the generated converters: errors, loss reports, id maps, input coercion.

Everything dialect-specific lives in the generated dialect modules; this module only holds
the vocabulary terms that are the same for every dialect.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any, NamedTuple

from ._ids import CANONICAL_IDS, IdMap, IdPolicy, Note, id_checker, note_position  # noqa: F401 (re-exported)

__all__ = [
    "MISSING",
    "ConversionError",
    "DecodeError",
    "Encoded",
    "IdMap",
    "IdPolicy",
    "Loss",
    "LossError",
    "Note",
]


class _Missing:
    """Marks a value that is absent (distinct from JSON null)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()
_EMPTY: dict[str, Any] = {}


class ConversionError(Exception):
    """Base class of every error the generated converters raise."""


class DecodeError(ConversionError, ValueError):
    """A payload is not the shape of the dialect it was decoded as."""

    def __init__(self, dialect: str, shape: str, pointer: str, message: str) -> None:
        self.dialect = dialect
        self.shape = shape
        self.pointer = pointer
        self.message = message
        super().__init__(f"{dialect}/{shape}: {pointer or '/'}: {message}")

    def at(self, prefix: str) -> DecodeError:
        """The same error for a value found at prefix inside a larger one."""
        return DecodeError(self.dialect, self.shape, prefix + self.pointer, self.message)


class Loss(NamedTuple):
    """Something the target dialect cannot carry; pointer is into the canonical value."""

    pointer: str
    target: str
    what: str

    def __str__(self) -> str:
        return f"loss: {self.pointer or '/'}: {self.target} cannot carry {self.what}"


class LossError(ConversionError):
    """Raised instead of reporting a loss when encoding in strict mode."""

    def __init__(self, loss: Loss) -> None:
        self.loss = loss
        super().__init__(str(loss))


class Encoded(NamedTuple):
    """An encoded wire value (None when the target cannot carry it at all) and its losses."""

    value: Any
    losses: list[Loss]


def report(losses: list[Loss], strict: bool, pointer: str, target: str, what: str) -> None:
    loss = Loss(pointer, target, what)
    if strict:
        raise LossError(loss)
    losses.append(loss)


# ---------------------------------------------------------------------------------------
# Input coercion: dicts pass straight through; JSON text and SDK objects become dicts.


def to_plain(value: Any) -> Any:
    """Turn SDK objects (pydantic models, dataclass-like objects) into plain JSON values."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    dump = getattr(value, "model_dump", None)
    if dump is not None:
        try:
            return to_plain(dump(mode="json", by_alias=True, exclude_none=True))
        except (TypeError, RuntimeError):
            # A model whose serializer was never built (forward refs not rebuilt) fails in
            # model_dump: pydantic's MockValSer raises TypeError, or PydanticUserError (a
            # RuntimeError) in newer releases. Read the fields by attribute instead.
            pass
    fields = getattr(type(value), "model_fields", None)
    if fields is not None:
        out: dict[str, Any] = {}
        for name, info in fields.items():
            item = getattr(value, name, None)
            if item is not None:
                out[getattr(info, "alias", None) or name] = to_plain(item)
        extra = getattr(value, "__pydantic_extra__", None) or {}
        out.update({k: to_plain(v) for k, v in extra.items() if v is not None})
        return out
    if hasattr(value, "__dict__"):
        return {k: to_plain(v) for k, v in vars(value).items() if not k.startswith("_") and v is not None}
    raise TypeError(f"cannot read a {type(value).__name__} as JSON")


def as_wire(payload: Any, dialect: str, shape: str) -> Any:
    """Accept a wire value as a dict, JSON text or an SDK object."""
    if isinstance(payload, (str, bytes, bytearray)):
        try:
            text = payload if isinstance(payload, str) else bytes(payload).decode("utf-8").removeprefix("\ufeff")
            return loads(text)
        except ValueError as exc:
            raise DecodeError(dialect, shape, "", f"not valid JSON: {exc}") from None
    try:
        return to_plain(payload)
    except TypeError as exc:
        raise DecodeError(dialect, shape, "", str(exc)) from None


def as_canonical(value: Any, shape: str) -> dict[str, Any]:
    """Accept a canonical value as a dict or a canonical pydantic model."""
    if type(value) is dict:
        return value
    dump = getattr(value, "model_dump", None)
    if dump is not None:
        return dump(mode="json", exclude_none=True)
    if isinstance(value, dict):
        return dict(value)
    raise TypeError(f"canonical {shape} must be a dict or a canonical model, not {type(value).__name__}")


# ---------------------------------------------------------------------------------------
# Decode errors: the generated code checks its assumptions in straight-line code; only
# when one fails does this walk the same checks, as data, to name the exact pointer.


def _lookup(value: Any, pointer: str) -> Any:
    if pointer == "":
        return value
    for token in pointer[1:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict):
            value = value.get(token, MISSING)
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return MISSING
        if value is MISSING:
            return MISSING
    return value


_TYPE_NAMES = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}


def describe(value: Any) -> str:
    """A short description of a JSON value for error messages."""
    return _describe(value)


def _describe(value: Any) -> str:
    if value is MISSING:
        return "nothing"
    if value is None:
        return "null"
    if isinstance(value, (str, bool, int, float)):
        return json.dumps(value, ensure_ascii=False)[:60]
    return _TYPE_NAMES.get(type(value), type(value).__name__)


_EXPECT = {
    "object": (lambda v: type(v) is dict, "an object"),
    "array": (lambda v: type(v) is list and len(v) > 0, "a non-empty array"),
    "list": (lambda v: type(v) is list, "an array"),
    "string": (lambda v: type(v) is str, "a string"),
    "nonempty": (lambda v: type(v) is str and v != "", "a non-empty string"),
    "boolean": (lambda v: type(v) is bool, "a boolean"),
    "string_or_null": (lambda v: v is None or type(v) is str, "a string or null"),
    "any": (lambda v: v is not MISSING, "a value"),
}


def _first_failure(wire: Any, checks: tuple) -> tuple[int, str, str] | None:
    for passed, (pointer, kind, arg) in enumerate(checks):
        value = _lookup(wire, pointer)
        if kind == "const":
            if value != arg or type(value) is not type(arg):
                return passed, pointer, f"expected {json.dumps(arg)}, got {_describe(value)}"
        elif kind == "optional":
            test, what = _EXPECT[arg]
            if value is not MISSING and value is not None and not test(value):
                return passed, pointer, f"expected {what}, got {_describe(value)}"
        elif kind == "absent_or":
            test, what = _EXPECT[arg]
            if value is not MISSING and not test(value):
                return passed, pointer, f"expected {what} or nothing, got {_describe(value)}"
        elif kind == "optional_const":
            if value is not MISSING and (value != arg or type(value) is not type(arg)):
                return passed, pointer, f"expected {json.dumps(arg)} or nothing, got {_describe(value)}"
        elif kind == "optional_values":
            if value is not MISSING and value is not None and value not in arg:
                return passed, pointer, f"expected one of {', '.join(json.dumps(a) for a in arg)}, got {_describe(value)}"
        elif kind == "values":
            if value not in arg:
                return passed, pointer, f"expected one of {', '.join(json.dumps(a) for a in arg)}, got {_describe(value)}"
        else:
            test, what = _EXPECT[kind]
            if not test(value):
                return passed, pointer, f"expected {what}, got {_describe(value)}"
    return None


def explain(wire: Any, variants: tuple, dialect: str, shape: str, fallback: str = "") -> DecodeError:
    """Name the first failed check of the variant that fits best: one whose constants all
    matched, then the one that got furthest."""
    best: tuple[bool, int, str, str] | None = None
    for checks in variants:
        failure = _first_failure(wire, checks)
        if failure is None:
            continue
        constants = sum(1 for _pointer, kind, _arg in checks if kind == "const")
        candidate = (constants > 0 and failure[0] > constants, *failure)  # past "is an object" and its constants
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    if best is None:
        return DecodeError(dialect, shape, "", fallback or "does not match this shape")
    return DecodeError(dialect, shape, best[2], best[3])


# ---------------------------------------------------------------------------------------
# Arguments carried as JSON text.

# The rules (the same in the toolwire CLI's reader): RFC 8259 JSON only, so NaN, Infinity,
# -Infinity, a number that overflows a double (1e400) and a lone surrogate escape are invalid
# text; a duplicate key keeps its last value (as json, orjson and JSON.parse do); arrays and
# objects nest at most MAX_DEPTH levels. Every failure is a ValueError.

MAX_DEPTH = 512


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in _INFINITIES:
        raise ValueError(f"number {text[:32]} is out of range")
    return value


_INFINITIES = (float("inf"), float("-inf"))
_JSON = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)
_scan_json = _JSON.scan_once
_SURROGATE = re.compile("[\ud800-\udfff]")  # left in a decoded string only by a lone escape
_STRUCTURE = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


def _too_deep(text: str) -> None:
    """Raise when arrays and objects nest deeper than MAX_DEPTH: one linear scan that skips
    strings, run only on texts with enough brackets to be that deep."""
    level = 0
    pos = 0
    search, rest = _STRUCTURE.search, _STRING_REST.match
    while (match := search(text, pos)) is not None:
        char = match.group()
        pos = match.end()
        if char == '"':
            string = rest(text, pos)
            if string is None:
                return  # a string that never ends: the parser says so
            pos = string.end()
        elif char in "[{":
            level += 1
            if level > MAX_DEPTH:
                raise ValueError(f"nested more than {MAX_DEPTH} levels deep (at character {match.start()})")
        else:
            level -= 1


def _check_strings(value: Any) -> None:
    """A surrogate left in a decoded string came from a lone escape (a pair decodes to one
    character): not a character, so not valid JSON text."""
    stack = [value]
    while stack:
        node = stack.pop()
        if type(node) is str:
            if _SURROGATE.search(node):
                raise ValueError("a lone surrogate escape is not a character")
        elif type(node) is dict:
            stack.extend(node)
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)


def checked(text: str, value: Any) -> Any:
    """The checks the scanner cannot make: depth and lone surrogate escapes, each skipped by a
    cheap test on texts that cannot fail it."""
    if len(text) > MAX_DEPTH and text.count("[") + text.count("{") > MAX_DEPTH:
        _too_deep(text)
    if "\\u" in text:
        _check_strings(value)
    return value


def loads(text: str) -> Any:
    """json.loads(text) by the rules above. Argument texts are short, and for them
    json.loads' wrapper (two whitespace regex matches around the scanner) costs more than the
    scan, so a short text with no escape that starts and ends with its value goes straight to
    the scanner (it can be neither too deep nor hold a lone surrogate escape); anything else
    (escapes, whitespace, errors, '{..}{..}', long texts) takes the checked way."""
    size = len(text)
    if size <= MAX_DEPTH and "\\" not in text:
        try:
            value, end = _scan_json(text, 0)
        except (StopIteration, json.JSONDecodeError, RecursionError):
            end = -1
        if end == size:
            return value
    return _loads_checked(text)


def _loads_checked(text: str) -> Any:
    if len(text) > MAX_DEPTH and text.count("[") + text.count("{") > MAX_DEPTH:
        _too_deep(text)  # before the scanner, which recurses (even into brackets never closed)
    try:
        try:
            value, end = _scan_json(text, 0)
        except (StopIteration, json.JSONDecodeError):
            end = -1
        if end != len(text):
            if text.startswith("\ufeff"):  # what json.loads says
                raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
            value = _JSON.decode(text)
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None
    if "\\u" in text:
        _check_strings(value)
    return value


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """One value of text from pos, by the rules above: (value, end)."""
    try:
        value, end = _JSON.raw_decode(text, pos)
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None
    return checked(text[pos:end], value), end


def parse_arguments(text: str, dialect: str, shape: str, pointer: str) -> tuple[Any, str | None]:
    """Parse argument text; never repair it. Returns (object, None) or (None, why)."""
    if type(text) is not str:
        raise DecodeError(dialect, shape, pointer, f"expected a string, got {_describe(text)}")
    try:
        value = loads(text)
    except ValueError as exc:
        # Also catches '{..}{..}': several objects in one text are "Extra data", not calls.
        return None, f"not valid JSON: {exc}"
    if type(value) is not dict:
        return None, f"not a JSON object: got {_describe(value)}"
    return value, None


_DATA_URL = re.compile(r"data:([\w.+-]+/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})", re.ASCII)


def is_data_url(value: Any) -> bool:
    """Whether value is a base64 data URL, data:<media type>;base64,<data>."""
    return type(value) is str and _DATA_URL.fullmatch(value) is not None


def split_data_url(value: str) -> tuple[str, str]:
    match = _DATA_URL.fullmatch(value)
    assert match is not None  # the part matched is_data_url first
    return match.group(1), match.group(2)


def data_url(media_type: str, data: str) -> str:
    return f"data:{media_type};base64,{data}"


def not_an_object(value: Any) -> str:
    return f"not a JSON object: got {_describe(value)}"


def dump_arguments(arguments: dict[str, Any]) -> str:
    return json.dumps(arguments, ensure_ascii=False, separators=(",", ":"))


def arguments_text(call: dict[str, Any], no_arguments_text: tuple[str, ...]) -> str:
    """The argument text to send: the original spelling while it still says the same thing."""
    raw = call.get("raw_arguments")
    arguments = call["arguments"]
    if raw is not None:
        if arguments is None:
            return raw
        if raw in no_arguments_text:
            if not arguments:
                return raw
        else:
            try:
                if loads(raw) == arguments:
                    return raw
            except ValueError:
                pass
    return dump_arguments(arguments)


# ---------------------------------------------------------------------------------------
# Ids (the map itself is in _ids).


def encode_id(value: Any, policy: IdPolicy, id_map: IdMap | None, losses: list[Loss], strict: bool, pointer: str) -> str:
    """The id to send; with an id map every id goes through it, so that no rewrite can ever
    equal an id sent as it is (the map remembers both)."""
    fits = type(value) is str and policy.pattern.fullmatch(value) is not None
    if id_map is None:
        if fits:
            return value
        id_map = IdMap()
    if value is None:
        new = id_map.mint(policy)
        report(losses, strict, pointer, policy.dialect, f"a missing id (minted {new!r})")
        return new
    new = id_map.carry(value, policy)
    if new == value:
        return new
    if fits:
        why = f"id {value!r} (rewritten to {new!r}: the id map gave {value!r} to id {id_map.original(value)!r})"
    else:
        why = f"id {value!r} (rewritten to {new!r} in the id map)"
    report(losses, strict, pointer, policy.dialect, why)
    return new


# ---------------------------------------------------------------------------------------
# Extensions: the wire fields a mapping does not describe, kept for a lossless round trip.


def _tokens(pointer: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def unknown_fields(
    obj: dict[str, Any], known: frozenset[str], base: str, into: dict[str, Any] | None
) -> dict[str, Any] | None:
    """Adds obj's fields outside `known` to `into` (made when the first one turns up)."""
    for key in sorted(obj.keys() - known):
        if into is None:
            into = {}
        into[f"{base}/{escape(key)}"] = obj[key]
    return into


def apply_fields(wire: Any, fields: dict[str, Any], target: str, losses: list[Loss], strict: bool) -> None:
    """Put extension fields back; one whose place no longer exists is a loss."""
    for pointer, value in fields.items():
        *parents, last = _tokens(pointer)
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
        else:
            report(losses, strict, "/extensions/" + target + "/fields/" + escape(pointer), target, "this field any more (its place changed)")


def foreign_extensions(extensions: Any, target: str, losses: list[Loss], strict: bool) -> dict[str, Any]:
    """Report other dialects' extensions as losses; return the target's own."""
    own: dict[str, Any] = _EMPTY
    for dialect in sorted(extensions):
        if dialect == target:
            own = extensions[dialect]
            continue
        for pointer in sorted(extensions[dialect].get("fields", _EMPTY)):
            report(losses, strict, f"/extensions/{dialect}/fields/{escape(pointer)}", target, f"{dialect} field {pointer}")
        for i, note in enumerate(extensions[dialect].get("notes", ())):
            report(losses, strict, f"/extensions/{dialect}/notes/{i}", target, note)
    return own


def text_of_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def content_as_string(parts: list[dict[str, Any]], losses: list[Loss], strict: bool, target: str) -> str:
    """Content for a wire that takes only a string: text joined, JSON as its text, the rest lost."""
    texts: list[str] = []
    for i, part in enumerate(parts):
        if part["type"] == "text":
            texts.append(part["text"])
        elif part["type"] == "json":
            report(losses, strict, f"/content/{i}", target, "a json part as such (sent as JSON text)")
            texts.append(text_of_json(part["value"]))
        else:
            report(losses, strict, f"/content/{i}", target, describe_part(part))
    if len(texts) > 1:
        report(losses, strict, "/content", target, "several parts as such (joined into one string)")
    return "".join(texts)


def where(value: Any, conditions: tuple[tuple[tuple[str, ...], Any], ...]) -> bool:
    """Whether a whole payload has every (path, value) of a location's 'where'."""
    return all(lookup(value, toks) == expected for toks, expected in conditions)


def extension(fields: dict[str, Any] | None, forms: dict[str, Any], meaning: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if fields:
        out["fields"] = fields
    if forms:
        out["forms"] = forms
    if meaning:
        out["notes"] = [meaning]
    return out


def is_absent(value: dict[str, Any], absent: dict[str, Any]) -> bool:
    """Whether a canonical value is the one a dialect says by leaving the field out."""
    return {k: v for k, v in value.items() if k != "extensions"} == absent


def normalize_choice(choice: dict[str, Any]) -> None:
    """'required' limited to one tool is that tool: one canonical spelling for one meaning."""
    names = choice.get("names")
    if choice.get("mode") == "required" and names is not None and len(names) == 1:
        choice["mode"] = "tool"


def string_list(value: Any, dialect: str, shape: str, pointer: str) -> list[str]:
    for i, item in enumerate(value):
        if type(item) is not str or not item:
            raise DecodeError(dialect, shape, f"{pointer}/{i}", f"expected a non-empty string, got {_describe(item)}")
    return list(value)


class CanonicalError(ConversionError, ValueError):
    """A canonical value handed to an encoder is not valid canonical data."""

    def __init__(self, shape: str, cause: Exception) -> None:
        self.shape = shape
        detail = f"missing field {cause.args[0]!r}" if isinstance(cause, KeyError) else str(cause)
        super().__init__(f"canonical {shape} is invalid: {detail}")


def describe_part(part: dict[str, Any]) -> str:
    kind = part.get("type")
    if kind == "wire":
        value = part.get("value") or {}
        name = value.get("type") or next(iter(value), None)  # Bedrock blocks are keyed, not typed
        return f"{part.get('dialect')} block of type {name!r}"
    if kind == "image":
        return "an image given by URL" if "url" in part else "an inline image"
    return f"a {kind} part"


def describe_choice(value: dict[str, Any]) -> str:
    shown = {k: v for k, v in value.items() if k != "extensions"}
    return json.dumps(shown, ensure_ascii=False, sort_keys=True)[:120]



# ---------------------------------------------------------------------------------------
# Results carried as one JSON object (Gemini functionResponse.response).


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
) -> dict[str, Any]:
    texts = [p for p in parts if p["type"] == "text"]
    kept = [p for p in parts if p["type"] in ("text", "json")]
    for i, part in enumerate(parts):
        if part["type"] not in ("text", "json"):
            report(losses, strict, f"/content/{i}", target, describe_part(part))
    if len(kept) == 1 and kept[0]["type"] == "json":
        inner: Any = kept[0]["value"]
    elif len(kept) == len(texts):
        inner = "".join(p["text"] for p in texts)
        if len(texts) > 1:
            report(losses, strict, "/content", target, "several text parts as such (joined into one)")
    else:
        inner = [p["text"] if p["type"] == "text" else p["value"] for p in kept]
        report(losses, strict, "/content", target, "several parts as such (sent as one JSON array)")
    if is_error:
        if error_key is None:
            report(losses, strict, "/is_error", target, "the error flag of a tool result")
        else:
            return {error_key: inner}
    if type(inner) is dict and form != "wrapped":
        return inner
    return {output_key: inner}


# ---------------------------------------------------------------------------------------
# Parameter schemas: adapted per target in _schema_profiles (its names stay importable here).

from ._schema_profiles import (  # noqa: E402, F401  (it needs Loss, escape and report above)
    OPENAPI_KEYWORDS,
    is_object_schema,
    openapi_types_lower_case,
    schema_from_openapi,
    schema_profile_form,
    schema_to_openapi,
    strict_mode_problem,
    strict_tool_definition,
    to_strict_schema,
    with_explicit_properties,
)

# ---------------------------------------------------------------------------------------
# Envelopes.


def elements(value: Any) -> list[Any]:
    return value if type(value) is list else []


def lookup(value: Any, toks: tuple[str, ...]) -> Any:
    for token in toks:
        if type(value) is not dict:
            return MISSING
        value = value.get(token, MISSING)
        if value is MISSING:
            return MISSING
    return value


def first_at(value: Any, toks: tuple[str, ...]) -> Any:
    """The first value at a path whose '*' tokens stand for every array element."""
    if not toks:
        return value
    head, rest = toks[0], toks[1:]
    if head == "*":
        for item in elements(value):
            found = first_at(item, rest)
            if found is not None:
                return found
        return None
    if type(value) is not dict or head not in value:
        return None
    return first_at(value[head], rest)


def decode_at(decode: Any, value: Any, at: str, id_map: IdMap) -> dict[str, Any]:
    try:
        return decode(value, id_map=id_map)
    except DecodeError as exc:
        raise exc.at(at) from None



_PART_KEYS = {"tool_definition": "tools", "tool_choice": "tool_choice", "tool_call": "tool_calls", "tool_result": "tool_results"}


def _matches(value: Any, when: tuple, has: tuple, unless: tuple) -> bool:
    return (
        value is not None
        and all(lookup(value, toks) == expected for toks, expected in when)
        and all(lookup(value, toks) is not MISSING for toks in has)
        and not any(lookup(value, toks) == expected for toks, expected in unless)
    )


def _slots(value: Any, toks: tuple[str, ...]) -> list[tuple[Any, Any]]:
    """(container, key) of every place a path with '*' tokens reaches, in order."""
    places = [(None, None, value)]
    for token in toks:
        following = []
        for _parent, _key, node in places:
            if token == "*":
                following.extend((node, i, item) for i, item in enumerate(elements(node)))
            elif type(node) is dict and token in node:
                following.append((node, token, node[token]))
        places = following
    return [(parent, key) for parent, key, _node in places]


def _inject_choice(out: dict[str, Any], choice: Any, locations: list[tuple], encode: Any) -> None:
    """Replace the tool choice where the payload spells it (else at the first place), or
    remove it when choice is None or the target says it by leaving it out."""
    value = None if choice is None else encode("tool_choice", choice, "/tool_choice")
    present = [toks for _shape, toks, *_rest in locations if lookup(out, toks) is not MISSING]
    for toks in present:
        parent = lookup(out, toks[:-1]) if len(toks) > 1 else out
        if value is None:
            parent.pop(toks[-1], None)
        else:
            parent[toks[-1]] = value
    if value is not None and not present and locations:
        node = out
        for token in locations[0][1][:-1]:
            node = node.setdefault(token, {})
        node[locations[0][1][-1]] = value


def _inject_tools(out: dict[str, Any], values: list[Any], places: list[tuple], choices: list[tuple], encode: Any) -> None:
    """Rebuild the tools list where the payload has one (else at the first place), keeping
    elements that are not this shape (server tools); an empty list removes the field."""
    present = [loc for loc in places if type(lookup(out, loc[1][:-1])) is list] or places[:1]
    _shape, toks, when, has, unless, _where = present[0]
    existing = lookup(out, toks[:-1])
    kept = [item for item in elements(existing) if not _matches(item, when, has, unless)]
    tools = kept + [encode("tool_definition", v, f"/tools/{i}") for i, v in enumerate(values)]
    if tools:
        holder = out
        for token in toks[:-2]:
            holder = holder.setdefault(token, {})
        holder[toks[-2]] = tools
    elif existing is not MISSING:  # strict servers reject `tools: []`, and a tool choice without tools
        holder = lookup(out, toks[:-2]) if len(toks) > 2 else out
        holder.pop(toks[-2], None)
        _inject_choice(out, None, choices, encode)


def _bool_at(envelope: dict[str, Any], toks: tuple[str, ...], dialect: str) -> bool | None:
    """A boolean setting of a whole request (None when left out or null)."""
    value = lookup(envelope, toks)
    if value is MISSING or value is None:
        return None
    if type(value) is not bool:
        pointer = "".join("/" + escape(t) for t in toks)
        raise DecodeError(dialect, "envelope", pointer, f"expected a boolean, got {_describe(value)}")
    return value


def _set_at(out: dict[str, Any], toks: tuple[str, ...], value: Any) -> None:
    """Write a setting into the envelope, or remove it when value is None."""
    parent = lookup(out, toks[:-1]) if len(toks) > 1 else out
    if type(parent) is dict:
        if value is None:
            parent.pop(toks[-1], None)
        else:
            parent[toks[-1]] = value


def choice_field_in(
    envelope: dict[str, Any], choice: dict[str, Any] | None, name: str, toks: tuple[str, ...], dialect: str
) -> dict[str, Any] | None:
    """extract(): a canonical tool_choice field the envelope carries beside the choice (OpenAI's
    parallel_tool_calls). Without tools or a choice there is nothing it could qualify."""
    value = _bool_at(envelope, toks, dialect)
    return choice if value is None or choice is None else {**choice, name: value}


def tools_field_in(
    envelope: dict[str, Any], tools: list[dict[str, Any]], name: str, toks: tuple[str, ...], dialect: str
) -> list[dict[str, Any]]:
    """extract(): a canonical tool_definition field the envelope carries once for every tool
    (Cohere's strict_tools): each tool gets it."""
    value = _bool_at(envelope, toks, dialect)
    return tools if value is None else [{**tool, name: value} for tool in tools]


def _set_choice_fields(out: dict[str, Any], choice: dict[str, Any] | None, fields: tuple) -> dict[str, Any] | None:
    """inject(): write the choice's fields carried beside it, and return the choice without them
    (its own encoder need not carry them). No choice, or a field left out, removes the wire field."""
    if not fields:
        return choice
    rest = None if choice is None else dict(choice)
    for name, toks in fields:
        _set_at(out, toks, None if rest is None else rest.pop(name, None))
    return rest


def _set_tools_fields(out: dict[str, Any], tools: list[Any], fields: tuple) -> list[Any]:
    """inject(): a field every tool gives alike goes once into the envelope, and the tools go on
    without it; when they differ the envelope field is removed and each tool keeps its own (its
    encoder reports what it cannot carry)."""
    if not fields:
        return tools
    tools = [as_canonical(tool, "tool_definition") for tool in tools]
    for name, toks in fields:
        values = {tool.get(name) for tool in tools}
        shared = values.pop() if len(values) == 1 else None
        _set_at(out, toks, shared)
        if shared is not None:
            tools = [{k: v for k, v in tool.items() if k != name} for tool in tools]
    return tools


def inject(
    payload: dict[str, Any],
    parts: dict[str, Any],
    locations: tuple,
    encoders: dict[str, Any],
    dialect: str,
    strict: bool,
    id_map: IdMap,
    choice_fields: tuple = (),
    tools_fields: tuple = (),
) -> Encoded:
    out = copy.deepcopy(payload)
    losses: list[Loss] = []

    def encode(shape: str, value: Any, pointer: str) -> Any:
        result = encoders[shape](value, strict=strict, id_map=id_map)
        losses.extend(Loss(pointer + loss.pointer, loss.target, loss.what) for loss in result.losses)
        return result.value

    if "tool_choice" in parts:
        choice = parts["tool_choice"]
        choice = _set_choice_fields(out, None if choice is None else as_canonical(choice, "tool_choice"), choice_fields)
        _inject_choice(out, choice, [loc for loc in locations if loc[0] == "tool_choice"], encode)
    for shape in ("tool_definition", "tool_call", "tool_result"):
        key = _PART_KEYS[shape]
        if key not in parts:
            continue
        values = list(parts[key])
        if shape == "tool_definition":
            values = _set_tools_fields(out, values, tools_fields)
        places = [loc for loc in locations if loc[0] == shape and where(out, loc[5])]
        lists = [loc for loc in places if loc[1].count("*") == 1 and loc[1][-1] == "*"]
        if shape == "tool_definition" and lists and len(lists) == len(places):
            _inject_tools(out, values, lists, [loc for loc in locations if loc[0] == "tool_choice"], encode)
            if not values:  # no tools: nothing for the choice's fields to qualify either
                _set_choice_fields(out, None, choice_fields)
            continue
        slots = [
            (parent, slot)
            for _shape, toks, when, has, unless, _where in places
            for parent, slot in _slots(out, toks)
            if _matches(parent[slot], when, has, unless)
        ]
        if len(slots) != len(values):
            raise ValueError(
                f"{dialect}: the payload has {len(slots)} {key}, parts give {len(values)}; inject replaces them one for one"
            )
        for i, ((parent, slot), value) in enumerate(zip(slots, values, strict=True)):
            parent[slot] = encode(shape, value, f"/{key}/{i}")
    return tuple.__new__(Encoded, (out, losses))
