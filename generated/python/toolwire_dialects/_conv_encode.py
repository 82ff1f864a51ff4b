# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Canonical messages -> wire turns, as a dialect's layout says.

Adjacent messages of one role become one wire turn (unless the dialect's own payload kept
them apart: the `separate` form), so results of parallel calls land in one turn; a part
that is a wire unit of its own (a Chat tool message) splits the turn there. Parts are never
reordered: a turn that cannot keep their order reports it. Everything the target cannot
carry is a reported loss.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._conv_block_rules import kept_blocks
from ._conv_calls import Calls
from ._conv_layout import BlockRules, Codecs, EmptyBlocks, Spelling, Turn
from ._conv_out import media_of, wire_what
from ._conv_parts import SHAPES, carries, encode_part, spelling_for, unsigned
from ._conv_paths import get, pointer, put, put_back, put_fresh
from ._errors import MISSING, Loss, report
from ._extensions import foreign_extensions
from ._ids import IdMap
from ._reasoning import dropped_as_asked
from ._reasoning_claude import AS_TEXT, FOREIGN, Signing, as_signed, redacted, signed

__all__ = ["EMPTY", "Run", "article", "encode_turns"]


EMPTY: dict[str, Any] = {}
# the loss of reasoning the target signs whose part lacks the signature (the compiled writers say it too)
UNSIGNED = "unsigned reasoning (the provider replays only the reasoning blocks it signed)"


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


class Run:
    """What one encode shares: its target, losses, strictness, id map and options."""

    __slots__ = (
        "block_rules",
        "calls",
        "codecs",
        "dialect",
        "empty_blocks",
        "id_map",
        "losses",
        "reasoning",
        "signing",
        "strict",
    )

    def __init__(self, dialect: str, codecs: Codecs, strict: bool, id_map: IdMap | None, reasoning: str) -> None:
        self.dialect = dialect
        self.codecs = codecs
        self.strict = strict
        self.id_map = IdMap() if id_map is None else id_map
        self.losses: list[Loss] = []
        self.reasoning = reasoning  # the reasoning policy: keep, text or drop
        self.calls = Calls(self.id_map)  # links each result to its call
        self.empty_blocks: EmptyBlocks = ()  # the target's non_empty rules on a block (a response's)
        self.block_rules: BlockRules = ((), ())  # its signature and part_order rules (a response's)
        self.signing: Signing = {}  # every dialect's signed_reasoning (a response's: _reasoning_claude)

    def lose(self, code: str, at: str, what: str) -> None:
        report(self.losses, self.strict, code, at, self.dialect, what)

    def own(self, value: dict[str, Any], at: str) -> dict[str, Any]:
        extensions = value.get("extensions")
        if not extensions:
            return EMPTY
        before = len(self.losses)
        own = foreign_extensions(extensions, self.dialect, self.losses, self.strict)
        for i in range(before, len(self.losses)):
            self.losses[i] = self.losses[i].at(at)
        return own

    def put_fields(self, wire: Any, own: dict[str, Any], at: str) -> None:
        for where, value in own.get("fields", EMPTY).items():
            if not put_back(wire, where, value):
                self.lose(
                    "extension.field_moved",
                    f"{at}/extensions/{self.dialect}/fields",
                    f"field {where} (its place changed)",
                )


def _carried(
    part: dict[str, Any], role: str, spellings: tuple[Spelling, ...], run: Run, at: str
) -> dict[str, Any] | None:
    """The part as the target may carry it: another dialect's reasoning, or its own without
    the signature its blocks need, or another dialect's wire block is a loss (reasoning
    becomes text when asked for, and every reasoning part goes when asked to)."""
    part = as_signed(part, run.dialect, run.signing) or part  # its family's signed reasoning: the same artifact
    kind = part.get("type")
    if run.reasoning == "drop" and (kind == "reasoning" or redacted(part, run.signing)):
        dropped_as_asked(run.losses, run.dialect, at)
        return None
    foreign = part.get("dialect") != run.dialect
    if kind == "reasoning" and (foreign or unsigned(part, role, spellings, run.dialect)):
        if run.reasoning == "text" and part.get("text"):
            if foreign and signed(part):
                run.lose("reasoning.dropped", f"{at}/extensions", AS_TEXT)
            return {"type": "text", "text": part["text"]}
        said = f"reasoning from {part.get('dialect')} ({FOREIGN})" if foreign else UNSIGNED
        run.lose("reasoning.dropped", at, said)
        return None
    if kind == "wire" and part.get("dialect") != run.dialect:
        run.lose("part.unsupported", at, wire_what(part))
        return None
    if kind == "tool_call" and type(part.get("call")) is dict:
        run.calls.called(part["call"])
    elif kind == "tool_result" and type(part.get("result")) is dict:
        result = run.calls.answered(part["result"])
        if result is not part["result"]:
            return {**part, "result": result}
    return part


