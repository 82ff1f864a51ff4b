# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Prompt-cache breakpoints in whole requests, as a dialect's layout marks them (dialect.json
`conversation.request.cache`). Canonically a breakpoint is `cache: {ttl?}` on the part or tool
that ends a cached prefix, or on the request (the automatic form). A `field` marker (Anthropic
cache_control) sits on that block: the compiled readers keep it as an extension field, which
cache_in lifts out and cache_out puts back. A `block` marker (Bedrock cachePoint) is a block of
its own after it: kept as a wire part or, in the tool list, as a request extension field, each
folded into the part or tool before it. A dialect without a marker reports each as a loss."""

from __future__ import annotations

import copy
from typing import Any

from ._conv_layout import CacheMarker, Constants, RequestLayout, Toks
from ._conv_out import Out
from ._conv_parts import spelling_for
from ._conv_paths import get, pointer, put
from ._errors import MISSING, CanonicalError, DecodeError, describe

__all__ = ["cache_blocks", "cache_in", "cache_out"]

TTLS = ("5m", "1h")
_WHAT = "a prompt-cache breakpoint"
_AFTER = "\x00toolwire:cache"  # a block's marker block, carried inside it to cache_blocks


def _marker(cache: CacheMarker, base: Constants, value: dict[str, Any]) -> dict[str, Any]:
    """The wire marker of a canonical cache value."""
    marker: dict[str, Any] = {}
    for toks, constant in base:
        put(marker, toks, constant)
    if "ttl" in value and cache.ttl is not None:
        put(marker, cache.ttl, value["ttl"])
    return marker


def _read(cache: CacheMarker, base: Constants, wire: Any) -> dict[str, Any] | None:
    """The canonical cache value of a wire marker; None for anything but an exact marker (kept
    verbatim then, for the dialect's own round trip)."""
    if type(wire) is not dict:
        return None
    ttl = get(wire, cache.ttl) if cache.ttl is not None else MISSING
    value: dict[str, Any] = {} if ttl is MISSING else {"ttl": ttl}
    if ttl is not MISSING and ttl not in TTLS:
        return None
    return value if _marker(cache, base, value) == wire else None


def _holder(part: dict[str, Any]) -> dict[str, Any]:
    """Where a part's wire fields are kept: its call or result for a tool part."""
    inner = part.get(
        "call" if part.get("type") == "tool_call" else "result" if part.get("type") == "tool_result" else ""
    )
    return inner if type(inner) is dict else part


def _lift(holder: dict[str, Any], dialect: str, key: str, cache: CacheMarker) -> dict[str, Any] | None:
    """The cache value of the marker kept among holder's extension fields, taken out of them."""
    own = (holder.get("extensions") or {}).get(dialect)
    fields = own.get("fields") if type(own) is dict else None
    if type(fields) is not dict or key not in fields or cache.value is None:
        return None
    value = _read(cache, cache.value, fields[key])
    if value is not None:
        del fields[key]
        _tidy(holder, dialect)
    return value


def _is_block(cache: CacheMarker, part: Any, dialect: str) -> dict[str, Any] | None:
    if type(part) is not dict or part.get("type") != "wire" or part.get("dialect") != dialect or cache.block is None:
        return None
    return _read(cache, cache.block, part.get("value"))


def _check(cache: CacheMarker, wire: Any, layout: RequestLayout) -> None:
    """DecodeError for a marker that is no breakpoint (its type, its ttl), naming its pointer:
    the provider refuses one, and only an exact marker converts."""
    lists: list[tuple[Any, str]] = []
    if layout.system is not None:
        lists.append((get(wire, layout.system.toks), pointer(layout.system.toks)))
    turns = get(wire, layout.turns)
    for i, unit in enumerate(turns if type(turns) is list else ()):
        lists.append((get(unit, layout.turn.content), f"{pointer(layout.turns)}/{i}{pointer(layout.turn.content)}"))
    if cache.tools is not None:
        lists.append((get(wire, cache.tools), pointer(cache.tools)))
    base = (cache.value if cache.at is not None else cache.block) or ()
    key = cache.at if cache.at is not None else base[0][0][:1]  # a marker block's one key (cachePoint)
    places = [(b, f"{where}/{j}", key) for bs, where in lists if type(bs) is list for j, b in enumerate(bs)]
    if cache.request is not None:
        places.append((wire, "", cache.request))
    for block, where, toks in places:
        found = get(block, toks)
        if found is MISSING or found is None:  # null: no breakpoint (the SDK's Optional), kept as it is
            continue
        if _read(cache, base, found if cache.at is not None else block) is not None:
            continue
        marker, at = (found, where + pointer(toks)) if cache.at is not None else (block, where)
        ttl = get(marker, cache.ttl) if cache.ttl is not None else MISSING
        if ttl is not MISSING and ttl not in TTLS:
            what = f"expected a cache ttl (5m or 1h), got {describe(ttl)}"
            raise DecodeError(layout.dialect, "request", at + pointer(cache.ttl or ()), what)
        expected = "; ".join(f"{pointer(t)}: {v}" for t, v in base)
        what = f"expected a cache breakpoint ({expected}; ttl 5m or 1h), got {describe(found)}"
        raise DecodeError(layout.dialect, "request", where + pointer(toks), what)


def cache_in(wire: Any, request: dict[str, Any], layout: RequestLayout) -> dict[str, Any]:
    """A decoded request with its markers as canonical cache values (in place)."""
    cache, dialect = layout.cache, layout.dialect
    if cache is None:
        return request
    _check(cache, wire, layout)
    messages = request.get("messages") or []
    tools = request.get("tools") or []
    if cache.at is not None:
        key = pointer(cache.at)
        parts = [p for m in messages for p in m["parts"] if p.get("type") not in cache.not_on]
        for holder, target in [(_holder(p), p) for p in parts] + [(t, t) for t in tools]:
            value = _lift(holder, dialect, key, cache)
            if value is not None:
                target["cache"] = value
    if cache.request is not None:
        value = _lift(request, dialect, pointer(cache.request), cache)
        if value is not None:
            request["cache"] = value
    if cache.block is not None:
        for message in messages:
            kept: list[Any] = []
            for part in message["parts"]:
                value = _is_block(cache, part, dialect)
                if (
                    value is not None
                    and kept
                    and "cache" not in kept[-1]
                    and _is_block(cache, kept[-1], dialect) is None
                ):
                    kept[-1]["cache"] = value
                else:
                    kept.append(part)
            message["parts"] = kept
        if cache.tools is not None and tools:
            _tools_in(request, tools, cache, dialect)
    return request


def _tool_fields(request: dict[str, Any], cache: CacheMarker, dialect: str) -> tuple[dict[str, Any], str]:
    own = (request.get("extensions") or {}).get(dialect)
    fields = own.get("fields") if type(own) is dict else None
    return (fields if type(fields) is dict else {}), pointer(cache.tools or ()) + "/"


def _kept_at(fields: dict[str, Any], prefix: str) -> dict[int, str]:
    """Wire index -> key of the request's kept tool list items (those no tool definition read)."""
    found: dict[int, str] = {}
    for key in fields:
        rest = key[len(prefix) :] if key.startswith(prefix) else ""
        if rest.isdigit() and rest.isascii():
            found[int(rest)] = key
    return found


def _tools_in(request: dict[str, Any], tools: list[Any], cache: CacheMarker, dialect: str) -> None:
    """Marker blocks right after a tool in the wire list, folded into that tool."""
    fields, prefix = _tool_fields(request, cache, dialect)
    kept = _kept_at(fields, prefix)
    read = 0  # tools read so far: every wire item not kept is the next tool
    previous_tool = False
    for index in range(len(kept) + len(tools)):
        if index not in kept:
            if read == len(tools):
                break
            read += 1
            previous_tool = True
            continue
        value = _read(cache, cache.block or (), fields[kept[index]])
        if value is not None and previous_tool and "cache" not in tools[read - 1]:
            tools[read - 1]["cache"] = value
            del fields[kept[index]]
        previous_tool = False
    _tidy(request, dialect)


def _tidy(holder: dict[str, Any], dialect: str) -> None:
    """holder's own extension without empty fields (and the extension itself when empty)."""
    extensions = holder.get("extensions")
    own = extensions.get(dialect) if type(extensions) is dict else None
    if type(own) is not dict:
        return
    if own.get("fields") == {}:
        del own["fields"]
    if not own:
        del extensions[dialect]  # type: ignore[union-attr]
    if not extensions:
        del holder["extensions"]


def _what(value: dict[str, Any]) -> str:
    return _WHAT + (f" (ttl {value['ttl']})" if "ttl" in value else "")


def _own_fields(holder: dict[str, Any], dialect: str) -> dict[str, Any]:
    own: dict[str, Any] = holder.setdefault("extensions", {}).setdefault(dialect, {})
    fields: dict[str, Any] = own.setdefault("fields", {})
    return fields


def _sites(canonical: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Each (value holding a cache, its pointer) of a canonical request."""
    sites: list[tuple[dict[str, Any], str]] = [(canonical, "/cache")] if "cache" in canonical else []
    tools = canonical.get("tools")
    for i, tool in enumerate(tools if type(tools) is list else ()):
        if type(tool) is dict and "cache" in tool:
            sites.append((tool, f"/tools/{i}/cache"))
    messages = canonical.get("messages")
    for i, message in enumerate(messages if type(messages) is list else ()):
        parts = message.get("parts") if type(message) is dict else None
        for j, part in enumerate(parts if type(parts) is list else ()):
            if type(part) is dict and "cache" in part:
                sites.append((part, f"/messages/{i}/parts/{j}/cache"))
    return sites


def _checked(value: Any, at: str) -> None:
    if type(value) is not dict or any(key != "ttl" for key in value) or value.get("ttl", TTLS[0]) not in TTLS:
        expected = "expected a cache breakpoint ({} or {ttl: 5m or 1h})"
        raise CanonicalError("request", ValueError(f"{at}: {expected}, got {describe(value)}"))


def cache_out(canonical: dict[str, Any], layout: RequestLayout, out: Out) -> dict[str, Any]:
    """A canonical request whose cache values are the target's markers (a copy when it has
    any); each one the target has no marker for is a loss (out.lose)."""
    cache = layout.cache
    sites = _sites(canonical)
    if not sites:
        return canonical
    for holder, at in sites:
        _checked(holder["cache"], at)
    canonical = copy.deepcopy(canonical)
    top = canonical.pop("cache", None)
    if top is not None:
        _top_out(canonical, top, cache, out)
    tools = canonical.get("tools")
    if type(tools) is list and any(type(t) is dict and "cache" in t for t in tools):
        _tools_out(canonical, tools, cache, out)
    messages = canonical.get("messages")
    for i, message in enumerate(messages if type(messages) is list else ()):
        if type(message) is dict and type(message.get("parts")) is list:
            message["parts"] = _parts_out(message, f"/messages/{i}/parts", layout, out)
    return canonical


def _top_out(canonical: dict[str, Any], value: dict[str, Any], cache: CacheMarker | None, out: Out) -> None:
    """The request's own breakpoint: its marker, or on the last part where the target has none."""
    if cache is not None and cache.request is not None and cache.value is not None:
        _own_fields(canonical, out.dialect)[pointer(cache.request)] = _marker(cache, cache.value, value)
        return
    messages = canonical.get("messages")
    last = messages[-1] if type(messages) is list and messages else None
    parts = last.get("parts") if type(last) is dict else None
    part = parts[-1] if type(parts) is list and parts else None
    if cache is not None and type(part) is dict and "cache" not in part:
        part["cache"] = value  # the automatic breakpoint ends the whole prompt
    else:
        out.lose("cache.dropped", "/cache", _what(value))


def _carried(part: dict[str, Any], role: Any, layout: RequestLayout, out: Out) -> bool:
    """Whether the target writes the part at all (and can mark it): the marker of one it
    leaves out (with a loss of its own) would move onto the block before."""
    kind = part.get("type")
    if layout.cache is None or kind in layout.cache.not_on:
        return False
    if kind == "wire":
        return part.get("dialect") == out.dialect
    if kind == "reasoning" and part.get("dialect") != out.dialect:
        return bool(out.as_text)  # another dialect's reasoning is left out unless sent as text
    return kind in ("tool_call", "tool_result") or spelling_for(part, str(role), layout.parts, out.dialect) is not None


def _mark(part: dict[str, Any], cache: CacheMarker, at: Toks, value: dict[str, Any], dialect: str) -> bool:
    """A field marker put where the part's block gets it (a wire block verbatim: in it); False
    when the block holds a marker of its own already."""
    marker = _marker(cache, cache.value or (), value)
    if part.get("type") == "wire":
        block = part.get("value")
        if type(block) is not dict or get(block, at) is not MISSING:
            return False
        put(block, at, marker)
        return True
    fields = _own_fields(_holder(part), dialect)
    if pointer(at) in fields:
        return False
    fields[pointer(at)] = marker
    return True


def _parts_out(message: dict[str, Any], at: str, layout: RequestLayout, out: Out) -> list[Any]:
    cache = layout.cache
    written: list[Any] = []
    for j, part in enumerate(message["parts"]):
        written.append(part)
        value = part.pop("cache", None) if type(part) is dict else None
        if value is None:
            continue
        if cache is None or not _carried(part, message.get("role"), layout, out):
            out.lose("cache.dropped", f"{at}/{j}/cache", _what(value))
        elif cache.at is not None:
            if not _mark(part, cache, cache.at, value, out.dialect):
                out.lose("cache.dropped", f"{at}/{j}/cache", _what(value))
        elif cache.block is not None:
            block = _marker(cache, cache.block, value)
            if part.get("type") != "wire":
                _own_fields(_holder(part), out.dialect)["/" + _AFTER] = block
            elif type(part.get("value")) is dict:  # written verbatim: the marker rides in the block
                part["value"] = {**part["value"], _AFTER: block}
            else:
                out.lose("cache.dropped", f"{at}/{j}/cache", _what(value))
    return written


def cache_blocks(wire: dict[str, Any], layout: RequestLayout) -> dict[str, Any]:
    """A written request with each block cache_out marked followed by its marker block (the
    marker travels inside the block, so losses keep pointing at the canonical parts)."""
    if layout.cache is None or layout.cache.block is None:
        return wire
    lists = [get(wire, layout.system.toks)] if layout.system is not None else []
    turns = get(wire, layout.turns)
    for unit in turns if type(turns) is list else ():
        lists.append(get(unit, layout.turn.content))
    for blocks in lists:
        if type(blocks) is not list:
            continue
        i = 0
        while i < len(blocks):
            block = blocks[i]
            if type(block) is dict and _AFTER in block:
                blocks.insert(i + 1, block.pop(_AFTER))
                i += 1
            i += 1
    return wire


def _tools_out(canonical: dict[str, Any], tools: list[Any], cache: CacheMarker | None, out: Out) -> None:
    markers: dict[int, dict[str, Any]] = {}  # tool index -> the marker after it
    for i, tool in enumerate(tools):
        value = tool.pop("cache", None) if type(tool) is dict else None
        if value is None:
            continue
        if cache is not None and cache.at is not None:
            if not _mark(tool, cache, cache.at, value, out.dialect):
                out.lose("cache.dropped", f"/tools/{i}/cache", _what(value))
        elif cache is not None and cache.tools is not None and cache.block is not None:
            markers[i] = _marker(cache, cache.block, value)
        else:
            out.lose("cache.dropped", f"/tools/{i}/cache", _what(value))
    if markers and cache is not None:
        _markers_out(canonical, len(tools), markers, cache, out.dialect)


def _markers_out(
    canonical: dict[str, Any], count: int, markers: dict[int, dict[str, Any]], cache: CacheMarker, dialect: str
) -> None:
    """Marker blocks as kept fields of the tool list, each at the wire index right after its
    tool; the list's other kept items stay where they were (put back in index order)."""
    fields, prefix = _tool_fields(canonical, cache, dialect)
    if not fields:
        fields = _own_fields(canonical, dialect)
    kept = _kept_at(fields, prefix)
    index = 0
    for i in range(count):
        while index in kept:
            index += 1
        index += 1  # the tool itself
        if i in markers:
            while index in kept:
                index += 1
            kept[index] = prefix + str(index)
            fields[prefix + str(index)] = markers[i]
            index += 1
    listed = sorted((n, key) for n, key in kept.items())
    others = [(key, value) for key, value in fields.items() if key not in kept.values()]
    ordered = others + [(key, fields[key]) for _n, key in listed]
    fields.clear()
    fields.update(ordered)
