"""The gateway's one door to the generated package, through its public API only
(`get_dialect(...).decode_request` and friends, `streams.StreamRelay`, `DecodeError`,
`ConversionError`, `LossError`), imported when first used (tests/test_layers.py holds this).
The package is untyped to this layer: what the gateway uses of it is given types here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from toolwire.serve.wire import WIRES


@dataclass(frozen=True)
class Lost:
    """One loss: its code (docs/losses.md), a JSON Pointer into the canonical value, and the
    converter's sentence."""

    code: str
    pointer: str
    text: str


class Refused(Exception):
    """A payload the converters refuse (it is not the dialect's shape, or a loss under strict):
    `losses` lists what strict mode refused; the message is the converter's own."""

    def __init__(self, message: str, losses: tuple[Lost, ...] = ()) -> None:
        super().__init__(message)
        self.losses = losses


def _lost(loss: Any) -> Lost:
    return Lost(str(loss.code), str(loss.pointer), str(loss))


def _converting(action: Callable[[], Any]) -> Any:
    """Run a converter; its refusals become Refused (a strict loss keeps the loss)."""
    from toolwire_dialects import ConversionError, LossError

    try:
        return action()
    except LossError as exc:
        raise Refused(str(exc), (_lost(exc.loss),)) from None
    except ConversionError as exc:
        raise Refused(str(exc)) from None


@dataclass(frozen=True)
class Request:
    """A request converted for the upstream: its body, the upstream model, whether it streams."""

    body: dict[str, Any]
    model: str | None
    stream: bool
    losses: tuple[Lost, ...]


def convert_request(
    body: Any,
    *,
    source: str,
    target: str,
    path_model: str | None,
    stream_path: bool,
    model_for: Callable[[str | None], str | None],
) -> Request:
    """The client's request (source dialect) as the upstream's (target), its model mapped. Where
    the model or the stream choice sits in the URL (Gemini) it is taken from there and put there."""
    from toolwire_dialects import IdMap, get_dialect

    id_map = IdMap()
    canonical = _converting(lambda: get_dialect(source).decode_request(body, id_map=id_map))
    settings = canonical.setdefault("settings", {})
    wire_in, wire_out = WIRES[source], WIRES[target]
    if wire_in.model_in_path:
        canonical["model"] = path_model
    stream = stream_path if wire_in.stream_path else bool(settings.get("stream", wire_in.stream_default))
    model = model_for(canonical.get("model"))
    if not model:  # absent, or empty (`/model//converse`)
        raise Refused(f"{source}/request: /model: the request names no model and the route maps none")
    canonical["model"] = model
    if wire_out.stream_path:  # the URL says it: a body field would be a loss
        settings.pop("stream", None)
    else:
        settings["stream"] = stream
    encoded = _converting(lambda: get_dialect(target).encode_request(canonical, id_map=id_map))
    value = dict(encoded.value)
    if wire_out.model_in_path:
        value.pop("model", None)
    return Request(value, model, stream, tuple(_lost(loss) for loss in encoded.losses))


def convert_response(body: Any, *, source: str, target: str) -> tuple[dict[str, Any], tuple[Lost, ...]]:
    """An upstream response (source dialect) as the client's (target)."""
    from toolwire_dialects import IdMap, get_dialect

    id_map = IdMap()
    canonical = _converting(lambda: get_dialect(source).decode_response(body, id_map=id_map))
    encoded = _converting(lambda: get_dialect(target).encode_response(canonical, id_map=id_map))
    return dict(encoded.value), tuple(_lost(loss) for loss in encoded.losses)


class Relay(Protocol):
    """What the gateway uses of the generated StreamRelay."""

    losses: list[Any]
    cut: bool

    def feed_text(self, chunk: str | bytes) -> list[dict[str, Any]]: ...
    def close(self) -> list[dict[str, Any]]: ...
    def framed(self, events: list[dict[str, Any]]) -> str: ...
    def done_text(self) -> str: ...


class StreamConverter:
    """One stream relayed from the upstream's dialect to the client's, pushed one source event
    text at a time; refusals (a foreign event, a loss under strict) raise Refused."""

    def __init__(self, *, source: str, target: str, strict: bool, allow: frozenset[str] = frozenset()) -> None:
        """strict: refuse every loss but those allow lists."""
        from toolwire_dialects.streams import StreamRelay

        allowed = sorted(allow) if strict else None
        self._relay: Relay = StreamRelay(None, source=source, target=target, allow=allowed)
        self._told = 0

    def feed(self, text: str) -> tuple[list[dict[str, Any]], str]:
        """One source event's text in: the target's events and their framed text."""
        events: list[dict[str, Any]] = _converting(lambda: self._relay.feed_text(text))
        return events, self._relay.framed(events)

    def close(self) -> tuple[list[dict[str, Any]], str]:
        """The source ended: the target's last events, framed (its end sentinel is done_text:
        a stream that ends in the gateway's error event goes without it)."""
        events: list[dict[str, Any]] = _converting(self._relay.close)
        return events, self._relay.framed(events)

    def done_text(self) -> str:
        """The target's end sentinel (`data: [DONE]`), if it has one; nothing after a cut."""
        return self._relay.done_text()

    @property
    def cut(self) -> bool:
        return bool(self._relay.cut)

    def losses(self) -> tuple[Lost, ...]:
        return tuple(_lost(loss) for loss in self._relay.losses)
