# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Parameter schemas for Gemini's OpenAPI 3.0 subset: JSON Schema <-> the subset.

Every keyword dropped or rewritten is reported as a loss whose pointer is into the
canonical value (a keyword inside a `$ref`erenced definition: the definition's own pointer).
The public names are re-exported by `_runtime`, where the generated converters find them.
"""

from __future__ import annotations

from typing import Any

from ._errors import Loss, escape, report, unescape

__all__ = ["OPENAPI_KEYWORDS", "is_null_schema", "openapi_types_lower_case", "schema_from_openapi", "schema_to_openapi"]

# Keywords Gemini's OpenAPI 3.0 subset (Schema) knows, beside type.
OPENAPI_KEYWORDS = frozenset(
    {
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "items",
        "minItems",
        "maxItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "minimum",
        "maximum",
        "example",
        "default",
        "anyOf",
        "propertyOrdering",
    }
)
_SCHEMA_MAPS = ("properties",)
_SCHEMA_LISTS = ("anyOf",)
_DEFS = ("$defs", "definitions")
# Keywords a merged branch may share with the schema around it: the outer one's wins.
_ANNOTATIONS = frozenset({"title", "description", "default", "example"})
_NULL = {"type": "null"}


def schema_from_openapi(schema: Any) -> Any:
    """Gemini's OpenAPI subset -> JSON Schema: lower-case types, nullable as a type union
    (or a null branch of anyOf, and null in an enum)."""
    if type(schema) is not dict:
        return schema
    out: dict[str, Any] = {}
    nullable = schema.get("nullable") is True
    for key, value in schema.items():
        if key == "type" and type(value) is str:
            kind = value.lower()
            out["type"] = [kind, "null"] if nullable and kind != "null" else kind
        elif key == "nullable":
            if "type" not in schema and "anyOf" not in schema and value is True:
                out["type"] = "null"
        elif key in _SCHEMA_MAPS and type(value) is dict:
            out[key] = {name: schema_from_openapi(sub) for name, sub in value.items()}
        elif key == "items":
            out[key] = schema_from_openapi(value)
        elif key in _SCHEMA_LISTS and type(value) is list:
            out[key] = [schema_from_openapi(sub) for sub in value]
            if nullable and "type" not in schema:
                out[key].append(dict(_NULL))
        elif key == "enum" and nullable and type(value) is list and None not in value:
            out[key] = [*value, None]  # a JSON Schema enum without null would refuse it
        else:
            out[key] = value
    return out


def openapi_types_lower_case(schema: Any) -> bool:
    """Whether an OpenAPI-subset schema spells its type names in lower case (Gemini accepts
    both; upper case is canonical): then encoding back keeps that spelling."""
    names: list[str] = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if type(node) is dict:
            if type(node.get("type")) is str:
                names.append(node["type"])
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)
    return bool(names) and all(name == name.lower() for name in names)


def _resolve(root: Any, ref: str) -> Any:
    """The subschema a local `#/...` reference names, or None."""
    node = root
    for token in ref[2:].split("/") if ref != "#" else []:
        token = unescape(token)
        if type(node) is dict and token in node:
            node = node[token]
        elif type(node) is list and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def is_null_schema(branch: Any) -> bool:
    """Whether a schema is the null branch of a union ({"type": "null"} or {"const": null})."""
    return (
        type(branch) is dict and (branch.get("type") == "null" or branch.get("const", 0) is None) and len(branch) == 1
    )


class _ToOpenAPI:
    """One conversion: the root (for `$ref`), where losses go, and what was already said."""

    def __init__(self, root: dict[str, Any], losses: list[Loss], strict: bool, target: str, base: str, lower: bool):
        self.root, self.losses, self.strict, self.target, self.base, self.lower = (
            root,
            losses,
            strict,
            target,
            base,
            lower,
        )
        self.used: set[str] = set()
        self.defs: list[str] = []
        self.said: set[tuple[str, str]] = set()

    def loss(self, code: str, pointer: str, what: str) -> None:
        if (pointer, what) not in self.said:  # a definition used twice is reported once
            self.said.add((pointer, what))
            report(self.losses, self.strict, code, pointer, self.target, what)

    def type_name(self, kind: Any) -> str:
        return str(kind).lower() if self.lower else str(kind).upper()

    def merge(self, out: dict[str, Any], branch: dict[str, Any]) -> bool:
        """Fold a converted branch that must hold beside out (anyOf of one, allOf) into it."""
        shared = {key for key in out.keys() & branch.keys() if out[key] != branch[key]}
        shared -= _ANNOTATIONS | {"nullable", "properties", "required"}
        if shared or any(name in out.get("properties", {}) for name in branch.get("properties", {})):
            return False
        for key, value in branch.items():
            if key == "properties":
                out[key] = {**out.get(key, {}), **value}
            elif key == "required":
                out[key] = [*out.get(key, []), *(name for name in value if name not in out.get(key, []))]
            elif key == "nullable":
                out[key] = out[key] and value if key in out else value
            else:
                out.setdefault(key, value)
        return True

    def ref(self, node: dict[str, Any], here: str, stack: tuple[str, ...]) -> dict[str, Any]:
        ref, at = node["$ref"], f"{here}/$ref"
        target = _resolve(self.root, ref) if type(ref) is str and ref.startswith("#") else None
        if type(target) is not dict:
            what = (
                "a $ref that does not resolve"
                if type(ref) is str and ref.startswith("#")
                else "a $ref that is not local"
            )
            self.loss("schema.rewritten", at, f"{what} ({ref!r}; sent as an open schema)")
            out: dict[str, Any] = {}
        elif ref in stack:
            kind = target.get("type")
            self.loss(
                "schema.rewritten",
                at,
                f"a recursive $ref to {ref} (the recursion is cut here: sent as {'a bare ' + str(kind) if type(kind) is str else 'an open schema'})",
            )
            out = {"type": self.type_name(kind)} if type(kind) is str else {}
        else:
            self.used.add(self.base + ref[1:])
            out = self.convert(target, self.base + ref[1:], (*stack, ref))
        rest = {key: value for key, value in node.items() if key != "$ref"}
        if rest:  # keywords beside $ref apply too (2020-12)
            outer = self.convert(rest, here, stack)
            merged = dict(out)
            if self.merge(merged, outer):
                return merged
            self.loss(
                "schema.rewritten",
                here,
                "keywords beside $ref that the definition states too (sent with the ones beside $ref)",
            )
            out = {**out, **outer}
        return out

    def branches(self, out: dict[str, Any], key: str, value: list[Any], here: str, stack: tuple[str, ...]) -> None:
        """anyOf / oneOf: null branches become nullable; one branch left is folded in."""
        kept = [(i, sub) for i, sub in enumerate(value) if not is_null_schema(sub)]
        if len(kept) < len(value):
            out["nullable"] = True
        if key == "oneOf" and len(kept) > 1:
            self.loss(
                "schema.rewritten",
                f"{here}/{key}",
                "oneOf as such (sent as anyOf: the branches need not exclude each other)",
            )
        converted = [self.convert(sub, f"{here}/{key}/{i}", stack) for i, sub in kept]
        if len(converted) == 1 and type(converted[0]) is dict and self.merge(out, converted[0]):
            return
        if "anyOf" in out:
            self.loss("schema.keyword_dropped", f"{here}/{key}", f"{key} beside another anyOf (dropped)")
        elif converted:
            out["anyOf"] = converted

    def convert(self, schema: Any, here: str, stack: tuple[str, ...]) -> Any:
        if type(schema) is not dict:
            return schema
        if "$ref" in schema:
            return self.ref(schema, here, stack)
        out: dict[str, Any] = {}
        later: list[tuple[str, Any]] = []
        for key, value in schema.items():
            at = f"{here}/{escape(key)}"
            if key == "type":
                kinds = value if type(value) is list else [value]
                non_null = [k for k in kinds if k != "null"]
                if "null" in kinds:
                    out["nullable"] = True
                if len(non_null) == 1:
                    out["type"] = self.type_name(non_null[0])
                elif len(non_null) > 1 and "anyOf" not in schema and "oneOf" not in schema:
                    out["anyOf"] = [{"type": self.type_name(k)} for k in non_null]  # the same union
                elif non_null:
                    self.loss(
                        "schema.keyword_dropped",
                        at,
                        f"a type union {kinds!r} beside anyOf (kept the first: {non_null[0]!r})",
                    )
                    out["type"] = self.type_name(non_null[0])
            elif key == "const":
                if type(value) is str:
                    out["enum"] = [value]  # the same one value
                    out.setdefault("type", self.type_name("string"))
                elif type(value) in (int, float):
                    out["minimum"] = out["maximum"] = value  # the same one value
                    out.setdefault("type", self.type_name("integer" if type(value) is int else "number"))
                else:
                    if type(value) is bool:
                        out.setdefault("type", self.type_name("boolean"))
                    self.loss("schema.keyword_dropped", at, f"the keyword const with the value {value!r}")
            elif key == "enum":
                values = [v for v in value if v is not None] if type(value) is list else value
                if type(values) is list and all(type(v) is str for v in values):
                    out["enum"] = values
                    if len(values) < len(value):
                        out["nullable"] = True
                else:
                    self.loss("schema.keyword_dropped", at, "an enum of non-string values")
            elif key in ("anyOf", "oneOf", "allOf") and type(value) is list:
                later.append((key, value))  # after the plain keywords, to fold into them
            elif key in _DEFS and type(value) is dict:
                self.defs.extend(f"{at}/{escape(name)}" for name in value)
            elif key == "examples" and type(value) is list and value:
                out.setdefault("example", value[0])
                if len(value) > 1:
                    self.loss("schema.keyword_dropped", at, "more than one example (sent the first)")
            elif key in _SCHEMA_MAPS and type(value) is dict:
                out[key] = {name: self.convert(sub, f"{at}/{escape(name)}", stack) for name, sub in value.items()}
            elif key == "items" and type(value) is dict:
                out[key] = self.convert(value, at, stack)
            elif key in OPENAPI_KEYWORDS and key != "items":
                out[key] = value
            else:
                self.loss("schema.keyword_dropped", at, f"the schema keyword {key}")
        for key, value in later:
            if key == "allOf":
                for i, sub in enumerate(value):
                    branch = self.convert(sub, f"{here}/allOf/{i}", stack)
                    if type(branch) is not dict or not self.merge(out, branch):
                        self.loss(
                            "schema.keyword_dropped",
                            f"{here}/allOf/{i}",
                            "an allOf branch that overlaps the rest of its schema (dropped)",
                        )
            else:
                self.branches(out, key, value, here, stack)
        return out


def schema_to_openapi(
    schema: Any, losses: list[Loss], strict: bool, target: str, pointer: str, *, lower: bool = False
) -> Any:
    """JSON Schema -> Gemini's OpenAPI subset. Local `$ref`s are inlined (a recursive one is
    cut, and reported), `anyOf [X, null]` and `type: [X, "null"]` become nullable, `const` a
    one-value enum (or minimum = maximum), a type union anyOf; what the subset cannot say is
    dropped and reported. Type names are upper case (canonical), or lower case when the
    input spelled them so."""
    if type(schema) is not dict:
        return schema
    run = _ToOpenAPI(schema, losses, strict, target, pointer, lower)
    out = run.convert(schema, pointer, ())
    for at in run.defs:
        if at not in run.used:
            run.loss("schema.keyword_dropped", at, "a definition no $ref uses (dropped)")
    return out