class _Group:
    """Parts gathered into one wire turn."""

    __slots__ = ("at", "empty", "own", "parts", "role")

    def __init__(self, role: str, own: dict[str, Any], at: str) -> None:
        self.empty = False  # a message without parts: still a (empty) turn
        self.role = role
        self.own = own
        self.at = at
        self.parts: list[tuple[dict[str, Any], str]] = []


def encode_turns(
    messages: Sequence[tuple[int | str, dict[str, Any]]],
    turn: Turn,
    units: tuple[Spelling, ...],
    spellings: tuple[Spelling, ...],
    alternating: bool,
    run: Run,
    base: str = "/messages/",
    keep_empty: bool = False,
) -> list[Any]:
    """The wire units of messages; losses point at base + the message's index (a response's
    one message is at /message: base "/message" and index ""). keep_empty: a turn whose every
    part is lost is still written, with its role and empty content (a response's one turn)."""
    out: list[Any] = []
    group: _Group | None = None
    for mi, message in messages:
        at = f"{base}{mi}"
        role = message["role"]
        own = run.own(message, at)
        separate = not alternating and own.get("forms", EMPTY).get("") == "separate"
        if group is None or group.role != role or separate:
            if group is not None and (group.parts or group.empty):
                out.append(_render(group, turn, spellings, run))
            group = _Group(role, own, at)
        group.empty = group.empty or not message["parts"] or keep_empty
        for pj, raw in enumerate(message["parts"]):
            where = f"{at}/parts/{pj}"
            part = _carried(raw, role, spellings, run, where)
            if part is None:
                continue
            unit = next(
                (sp for sp in units if sp.part == part["type"] and sp.role == role and carries(part, sp, run.dialect)),
                None,
            )
            if unit is None and not (part["type"] == "wire" and part.get("unit")):
                group.parts.append((part, where))
                continue
            if group.parts:  # a part that is a wire unit of its own ends the turn so far
                out.append(_render(group, turn, spellings, run))
            elif group.own.get("fields"):
                run.lose("turn.fields_dropped", group.at, "the fields of a turn made only of separate units")
            if unit is None:  # the dialect's own item, verbatim
                out.append(part["value"])
            else:
                value = encode_part(part, unit, run.codecs, run.id_map, run.dialect, run.losses, run.strict, where)
                if value is not None:  # None: a part the target cannot send (its loss is reported)
                    out.append(value)
            group = _Group(role, EMPTY, at)
    if group is not None and (group.parts or group.empty):
        out.append(_render(group, turn, spellings, run))
    return out


def _render(group: _Group, turn: Turn, spellings: tuple[Spelling, ...], run: Run) -> dict[str, Any]:
    """One wire turn of a group of parts."""
    unit: dict[str, Any] = {}
    forms = group.own.get("forms", EMPTY)
    if turn.role:
        role_spellings = dict(turn.roles).get(group.role)
        if not role_spellings:
            run.lose("role.unsupported", group.at + "/role", f"{article(group.role)} turn")
            role_spellings = (group.role,)
        alias = forms.get(pointer(turn.role), "")
        n = int(alias[6:]) if alias.startswith("alias:") and int(alias[6:]) < len(role_spellings) else 0
        if not (alias == "absent" and group.role == turn.absent_role):
            put(unit, turn.role, role_spellings[n])
    content: list[tuple[dict[str, Any], Spelling | None, str]] = []
    fields: list[list[tuple[dict[str, Any], str]]] = [[] for _ in turn.fields]
    rank_seen = -1
    last_kind = ""
    kinds = {part["type"] for part, _at in group.parts}
    for part, at in group.parts:
        rank, slot = _slot(part, group.role, turn, spellings, kinds, run.dialect)
        if rank < 0:
            what = f"{article(part['type'])} part{media_of(part)} in {article(group.role)} turn"
            run.lose("part.unsupported", at, what)
            continue
        if rank < rank_seen:
            run.lose(
                "part.reordered",
                at,
                f"the order of a {part['type']} part after a {last_kind} part in one turn (moved before it)",
            )
        rank_seen = max(rank_seen, rank)
        last_kind = part["type"]
        if isinstance(slot, int):
            fields[slot].append((part, at))
        else:
            content.append((part, slot, at))
    for k, tf in enumerate(turn.fields):
        if tf.before:
            _put_field(unit, tf, fields[k], forms, run)
    _put_content(unit, turn, content, forms, run)
    for k, tf in enumerate(turn.fields):
        if not tf.before:
            _put_field(unit, tf, fields[k], forms, run)
    run.put_fields(unit, group.own, group.at)
    for toks, default in turn.defaults:
        if forms.get(pointer(toks)) != "absent" and get(unit, toks) is MISSING:
            put_fresh(unit, toks, default)
    return unit


