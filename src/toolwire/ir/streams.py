"""Compile a dialect's stream mapping (stream.json) into the plan the stream template unrolls.

The plan holds ready-made Python expressions: how each rule's event constants are tested,
how its path is walked, how its pointers are read (straight-line `.get` chains, no pointer
interpretation per event), how a finished call is rebuilt as the dialect's wire tool call
(so the dialect's own decode_tool_call gives the canonical call), and how emit() builds
each rule's events. The behaviour of every role is written once, in the stream template
and its runtime (streams/_common.py, _calls.py); the expressions come from stream_expr.py;
see meta/stream.schema.json for the rules.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.shapes import py
from toolwire.ir.stream_expr import StreamPlanError, equals, events_plan, has, paren, read
from toolwire.spec.model import Dialect, Spec
from toolwire.spec.positions import tokens

ROLES_EMIT_ORDER = ("start", "delta", "fragment", "json_path_args", "stop", "call")
TEXT_ENCODINGS = {"json_text": "text", "object_or_json_text": "text", "object": "object"}
POINTERS = (
    "key",
    "event_key",
    "id",
    "name",
    "fragment",
    "full",
    "arguments",
    "partial_args",
    "continues",
    "finish",
    "message",
    "code",
    "position",
)


@dataclass
class Expr:
    """Python source placed as is into a literal."""

    code: str


@dataclass
class Overlay:
    """The wire call `w` with some values replaced and some keys dropped (copied, never mutated)."""

    base: str
    sets: list[tuple[list[str], Any]] = field(default_factory=list)
    drops: list[list[str]] = field(default_factory=list)


def py_toks(toks: list[str] | tuple[str, ...]) -> str:
    """A tuple literal of pointer tokens."""
    return "(" + ", ".join(py(t) for t in toks) + ("," if len(toks) == 1 else "") + ")"


def literal(node: Any) -> str:
    if isinstance(node, Expr):
        return node.code
    if isinstance(node, Overlay):
        sets = "".join(f"({py_toks(t)}, {literal(v)}), " for t, v in node.sets)
        drops = "".join(f"{py_toks(t)}, " for t in node.drops)
        if not sets and not drops:
            return node.base
        return f"_c.overlay({node.base}, ({sets}), ({drops}))"
    if isinstance(node, dict):
        return "{" + ", ".join(f"{py(k)}: {literal(v)}" for k, v in node.items()) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(literal(v) for v in node) + "]"
    return py(node)


def _put(node: Any, toks: list[str], value: Any, where: str) -> None:
    """Place value at toks in a literal tree; * (or 0) is the single element of an array,
    created as a one-element list when the next token is *."""
    if not toks:
        raise StreamPlanError(f"{where}: cannot replace the whole event")
    for i, t in enumerate(toks):
        last = i == len(toks) - 1
        if isinstance(node, Overlay):
            node.sets.append((toks[i:], value))
            return
        if isinstance(node, list):
            if t not in ("*", "0"):
                raise StreamPlanError(f"{where}: only * (the one element) can index an emitted array")
            if last:
                if node:
                    node[0] = value
                else:
                    node.append(value)
                return
            if not node:
                node.append([] if toks[i + 1] == "*" else {})
            node = node[0]
            continue
        if t == "*":
            raise StreamPlanError(f"{where}: * must follow an array's name")
        if last:
            node[t] = value
            return
        child = node.get(t)
        if not isinstance(child, (dict, list, Overlay)):
            child = [] if toks[i + 1] == "*" else {}
            node[t] = child
        node = child


def _merge(dst: dict[str, Any], src: dict[str, Any]) -> None:
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            _merge(dst[k], v)
        else:
            dst[k] = v


def hoisted_reads(var: str, named: dict[str, list[str]]) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """Reads of several pointers below var; an object on the way to two or more of them is
    read once into a local (o1, o2, ...; an absent or non-object value reads as {})."""
    counts: dict[tuple[str, ...], int] = {}
    for toks in named.values():
        for depth in range(1, len(toks)):
            prefix = tuple(toks[:depth])
            counts[prefix] = counts.get(prefix, 0) + 1
    locals_: dict[tuple[str, ...], str] = {(): var}
    hoists: list[tuple[str, str]] = []

    def base(toks: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        for depth in range(len(toks), -1, -1):
            if toks[:depth] in locals_:
                return locals_[toks[:depth]], toks[depth:]
        return var, toks

    for prefix in sorted((p for p, n in counts.items() if n >= 2), key=lambda p: (len(p), p)):
        parent, rest = base(prefix)
        name = f"o{len(hoists) + 1}"
        hoists.append((name, read(parent, list(rest))))
        locals_[prefix] = name
    reads = {}
    for key, toks in named.items():
        parent, rest = base(tuple(toks[:-1]))
        reads[key] = read(parent, [*rest, toks[-1]]) if toks else var
    return hoists, reads


@dataclass
class ToolCallShape:
    """The dialect's wire tool_call (first variant): how a finished call is rebuilt."""

    constants: list[tuple[list[str], Any]]
    id_toks: list[str] | None
    id_optional: bool
    name_toks: list[str]
    args_toks: list[str]
    args: str  # "text" or "object"
    args_optional: bool  # the wire may leave the arguments out (Gemini: no args means {})
    args_object_too: bool  # object_or_json_text: a stream may send the arguments as one object
    no_arguments_text: list[str]


