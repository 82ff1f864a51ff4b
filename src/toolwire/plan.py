"""Compile a dialect mapping (dialect.json) into the flat plan the converter template unrolls.

The plan holds, per shape and variant, ready-made Python expressions for straight-line dict
access, the checks that explain a failed decode, the known keys of every wire object (the
rest become extensions) and the literal tree an encoder builds. Templates only place these
pieces; every vocabulary term's behaviour is written once, in the template's macros.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from toolwire.spec import Dialect, Spec

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
ENCODING_CHECKS: dict[str, str] = {
    "id": "string",
    "json_text": "string",
    "object": "object",
    "parameters": "object",
    "negated": "boolean",
    "single_name": "nonempty",
    "name_list": "array",
    "content": "any",
}
# Canonical fields that belong to another field's encoding, never mapped on their own.
COMPANION_FIELDS = {"raw_arguments", "arguments_error", "extensions"}
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


def tokens(pointer: str) -> list[str]:
    if pointer == "":
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def py(value: Any) -> str:
    """A Python literal for a JSON value, deterministic."""
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    if isinstance(value, (int, float, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(py(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{py(k)}: {py(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def subscript(var: str, toks: list[str]) -> str:
    return var + "".join(f"[{py(t)}]" for t in toks)


@dataclass
class Level:
    """One wire object along the mapped pointers; its unknown keys become extensions."""

    toks: list[str]
    optional: bool
    known: list[str] = field(default_factory=list)

    @property
    def pointer(self) -> str:
        return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in self.toks)


@dataclass
class ObjectPlan:
    """Constants, fields and levels of one wire object spelling (a variant, a part, an item)."""

    constants: list[tuple[list[str], str, Any]]  # (tokens, pointer, value)
    fields: list[dict[str, Any]]
    levels: list[Level]
    root_constant: Any = None
    is_root_constant: bool = False

    def match_expr(self, var: str) -> str:
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
            parts.append(f"{subscript(var, toks[:-1])}.get({py(toks[-1])}) == {py(value)}")
        return " and ".join(parts)

    def checks(self) -> list[tuple[str, str, Any]]:
        out: list[tuple[str, str, Any]] = []
        if self.is_root_constant:
            return [("", "const", self.root_constant)]
        out.append(("", "object", None))
        for _toks, pointer, value in self.constants:
            out.append((pointer, "const", value))
        for level in self.levels[1:]:
            out.append((level.pointer, "optional" if level.optional else "object", "object" if level.optional else None))
        for f in self.fields:
            if f.get("value_map"):
                out.append((f["pointer"], "values", list(f["value_map"].values())))
            elif f["optional"]:
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
            if f["optional"] or f.get("has_default"):
                continue
            node = root
            for t in f["toks"][:-1]:
                node = node.setdefault(t, {})
            node[f["toks"][-1]] = ("var", f["var"])
        return root

    def literal(self, indent: int = 0) -> str:
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


def _read_expr(var: str, toks: list[str], optional_from: int) -> str:
    """Expression reading toks; segments from optional_from on may be absent."""
    out = var
    for i, t in enumerate(toks):
        last = i == len(toks) - 1
        if i < optional_from:
            out += f"[{py(t)}]"
        elif last:
            out += f".get({py(t)}, _MISSING)"
        else:
            out += f".get({py(t)}, _EMPTY)"
    return out


def compile_object(
    constants: dict[str, Any],
    fields: dict[str, dict[str, Any]],
    var_prefix: str,
    kinds: dict[str, str],
    var: str = "w",
) -> ObjectPlan:
    const_list = [(tokens(p), p, v) for p, v in constants.items()]
    if "" in constants:
        return ObjectPlan([], [], [Level([], False)], root_constant=constants[""], is_root_constant=True)
    field_list: list[dict[str, Any]] = []
    for name, spec in fields.items():
        encoding = spec.get("encoding", "value")
        if encoding in ("value", "id"):
            check = kinds.get(name) or FIELD_CHECKS.get(name, "any")
        else:
            check = ENCODING_CHECKS[encoding]
        optional = bool(spec.get("optional", False))
        field_list.append(
            {
                "name": name,
                "var": f"{var_prefix}{name}",
                "encoding": encoding,
                "pointer": spec["pointer"],
                "toks": tokens(spec["pointer"]),
                "optional": optional,
                "has_default": "default" in spec,
                "default": py(spec.get("default")),
                "is_default": ("is " if isinstance(spec.get("default"), bool) or spec.get("default") is None else "== ")
                + py(spec.get("default")),
                "check": check,
                "value_map": spec.get("values"),
                "value_map_py": py(spec.get("values")) if spec.get("values") else None,
                "value_map_back_py": py({v: k for k, v in spec["values"].items()}) if spec.get("values") else None,
                "no_arguments_text": py(spec.get("no_arguments_text", [])).replace("[", "(").replace("]", ",)")
                if spec.get("no_arguments_text")
                else "()",
                "string": bool(spec.get("string", False)),
            }
        )
    # Levels: every object that a constant or field pointer passes through.
    levels: dict[tuple[str, ...], Level] = {(): Level([], False)}
    required_prefixes: set[tuple[str, ...]] = {()}
    paths = [(toks, False) for toks, _p, _v in const_list] + [(f["toks"], f["optional"]) for f in field_list]
    for toks, optional in paths:
        for depth in range(len(toks)):
            prefix = tuple(toks[:depth])
            levels.setdefault(prefix, Level(list(prefix), True))
            if not optional:
                required_prefixes.add(prefix)
    for prefix, level in levels.items():
        level.optional = prefix not in required_prefixes
    for toks, _optional in paths:
        for depth in range(len(toks)):
            key_level = levels[tuple(toks[:depth])]
            if toks[depth] not in key_level.known:
                key_level.known.append(toks[depth])
    ordered = [levels[k] for k in sorted(levels, key=lambda k: (len(k), k))]
    for f in field_list:
        first_optional = len(f["toks"]) - 1 if f["optional"] or f["has_default"] else len(f["toks"])
        for depth in range(len(f["toks"]) - 1):
            if levels[tuple(f["toks"][: depth + 1])].optional:
                first_optional = min(first_optional, depth)
                break
        f["read"] = _read_expr(var, f["toks"], first_optional)
        f["read_optional"] = first_optional < len(f["toks"])
    for level in ordered:
        first_optional = len(level.toks)
        for depth in range(1, len(level.toks) + 1):
            if levels[tuple(level.toks[:depth])].optional:
                first_optional = depth - 1
                break
        level_read = var
        for i, t in enumerate(level.toks):
            level_read += f"[{py(t)}]" if i < first_optional else f".get({py(t)}, _EMPTY)"
        level.read = level_read  # type: ignore[attr-defined]
    return ObjectPlan(const_list, field_list, ordered)


@dataclass
class VariantPlan:
    index: int
    obj: ObjectPlan
    canonical: dict[str, Any]
    uncarried: list[dict[str, Any]]  # canonical fields this variant cannot carry
    parts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def canonical_py(self) -> str:
        """The decoder's starting dict: implied values, and defaults the wire cannot say."""
        start = dict(self.canonical)
        for u in self.uncarried:
            if u["default"] != "None":
                start[u["name"]] = u["default_value"]
        return py(start)

    def _conditions(self, with_uncarried: bool) -> str:
        conds = [f"c.get({py(k)}) == {py(v)}" for k, v in self.canonical.items()]
        for f in self.obj.fields:
            if f.get("value_map"):
                conds.append(f"c.get({py(f['name'])}) in {f['helper']}")
            elif not (f["optional"] or f["has_default"] or f["encoding"] == "id"):
                conds.append(f"c.get({py(f['name'])}) is not None")
        if with_uncarried:
            for u in self.uncarried:
                if u["default"] == "None":
                    conds.append(f"c.get({py(u['name'])}) is None")
                else:
                    conds.append(f"c.get({py(u['name'])}, {u['default']}) == {u['default']}")
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
        obj = compile_object(part["constants"], part["fields"], f"{var_prefix}{i}_", {}, var="b")
        for f in obj.fields:
            f["var"] = f"p[{py(f['name'])}]"
        kind = part["canonical"]["type"]
        plans.append(
            {
                "index": i,
                "kind": kind,
                "obj": obj,
                "fields": obj.fields,
                "carries": sorted(part["fields"]),
            }
        )
    return plans


