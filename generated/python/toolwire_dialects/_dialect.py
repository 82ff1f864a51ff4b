# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A dialect as one typed object: what the package's own modules pass each other instead of
a dialect's name (the generated `dialects` module builds one per dialect, when first asked).

The package may be generated under another name, so nothing here finds a module by its name:
each object holds its converters, its id policy and a loader of its stream module. NamedTuples,
not dataclasses: `dataclasses` imports `inspect`, 5 ms on the first conversion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ._errors import MISSING, Encoded
from ._ids import IdMap, IdPolicy
from ._inject import Encoder  # an encode_<shape> function: canonical in, the wire value and its losses out

if TYPE_CHECKING:  # importing streams/ runs its __init__, which loads every stream module
    from .streams._assembler import Assembler as _Assembler

__all__ = [
    "Conversation",
    "Decoder",
    "Dialect",
    "Encoder",
    "Injector",
    "Registry",
    "StreamModule",
    "finish_reason_in",
    "finish_reason_out",
    "stream_of",
]


class Decoder(Protocol):
    """A decode_<shape> function: a wire value in, the canonical dict out. Any here: each
    module's function returns its own shape's TypedDict (canonical_types), and no one dict
    type is a supertype of them all (a TypedDict is no dict[str, Any]); convert.decoder()
    gives the typed one by shape."""

    def __call__(self, payload: Any, /, *, id_map: IdMap | None = None) -> Any: ...


class Injector(Protocol):
    """A dialect's inject(): canonical parts put back into a copy of a whole payload."""

    def __call__(
        self, payload: Any, parts: dict[str, Any], /, *, strict: bool = False, id_map: IdMap | None = None
    ) -> Encoded: ...


class StreamModule(Protocol):
    """What the relay uses of a dialect's generated stream module (streams/<dialect>.py)."""

    @property
    def DIALECT(self) -> str: ...
    @property
    def FRAMING(self) -> str: ...
    @property
    def EVENT_NAME(self) -> tuple[str, ...] | None: ...
    @property
    def DONE_SENTINEL(self) -> str | None: ...
    @property
    def RELAY(self) -> dict[str, Any] | None: ...
    @property
    def RELAY_EVENTS(self) -> dict[str, tuple[Any, ...]] | None: ...
    @property
    def Assembler(self) -> type[_Assembler]: ...  # its Assembler class


class FinishReasonIn(Protocol):
    """A wire finish reason as the canonical one, told apart by its detail (MISSING: none came)."""

    def __call__(self, wire: Any, detail: Any = ..., /) -> str: ...


class Conversation(NamedTuple):
    """A dialect's whole requests and responses (where it maps conversations)."""

    decode_request: Decoder
    encode_request: Encoder
    decode_response: Decoder
    encode_response: Encoder
    finish_reason_in: FinishReasonIn
    finish_reason_out: Callable[[str], Any]


class Dialect(NamedTuple):
    """One dialect. decoders and encoders hold every shape it converts: its tool parts and,
    where it maps conversations, `request` and `response`."""

    name: str
    title: str
    shapes: tuple[str, ...]  # its tool-part shapes
    decoders: Mapping[str, Decoder]
    encoders: Mapping[str, Encoder]
    id_policy: IdPolicy | None  # how its call ids look and are minted; None: ids pass as they are
    conversation: Conversation | None = None
    extract: Decoder | None = None  # a whole payload's canonical parts (where its shapes sit in envelopes)
    inject: Injector | None = None
    stream: Callable[[], StreamModule] | None = None  # loads its stream module (None: it has no stream mapping)

    def __repr__(self) -> str:
        return f"Dialect({self.name!r})"


def stream_of(dialect: Dialect) -> StreamModule:
    """The dialect's stream module; ValueError when it has no stream mapping."""
    if dialect.stream is None:
        raise ValueError(f"dialect {dialect.name!r} has no stream mapping")
    return dialect.stream()


def finish_reason_in(dialect: Dialect, wire: Any, detail: Any = MISSING) -> str:
    """The canonical finish reason of a wire value, told apart by its detail where the dialect
    has one (MISSING: none came); "other": the dialect maps no conversations."""
    return dialect.conversation.finish_reason_in(wire, detail) if dialect.conversation is not None else "other"


def finish_reason_out(dialect: Dialect, canonical: str) -> str | None:
    """The wire value a dialect writes for a canonical finish reason (None: it has none)."""
    value = dialect.conversation.finish_reason_out(canonical) if dialect.conversation is not None else None
    return value if type(value) is str else None


class Registry(Mapping[str, Dialect]):
    """The dialects by name, each object built the first time it is asked for: importing the
    package stays cheap however many dialects it holds."""

    def __init__(self, loaders: Mapping[str, Callable[[], Dialect]]) -> None:
        self._loaders = loaders
        self._made: dict[str, Dialect] = {}

    def __getitem__(self, name: str) -> Dialect:
        found = self._made.get(name)
        if found is None:
            found = self._made[name] = self._loaders[name]()  # KeyError: not a dialect
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def lookup(self, name: str) -> Dialect:
        """The dialect of this name; ValueError names the known ones."""
        try:
            return self[name]
        except (KeyError, TypeError):
            raise ValueError(f"unknown dialect {name!r}; known: {', '.join(self)}") from None