def tool_call_shape(dialect: Dialect) -> ToolCallShape:
    shape = dialect.mapping["shapes"].get("tool_call")
    if shape is None:
        raise StreamPlanError("a stream mapping needs the dialect's tool_call shape")
    variant = shape["variants"][0]
    fields = variant.get("fields", {})
    if "name" not in fields or "arguments" not in fields:
        raise StreamPlanError("the first tool_call variant must map name and arguments")
    arguments = fields["arguments"]
    encoding = arguments.get("encoding", "value")
    if encoding not in TEXT_ENCODINGS:
        raise StreamPlanError(f"tool_call arguments encoding {encoding!r} cannot be streamed")
    ident = fields.get("id")
    return ToolCallShape(
        constants=[(tokens(p), v) for p, v in variant.get("constants", {}).items() if p],
        id_toks=tokens(ident["pointer"]) if ident else None,
        id_optional=bool(ident is None or ident.get("optional") or ident.get("default", 0) is None),
        name_toks=tokens(fields["name"]["pointer"]),
        args_toks=tokens(arguments["pointer"]),
        args=TEXT_ENCODINGS[encoding],
        # A text-streamed call that got no fragment already reads as the empty text (its
        # no_arguments_text), so an optional json_text field changes nothing in streams.
        args_optional=bool((arguments.get("optional") and encoding != "json_text") or "default" in arguments),
        args_object_too=encoding == "object_or_json_text",
        no_arguments_text=list(arguments.get("no_arguments_text", [])),
    )


def _rule_plan(index: int, rule: dict[str, Any]) -> dict[str, Any]:
    role = rule["role"]
    path = tokens(rule.get("path", ""))
    ptrs: dict[str, str | None] = {name: rule.get(name) for name in POINTERS}
    item_ptrs = {name: tokens(p) for name, p in ptrs.items() if p is not None and name not in ("event_key", "position")}
    hoists, item_reads = hoisted_reads("it", item_ptrs)
    reads: dict[str, str | None] = {name: item_reads.get(name) for name in POINTERS}
    if ptrs["event_key"] is not None:
        reads["event_key"] = read("e", tokens(ptrs["event_key"]))
    key = reads["key"] or reads["event_key"]
    conds = [equals("it", tokens(p), v) for p, v in rule.get("when", {}).items()]
    conds += [has("it", tokens(p)) for p in rule.get("has", [])]
    if rule.get("as_call") and role not in ("start", "delta"):
        raise StreamPlanError(f"rule {index}: as_call is for start and delta rules")
    if role == "skip" and reads["key"] is None and reads["event_key"] is None:
        raise StreamPlanError(f"rule {index}: a skip rule needs the block's key (key or event_key)")
    return {
        "index": index,
        "order": index,
        "role": role,
        "path": path,
        "event": sorted((p, v) for p, v in rule.get("event", {}).items()),
        "cond": " and ".join(conds),
        "reads": reads,
        "hoists": hoists,
        "pointers": ptrs,
        "key": key,
        "key_pointer": rule.get("key") or rule.get("event_key"),
        "key_on_event": "event_key" in rule,
        "as_call": bool(rule.get("as_call")),
        "drop": [tokens(p) for p in rule.get("drop", [])],
        "emit": rule.get("emit"),
        "raw": rule,
    }


