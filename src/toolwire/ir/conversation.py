"""Build the conversation IR (ir/conversation_nodes.py) of a dialect's `conversation` mapping.

What each layout term means is decided here once: defaults, the parts a response inherits
from its request, and the keys each level reads (so that every other wire key is kept as an
extension field for an exact round trip). A dialect without the section has no conversations.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from toolwire.ir.conversation_nodes import (
    CITATION_TYPES,
    KEPT_RULES,
    CacheMarker,
    CitationField,
    CitationKind,
    ConversationIR,
    EmptyForm,
    PartField,
    RequestLayout,
    ResponseLayout,
    Setting,
    SettingEncoding,
    SingleTurn,
    Spelling,
    StringForm,
    SystemField,
    Turn,
    TurnField,
)
from toolwire.ir.lower_rules import block_rules, empty_blocks
from toolwire.ir.nodes import Tokens
from toolwire.ir.signing import signed_reasoning
from toolwire.ir.usage import response_excludes
from toolwire.spec.builtin import builtin_folder
from toolwire.spec.model import Dialect
from toolwire.spec.positions import tokens
from toolwire.spec.rules import (
    ranges_of,
    rules_of,
)


def _toks(pointer: str | None) -> Tokens | None:
    return None if pointer is None else tuple(tokens(pointer))


def _constants(spec: dict[str, Any] | None) -> tuple[tuple[Tokens, Any], ...]:
    return tuple((tuple(tokens(p)), v) for p, v in (spec or {}).items())


def _citation_kind(spec: dict[str, Any]) -> CitationKind:
    fields = []
    for name, f in spec["fields"].items():
        f = {"pointer": f} if isinstance(f, str) else f
        optional, null = bool(f.get("optional", False)), bool(f.get("null", False))
        fields.append(CitationField(name, tuple(tokens(f["pointer"])), optional, null, CITATION_TYPES[name]))
    has = tuple(tuple(tokens(p)) for p in spec.get("has", []))
    return CitationKind(spec["kind"], _constants(spec.get("when")), has, tuple(fields))


def _part_field(name: str, spec: str | dict[str, Any]) -> PartField:
    if isinstance(spec, str):
        spec = {"pointer": spec}
    return PartField(
        name,
        tuple(tokens(spec["pointer"])),
        spec.get("encoding", "value"),
        bool(spec.get("optional", False)),
        tuple(spec.get("media_types", ())),
        tuple(_citation_kind(k) for k in spec.get("citations", ())),
    )


def _spelling(spec: dict[str, Any]) -> Spelling:
    fields = tuple(_part_field(n, f) for n, f in spec.get("fields", {}).items())
    when = _constants(spec.get("when"))
    has = tuple(tuple(tokens(p)) for p in spec.get("has", []))
    defaults = _constants(spec.get("defaults"))
    leaves = tuple(t for t, _v in when) + tuple(f.tokens for f in fields)  # defaults: kept unless equal
    return Spelling(
        part=spec["part"],
        when=when,
        has=has,
        fields=fields,
        roles=tuple(spec.get("roles", [])),
        defaults=defaults,
        role=spec.get("role"),
        signed=spec.get("signed"),
        paths=has,
        leaves=leaves,
    )


def _kinds(shapes: dict[str, Any], part: str) -> tuple[Tokens, tuple[str, ...]] | None:
    """The key naming a tool part's kind and the kinds its shape reads: the first key where
    every variant has a string constant (Chat tool_call: /type, function). None: the shape
    says no kind (Mistral, Ollama), so every element is read as the part."""
    variants = shapes.get(part, {}).get("variants", []) if part in ("tool_call", "tool_result") else []
    if not variants:
        return None
    constants = [v.get("constants") or {} for v in variants]
    for key in constants[0]:
        values = [value for c in constants if type(value := c.get(key)) is str]
        if key and len(values) == len(constants):
            return tuple(tokens(key)), tuple(dict.fromkeys(values))
    return None


def _turn(spec: dict[str, Any], shapes: dict[str, Any]) -> Turn:
    fields = tuple(
        TurnField(
            tokens=tuple(tokens(f["pointer"])),
            part=f["part"],
            many=bool(f.get("list", False)),
            value=f.get("value"),
            before=bool(f.get("before", False)),
            roles=tuple(f.get("roles", [])),
            with_part=f.get("with"),
            kinds=_kinds(shapes, f["part"]),
        )
        for f in spec.get("fields", [])
    )
    role = tuple(tokens(spec.get("role", "/role")))
    content = tuple(tokens(spec.get("content", "/content")))
    return Turn(
        role=role,
        roles=tuple((c, tuple(w)) for c, w in spec.get("roles", {}).items()),
        content=content,
        string=StringForm(spec.get("string", False)),
        empty=EmptyForm(spec.get("empty", "list")),
        fields=fields,
        absent_role=spec.get("absent_role"),
        defaults=_constants(spec.get("defaults")),
        leaves=(role, content, *(f.tokens for f in fields)),
    )


@functools.cache
def _canonical_settings(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _types(node: dict[str, Any]) -> tuple[str, ...]:
    """The JSON types a schema allows (an enum's: those of its values)."""
    if "type" in node:
        return (node["type"],) if isinstance(node["type"], str) else tuple(node["type"])
    names = {bool: "boolean", int: "integer", float: "number", str: "string", dict: "object", list: "array"}
    return tuple(dict.fromkeys(names[type(v)] for v in node.get("enum", ()) if type(v) in names))


def _rule(name: Tokens, dialect: Dialect) -> tuple[tuple[str, ...], Any, tuple[str, ...]]:
    """(JSON types, minimum, item types) of a canonical setting, from canonical/settings.json:
    the runtimes check a value by it (no types: not checked)."""
    own = dialect.folder.parent.parent / "canonical" / "settings.json"
    # A dialect of an overlay has no canonical folder beside it: the base's is the built-in one.
    schema = _canonical_settings(own if own.is_file() else builtin_folder("schemas") / "canonical" / "settings.json")

    def deref(node: dict[str, Any]) -> dict[str, Any]:
        ref = node.get("$ref", "")
        return deref(schema["$defs"][ref.rsplit("/", 1)[-1]]) if ref.startswith("#/$defs/") else node

    node = schema
    for key in name:
        node = deref(deref(node).get("properties", {}).get(key, {}))
    return _types(node), node.get("minimum"), _types(deref(node.get("items", {})))


def _setting(name: str, spec: str | dict[str, Any], dialect: Dialect) -> Setting:
    if isinstance(spec, str):
        spec = {"pointer": spec}
    pointed = tuple(tokens(spec["pointer"]))
    return Setting(
        name=tuple(name.split(".")),
        tokens=pointed,
        aliases=tuple(tuple(tokens(a)) for a in spec.get("aliases", [])),
        encoding=SettingEncoding(spec.get("encoding", "value")),
        values=tuple((c, w) for c, w in spec.get("values", [])),
        required=spec.get("required"),
        has_required="required" in spec,
        companions=tuple((tuple(tokens(p)), v) for p, v in spec.get("with", {}).items()),
        off=tuple((tuple(tokens(p)), v) for p, v in spec.get("off", {}).items()),
        kept=tuple(spec.get("kept", ())),
        rule=_rule(tuple(name.split(".")), dialect),
        range=next((r for r in ranges_of(dialect) if r.envelope == "request" and r.tokens == pointed), None),
    )


def _tool_leaves(dialect: Dialect) -> list[Tokens]:
    """The request keys the tools, the tool choice and the fields beside them live under."""
    envelope = dialect.mapping.get("envelopes", {}).get("request", {})
    out: list[Tokens] = []
    for location in envelope.get("locations", []):
        if location["shape"] not in ("tool_definition", "tool_choice"):
            continue
        toks = tuple(tokens(location["path"]))
        out.append(toks[: toks.index("*")] if "*" in toks else toks)
    for key in ("choice_fields", "tools_fields"):
        out += [tuple(tokens(p)) for p in envelope.get(key, {}).values()]
    return out


def required_keys(schema: dict[str, Any], written: set[str]) -> set[str]:
    """The root keys a request the writer makes must have: the root's `required`, and of a root
    anyOf/oneOf those required by every alternative the writer can meet (one whose keys it all
    writes). An alternative needing a key no conversion writes (Responses' saved `prompt`)
    cannot stand in for the others, so the key the rest require stays required (its model)."""
    base = set(schema.get("required", []))
    for key in ("anyOf", "oneOf"):
        branches = [base | set(b.get("required", [])) for b in schema.get(key, []) if isinstance(b, dict)]
        met = [keys for keys in branches if keys <= written]
        if met:
            base |= set.intersection(*met)
    return base


def _request(spec: dict[str, Any], dialect: Dialect) -> RequestLayout:
    turns = tuple(tokens(spec["turns"]))
    model = _toks(spec.get("model"))
    system_spec = spec.get("system")
    system = None
    if system_spec is not None:
        system = SystemField(
            tuple(tokens(system_spec["pointer"])),
            StringForm(system_spec.get("string", False)),
            _toks(system_spec.get("parts")),
        )
    settings = tuple(_setting(n, s, dialect) for n, s in spec.get("settings", {}).items())
    leaves = [turns, *_tool_leaves(dialect)]
    leaves += [t for t in (model, system.tokens if system else None) if t is not None]
    leaves += [s.tokens for s in settings] + [a for s in settings for a in s.aliases]
    leaves += [toks for s in settings for toks, _value in s.companions]
    required = required_keys(dialect.envelopes.get("request", {}), {leaf[0] for leaf in leaves if leaf})
    return RequestLayout(
        turns=turns,
        model=model,
        system=system,
        turn=_turn(spec.get("turn", {}), dialect.mapping.get("shapes", {})),
        units=tuple(_spelling(u) for u in spec.get("units", [])),
        parts=tuple(_spelling(p) for p in spec.get("parts", [])),
        alternating=bool(spec.get("alternating", False)),
        settings=settings,
        model_required=model is not None and len(model) == 1 and model[0] in required,
        paths=(),
        leaves=tuple(leaves),
        rules=tuple(r for r in rules_of(dialect) if r.envelope == "request" and isinstance(r, KEPT_RULES)),
        cache=_cache(spec.get("cache")),
        single=_single(spec.get("single")),
    )


def _single(spec: dict[str, Any] | None) -> SingleTurn | None:
    if spec is None:
        return None
    kinds = tuple(spec.get("kinds", ()))
    return SingleTurn(bool(spec.get("string", False)), _toks(spec.get("kind")) if kinds else None, kinds)


def _leaves(value: dict[str, Any] | None, at: Tokens = ()) -> tuple[tuple[Tokens, Any], ...] | None:
    """A constant object as (tokens, scalar) pairs, one per leaf (the IR is hashable)."""
    if value is None:
        return None
    found: list[tuple[Tokens, Any]] = []
    for key, item in value.items():
        found += _leaves(item, (*at, key)) or () if isinstance(item, dict) else [((*at, key), item)]
    return tuple(found)


def _cache(spec: dict[str, Any] | None) -> CacheMarker | None:
    if spec is None:
        return None
    return CacheMarker(
        at=_toks(spec.get("field")),
        block=_leaves(spec.get("block")),
        value=_leaves(spec.get("value")),
        ttl=_toks(spec.get("ttl")),
        tools=_toks(spec.get("tools")),
        request=_toks(spec.get("request")),
        not_on=tuple(spec.get("not_on", ())),
    )


def _response(spec: dict[str, Any], request: RequestLayout, shapes: dict[str, Any]) -> ResponseLayout:
    turn = _turn(spec["turn"], shapes) if "turn" in spec else request.turn
    message = _toks(spec.get("message"))
    turns = _toks(spec.get("turns"))
    finish = spec.get("finish_reason")
    finish_toks = _toks(finish["pointer"]) if finish else None
    detail = (finish or {}).get("detail")
    detail_toks = _toks(detail["pointer"]) if detail else None
    usage = tuple((n, tuple(tokens(p))) for n, p in spec.get("usage", {}).items())
    constants = _constants(spec.get("constants"))
    leaves: list[Tokens] = [
        t
        for t in (
            turns,
            spec.get("id") and _toks(spec["id"]),
            spec.get("model") and _toks(spec["model"]),
            finish_toks,
            detail_toks,
        )
        if t
    ]
    if message:
        leaves.append(message)
    elif message == ():
        leaves += list(turn.leaves)
    leaves += [t for _n, t in usage] + [t for t, _v in constants]
    return ResponseLayout(
        message=message,
        turns=turns,
        id=_toks(spec.get("id")),
        model=_toks(spec.get("model")),
        finish=finish_toks,
        finish_values=tuple((c, w) for c, w in (finish or {}).get("values", [])),
        finish_detail=detail_toks,
        finish_details=tuple((c, w) for c, w in (detail or {}).get("values", [])),
        usage=usage,
        usage_excludes=response_excludes(spec),
        constants=constants,
        required=_constants(spec.get("required")),
        item_ids=tuple(sorted(spec.get("item_ids", {}).items())),
        turn=turn,
        units=tuple(_spelling(u) for u in spec["units"]) if "units" in spec else request.units,
        parts=request.parts,
        paths=(),
        leaves=tuple(leaves),
        empty_blocks=empty_blocks(request) if turn.content == request.turn.content else (),
        block_rules=block_rules(request) if turn.content == request.turn.content else ((), ()),
    )


def conversation_ir(dialect: Dialect) -> ConversationIR | None:
    spec = dialect.mapping.get("conversation")
    if spec is None:
        return None
    request = _request(spec["request"], dialect)
    return ConversationIR(
        request=request,
        response=_response(spec.get("response", {}), request, dialect.mapping.get("shapes", {})),
        signed=signed_reasoning(dialect),
    )
