"""Compile a dialect mapping (dialect.json) into the flat plan the converter template unrolls.

The plan holds, per shape and variant, ready-made Python expressions for straight-line dict
access, the checks that explain a failed decode, the known keys of every wire object (the
rest become extensions) and the literal tree an encoder builds. Templates only place these
pieces; every vocabulary term's behaviour is written once, in the template's macros.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolwire.ir.envelopes import envelope_check
from toolwire.spec.model import Dialect, Spec
from toolwire.spec.positions import escape, tokens
from toolwire.targets.python import names as pytarget

# How each canonical field is checked on decode (the canonical schemas say the same).
FIELD_CHECKS: dict[str, str] = {
    "name": "nonempty",
    "description": "string",
    "parameters": "object",
    "strict": "boolean",
    "is_error": "boolean",
    "parallel": "boolean",
    "id": "string",
    "call_id": "string",
    "text": "string",
    "media_type": "string",
    "data": "string",
    "url": "string",
}
# How a field is checked when its encoding says more than its name.
ENCODING_CHECKS: dict[str, str] = {
    "json_text": "string",
    "object": "object",
    "object_or_json_text": "any",
    "parameters": "object",
    "negated": "boolean",
    "single_name": "nonempty",
    "name_list": "array",
    "string_list": "array",
    "content": "any",
    "result_object": "object",
    "data_url": "string",  # a content part field: data:<media_type>;base64,<data>
}
# Canonical fields that belong to another field's encoding, never mapped on their own.
COMPANION_FIELDS = {"raw_arguments", "arguments_error", "extensions", "incomplete"}
# Canonical fields an encoding carries besides its own.
ENCODING_ALSO_CARRIES = {"result_object": {"is_error"}}
# What a reported loss says a target cannot carry, per canonical field.
LOSS_WHAT: dict[str, str] = {
    "description": "a tool description",
    "strict": "strict schema enforcement",
    "parallel": "the parallel tool calls setting",
    "names": "a restricted set of allowed tools",
    "is_error": "the error flag of a tool result",
    "name": "the tool name of a result",
    "id": "a call id",
    "call_id": "a call id",
}


def py(value: Any) -> str:
    """A Python literal for a JSON value, deterministic (the Python target's one spelling)."""
    return pytarget.literal(value)


def equals(value: Any) -> str:
    """The comparison with a JSON constant: identity for true, false and null."""
    return f"is {py(value)}" if value is None or isinstance(value, bool) else f"== {py(value)}"


def subscript(var: str, toks: list[str]) -> str:
    return var + "".join(f"[{py(t)}]" for t in toks)


@dataclass
class Level:
    """One wire object along the mapped pointers; its unknown keys become extensions."""

    toks: list[str]
    optional: bool
    known: list[str] = field(default_factory=list)
    all_required: bool = False  # every known key always present: a length check suffices
    local: str | None = None  # the local variable holding it, for required nested objects
    source: str = ""  # how that local is read
    read: str = ""  # how the template reads this object
    const: str = ""  # module-level name of its known-keys set

    @property
    def pointer(self) -> str:
        return "".join("/" + escape(t) for t in self.toks)


@dataclass
class ObjectPlan:
    """Constants, fields and levels of one wire object spelling (a variant, a part, an item)."""

    var: str
    constants: list[tuple[list[str], str, Any]]  # (tokens, pointer, value)
    optional_constants: list[tuple[list[str], str, Any]]
    fields: list[dict[str, Any]]
    levels: list[Level]
    root_constant: Any = None
    is_root_constant: bool = False
    optional_reads: list[dict[str, Any]] = field(default_factory=list)  # how optional constants are read
    closed: bool = False  # matches only a value whose keys it all knows

    def match_expr(self, var: str | None = None) -> str:
        """True when a wire value is this spelling: its constants, else its required keys."""
        var = var or self.var
        if self.is_root_constant:
            return f"{var} == {py(self.root_constant)}"
        parts = [f"type({var}) is dict"]
        guarded: set[tuple[str, ...]] = set()
        for toks, _pointer, value in self.constants:
            for depth in range(1, len(toks)):
                prefix = tuple(toks[:depth])
                if prefix not in guarded:
                    guarded.add(prefix)
                    parts.append(f"type({var}{''.join(f'.get({py(t)})' for t in prefix)}) is dict")
            parts.append(f"{subscript(var, toks[:-1])}.get({py(toks[-1])}) {equals(value)}")
        for toks, _pointer, value in self.optional_constants:
            if len(toks) == 1:  # absent, or the value: a later spelling may use the same key
                parts.append(f"{var}.get({py(toks[0])}, {py(value)}) {equals(value)}")
        if self.closed:
            parts.append(f"{var}.keys() <= {self.levels[0].const}")
        if not self.constants:
            # Without constants a spelling is recognised by the keys its required fields need.
            for f in self.fields:
                if f["optional"] or f["has_default"] or f.get("aliases"):
                    continue
                for depth in range(1, len(f["toks"])):
                    prefix = tuple(f["toks"][:depth])
                    if prefix not in guarded:
                        guarded.add(prefix)
                        parts.append(f"type({subscript(var, list(prefix[:-1]))}.get({py(prefix[-1])})) is dict")
                test = f"{py(f['toks'][-1])} in {subscript(var, f['toks'][:-1])}"
                if test not in parts:
                    parts.append(test)
        return " and ".join(parts)

    def checks(self) -> list[tuple[str, str, Any]]:
        if self.is_root_constant:
            return [("", "const", self.root_constant)]
        out: list[tuple[str, str, Any]] = [("", "object", None)]
        for _toks, pointer, value in self.constants:
            out.append((pointer, "const", value))
        for _toks, pointer, value in self.optional_constants:
            out.append((pointer, "optional_const", value))
        for level in self.levels[1:]:
            out.append((level.pointer, "optional" if level.optional else "object", "object" if level.optional else None))
        for f in self.fields:
            if f.get("value_map"):
                kind = "optional_values" if f["optional"] or f["has_default"] else "values"
                out.append((f["pointer"], kind, [w for _c, w in f["value_pairs"]]))
            elif f["encoding"] == "json_text" and f["optional"]:
                out.append((f["pointer"], "absent_or", f["check"]))  # null is not "no arguments"
            elif f["optional"] or f["has_default"] or f.get("aliases"):
                out.append((f["pointer"], "optional", f["check"]))
            else:
                out.append((f["pointer"], f["check"], None))
        return out

    def tree(self) -> dict[str, Any]:
        """The encoder's dict literal: constants and required fields, nested."""
        root: dict[str, Any] = {}
        for toks, _pointer, value in self.constants:
            node = root
            for t in toks[:-1]:
                node = node.setdefault(t, {})
            node[toks[-1]] = ("const", py(value))
        for f in self.fields:
            if f["optional"] or f["has_default"] or f.get("aliases"):
                continue
            node = root
            for t in f["toks"][:-1]:
                node = node.setdefault(t, {})
            node[f["toks"][-1]] = ("var", f["var"])
        return root

    def literal(self) -> str:
        if self.is_root_constant:
            return py(self.root_constant)
        return _render_tree(self.tree())

    def assign_target(self, var: str, toks: list[str]) -> str:
        """Where an optional field is written: existing objects by subscript, others created."""
        node: Any = self.tree()
        out = var
        for t in toks[:-1]:
            if isinstance(node, dict) and t in node:
                out += f"[{py(t)}]"
                node = node[t]
            else:
                out += f".setdefault({py(t)}, {{}})"
                node = None
        return out + f"[{py(toks[-1])}]"


def _render_tree(node: dict[str, Any]) -> str:
    items = []
    for key, value in node.items():
        if isinstance(value, dict):
            items.append(f"{py(key)}: {_render_tree(value)}")
        else:
            items.append(f"{py(key)}: {value[1]}")
    return "{" + ", ".join(items) + "}"


def _read_expr(var: str, toks: list[str], optional_from: int, locals_: dict[tuple[str, ...], str]) -> str:
    """Expression reading toks; segments from optional_from on may be absent. Starts from
    the deepest required object already held in a local variable."""
    start, out = 0, var
    for depth in range(min(optional_from, len(toks) - 1), 0, -1):
        local = locals_.get(tuple(toks[:depth]))
        if local:
            start, out = depth, local
            break
    for i in range(start, len(toks)):
        t = toks[i]
        if i < optional_from:
            out += f"[{py(t)}]"
        elif i == len(toks) - 1:
            out += f".get({py(t)}, _MISSING)"
        else:
            out += f".get({py(t)}, _EMPTY)"
    return out


def _back_map(pairs: list[list[Any]]) -> str:
    """Wire -> canonical; when several canonical values share a wire value, the first wins."""
    back: dict[str, str] = {}
    for canonical, wire in pairs:
        back.setdefault(py(wire), py(canonical))
    return "{" + ", ".join(f"{w}: {c}" for w, c in back.items()) + "}"


def _field(name: str, spec: dict[str, Any], var_prefix: str, kinds: dict[str, str]) -> dict[str, Any]:
    encoding = spec.get("encoding", "value")
    if encoding in ("value", "id"):
        check = kinds.get(name) or FIELD_CHECKS.get(name, "any")
    else:
        check = ENCODING_CHECKS[encoding]
    if spec.get("empty_means_absent"):
        check = "list"  # [] is read too: it says what leaving the field out says
    pairs = spec.get("values")
    no_args = spec.get("no_arguments_text", [])
    return {
        "name": name,
        "var": f"{var_prefix}{name}",
        "encoding": encoding,
        "pointer": spec["pointer"],
        "toks": tokens(spec["pointer"]),
        "optional": bool(spec.get("optional", False)),
        "has_default": "default" in spec,
        "default": py(spec.get("default")),
        "is_default": ("is " if isinstance(spec.get("default"), bool) or spec.get("default") is None else "== ")
        + py(spec.get("default")),
        "check": check,
        "value_map": bool(pairs),
        "value_pairs": pairs or [],
        "value_map_py": "{" + ", ".join(f"{py(c)}: {py(w)}" for c, w in pairs) + "}" if pairs else None,
        "value_map_back_py": _back_map(pairs) if pairs else None,
        "no_arguments_text": "(" + "".join(f"{py(t)}, " for t in no_args) + ")" if no_args else "()",
        "string": bool(spec.get("string", False)),
        "string_only": spec.get("string") == "only",
        "aliases": [
            {"index": i, "pointer": a["pointer"], "toks": tokens(a["pointer"]), "profile": a.get("schema_profile", "json_schema")}
            for i, a in enumerate(spec.get("aliases", []))
        ],
        "profile": spec.get("schema_profile", "json_schema"),
        "fallback": spec.get("fallback"),
        "non_empty": bool(spec.get("non_empty", False)),
        "empty_means_absent": bool(spec.get("empty_means_absent", False)),
        "output_key": spec.get("output_key"),
        "error_key": spec.get("error_key"),
    }


def compile_object(
    constants: dict[str, Any],
    fields: dict[str, dict[str, Any]],
    var_prefix: str,
    kinds: dict[str, str],
    var: str = "w",
    optional_constants: dict[str, Any] | None = None,
) -> ObjectPlan:
    const_list = [(tokens(p), p, v) for p, v in constants.items()]
    opt_list = [(tokens(p), p, v) for p, v in (optional_constants or {}).items()]
    if "" in constants:
        return ObjectPlan(var, [], [], [], [Level([], False)], root_constant=constants[""], is_root_constant=True)
    field_list = [_field(name, spec, var_prefix, kinds) for name, spec in fields.items()]
    # Levels: every object that a constant or field pointer passes through.
    paths = [(toks, False) for toks, _p, _v in const_list] + [(toks, True) for toks, _p, _v in opt_list]
    for f in field_list:
        paths.append((f["toks"], f["optional"] or f["has_default"] or bool(f["aliases"])))
        paths.extend((a["toks"], True) for a in f["aliases"])
    levels: dict[tuple[str, ...], Level] = {(): Level([], False)}
    required_prefixes: set[tuple[str, ...]] = {()}
    required_keys: set[tuple[str, ...]] = set()
    for toks, optional in paths:
        for depth in range(len(toks)):
            prefix = tuple(toks[:depth])
            levels.setdefault(prefix, Level(list(prefix), True))
            if not optional:
                required_prefixes.add(prefix)
                required_keys.add(tuple(toks[: depth + 1]))
            if toks[depth] not in levels[prefix].known:
                levels[prefix].known.append(toks[depth])
    ordered = [levels[k] for k in sorted(levels, key=lambda k: (len(k), k))]
    locals_: dict[tuple[str, ...], str] = {}
    for level in ordered:
        level.optional = tuple(level.toks) not in required_prefixes
        level.all_required = all((*level.toks, key) in required_keys for key in level.known)
        if level.toks and not level.optional:
            level.local = f"{var}{len(locals_) + 1}"
            level.source = _read_expr(var, level.toks, len(level.toks), locals_)
            locals_[tuple(level.toks)] = level.local

    def first_optional(toks: list[str], optional: bool) -> int:
        first = len(toks) - 1 if optional else len(toks)
        for depth in range(len(toks) - 1):
            if levels[tuple(toks[: depth + 1])].optional:
                return min(first, depth)
        return first

    for f in field_list:
        optional = f["optional"] or f["has_default"] or bool(f["aliases"])
        start = first_optional(f["toks"], optional)
        f["read"] = _read_expr(var, f["toks"], start, locals_)
        f["read_optional"] = start < len(f["toks"])
        for a in f["aliases"]:
            a["read"] = _read_expr(var, a["toks"], first_optional(a["toks"], True), locals_)
    opt_reads = [
        {"pointer": p, "value": py(v), "read": _read_expr(var, toks, first_optional(toks, True), locals_), "toks": toks}
        for toks, p, v in opt_list
    ]
    for level in ordered:
        if level.local:
            level.read = level.local
            continue
        start = first_optional([*level.toks, "_"], True)
        level.read = var + "".join(
            f"[{py(t)}]" if i < start else f".get({py(t)}, _EMPTY)" for i, t in enumerate(level.toks)
        )
    return ObjectPlan(var, const_list, opt_list, field_list, ordered, optional_reads=opt_reads)


@dataclass
class VariantPlan:
    index: int
    obj: ObjectPlan
    canonical: dict[str, Any]
    uncarried: list[dict[str, Any]]  # canonical fields this variant cannot carry
    meaning: str | None = None

    @property
    def canonical_py(self) -> str:
        """The decoder's starting dict: implied values, and defaults the wire cannot say."""
        start = dict(self.canonical)
        for u in self.uncarried:
            if u["default"] != "None" and not u.get("equivalent"):
                start[u["name"]] = u["default_value"]
        return py(start)

    def _conditions(self, with_uncarried: bool) -> str:
        conds = [f"c.get({py(k)}) {equals(v)}" for k, v in self.canonical.items()]
        for f in self.obj.fields:
            if f["value_map"]:
                conds.append(f"c.get({py(f['name'])}) in {f['helper']}")
            elif not (f["optional"] or f["has_default"] or f["encoding"] == "id" or f["fallback"]):
                conds.append(f"c.get({py(f['name'])}) is not None")
        if with_uncarried:
            for u in self.uncarried:
                if u["default"] == "None":
                    conds.append(f"c.get({py(u['name'])}) is None")
                else:
                    conds.append(f"c.get({py(u['name'])}, {u['default']}) {equals(u['default_value'])}")
        return " and ".join(conds) or "True"

    @property
    def carries_all(self) -> str:
        return self._conditions(True)

    @property
    def fits(self) -> str:
        return self._conditions(False)


def canonical_fields(spec: Spec, shape: str) -> list[dict[str, Any]]:
    """The canonical fields of a shape that a mapping must carry, with their defaults."""
    schema = spec.canonical[shape]
    out = []
    for name, prop in schema.get("properties", {}).items():
        if name in COMPANION_FIELDS:
            continue
        out.append(
            {
                "name": name,
                "default": py(prop.get("default")),
                "default_value": prop.get("default"),
                "required": name in schema.get("required", []),
                "what": LOSS_WHAT.get(name, name),
            }
        )
    return out


def _part_plans(field_spec: dict[str, Any], var_prefix: str) -> list[dict[str, Any]]:
    plans = []
    for i, part in enumerate(field_spec.get("parts", [])):
        obj = compile_object(part.get("constants", {}), part["fields"], f"{var_prefix}{i}_", {}, var="b")
        # Beyond its constants, a part may be recognised by keys it has and by a data URL.
        extra = [f"_rt.lookup(b, {py(tokens(pointer))}) is not _MISSING" for pointer in part.get("has", [])]
        extra += [f"_rt.is_data_url(_rt.lookup(b, {py(f['toks'])}))" for f in obj.fields if f["encoding"] == "data_url"]
        # A URL is a string: an object in its place is another spelling (Mistral's {url, detail}).
        extra += [f"type(_rt.lookup(b, {py(f['toks'])})) is str" for f in obj.fields if f["name"] == "url"]
        match = " and ".join([obj.match_expr("b"), *extra])
        # Canonical keys the part needs for encode: a data URL field carries two.
        needs = [n for f in obj.fields for n in (("media_type", "data") if f["encoding"] == "data_url" else (f["name"],))]
        plans.append(
            {"index": i, "kind": part["canonical"]["type"], "obj": obj, "fields": obj.fields, "match": match, "needs": needs}
        )
    for plan in plans:
        # Encode picks the first part that can carry a canonical part; any other spelling of
        # it is kept as a form (variant:N) so the round trip gives it back.
        first = next(q for q in plans if q["kind"] == plan["kind"] and set(q["needs"]) <= set(plan["needs"]))
        plan["preferred"] = first is plan
    return plans


def _item_plan(field_spec: dict[str, Any]) -> ObjectPlan:
    item = field_spec["item"]
    fields = {"name": {"pointer": item["pointer"]}}
    obj = compile_object(item.get("constants", {}), fields, "i_", {"name": "nonempty"}, var="it")
    obj.fields[0]["var"] = "n"
    return obj


def _name_constants(shape: str, variants: list[VariantPlan]) -> None:
    """Give every known-keys set and helper a module-level name, unique and stable."""
    stem = shape.upper()
    for v in variants:
        for n, level in enumerate(v.obj.levels):
            level.const = f"_K_{stem}_{v.index}_{n}"
        for f in v.obj.fields:
            base = f"_{stem}_{v.index}_{f['name'].upper()}"
            f["helper"] = f"_VALUES{base}" if f["value_map"] else f"_{f['encoding'].upper()}{base}"
            for p in f.get("parts", []):
                for n, level in enumerate(p["obj"].levels):
                    level.const = f"_K{base}_{p['index']}_{n}"
                for pf in p["fields"]:
                    pf["helper"] = f"_VALUES{base}_{p['index']}_{pf['name'].upper()}"
                    value = '_rt.data_url(p["media_type"], p["data"])' if pf["encoding"] == "data_url" else f"p[{py(pf['name'])}]"
                    pf["var"] = f"{pf['helper']}[{value}]" if pf["value_map"] else value
            if "item" in f:
                for n, level in enumerate(f["item"].levels):
                    level.const = f"_K{base}_ITEM_{n}"


def shape_plan(spec: Spec, dialect: Dialect, shape: str) -> dict[str, Any]:
    mapping = dialect.mapping["shapes"][shape]
    derivable = mapping.get("derivable", {})
    all_fields = canonical_fields(spec, shape)
    variants = []
    for index, variant in enumerate(mapping["variants"]):
        obj = compile_object(
            variant.get("constants", {}),
            variant.get("fields", {}),
            f"x{index}_",
            {},
            optional_constants=variant.get("optional_constants"),
        )
        obj.closed = variant.get("closed", False)
        canonical = variant.get("canonical", {})
        carried = set(variant.get("fields", {})) | set(canonical) | set(derivable)
        for spec_field in variant.get("fields", {}).values():
            carried |= ENCODING_ALSO_CARRIES.get(spec_field.get("encoding", "value"), set())
        equivalent = variant.get("equivalent", {})
        uncarried = [
            # An equivalent value counts as this variant's default for the field: no loss, and
            # the variant still fits; it is not put into the decoded value (see canonical_py).
            {**f, "default": py(equivalent[f["name"]]), "default_value": equivalent[f["name"]], "equivalent": True}
            if f["name"] in equivalent
            else f
            for f in all_fields
            if f["name"] not in carried
        ]
        plan = VariantPlan(index, obj, canonical, uncarried, variant.get("meaning"))
        for f in obj.fields:
            if f["encoding"] == "content":
                f["parts"] = _part_plans(variant["fields"][f["name"]], f"p{index}_")
                f["part_kinds"] = sorted({p["kind"] for p in f["parts"]})
            if f["encoding"] == "name_list":
                f["item"] = _item_plan(variant["fields"][f["name"]])
        variants.append(plan)
    _name_constants(shape, variants)
    implied = [k for v in variants for k in v.canonical]
    return {
        "shape": shape,
        "variants": variants,
        "multi": len(variants) > 1,
        "fields": all_fields,
        "derivable": derivable,
        "absent": mapping.get("absent"),
        "absent_py": py(mapping["absent"]) if "absent" in mapping else None,
        "equivalent_py": py({k: v for variant in mapping["variants"] for k, v in variant.get("equivalent", {}).items()}),
        "checks": [v.obj.checks() for v in variants],
        "roots": [v.obj.root_constant for v in variants if v.obj.is_root_constant],
        "unmatched_pointer": "/" + implied[0] if implied else "",
        "notes_calls": shape == "tool_call",
    }


def _envelope_check(spec: Spec, dialect: Dialect, kind: str, locations: list[dict[str, Any]]) -> dict[str, Any] | None:
    """What makes a payload this kind of envelope (extract() refuses anything else); a kind
    extract() does not read (no locations: stream events) has none. The term `checked` names
    paths the check follows too, where no part sits but other dialects' payloads differ
    (a content block's required `type`); `closed` says its clients refuse unknown root keys."""
    if not locations:
        return None
    envelope = dialect.mapping["envelopes"][kind]
    checked = [tokens(path) for path in envelope.get("checked", [])]
    paths = [loc["toks"] for loc in locations] + checked
    return envelope_check(spec.documents, dialect.envelopes[kind]["$id"], paths, envelope.get("closed", False))


def envelope_plans(spec: Spec, dialect: Dialect) -> list[dict[str, Any]]:
    out = []
    for kind, envelope in dialect.mapping.get("envelopes", {}).items():
        locations = []
        for loc in envelope.get("locations", []):
            toks = tokens(loc["path"])
            locations.append(
                {
                    "shape": loc["shape"],
                    "path": loc["path"],
                    "toks": toks,
                    "when": [(tokens(p), py(v)) for p, v in loc.get("when", {}).items()],
                    "has": [tokens(p) for p in loc.get("has", [])],
                    "where": [(tokens(p), v) for p, v in loc.get("where", {}).items()],
                    "unless": [(tokens(p), py(v)) for p, v in loc.get("unless", {}).items()],
                    # the same conditions as data, for the cold paths that walk locations
                    "data": (loc["shape"], toks, *(
                        [(tokens(p), v) for p, v in loc.get(key, {}).items()] for key in ("when",)
                    ), [tokens(p) for p in loc.get("has", [])], [(tokens(p), v) for p, v in loc.get("unless", {}).items()],
                        [(tokens(p), v) for p, v in loc.get("where", {}).items()]),
                    "many": "*" in toks,
                }
            )
        out.append(
            {
                "kind": kind,
                "schema": envelope["schema"],
                "locations": locations,
                "finish_reason": envelope.get("finish_reason"),
                "finish_toks": tokens(envelope["finish_reason"]) if "finish_reason" in envelope else None,
                "choice_fields": [(name, tokens(pointer)) for name, pointer in envelope.get("choice_fields", {}).items()],
                "tools_fields": [(name, tokens(pointer)) for name, pointer in envelope.get("tools_fields", {}).items()],
                # what makes a payload this kind of envelope: extract() refuses anything else
                "check": _envelope_check(spec, dialect, kind, locations),
            }
        )
    return out


def dialect_plan(spec: Spec, dialect: Dialect) -> dict[str, Any]:
    from toolwire.ir.proto_json import proto_json_plan

    return {
        "name": dialect.name,
        "title": dialect.mapping["title"],
        "ids": dialect.mapping.get("ids"),
        "shapes": [shape_plan(spec, dialect, s) for s in dialect.mapping["shapes"]],
        "envelopes": envelope_plans(spec, dialect),
        "proto_json": proto_json_plan(dialect),
    }