def _blocks(rules: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """Rules grouped into blocks: same event constants and path; alternatives within a block.
    Event constants are read once per event into selectors."""
    selectors: dict[str, dict[str, str]] = {}
    blocks: list[dict[str, Any]] = []
    by_key: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in rules:
        conds = []
        for pointer, value in r["event"]:
            sel = selectors.get(pointer)
            if sel is None:
                sel = selectors[pointer] = {"var": f"s{len(selectors)}", "expr": read("e", tokens(pointer)), "pointer": pointer}
            if value is None:
                conds.append(f"{sel['var']} is None")
            elif isinstance(value, bool):
                conds.append(f"{sel['var']} is {py(value)}")
            elif isinstance(value, (dict, list)):
                conds.append(f"_c.same({sel['var']}, {py(value)})")
            else:
                conds.append(f"{sel['var']} == {py(value)}")
        key = (tuple((p, py(v)) for p, v in r["event"]), tuple(r["path"]))
        block = by_key.get(key)
        if block is None:
            block = by_key[key] = {"cond": " and ".join(conds), "path": r["path"], "rules": []}
            blocks.append(block)
        alts = block["rules"]
        if alts and r["cond"] and alts[-1]["cond"] and _signature(alts[-1]) == _signature(r):
            # two alternatives that do the same thing: one branch, either condition
            alts[-1] = {**alts[-1], "cond": f"{paren(alts[-1]['cond'])} or {paren(r['cond'])}", "index": f"{alts[-1]['index']}+{r['index']}"}
        else:
            alts.append(r)
    return blocks, list(selectors.values())


def _signature(r: dict[str, Any]) -> str:
    """What a rule does to an item, apart from which items it takes."""
    return json.dumps({k: v for k, v in r["raw"].items() if k not in ("when", "has", "emit")}, sort_keys=True)


def _steps(path: list[str]) -> list[tuple[str, ...]]:
    """The steps from the event to each item: ("get", name, type the value must have) and
    ("loop",) over an array's elements."""
    steps: list[tuple[str, ...]] = []
    i = 0
    while i < len(path):
        t = path[i]
        if t == "*":
            raise StreamPlanError("a path token * must follow an array's name")
        star = i + 1 < len(path) and path[i + 1] == "*"
        steps.append(("get", t, "list" if star else "dict"))
        if star:
            steps.append(("loop",))
        i += 2 if star else 1
    return steps


def _scans(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Blocks with the same event conditions share one walk: their paths form a tree, so an
    array (OpenAI's choices) is looped over once for every rule below it. Each node's
    entries (its own blocks and its subtrees) keep the order of the rules."""
    scans: list[dict[str, Any]] = []
    by_cond: dict[str, dict[str, Any]] = {}
    count = 0
    for b in blocks:
        scan = by_cond.get(b["cond"])
        if scan is None:
            scan = by_cond[b["cond"]] = {"cond": b["cond"], "root": {"var": "e", "entries": []}}
            scans.append(scan)
        node = scan["root"]
        for step in _steps(b["path"]):
            child = next((x for kind, x in node["entries"] if kind == "child" and x["key"] == step), None)
            if child is None:
                count += 1
                var = f"v{count}"
                if step[0] == "get":
                    child = {"key": step, "kind": "get", "var": var, "expr": f"{node['var']}.get({py(step[1])})", "type": step[2], "entries": []}
                else:
                    child = {"key": step, "kind": "loop", "var": var, "over": node["var"], "entries": []}
                node["entries"].append(("child", child))
            node = child
        node["entries"].append(("block", b))

    def order(node: dict[str, Any]) -> int:
        keyed = []
        for kind, x in node["entries"]:
            first = order(x) if kind == "child" else min(r["order"] for r in x["rules"])
            keyed.append((first, kind, x))
        keyed.sort(key=lambda e: e[0])
        node["entries"] = [(kind, x) for _first, kind, x in keyed]
        return keyed[0][0]

    for scan in scans:
        order(scan["root"])
    return scans


def _emitter(r: dict[str, Any], call: ToolCallShape) -> dict[str, Any]:
    """How emit() builds the events of one rule marked for emission."""
    role = r["role"]
    raw = r["raw"]
    ptr = {name: tokens(p) for name, p in r["pointers"].items() if p is not None}

    def build(item: Any) -> str:
        if not r["path"] and isinstance(item, Overlay):
            raise StreamPlanError(f"rule {r['index']}: an emitted whole-call item needs a path below the event")
        event: Any = {}
        for pointer, value in r["event"]:
            _put(event, tokens(pointer), value, f"rule {r['index']} event {pointer}")
        if r["path"]:
            _put(event, r["path"], item, f"rule {r['index']} path")
        else:
            _merge(event, item)
        for pointer, value in (r["emit"] or {}).items():
            _put(event, tokens(pointer), value, f"rule {r['index']} emit {pointer}")
        if "event_key" in ptr:
            _put(event, ptr["event_key"], Expr("key"), f"rule {r['index']} event_key")
        if "position" in ptr and role != "finish":
            _put(event, ptr["position"], Expr("i"), f"rule {r['index']} position")
        return literal(event)

    def plain_item(values: dict[str, str]) -> dict[str, Any]:
        item: dict[str, Any] = {}
        for pointer, value in raw.get("when", {}).items():
            _put(item, tokens(pointer), value, f"rule {r['index']} when {pointer}")
        for name, code in values.items():
            if name in ptr:
                _put(item, ptr[name], Expr(code), f"rule {r['index']} {name}")
        return item

    out: dict[str, Any] = {"role": role, "index": r["index"]}
    if role in ("start", "delta") and r["as_call"]:
        over = Overlay("w")
        over.drops.extend(r["drop"])
        if call.args == "text":
            over.sets.append((call.args_toks, Expr("frag")))
        else:
            over.drops.append(call.args_toks)
        for pointer, value in raw.get("when", {}).items():
            over.sets.append((tokens(pointer), value))
        if "key" in ptr:
            over.sets.append((ptr["key"], Expr("key")))
        if "fragment" in ptr and call.args != "text":
            over.sets.append((ptr["fragment"], Expr("frag")))
        if "continues" in ptr:
            over.sets.append((ptr["continues"], True))
        out["first"] = build(over)
    elif role in ("start", "delta"):
        out["first"] = build(plain_item({"key": "key", "id": "cid", "name": "name", "fragment": "frag", "continues": "True"}))
    if role == "delta":
        out["next"] = build(plain_item({"key": "key", "fragment": "frag", "continues": "True"}))
    elif role == "fragment":
        values = {"key": "key", "continues": "True"}
        values["fragment" if "fragment" in ptr else "full"] = "frag"
        out["next"] = build(plain_item(values))
    elif role == "stop":
        out["stop"] = build(plain_item({"key": "key", "full": "text"}))
    elif role == "call":
        over = Overlay("w")
        if "key" in ptr:
            over.sets.append((ptr["key"], Expr("key")))
        out["whole"] = build(over)
    elif role == "json_path_args":
        out["next"] = build(plain_item({"partial_args": "pa", "continues": "True"}))
        out["close"] = build(plain_item({}))
    elif role == "finish":
        out["finish"] = build(plain_item({"finish": "fin"}))
    out["key_toks"] = ptr.get("key") if r["as_call"] or role == "call" else None
    return out


def stream_ir(spec: Spec, dialect: Dialect) -> dict[str, Any] | None:
    """None when the dialect has no stream.json."""
    if dialect.stream is None:
        return None
    try:
        return _stream_plan(dialect)
    except StreamPlanError as exc:
        raise StreamPlanError(f"schemas/dialects/{dialect.name}/stream.json: {exc}") from None


def _stream_plan(dialect: Dialect) -> dict[str, Any]:
    mapping = dialect.stream
    assert mapping is not None
    call = tool_call_shape(dialect)
    rules = [_rule_plan(i, r) for i, r in enumerate(mapping["rules"])]
    blocks, selectors = _blocks(rules)
    events = events_plan(mapping["events"])
    scans = _scans(blocks)
    roles = {r["role"] for r in rules}
    has_stop = "stop" in roles or any(r["reads"]["continues"] for r in rules)
    emit = mapping["emit"]
    emitters: dict[str, dict[str, Any]] = {}
    for r in rules:
        if r["emit"] is not None:
            if r["role"] in emitters:
                raise StreamPlanError(f"rule {r['index']}: a second {r['role']} rule marked for emission")
            emitters[r["role"]] = _emitter(r, call)
    ordered = [emitters[role] for role in ROLES_EMIT_ORDER if role in emitters]
    if not ordered:
        raise StreamPlanError("no rule that carries calls is marked for emission")
    if "finish" not in emitters:
        raise StreamPlanError("no finish rule is marked for emission")
    key_toks = next((e["key_toks"] for e in ordered if e["key_toks"]), None)
    codes = " ".join(str(v) for e in [*ordered, emitters["finish"]] for k, v in e.items() if k in ("first", "next", "stop", "whole", "close", "finish"))
    emits_text_fragments = any(role in emitters for role in ("delta", "fragment"))
    needs_text = bool(re.search(r"(?<!\")\btext\b(?!\")", codes)) or any(r in emitters for r in ("delta", "fragment", "json_path_args")) or (
        "start" in emitters and not emits_text_fragments
    )
    # Incomplete calls can be emitted when their text can go out without a stop or a whole call.
    emits_incomplete = any(role in emitters for role in ("start", "delta", "fragment")) and (
        has_stop or bool(mapping.get("truncated"))
    )
    envelope = dialect.mapping.get("envelopes", {}).get("stream_event")
    return {
        "mapping": mapping,
        "name": dialect.name,
        "title": dialect.mapping["title"],
        "event_schema": f"dialects/{dialect.name}/{envelope['schema']}" if envelope else None,
        "framing": mapping.get("framing", "sse"),
        "event_name": tokens(mapping["event_name"]) if "event_name" in mapping else None,
        "done_sentinel": mapping.get("done_sentinel"),
        "truncated": list(mapping.get("truncated", [])),
        "stop_before_truncation": bool(mapping.get("stop_before_truncation", False)),
        "has_stop": has_stop,
        "no_arguments_text": list(mapping.get("no_arguments_text", [])) if call.args == "object" else call.no_arguments_text,
        "call": call,
        "call_constants": [(tuple(t), py(v)) for t, v in call.constants],
        "rules": rules,
        "scans": scans,
        "selectors": selectors,
        "events": events,
        "has_skip": "skip" in roles,
        "roles": sorted(roles),
        "emitters": ordered,
        "emitter": emitters,
        "emit": emit,
        "emit_key_toks": tuple(key_toks) if key_toks else None,
        "emit_sequence": tuple(tokens(emit["sequence"])) if "sequence" in emit else None,
        "emits_incomplete": emits_incomplete,
        "emits_text_fragments": emits_text_fragments,
        "emit_needs_text": needs_text,
        "emit_needs_key": bool(re.search(r"(?<!\")\bkey\b(?!\")", codes)),
    }
