"""The typed conversation IR: what a dialect's `conversation` mapping means, as data.

Where a whole request or response keeps its turns, system instructions, settings, finish
reason and usage; how a turn holds its parts; how each part is spelled. Pointers are token
tuples; nothing here says how a target spells code (targets/<language>/ do).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import Tokens, term
from toolwire.spec.rules import (
    AtMostRule,
    CoRequiredRule,
    FirstRoleRule,
    LessThanRule,
    NonEmptyRule,
    OrderedRule,
    PartOrderRule,
    RangeRule,
    RoleOrderRule,
    SignatureRule,
)


class PartEncoding(enum.StrEnum):
    """How a part field's value is spelled (spelling.fields{}.encoding)."""

    VALUE = "value"  # as it is
    DATA_URL = "data_url"  # a data: URL <-> media_type and data; any other URL <-> url
    MEDIA_FORMAT = "media_format"  # png <-> image/png
    DOCUMENT_FORMAT = "document_format"  # pdf <-> application/pdf
    IMAGE_TYPE = "image_type"  # image/...: a block or part of another type is not this spelling's
    BASE64_TEXT = "base64_text"  # UTF-8 text <-> base64 data (a part whose data is no UTF-8 text is not written)


class SettingEncoding(enum.StrEnum):
    VALUE = "value"
    LIST = "list"  # always a list
    STRING_OR_LIST = "string_or_list"  # one string or a list; a list of one goes back as the wire had it


class StringForm(enum.Enum):
    """Whether content (or system instructions) may be one string standing for one text part."""

    NO = False
    YES = True
    ONLY = "only"


class EmptyForm(enum.StrEnum):
    """How a turn spells content when every part lives in fields of its own."""

    NULL = "null"
    OMIT = "omit"
    STRING = "string"
    LIST = "list"


# The provider rules a request writer keeps (range rules are kept by the settings writer).
KeptRule = (
    NonEmptyRule | RoleOrderRule | CoRequiredRule | FirstRoleRule | SignatureRule | PartOrderRule | LessThanRule
    | AtMostRule | OrderedRule
)  # fmt: skip
KEPT_RULES = (
    NonEmptyRule, RoleOrderRule, CoRequiredRule, FirstRoleRule, SignatureRule, PartOrderRule, LessThanRule, AtMostRule,
    OrderedRule,
)  # fmt: skip


# the canonical citation fields (canonical/message_part.json Citation) and their JSON types
CITATION_TYPES = {
    "cited_text": "string",
    "document_index": "integer",
    "document_title": "string",
    "start": "integer",
    "end": "integer",
}


@dataclass(frozen=True)
class CitationField:
    name: str  # the canonical field of the citation
    tokens: Tokens = field(metadata=term("conversation.spelling.fields{}.citations[].fields{}.pointer"))
    optional: bool = field(metadata=term("conversation.spelling.fields{}.citations[].fields{}.optional"))
    null: bool = field(metadata=term("conversation.spelling.fields{}.citations[].fields{}.null"))
    type: str  # the canonical field's JSON type (CITATION_TYPES)


@dataclass(frozen=True)
class CitationKind:
    """One kind of citation as the wire spells it."""

    kind: str = field(metadata=term("conversation.spelling.fields{}.citations[].kind"))
    when: tuple[tuple[Tokens, Any], ...] = field(metadata=term("conversation.spelling.fields{}.citations[].when"))
    has: tuple[Tokens, ...] = field(metadata=term("conversation.spelling.fields{}.citations[].has"))
    fields: tuple[CitationField, ...] = field(metadata=term("conversation.spelling.fields{}.citations[].fields"))

    def table(self) -> dict[str, Any]:
        """The kind as the runtime's plain data (_citations)."""
        return {
            "kind": self.kind,
            "when": [[list(t), v] for t, v in self.when],
            "has": [list(t) for t in self.has],
            "fields": [[f.name, list(f.tokens), f.optional, f.null, f.type] for f in self.fields],
        }


def citation_table(kinds: tuple[CitationKind, ...]) -> list[dict[str, Any]]:
    """A citations field's kinds as the runtime's plain data."""
    return [k.table() for k in kinds]


def writes_citations(spellings: tuple[Spelling, ...]) -> bool:
    """A text spelling of these writes citations (a text part with them is a block, not a string)."""
    return any(f.citations for sp in spellings if sp.part == "text" for f in sp.fields)


@dataclass(frozen=True)
class PartField:
    name: str  # the canonical field of the part
    tokens: Tokens = field(metadata=term("conversation.spelling.fields{}.pointer"))
    encoding: PartEncoding = field(metadata=term("conversation.spelling.fields{}.encoding"))
    optional: bool = field(metadata=term("conversation.spelling.fields{}.optional"))
    # the media types the spelling takes (empty: any); a block or part of another is not its
    media_types: tuple[str, ...] = field(default=(), metadata=term("conversation.spelling.fields{}.media_types"))
    # the field is a list of citations, each kind spelled (empty: it is not)
    citations: tuple[CitationKind, ...] = field(default=(), metadata=term("conversation.spelling.fields{}.citations"))


