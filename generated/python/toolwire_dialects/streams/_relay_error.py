# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A stream's error event relayed (docs/errors.md): the source's error event is read into its
error body by the source's `relay.error.read` and decoded as the shape `error`; the canonical
error is encoded with the target's error encoder and written into the first of its
`relay.error.write` templates whose `when` the body holds. Within one dialect the event is
copied as it came. What the target's body or event cannot hold is a loss under /error; after
the error event the target's stream ends (no finish is invented). A target with no error event
keeps the error out: error.message_dropped."""

from __future__ import annotations

from typing import Any

from .._dialect import Dialect
from .._errors import ConversionError, escape
from ._events import _copy, same
from ._relay_blocks import MISSING, at, put
from ._relay_write import RelayWriter

__all__ = ["relay_error"]


def _place(body: Any, toks: list[str], value: Any) -> Any:
    if not toks:
        return _copy(value)
    if type(body) is not dict:  # a copied whole that is no object: its decoding fails, as it should
        body = {}
    put(body, tuple(toks), _copy(value))
    return body


def _canonical(source: Dialect, event: dict[str, Any], said: str) -> dict[str, Any]:
    """The source's error event as the canonical error: its body decoded, or (an event whose body
    the source's error decoder refuses) only what the stream said."""
    spec = (source.stream().RELAY or {}).get("error") if source.stream is not None else None
    for read in (spec or {}).get("read", ()):
        if all(at(event, p) is not MISSING for p in read["has"]):
            body: Any = {}
            for into, src in read["copy"]:
                value = at(event, src)
                if value is not MISSING:
                    body = _place(body, into, value)
            for into, value in read["constants"]:
                body = _place(body, into, value)
            try:
                decoder = source.decoders.get("error")
                if decoder is not None:
                    decoded: dict[str, Any] = decoder(body)
                    return decoded
            except ConversionError:
                pass
            break
    return {"message": said}


def _leaves(node: Any, where: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    if type(node) is dict and node:
        return [leaf for k, v in node.items() for leaf in _leaves(v, (*where, k))]
    return [where]


def _written(writer: RelayWriter, spec: dict[str, Any], body: Any) -> dict[str, Any]:
    """The target's error event for its encoded body; body values it leaves out are losses."""
    templates = spec["write"]
    chosen = next((w for w in templates if all(same(at(body, p), v) for p, v in w["when"])), None)
    if chosen is None:
        chosen = templates[-1]
        kinds = ", ".join(str(v) for p, _v in chosen["when"] if (v := at(body, p)) is not MISSING)
        writer.loss(
            "error.category_dropped", "/error/category", f"the error kind {kinds} (its stream has no event for it)"
        )
    event: dict[str, Any] = _copy(chosen["event"])
    taken = [tuple(p) for p, _v in chosen["when"]]
    for into, slot in chosen["set"]:
        value = writer._sequence if slot == "sequence" else at(body, tuple(slot))  # events so far
        if slot != "sequence":
            taken.append(tuple(slot))
        if value is not MISSING and value is not None:
            put(event, tuple(into), _copy(value))
    for leaf in _leaves(body):
        if not any(leaf[: len(t)] == t for t in taken):
            pointer = "".join("/" + escape(t) for t in leaf)
            writer.loss(
                "error.detail_dropped",
                "/error" + pointer,
                f"the error body's {pointer} (its stream event has no place)",
            )
    return event


def relay_error(
    writer: RelayWriter, source: Dialect, target: Dialect, event: dict[str, Any], said: str
) -> list[dict[str, Any]]:
    """The target's events for the source's error event (none where the target has no error
    event: the error is a loss); the target's stream ends there."""
    spec = (target.stream().RELAY or {}).get("error") if target.stream is not None else None
    encoder = target.encoders.get("error")
    if not spec or encoder is None:
        writer.loss("error.message_dropped", "/error", f"the source's error ({said})")
        return []
    if source.name == target.name:
        out = [_copy(event)]  # the same dialect: the event as it came
    else:
        encoded = encoder(_canonical(source, event, said), strict=writer.strict)
        for loss in encoded.losses:
            writer.loss(loss.code, "/error" + loss.pointer, loss.what)
        out = [_written(writer, spec, encoded.value)]
    writer.cut = True  # the error event is the stream's last: the relay writes nothing after it
    return out