def _slot(
    part: dict[str, Any], role: str, turn: Turn, spellings: tuple[Spelling, ...], kinds: set[str], dialect: str
) -> tuple[int, Any]:
    field = part.get("field") if part["type"] == "wire" else None
    if field is not None:  # the dialect's own element of a turn field: back into that field, else lost
        for k, tf in enumerate(turn.fields):
            if tf.kinds is not None and pointer(tf.toks) == field and (not tf.roles or role in tf.roles):
                return (0 if tf.before else 2 + k), k
        return -1, None
    for k, tf in enumerate(turn.fields):
        if (
            tf.part == part["type"]
            and (not tf.roles or role in tf.roles)
            and (tf.value is None or tf.value in part)
            and (tf.with_part is None or tf.with_part in kinds)
        ):
            return (0 if tf.before else 2 + k), k
    if part["type"] == "wire" or (part["type"] == "text" and turn.string == "only"):
        return 1, None  # verbatim, or text of a content that is one string
    sp = spelling_for(part, role, spellings, dialect)
    return (1, sp) if sp is not None else (-1, None)


def _put_field(
    unit: dict[str, Any], tf: Any, parts: list[tuple[dict[str, Any], str]], forms: dict[str, Any], run: Run
) -> None:
    form = forms.get(pointer(tf.toks))
    if not parts:
        if form == "null":
            put(unit, tf.toks, None)
        elif form == "empty":
            put(unit, tf.toks, [])
        return
    values: list[Any] = []
    for part, at in parts:
        if part["type"] == "wire":  # the dialect's own element of another kind, verbatim
            values.append(part["value"])
        elif tf.part in SHAPES:
            key = SHAPES[tf.part]
            result = run.codecs.encode[tf.part](part[key], strict=run.strict, id_map=run.id_map)
            run.losses.extend(loss.at(f"{at}/{key}") for loss in result.losses)
            if result.value is not None:  # None: not sent (its loss is reported)
                values.append(result.value)
        else:
            values.append(part.get(tf.value) if tf.value else None)
            run.own(part, at)
    if not values:  # every part not sent
        return
    if tf.many:
        put(unit, tf.toks, values)
    else:
        put(unit, tf.toks, values[0])
        for _part, at in parts[1:]:
            run.lose("part.unsupported", at, f"a second {tf.part} part in one turn")


def _cites(part: dict[str, Any], sp: Spelling | None) -> bool:
    """A text part with citations its spelling writes: a block, never a string."""
    return "citations" in part and sp is not None and any(f.citations is not None for f in sp.fields)


def _put_content(
    unit: dict[str, Any],
    turn: Turn,
    content: list[tuple[dict[str, Any], Spelling | None, str]],
    forms: dict[str, Any],
    run: Run,
) -> None:
    form = forms.get(pointer(turn.content))
    if not content:
        empty = {"absent": "omit", "null": "null", "string": "string", "empty": "list"}.get(form or "", turn.empty)
        if empty != "omit":
            put(unit, turn.content, {"null": None, "string": "", "list": []}[empty])
        return
    texts = [
        part
        for part, sp, _at in content
        if part["type"] == "text" and run.dialect not in part.get("extensions", EMPTY) and not _cites(part, sp)
    ]
    one_text = len(content) == 1 and len(texts) == 1 and form != "blocks"
    if turn.string == "only" or (turn.string == "yes" and one_text):
        if len(content) > 1:
            for _part, _sp, at in content[1:]:
                run.lose("content.joined", at, "a turn's parts as separate blocks (its text is one string)")
        for part, _sp, at in content:
            run.own(part, at)  # another dialect's fields of the text: reported
            if "citations" in part:
                run.lose("part.field_dropped", f"{at}/citations", "the citations of a text part")
        put(
            unit,
            turn.content,
            "\n\n".join(part.get("text", "") for part, _sp, _at in content if part["type"] == "text"),
        )
        return
    made: list[tuple[Any, dict[str, Any], str]] = []  # each block, its part and the part's pointer
    for part, sp, at in content:
        if sp is None:  # the dialect's own block, kept verbatim
            made.append((part["value"], part, at))
        else:
            block = encode_part(part, sp, run.codecs, run.id_map, run.dialect, run.losses, run.strict, at)
            refused = None if block is None else _refused(block, run.empty_blocks)
            if refused is not None:
                run.lose("part.empty_dropped", at, refused)
            elif block is not None:  # None: a part the target cannot send (its loss is reported)
                made.append((block, part, at))
    blocks = [block for block, _part, _at in made]
    if run.block_rules != ((), ()):
        blocks = kept_blocks(unit, made, run.block_rules, run)
    put(unit, turn.content, blocks)


def _refused(block: Any, rules: EmptyBlocks) -> str | None:
    """The loss of a block a non_empty rule refuses (rest: from the block to the key that must
    not be empty), or None."""
    for rest, when, forms, what in rules:
        holder = get(block, rest[:-1])
        if type(holder) is not dict:
            continue
        if any(type(got := get(holder, toks)) is not type(value) or got != value for toks, value in when):
            continue
        value = holder.get(rest[-1], MISSING)
        form = (
            "absent" if value is MISSING else "null" if value is None
            else "string" if value == "" and type(value) is str
            else "list" if value == [] and type(value) is list else ""
        )  # fmt: skip
        if form in forms:
            return what
    return None
