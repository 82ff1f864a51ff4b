"""The typed conversation IR: what a dialect's `conversation` mapping means, as data.

Where a whole request or response keeps its turns, system instructions, settings, finish
reason and usage; how a turn holds its parts; how each part is spelled. Pointers are token
tuples; nothing here says how a target spells code (targets/<language>/ do).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import Tokens, term

PART_KINDS = ("text", "image", "tool_call", "tool_result", "reasoning", "refusal")
ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class PartField:
    name: str  # the canonical field of the part
    tokens: Tokens = field(metadata=term("spelling.fields{}", "spelling.fields{}.pointer"))
    encoding: str = field(metadata=term("spelling.fields{}.encoding"))
    optional: bool = field(metadata=term("spelling.fields{}.optional"))


@dataclass(frozen=True)
class Spelling:
    """One way the wire spells a part (or, with a role, a whole unit that is one part)."""

    part: str = field(metadata=term("spelling.part"))
    when: tuple[tuple[Tokens, Any], ...] = field(metadata=term("spelling.when"))
    has: tuple[Tokens, ...] = field(metadata=term("spelling.has"))
    fields: tuple[PartField, ...] = field(metadata=term("spelling.fields"))
    roles: tuple[str, ...] = field(metadata=term("spelling.roles"))
    defaults: tuple[tuple[Tokens, Any], ...] = field(metadata=term("spelling.defaults"))
    role: str | None = field(metadata=term("spelling.role"))
    known: tuple[Tokens, ...]  # the keys it reads, besides what the part's fields read whole
    leaves: tuple[Tokens, ...]


@dataclass(frozen=True)
class TurnField:
    tokens: Tokens = field(metadata=term("turn.fields[].pointer"))
    part: str = field(metadata=term("turn.fields[].part"))
    many: bool = field(metadata=term("turn.fields[].list"))
    value: str | None = field(metadata=term("turn.fields[].value"))
    before: bool = field(metadata=term("turn.fields[].before"))
    roles: tuple[str, ...] = field(metadata=term("turn.fields[].roles"))


@dataclass(frozen=True)
class Turn:
    role: Tokens = field(metadata=term("turn.role"))
    roles: tuple[tuple[str, tuple[str, ...]], ...] = field(metadata=term("turn.roles"))
    content: Tokens = field(metadata=term("turn.content"))
    string: str = field(metadata=term("turn.string"))
    empty: str = field(metadata=term("turn.empty"))
    fields: tuple[TurnField, ...] = field(metadata=term("turn.fields"))
    leaves: tuple[Tokens, ...]  # the keys of a turn its layout reads


@dataclass(frozen=True)
class SystemField:
    tokens: Tokens = field(metadata=term("system.pointer"))
    string: str = field(metadata=term("system.string"))
    parts: Tokens | None = field(metadata=term("system.parts"))


@dataclass(frozen=True)
class Setting:
    name: Tokens  # its place in canonical settings
    tokens: Tokens = field(metadata=term("setting", "setting.pointer"))
    aliases: tuple[Tokens, ...] = field(metadata=term("setting.aliases"))
    encoding: str = field(metadata=term("setting.encoding"))
    values: tuple[tuple[Any, Any], ...] = field(metadata=term("setting.values"))
    required: Any = field(metadata=term("setting.required"))
    has_required: bool


@dataclass(frozen=True)
class RequestLayout:
    turns: Tokens = field(metadata=term("request.turns"))
    model: Tokens | None = field(metadata=term("request.model"))
    system: SystemField | None = field(metadata=term("request.system"))
    turn: Turn = field(metadata=term("request.turn"))
    units: tuple[Spelling, ...] = field(metadata=term("request.units"))
    parts: tuple[Spelling, ...] = field(metadata=term("request.parts"))
    alternating: bool = field(metadata=term("request.alternating"))
    settings: tuple[Setting, ...] = field(metadata=term("request.settings"))
    paths: tuple[Tokens, ...]  # objects of the request whose other keys are extensions
    leaves: tuple[Tokens, ...]  # values the layout reads whole


@dataclass(frozen=True)
class ResponseLayout:
    message: Tokens | None = field(metadata=term("response.message"))
    turns: Tokens | None = field(metadata=term("response.turns"))
    role: str | None = field(metadata=term("response.role"))
    id: Tokens | None = field(metadata=term("response.id"))
    model: Tokens | None = field(metadata=term("response.model"))
    finish: Tokens | None = field(metadata=term("response.finish_reason", "response.finish_reason.pointer"))
    finish_values: tuple[tuple[str, Any], ...] = field(metadata=term("response.finish_reason.values"))
    usage: tuple[tuple[str, Tokens], ...] = field(metadata=term("response.usage"))
    constants: tuple[tuple[Tokens, Any], ...] = field(metadata=term("response.constants"))
    required: tuple[tuple[Tokens, Any], ...] = field(metadata=term("response.required"))
    turn: Turn = field(metadata=term("response.turn"))
    units: tuple[Spelling, ...] = field(metadata=term("response.units"))
    parts: tuple[Spelling, ...] = field(metadata=term("response.parts"))
    paths: tuple[Tokens, ...]
    leaves: tuple[Tokens, ...]


@dataclass(frozen=True)
class ConversationIR:
    request: RequestLayout = field(metadata=term("conversation.request"))
    response: ResponseLayout = field(metadata=term("conversation.response"))