def _item_plan(field_spec: dict[str, Any]) -> ObjectPlan:
    item = field_spec["item"]
    obj = compile_object(item.get("constants", {}), {"name": {"pointer": item["pointer"]}}, "i_", {"name": "nonempty"}, var="it")
    obj.fields[0]["var"] = "n"
    return obj


def _name_constants(shape: str, variants: list[VariantPlan]) -> None:
    """Give every known-keys set and helper a module-level name, unique and stable."""
    stem = shape.upper()
    for v in variants:
        for n, level in enumerate(v.obj.levels):
            level.const = f"_K_{stem}_{v.index}_{n}"  # type: ignore[attr-defined]
        for f in v.obj.fields:
            base = f"_{stem}_{v.index}_{f['name'].upper()}"
            f["helper"] = f"_VALUES{base}" if f.get("value_map") else f"_{f['encoding'].upper()}{base}"
            for p in f.get("parts", []):
                for n, level in enumerate(p["obj"].levels):
                    level.const = f"_K_{stem}_{v.index}_{f['name'].upper()}_{p['index']}_{n}"  # type: ignore[attr-defined]
            if "item" in f:
                for n, level in enumerate(f["item"].levels):
                    level.const = f"_K_{stem}_{v.index}_{f['name'].upper()}_ITEM_{n}"  # type: ignore[attr-defined]


def shape_plan(spec: Spec, dialect: Dialect, shape: str) -> dict[str, Any]:
    mapping = dialect.mapping["shapes"][shape]
    derivable = mapping.get("derivable", {})
    all_fields = canonical_fields(spec, shape)
    variants = []
    for index, variant in enumerate(mapping["variants"]):
        obj = compile_object(variant.get("constants", {}), variant.get("fields", {}), f"x{index}_", {})
        canonical = variant.get("canonical", {})
        carried = set(variant.get("fields", {})) | set(canonical) | set(derivable)
        uncarried = [f for f in all_fields if f["name"] not in carried]
        plan = VariantPlan(index, obj, canonical, uncarried)
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
        "checks": [v.obj.checks() for v in variants],
        "roots": [v.obj.root_constant for v in variants if v.obj.is_root_constant],
        "unmatched_pointer": "/" + implied[0] if implied else "",
    }


def dialect_plan(spec: Spec, dialect: Dialect) -> dict[str, Any]:
    ids = dialect.mapping.get("ids")
    return {
        "name": dialect.name,
        "title": dialect.mapping["title"],
        "ids": ids,
        "shapes": [shape_plan(spec, dialect, s) for s in dialect.mapping["shapes"]],
    }
