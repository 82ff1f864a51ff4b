"""The TypeScript emitter of the IR's wire objects (ir/nodes.py): fields, levels, content parts
as the pieces the converter templates lay out (read and match expressions, literal trees,
local names). emit_shapes.py builds variants, shapes and the dialect from these.

The port of targets/python/emit_objects.py: each view wraps one IR node and reads through to
it, adding only how TypeScript spells it. Wire values are `unknown`; the generated module
reads them through the helpers of `_parts.ts` (imported as `P`), which throw the decoder's
MISMATCH exactly where Python's `[key]`/`.get` raise KeyError, TypeError or AttributeError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.nodes import Alias, ContentPart, Field, Level, Tokens, WireObject
from toolwire.targets.typescript import names as tsnames
from toolwire.targets.typescript.names import type_test


def ts(value: Any) -> str:
    """A TypeScript literal for a JSON value (the TypeScript target's one spelling)."""
    return tsnames.literal(value)


def equals(expr: str, value: Any) -> str:
    """expr compared with a JSON constant as Python's `is`/`==` does: null (or absent) for
    None, identity for booleans, strings and numbers, Python equality for objects and arrays."""
    if value is None:
        return f"{expr} == null"
    if isinstance(value, (bool, str, int, float)):
        return f"{expr} === {ts(value)}"
    return f"P.eq({expr}, {ts(value)})"


def differs(expr: str, value: Any) -> str:
    """The negation of equals()."""
    if value is None:
        return f"{expr} != null"
    if isinstance(value, (bool, str, int, float)):
        return f"{expr} !== {ts(value)}"
    return f"!P.eq({expr}, {ts(value)})"


_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


def own_test(var: str, key: str) -> str:
    """Whether the object var has the own key (a TypeScript string literal): a plain object's
    key that Object.prototype lacks cannot be inherited, so V8 folds this to map checks where
    a shared helper (whose key varies) costs a call and a lookup."""
    proto = "Object.prototype"
    return f"(Object.getPrototypeOf({var}) === {proto} && !({key} in {proto}) || Object.hasOwn({var}, {key}))"


def own_read(var: str, key: str, kind: str) -> str | None:
    """The inlined P.at / P.req / P.opt / P.need of key (a TypeScript literal) from var, when
    var is a plain name (it is read twice); None otherwise. Same result and same throws."""
    if not _IDENTIFIER.fullmatch(var):
        return None
    get = f"{own_test(var, key)} ? {var}[{key}] : undefined"
    if kind == "at":
        return f"(P.isObject({var}) && {get})"
    if kind == "req":
        return f"(P.isObject({var}) && {own_test(var, key)} ? P.defined({var}[{key}]) : P.mismatch())"
    if kind == "opt":
        return f"(P.isObject({var}) ? ({get}) : P.mismatch())"
    if kind == "need":
        return f"P.needed(P.isObject({var}) ? ({get}) : P.notObject({var}), {key})"
    raise ValueError(kind)


def at_path(var: str, toks: Tokens) -> str:
    """The value at toks of an object whose levels are known to be objects (undefined when
    absent): Python's `var[t1].get(t2)` after the match's guards."""
    out = var
    for t in toks:
        out = own_read(out, ts(t), "at") or f"P.at({out}, {ts(t)})"
    return out


def local_name(stem: str, toks: Tokens, taken: set[str], *, constant: bool = False) -> str:
    """A readable local for the value at toks: stemTokenToken (camel case), unique; with
    constant=True a module constant's name, STEM_TOKEN_TOKEN."""
    words = [re.sub(r"[^0-9a-zA-Z]+", "_", re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", t)).strip("_").lower() for t in toks]
    snake = "_".join([stem, *(w for w in words if w)])
    name = snake.upper() if constant else tsnames.camel(snake)
    out, n = name, 2
    while out in taken or out in tsnames.RESERVED:
        out, n = f"{name}_{n}" if constant else f"{name}{n}", n + 1
    taken.add(out)
    return out


def read_expr(var: str, toks: Tokens, optional_from: int, locals_: dict[Tokens, str]) -> str:
    """Expression reading toks; segments from optional_from on may be absent. Starts from the
    deepest required object already held in a local variable."""
    start, out = 0, var
    for depth in range(min(optional_from, len(toks) - 1), 0, -1):
        local = locals_.get(toks[:depth])
        if local:
            start, out = depth, local
            break
    for i in range(start, len(toks)):
        t = ts(toks[i])
        if i < optional_from:
            out = own_read(out, t, "req") or f"P.req({out}, {t})"
        elif i == len(toks) - 1:
            out = own_read(out, t, "opt") or f"P.opt({out}, {t})"
        else:
            out = f"P.optObj({out}, {t})"
    return out


class _View:
    """Reads through to the IR node for every fact the view does not spell itself."""

    node: Any

    def __getattr__(self, name: str) -> Any:
        return getattr(self.node, name)


@dataclass
class TsLevel(_View):
    node: Level
    local: str | None = None  # the local holding a required nested object
    source: str = ""  # how that local is read
    read: str = ""  # how the template reads this object
    const: str = ""  # module-level name of its known-keys set


@dataclass
class TsAlias(_View):
    node: Alias
    read: str = ""

    @property
    def form(self) -> str:
        """The module constant naming this spelling in forms (alias:N)."""
        return f"FORM_ALIAS_{self.node.index}"

    @property
    def lower_form(self) -> str:
        """The OpenAPI spelling with lower-case types (alias:N:lower)."""
        return f"FORM_ALIAS_{self.node.index}_LOWER"


@dataclass
class TsField(_View):
    node: Field
    var: str = ""  # the local holding the encoded value
    read: str = ""  # how decode reads the wire value
    helper: str = ""  # module-level stem of its value maps and helper functions
    aliases: list[TsAlias] = field(default_factory=list)
    parts: list[TsPart] = field(default_factory=list)
    item: TsObject | None = None
    custom_item: TsObject | None = None
    strict_switch: TsField | None = None  # the field strict_mode_field names
    lazy_forms: bool = False  # its variant's forms object is made on the first spelling

    @property
    def default_value(self) -> Any:
        return self.node.default.value if self.node.default else None

    @property
    def default(self) -> str:
        return ts(self.default_value)

    def is_default(self, expr: str) -> str:
        return equals(expr, self.default_value)

    @property
    def value_map_ts(self) -> str:
        return "new Map<unknown, unknown>([" + ", ".join(f"[{ts(c)}, {ts(w)}]" for c, w in self.node.value_pairs) + "])"

    @property
    def value_map_back_ts(self) -> str:
        """Wire -> canonical; when several canonical values share a wire value, the first wins."""
        back: dict[str, str] = {}
        for canonical, wire in self.node.value_pairs:
            back.setdefault(ts(wire), ts(canonical))
        return "new Map<unknown, unknown>([" + ", ".join(f"[{w}, {c}]" for w, c in back.items()) + "])"

    def unlisted_refused(self, expr: str) -> str:
        """A wire value no table entry has, of another type than the table's: refused, not kept."""
        kinds = {type(wire) for _canonical, wire in self.node.value_pairs}
        tests = {str: f'typeof {expr} !== "string"', int: f"!Number.isInteger({expr})"}
        return tests[next(iter(kinds))] if len(kinds) == 1 and kinds <= {str, int} else f'typeof {expr} === "object"'

    @property
    def back_keys_repr(self) -> str:
        """Python's `", ".join(map(repr, BACK))`, computed here."""
        seen: list[Any] = []
        for _canonical, wire in self.node.value_pairs:
            if wire not in seen:
                seen.append(wire)
        return ", ".join(repr(w) for w in seen)

    @property
    def no_arguments_text(self) -> str:
        """The texts that mean no arguments, as an array literal."""
        return "[" + ", ".join(ts(t) for t in self.node.no_arguments_text) + "]"

    def no_arguments_test(self, expr: str) -> str:
        return " || ".join(f"{expr} === {ts(t)}" for t in self.node.no_arguments_text)

    # Which spellings decode records and encode reads: the same facts as the Python target's.
    @property
    def decode_writes_forms(self) -> bool:
        f = self.node
        if f.encoding == "json_text":
            return f.read_optional
        if f.encoding in ("object_or_json_text", "content", "result_object"):
            return True
        if f.encoding == "name_list":
            return False
        return f.read_optional or (f.encoding == "id" and f.optional)

    @property
    def encode_reads_forms(self) -> bool:
        f = self.node
        if f.aliases:
            return True
        if f.encoding in ("id", "json_text"):
            return f.optional
        if f.encoding in ("object_or_json_text", "content", "result_object"):
            return True
        if f.encoding == "object":
            return f.has_default
        if f.encoding == "string_list":
            return f.optional and f.empty_means_absent
        if f.encoding in ("name_list", "single_name"):
            return False
        if f.value_map:
            return f.optional or f.has_default
        if f.fallback == "call_name":
            return False
        return f.has_default or f.optional


@dataclass
class TsObject(_View):
    node: WireObject
    var: str
    fields: list[TsField]
    levels: list[TsLevel]
    optional_reads: list[dict[str, Any]] = field(default_factory=list)

    @property
    def constants(self) -> list[tuple[Tokens, str, Any]]:
        return [(c.tokens, c.pointer, c.value) for c in self.node.constants]

    @property
    def optional_constants(self) -> list[tuple[Tokens, str, Any]]:
        return [(o.constant.tokens, o.constant.pointer, o.constant.value) for o in self.node.optional_constants]

    @property
    def root_constant(self) -> Any:
        return self.node.root_constant.value if self.node.root_constant else None

    def match_expr(self, var: str | None = None) -> str:
        """True when a wire value is this spelling: its constants, else its required keys."""
        var = var or self.var
        if self.node.root_constant:
            return equals(var, self.root_constant)
        parts = [f"P.isObject({var})"]
        guarded: set[Tokens] = set()
        for toks, _pointer, value in self.constants:
            for depth in range(1, len(toks)):
                prefix = toks[:depth]
                if prefix not in guarded:
                    guarded.add(prefix)
                    parts.append(f"P.isObject({at_path(var, prefix)})")
            parts.append(equals(at_path(var, toks), value))
        for toks, _pointer, value in self.optional_constants:
            if len(toks) == 1:  # absent, or the value: a later spelling may use the same key
                parts.append(equals(f"P.atOr({var}, {ts(toks[0])}, {ts(value)})", value))
        if self.node.closed:
            parts.append(f"P.within({var}, {self.levels[0].const})")
        if not self.node.constants:
            # Without constants a spelling is recognised by the keys its required fields need.
            for f in self.node.fields:
                if f.may_be_absent:
                    continue
                for depth in range(1, len(f.tokens)):
                    prefix = f.tokens[:depth]
                    if prefix not in guarded:
                        guarded.add(prefix)
                        parts.append(f"P.isObject({at_path(var, prefix)})")
                test = f"P.has({at_path(var, f.tokens[:-1])}, {ts(f.tokens[-1])})"
                if test not in parts:
                    parts.append(test)
        return " && ".join(parts)

    def checks(self) -> list[tuple[str, str, Any]]:
        return [(c.pointer, c.kind, c.argument) for c in self.node.checks]

    def tree(self) -> dict[str, Any]:
        """The encoder's object literal: constants and required fields, nested."""
        root: dict[str, Any] = {}
        for toks, _pointer, value in self.constants:
            node = root
            for t in toks[:-1]:
                node = node.setdefault(t, {})
            node[toks[-1]] = ("const", ts(value))
        for f in self.fields:
            if f.node.may_be_absent:
                continue
            node = root
            for t in f.tokens[:-1]:
                node = node.setdefault(t, {})
            node[f.tokens[-1]] = ("var", f.var)
        return root

    def literal(self) -> str:
        if self.node.root_constant:
            return ts(self.root_constant)
        return _render_tree(self.tree())

    def assign(self, var: str, toks: Tokens, expr: str) -> str:
        """The statement writing an optional field: into the literal's objects, or into
        objects it creates (Python's `setdefault`)."""
        node: Any = self.tree()
        out = var
        for t in toks[:-1]:
            if isinstance(node, dict) and t in node:
                out = f"P.sub({out}, {ts(t)})"
                node = node[t]
            else:
                out = f"P.setdefault({out}, {ts(t)})"
                node = None
        return f"P.put({out}, {ts(toks[-1])}, {expr});"


def _render_tree(node: dict[str, Any]) -> str:
    items = []
    for key, value in node.items():
        if isinstance(value, dict):
            items.append(f"{tsnames.key(key)}: {_render_tree(value)}")
        else:
            items.append(f"{tsnames.key(key)}: {value[1]}")
    return "{ " + ", ".join(items) + " }" if items else "{}"


@dataclass
class TsPart(_View):
    node: ContentPart
    obj: TsObject
    match: str = ""
    carry: list[str] = field(default_factory=list)  # what a canonical part must pass to be spelled so

    @property
    def form(self) -> str:
        """The module constant naming this spelling of a part in forms (variant:N)."""
        return f"FORM_VARIANT_{self.node.index}"

    @property
    def fields(self) -> list[TsField]:
        return self.obj.fields


def emit_object(obj: WireObject, var: str, var_prefix: str) -> TsObject:
    levels = [TsLevel(level) for level in obj.levels]
    locals_: dict[Tokens, str] = {}
    taken = {var}
    for level in levels:
        if level.node.held:
            level.local = local_name(var, level.node.tokens, taken)
            level.source = read_expr(var, level.node.tokens, len(level.node.tokens), locals_)
            locals_[level.node.tokens] = level.local
    fields = []
    for f in obj.fields:
        name = tsnames.camel(f"{var_prefix}{f.name}") if var_prefix else f.name
        view = TsField(f, var=name, read=read_expr(var, f.tokens, f.optional_from, locals_))
        view.aliases = [TsAlias(a, read_expr(var, a.tokens, a.optional_from, locals_)) for a in f.aliases]
        fields.append(view)
    by_name = {f.name: f for f in fields}
    for view in fields:
        if view.node.strict_mode_field is not None:
            view.strict_switch = by_name[view.node.strict_mode_field]
    opt_reads = [
        {
            "pointer": o.constant.pointer,
            "value": o.constant.value,
            "read": read_expr(var, o.constant.tokens, o.optional_from, locals_),
            "toks": o.constant.tokens,
        }
        for o in obj.optional_constants
    ]
    for level in levels:
        if level.local:
            level.read = level.local
            continue
        start = level.node.optional_from
        read = var
        for i, t in enumerate(level.node.tokens):
            req = own_read(read, ts(t), "req") or f"P.req({read}, {ts(t)})"
            read = req if i < start else f"P.optObj({read}, {ts(t)})"
        level.read = read
    return TsObject(obj, var, fields, levels, opt_reads)


def _lookup(toks: Tokens) -> str:
    return f"rt.lookup(block, {ts(list(toks))})"


def emit_part(part: ContentPart) -> TsPart:
    obj = emit_object(part.obj, "block", "")
    # Beyond its constants, a part may be recognised by keys it has, by a data URL, and by
    # the JSON type of a field's value (wire_type: Mistral's url string vs {url, detail}).
    extra = [f"{_lookup(toks)} !== undefined" for toks in part.has]
    extra += [f"rt.isDataUrl({_lookup(f.tokens)})" for f in part.fields if f.encoding == "data_url"]
    extra += [type_test(_lookup(f.tokens), f.wire_type) for f in part.fields if f.wire_type]
    # encoding, a canonical value the wire_type does not allow is not this part's to spell
    carry = [
        type_test(f"P.need(part, {ts(f.name)})", f.wire_type) for f in part.fields if f.wire_type and not f.value_map
    ]
    return TsPart(part, obj, " && ".join([obj.match_expr("block"), *extra]), carry)
