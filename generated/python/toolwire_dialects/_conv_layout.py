# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""A dialect's conversation layout as plain data: where the turns, the system instructions,
the settings and the response fields are, how a turn holds its parts, and how each part is
spelled. The generated dialect modules build these from the mapping (dialect.json
`conversation`); the conversation runtime (_conv_decode, _conv_encode) reads them. Pointers
are tuples of keys; a list index is a key of digits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ._errors import Encoded

__all__ = [
    "CacheMarker",
    "Codecs",
    "Lose",
    "PartField",
    "RequestLayout",
    "ResponseLayout",
    "SettingsIn",
    "SettingsOut",
    "Spelling",
    "SystemField",
    "SystemIn",
    "Toks",
    "ToolsIn",
    "Turn",
    "TurnField",
]

Toks = tuple[str, ...]
Constants = tuple[tuple[Toks, Any], ...]
# non_empty rules on a block: (the key's tokens from the block, constants, refused forms, the loss's what)
EmptyBlocks = tuple[tuple[Toks, Constants, tuple[str, ...], str], ...]
Matcher = tuple[tuple[Toks, ...], Constants]  # a block of a kind: these keys present, these constants
# signature rules: (key, its other spellings, the turn's constants, the kinds, the placeholder, the loss's what);
# part_order rules (one at most): (the earlier kinds, the later kinds, the loss's what after the part's type)
BlockRules = tuple[
    tuple[tuple[str, tuple[str, ...], Constants, tuple[Matcher, ...], str, str], ...],
    tuple[tuple[tuple[Matcher, ...], tuple[Matcher, ...], str], ...],
]
Lose = Callable[[str, str, str], None]  # report a loss: (its code, canonical pointer, what the target cannot carry)
SettingsIn = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], dict[str, Any]]  # wire, forms, fields
SystemIn = Callable[[Any, "Codecs", Any], dict[str, Any]]  # the system field, codecs, id map -> a system turn
# wire, id map, fields, forms -> the request's tools and tool_choice (the keys it has)
ToolsIn = Callable[[dict[str, Any], Any, dict[str, Any], dict[str, Any]], dict[str, Any]]
SettingsOut = Callable[[dict[str, Any], dict[str, Any], dict[str, Any], Lose], dict[str, Any]]  # wire, settings, forms


class PartField(NamedTuple):
    """One canonical field of a part spelling: where it is and how its value is encoded
    (value, data_url, media_format)."""

    name: str
    toks: Toks
    encoding: str
    optional: bool
    media_types: tuple[str, ...] = ()  # the media types the spelling takes (empty: any)
    citations: Any = None  # a list of citations: each kind's spelling (_citations), or None


class Spelling(NamedTuple):
    """One way the wire spells a part: its kind, the constants and keys that tell it apart,
    its fields, the roles it is written for (empty: any), values written when absent, and
    for a unit (a part that is a wire turn of its own) the canonical role it speaks in."""

    part: str
    when: Constants
    has: tuple[Toks, ...]
    fields: tuple[PartField, ...]
    roles: tuple[str, ...]
    defaults: Constants
    role: str | None
    signed: str | None  # a key (pointer into the block) only the part's own extension fields supply
    known: dict[str, Any]  # the spelling's keys, as a tree (paths.known_tree)


class TurnField(NamedTuple):
    """Parts a turn holds in a field of its own instead of its content (Chat tool_calls)."""

    toks: Toks
    part: str
    many: bool  # the field is a list, one part per element
    value: str | None  # the canonical field the wire value is (a part written as one value)
    before: bool  # the field's parts come before the content's
    roles: tuple[str, ...]
    with_part: str | None = None  # only in a turn that also has a part of this kind
    # a tool part's field: the key naming an element's kind, and the kinds its shape reads;
    # an element naming another kind (a Chat custom tool call) is kept as a wire part
    kinds: tuple[Toks, tuple[str, ...]] | None = None


class Turn(NamedTuple):
    role: Toks
    roles: tuple[tuple[str, tuple[str, ...]], ...]  # canonical role -> wire spellings (first encodes)
    content: Toks
    string: str  # "no", "yes" (one string may stand for one text part) or "only"
    empty: str  # how a turn spells content when every part lives in fields: null, omit, string, list
    fields: tuple[TurnField, ...]
    known: dict[str, Any]
    absent_role: str | None = None  # the role of a turn without a role field (Gemini: user)
    defaults: tuple[tuple[Toks, Any], ...] = ()  # values written unless the turn left them out


class SystemField(NamedTuple):
    """A top-level field holding the system instructions (Anthropic system, Gemini
    systemInstruction, Responses instructions)."""

    toks: Toks
    string: str  # "no", "yes" or "only"
    parts: Toks | None  # the field is an object whose parts list is here (Gemini)


class Codecs(NamedTuple):
    """The dialect's generated part converters and where its tools sit in a request."""

    dialect: str
    decode: dict[str, Callable[..., dict[str, Any]]]
    encode: dict[str, Callable[..., Encoded]]
    locations: tuple[Any, ...]
    choice_fields: tuple[tuple[str, Toks], ...]
    tools_fields: tuple[tuple[str, Toks], ...]


class CacheMarker(NamedTuple):
    """How the wire marks a prompt-cache breakpoint (read by _cache): a field of the block
    ending the cached prefix (at, its value) or a block of its own after it (block), the ttl's
    place in either, the tool list's place (block) and the request's own marker."""

    at: Toks | None
    block: Constants | None  # the marker's values without a ttl, one per leaf
    value: Constants | None
    ttl: Toks | None
    tools: Toks | None
    request: Toks | None
    not_on: tuple[str, ...] = ()  # part kinds whose blocks cannot hold the marker


class RequestLayout(NamedTuple):
    dialect: str
    turns: Toks
    model: Toks | None
    system: SystemField | None
    system_in: SystemIn | None  # the compiled reader of the system field (generated)
    turn: Turn
    units: tuple[Spelling, ...]
    parts: tuple[Spelling, ...]
    alternating: bool
    tools_in: ToolsIn  # the compiled reader of the tools and the tool choice (generated)
    settings_in: SettingsIn  # the compiled settings reader of the dialect (generated)
    settings_out: SettingsOut  # and its writer
    known: dict[str, Any]  # every request key the layout reads (the rest is kept as extensions)
    model_required: bool = False  # the request schema requires the model
    cache: CacheMarker | None = None  # how the wire marks a prompt-cache breakpoint


class ResponseLayout(NamedTuple):
    dialect: str
    message: Toks | None  # the assistant turn (() = the response itself)
    turns: Toks | None  # or a list of units making up the assistant turn (Responses output)
    id: Toks | None
    model: Toks | None
    finish: Toks | None
    finish_values: tuple[tuple[str, Any], ...]
    finish_detail: Toks | None  # a second field telling apart reasons one wire value spells
    finish_details: tuple[tuple[str, Any], ...]  # [canonical, detail]
    usage: tuple[tuple[str, Toks], ...]
    usage_excludes: tuple[tuple[str, tuple[str, ...]], ...]  # count -> the parts its wire count leaves out
    constants: Constants
    required: Constants
    item_ids: tuple[tuple[str, str], ...]  # a turn list item's type -> the prefix of the id it is given
    turn: Turn
    units: tuple[Spelling, ...]
    parts: tuple[Spelling, ...]
    known: dict[str, Any]
    empty_blocks: EmptyBlocks = ()  # the non_empty rules a block of the turn keeps
    block_rules: BlockRules = ((), ())  # the signature and part_order rules its blocks keep
