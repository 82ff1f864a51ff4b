# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The leaves compiled request writers call (the generated `_turns_out` / `_request_out`):
what one encode shares (its target, losses, strictness, id map, the calls seen so far) and
the few things a layout cannot fold: another dialect's extensions, fields put back, a
converter's losses moved under the part, the keys a spelling cannot carry."""

from __future__ import annotations

from typing import Any

from ._citations import citations_out
from ._content import report_dropped
from ._conv_calls import Calls
from ._conv_parts import holds
from ._conv_paths import put, put_back
from ._errors import Encoded, Loss, report
from ._extensions import foreign_extensions
from ._ids import IdMap
from ._reasoning import dropped_as_asked
from ._reasoning_claude import AS_TEXT, signed

__all__ = ["Out", "article", "forms_of", "media_of", "put", "shown", "wire_what"]

_EMPTY: dict[str, Any] = {}


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def forms_of(own: dict[str, Any]) -> dict[str, Any]:
    """The forms of a dialect's own extension ({} for none)."""
    forms: dict[str, Any] = own.get("forms", _EMPTY)
    return forms


def shown(value: dict[str, Any], key: str) -> str:
    """value's key as a message shows it (None when it has none)."""
    return str(value.get(key))


def media_of(part: dict[str, Any]) -> str:
    """A document's media type, as a loss names the part (" (application/zip)"): the type is
    often why a target has no place for it."""
    media_type = part.get("media_type")
    return f" ({media_type})" if part.get("type") == "document" and type(media_type) is str else ""


def wire_what(part: dict[str, Any]) -> str:
    """What a loss says of another dialect's wire block: its dialect, and its type where the
    block names one (a server_tool_use is not any block)."""
    value = part.get("value")
    kind = value.get("type") if type(value) is dict else None
    named = f" ({kind})" if type(kind) is str else ""
    return f"{article(shown(part, 'dialect'))} block the canonical model has no kind for{named}"


class Out:
    """One encode's target, losses, strictness, id map and options; `calls` links each result
    to its call."""

    __slots__ = ("as_text", "calls", "dialect", "dropping", "id_map", "losses", "strict")

    def __init__(self, dialect: str, strict: bool, id_map: IdMap | None, reasoning: str) -> None:
        self.dialect = dialect
        self.strict = strict
        self.id_map = IdMap() if id_map is None else id_map
        self.losses: list[Loss] = []
        self.as_text = reasoning == "text"  # reasoning the target cannot replay is sent as text
        self.dropping = reasoning == "drop"  # every reasoning part is removed, as asked
        self.calls = Calls(self.id_map)

    def lose(self, code: str, at: str, what: str) -> None:
        report(self.losses, self.strict, code, at, self.dialect, what)

    def drop_asked(self, at: str) -> None:
        dropped_as_asked(self.losses, self.dialect, at)

    def text_signed(self, part: dict[str, Any], at: str) -> None:
        """Another dialect's reasoning sent as text: its signature is a loss."""
        if signed(part):
            self.lose("reasoning.dropped", f"{at}/extensions", AS_TEXT)

    def own(self, value: dict[str, Any], at: str) -> dict[str, Any]:
        """The target's own extension of value; every other dialect's is a loss under at."""
        extensions = value.get("extensions")
        if not extensions:
            return _EMPTY
        before = len(self.losses)
        own = foreign_extensions(extensions, self.dialect, self.losses, self.strict)
        for i in range(before, len(self.losses)):
            self.losses[i] = self.losses[i].at(at)
        return own

    def put_fields(self, wire: Any, own: dict[str, Any], at: str) -> None:
        """The extension fields of own put back in wire; one whose place changed is a loss."""
        for where, value in own.get("fields", _EMPTY).items():
            if not put_back(wire, where, value):
                self.lose(
                    "extension.field_moved",
                    f"{at}/extensions/{self.dialect}/fields",
                    f"field {where} (its place changed)",
                )

    def coded(self, result: Encoded, at: str) -> Any:
        """A part converter's value; its losses moved under at (None: not sent)."""
        self.losses.extend(loss.at(at) for loss in result.losses)
        return result.value

    def extra(self, part: dict[str, Any], carried: frozenset[str], url: bool, at: str, what: str) -> None:
        """Each key of part the spelling does not write, a loss (url: a data URL carries the
        media type, a plain one does not)."""
        report_dropped(part, carried, url, at, what, self.dialect, self.losses, self.strict)

    def said(self, part: dict[str, Any], at: str) -> None:
        """A part written into a string: another dialect's extensions and its citations, losses."""
        self.own(part, at)
        if "citations" in part:
            self.lose("part.field_dropped", f"{at}/citations", "the citations of a text part")

    def citations(self, value: Any, table: Any, at: str) -> Any:
        """A part's citations (at: their pointer) in the target's spelling (_citations)."""
        return citations_out(value, table, self.dialect, at, self.losses, self.strict)

    def called(self, part: dict[str, Any]) -> None:
        """A tool call: noted, so that its results find it."""
        call = part.get("call")
        if type(call) is dict:
            self.calls.called(call)

    def answered(self, part: dict[str, Any]) -> dict[str, Any]:
        """A tool result as its call makes it (see Calls.answered)."""
        result = part.get("result")
        if type(result) is not dict:
            return part
        answered = self.calls.answered(result)
        return part if answered is result else {**part, "result": answered}

    def mine(self, part: dict[str, Any]) -> bool:
        """The part carries an extension of the target (a text kept as a block)."""
        return self.dialect in part.get("extensions", _EMPTY)

    def holds(self, part: dict[str, Any], where: str) -> bool:
        """The part's own extension fields hold the key at where (its signature)."""
        return holds(part, self.dialect, where)

    def own_form(self, value: dict[str, Any], at: str) -> str:
        """The form the target's own extension of value kept for at, nothing reported."""
        own = (value.get("extensions") or _EMPTY).get(self.dialect) or _EMPTY
        form: str = own.get("forms", _EMPTY).get(at, "")
        return form

    def encoded(self, wire: Any) -> Encoded:
        return tuple.__new__(Encoded, (wire, self.losses))