@dataclass(frozen=True)
class Spelling:
    """One way the wire spells a part (or, with a role, a whole unit that is one part)."""

    part: str = field(metadata=term("conversation.spelling.part"))
    when: tuple[tuple[Tokens, Any], ...] = field(metadata=term("conversation.spelling.when"))
    has: tuple[Tokens, ...] = field(metadata=term("conversation.spelling.has"))
    fields: tuple[PartField, ...] = field(metadata=term("conversation.spelling.fields"))
    roles: tuple[str, ...] = field(metadata=term("conversation.spelling.roles"))
    defaults: tuple[tuple[Tokens, Any], ...] = field(metadata=term("conversation.spelling.defaults"))
    role: str | None = field(metadata=term("conversation.spelling.role"))
    signed: str | None = field(metadata=term("conversation.spelling.signed"))  # a pointer into the block
    paths: tuple[Tokens, ...]  # objects it looks into (has): their other keys are kept as extensions
    leaves: tuple[Tokens, ...]  # values it reads whole (constants, fields, defaults)


@dataclass(frozen=True)
class TurnField:
    tokens: Tokens = field(metadata=term("conversation.turn.fields[].pointer"))
    part: str = field(metadata=term("conversation.turn.fields[].part"))
    many: bool = field(metadata=term("conversation.turn.fields[].list"))
    value: str | None = field(metadata=term("conversation.turn.fields[].value"))
    before: bool = field(metadata=term("conversation.turn.fields[].before"))
    roles: tuple[str, ...] = field(metadata=term("conversation.turn.fields[].roles"))
    with_part: str | None = field(metadata=term("conversation.turn.fields[].with"))
    # a tool part's field: the key naming an element's kind and the kinds its shape's variants
    # read (the constants every variant has there); an element naming another kind (a string
    # no variant has: a Chat custom tool call) is kept as a wire part of the field
    kinds: tuple[Tokens, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Turn:
    role: Tokens = field(metadata=term("conversation.turn.role"))
    roles: tuple[tuple[str, tuple[str, ...]], ...] = field(metadata=term("conversation.turn.roles"))
    content: Tokens = field(metadata=term("conversation.turn.content"))
    string: StringForm = field(metadata=term("conversation.turn.string"))
    empty: EmptyForm = field(metadata=term("conversation.turn.empty"))
    fields: tuple[TurnField, ...] = field(metadata=term("conversation.turn.fields"))
    absent_role: str | None = field(metadata=term("conversation.turn.absent_role"))
    defaults: tuple[tuple[Tokens, Any], ...] = field(metadata=term("conversation.turn.defaults"))
    leaves: tuple[Tokens, ...]  # the keys of a turn its layout reads


@dataclass(frozen=True)
class SystemField:
    tokens: Tokens = field(metadata=term("conversation.system.pointer"))
    string: StringForm = field(metadata=term("conversation.system.string"))
    parts: Tokens | None = field(metadata=term("conversation.system.parts"))


@dataclass(frozen=True)
class Setting:
    name: Tokens  # its place in canonical settings
    tokens: Tokens = field(metadata=term("conversation.setting.pointer"))
    aliases: tuple[Tokens, ...] = field(metadata=term("conversation.setting.aliases"))
    encoding: SettingEncoding = field(metadata=term("conversation.setting.encoding"))
    values: tuple[tuple[Any, Any], ...] = field(metadata=term("conversation.setting.values"))
    required: Any = field(metadata=term("conversation.setting.required"))
    has_required: bool
    companions: tuple[tuple[Tokens, Any], ...] = field(default=(), metadata=term("conversation.setting.with"))
    off: tuple[tuple[Tokens, Any], ...] = field(default=(), metadata=term("conversation.setting.off"))  # value 0
    kept: tuple[Any, ...] = field(default=(), metadata=term("conversation.setting.kept"))
    rule: tuple[tuple[str, ...], Any, tuple[str, ...]] = ((), None, ())  # canonical/settings.json's type
    range: RangeRule | None = None  # the provider's range for the value (a dialect.json rule)


@dataclass(frozen=True)
class CacheMarker:
    """How the wire marks a prompt-cache breakpoint: a field on the block ending the cached
    prefix (at, value) or a block of its own after it (block); the runtime's _cache reads it."""

    at: Tokens | None = field(metadata=term("conversation.request.cache.field"))
    # the marker's constant values, one (tokens, scalar) per leaf
    block: tuple[tuple[Tokens, Any], ...] | None = field(metadata=term("conversation.request.cache.block"))
    value: tuple[tuple[Tokens, Any], ...] | None = field(metadata=term("conversation.request.cache.value"))
    ttl: Tokens | None = field(metadata=term("conversation.request.cache.ttl"))
    tools: Tokens | None = field(metadata=term("conversation.request.cache.tools"))
    request: Tokens | None = field(metadata=term("conversation.request.cache.request"))
    not_on: tuple[str, ...] = field(default=(), metadata=term("conversation.request.cache.not_on"))


@dataclass(frozen=True)
class SingleTurn:
    """The turns given as one user turn alone: a string, one content block or a list of them."""

    string: bool = field(metadata=term("conversation.request.single.string"))
    kind: Tokens | None = field(metadata=term("conversation.request.single.kind"))  # a block's kind key
    kinds: tuple[str, ...] = field(metadata=term("conversation.request.single.kinds"))


@dataclass(frozen=True)
class RequestLayout:
    turns: Tokens = field(metadata=term("conversation.request.turns"))
    model: Tokens | None = field(metadata=term("conversation.request.model"))
    system: SystemField | None = field(metadata=term("conversation.request.system"))
    turn: Turn = field(metadata=term("conversation.request.turn"))
    units: tuple[Spelling, ...] = field(metadata=term("conversation.request.units"))
    parts: tuple[Spelling, ...] = field(metadata=term("conversation.request.parts"))
    alternating: bool = field(metadata=term("conversation.request.alternating"))
    settings: tuple[Setting, ...] = field(metadata=term("conversation.request.settings"))
    model_required: bool  # the dialect's request schema requires the model at its pointer
    paths: tuple[Tokens, ...]  # objects of the request whose other keys are extensions
    leaves: tuple[Tokens, ...]  # values the layout reads whole
    rules: tuple[KeptRule, ...] = ()  # the writer keeps them (ir/lower_rules.py)
    cache: CacheMarker | None = field(default=None, metadata=term("conversation.request.cache"))
    single: SingleTurn | None = field(default=None, metadata=term("conversation.request.single"))


@dataclass(frozen=True)
class ResponseLayout:
    message: Tokens | None = field(metadata=term("conversation.response.message"))
    turns: Tokens | None = field(metadata=term("conversation.response.turns"))
    id: Tokens | None = field(metadata=term("conversation.response.id"))
    model: Tokens | None = field(metadata=term("conversation.response.model"))
    finish: Tokens | None = field(
        metadata=term("conversation.response.finish_reason", "conversation.response.finish_reason.pointer")
    )
    finish_values: tuple[tuple[str, Any], ...] = field(metadata=term("conversation.response.finish_reason.values"))
    finish_detail: Tokens | None = field(
        metadata=term(
            "conversation.response.finish_reason.detail", "conversation.response.finish_reason.detail.pointer"
        )
    )
    finish_details: tuple[tuple[str, Any], ...] = field(
        metadata=term("conversation.response.finish_reason.detail.values")
    )
    usage: tuple[tuple[str, Tokens], ...] = field(metadata=term("conversation.response.usage"))
    # canonical count -> the canonical parts its wire count leaves out (decode adds, encode subtracts)
    usage_excludes: tuple[tuple[str, tuple[str, ...]], ...] = field(
        metadata=term("conversation.response.usage_excludes")
    )
    constants: tuple[tuple[Tokens, Any], ...] = field(metadata=term("conversation.response.constants"))
    required: tuple[tuple[Tokens, Any], ...] = field(metadata=term("conversation.response.required"))
    item_ids: tuple[tuple[str, str], ...] = field(metadata=term("conversation.response.item_ids"))
    turn: Turn = field(metadata=term("conversation.response.turn"))
    units: tuple[Spelling, ...] = field(metadata=term("conversation.response.units"))
    parts: tuple[Spelling, ...]  # the request's part spellings
    paths: tuple[Tokens, ...]
    leaves: tuple[Tokens, ...]
    # the request's non_empty rules on a content block (a client replays the answer's blocks):
    # (the key's tokens from the block, constants, refused forms, the loss's what)
    empty_blocks: tuple[tuple[Tokens, tuple[tuple[Tokens, Any], ...], tuple[str, ...], str], ...] = ()
    # the request's signature and part_order rules on a turn's blocks (ir/lower_rules.block_rules)
    block_rules: tuple[tuple[Any, ...], tuple[Any, ...]] = ((), ())


@dataclass(frozen=True)
class SignedReasoning:
    """Where a dialect keeps the signature and redacted data of its reasoning, and the family
    of dialects that replay them (one model's signatures)."""

    family: str = field(metadata=term("conversation.signed_reasoning.family"))
    signature: str = field(metadata=term("conversation.signed_reasoning.signature"))  # an extension field
    # a reasoning part's extension field holding redacted data, or None
    redacted_field: str | None = field(metadata=term("conversation.signed_reasoning.redacted.field"))
    # the tokens of redacted data in a wire block of its own, or None
    redacted_block: Tokens | None = field(metadata=term("conversation.signed_reasoning.redacted.block"))
    base64: bool = field(metadata=term("conversation.signed_reasoning.redacted.base64"))


@dataclass(frozen=True)
class ConversationIR:
    request: RequestLayout = field(metadata=term("dialect.conversation", "conversation.request"))
    response: ResponseLayout = field(metadata=term("conversation.response"))
    signed: SignedReasoning | None = field(
        default=None, metadata=term("conversation.signed_reasoning", "conversation.signed_reasoning.redacted")
    )
