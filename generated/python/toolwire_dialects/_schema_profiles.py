# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Parameter schemas adapted per target: JSON Schema <-> Gemini's OpenAPI subset, and
OpenAI's rules (explicit properties, strict mode, and the opt-in strict-mode adaptation).

Every keyword dropped or rewritten is reported as a loss whose pointer is into the
canonical value (a keyword inside a `$ref`erenced definition: the definition's own pointer).
The public names are re-exported by `_runtime`, where the generated converters find them.
"""

from __future__ import annotations

from typing import Any

from ._runtime import Loss, escape, report

__all__ = [
    "OPENAPI_KEYWORDS",
    "is_object_schema",
    "openapi_types_lower_case",
    "schema_from_openapi",
    "schema_profile_form",
    "schema_to_openapi",
    "strict_mode_problem",
    "strict_tool_definition",
    "to_strict_schema",
    "with_explicit_properties",
]

# Keywords Gemini's OpenAPI 3.0 subset (Schema) knows, beside type.
OPENAPI_KEYWORDS = frozenset(
    {
        "format", "title", "description", "nullable", "enum", "items", "minItems", "maxItems",
        "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength",
        "pattern", "minimum", "maximum", "example", "default", "anyOf", "propertyOrdering",
    }
)
_SCHEMA_MAPS = ("properties",)
_SCHEMA_LISTS = ("anyOf",)
_DEFS = ("$defs", "definitions")
# Keywords a merged branch may share with the schema around it: the outer one's wins.
_ANNOTATIONS = frozenset({"title", "description", "default", "example"})
_NULL = {"type": "null"}


def schema_profile_form(profile: str, profiles: dict[str | None, str], current: Any) -> Any:
    """The wire spelling (an extension form; None: the field's own) that an encoder's
    schema_profile= asks for. The current one stays when it already speaks that profile
    (e.g. lower-case OpenAPI type names)."""
    if profile not in profiles.values():
        raise ValueError(f"unknown schema profile {profile!r}; this field speaks {', '.join(sorted(set(profiles.values())))}")
    spelled = current.removesuffix(":lower") if type(current) is str else None
    if profiles.get(spelled) == profile:
        return current
    return next(form for form, name in profiles.items() if name == profile)


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
        token = token.replace("~1", "/").replace("~0", "~")
        if type(node) is dict and token in node:
            node = node[token]
        elif type(node) is list and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def _is_null(branch: Any) -> bool:
    return type(branch) is dict and (branch.get("type") == "null" or branch.get("const", 0) is None) and len(branch) == 1


class _ToOpenAPI:
    """One conversion: the root (for `$ref`), where losses go, and what was already said."""

    def __init__(self, root: dict[str, Any], losses: list[Loss], strict: bool, target: str, base: str, lower: bool):
        self.root, self.losses, self.strict, self.target, self.base, self.lower = root, losses, strict, target, base, lower
        self.used: set[str] = set()
        self.defs: list[str] = []
        self.said: set[tuple[str, str]] = set()

    def loss(self, pointer: str, what: str) -> None:
        if (pointer, what) not in self.said:  # a definition used twice is reported once
            self.said.add((pointer, what))
            report(self.losses, self.strict, pointer, self.target, what)

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
            what = "a $ref that does not resolve" if type(ref) is str and ref.startswith("#") else "a $ref that is not local"
            self.loss(at, f"{what} ({ref!r}; sent as an open schema)")
            out: dict[str, Any] = {}
        elif ref in stack:
            kind = target.get("type")
            self.loss(at, f"a recursive $ref to {ref} (the recursion is cut here: sent as {'a bare ' + str(kind) if type(kind) is str else 'an open schema'})")
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
            self.loss(here, "keywords beside $ref that the definition states too (sent with the ones beside $ref)")
            out = {**out, **outer}
        return out

    def branches(self, out: dict[str, Any], key: str, value: list[Any], here: str, stack: tuple[str, ...]) -> None:
        """anyOf / oneOf: null branches become nullable; one branch left is folded in."""
        kept = [(i, sub) for i, sub in enumerate(value) if not _is_null(sub)]
        if len(kept) < len(value):
            out["nullable"] = True
        if key == "oneOf" and len(kept) > 1:
            self.loss(f"{here}/{key}", "oneOf as such (sent as anyOf: the branches need not exclude each other)")
        converted = [self.convert(sub, f"{here}/{key}/{i}", stack) for i, sub in kept]
        if len(converted) == 1 and type(converted[0]) is dict and self.merge(out, converted[0]):
            return
        if "anyOf" in out:
            self.loss(f"{here}/{key}", f"{key} beside another anyOf (dropped)")
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
                    self.loss(at, f"a type union {kinds!r} beside anyOf (kept the first: {non_null[0]!r})")
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
                    self.loss(at, f"the keyword const with the value {value!r}")
            elif key == "enum":
                values = [v for v in value if v is not None] if type(value) is list else value
                if type(values) is list and all(type(v) is str for v in values):
                    out["enum"] = values
                    if len(values) < len(value):
                        out["nullable"] = True
                else:
                    self.loss(at, "an enum of non-string values")
            elif key in ("anyOf", "oneOf", "allOf") and type(value) is list:
                later.append((key, value))  # after the plain keywords, to fold into them
            elif key in _DEFS and type(value) is dict:
                self.defs.extend(f"{at}/{escape(name)}" for name in value)
            elif key == "examples" and type(value) is list and value:
                out.setdefault("example", value[0])
                if len(value) > 1:
                    self.loss(at, "more than one example (sent the first)")
            elif key in _SCHEMA_MAPS and type(value) is dict:
                out[key] = {name: self.convert(sub, f"{at}/{escape(name)}", stack) for name, sub in value.items()}
            elif key == "items" and type(value) is dict:
                out[key] = self.convert(value, at, stack)
            elif key in OPENAPI_KEYWORDS and key != "items":
                out[key] = value
            else:
                self.loss(at, f"the schema keyword {key}")
        for key, value in later:
            if key == "allOf":
                for i, sub in enumerate(value):
                    branch = self.convert(sub, f"{here}/allOf/{i}", stack)
                    if type(branch) is not dict or not self.merge(out, branch):
                        self.loss(f"{here}/allOf/{i}", "an allOf branch that overlaps the rest of its schema (dropped)")
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
            run.loss(at, "a definition no $ref uses (dropped)")
    return out


_SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMAS = ("items", "additionalProperties", "unevaluatedProperties", "not", "if", "then", "else", "contains")


def is_object_schema(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    return kinds == "object" or (type(kinds) is list and "object" in kinds)


def with_explicit_properties(schema: Any, losses: list[Loss], strict: bool, target: str, pointer: str) -> Any:
    """OpenAI rejects an object schema that states no `properties` ("object schema missing
    properties"): give each one an empty `properties`, which means the same, and report it.
    Returns schema itself when nothing needed adding (copies only what changes)."""
    if type(schema) is not dict:
        return schema
    out = schema
    if is_object_schema(schema) and "properties" not in schema:
        what = "an object schema without properties (sent with an empty properties, which means the same)"
        report(losses, strict, pointer, target, what)
        out = {**schema, "properties": {}}
    for key, subs in schema.items():
        if key in _SUBSCHEMA_MAPS and type(subs) is dict:
            new: Any = {
                name: with_explicit_properties(sub, losses, strict, target, f"{pointer}/{key}/{escape(name)}")
                for name, sub in subs.items()
            }
            changed = any(new[name] is not subs[name] for name in subs)
        elif key in _SUBSCHEMA_LISTS and type(subs) is list:
            new = [with_explicit_properties(sub, losses, strict, target, f"{pointer}/{key}/{i}") for i, sub in enumerate(subs)]
            changed = any(a is not b for a, b in zip(new, subs, strict=True))
        elif key in _SUBSCHEMAS and type(subs) is dict:
            new = with_explicit_properties(subs, losses, strict, target, f"{pointer}/{key}")
            changed = new is not subs
        else:
            continue
        if changed:
            out = {**out, key: new}
    return out


def _strict_object(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    return kinds == "object" or (type(kinds) is list and "object" in kinds) or "properties" in schema


def strict_mode_problem(schema: Any, pointer: str = "") -> str | None:
    """Why OpenAI's strict mode would reject this schema (every object closed, every
    property required), or None when it meets the rules."""
    if type(schema) is not dict:
        return None
    if _strict_object(schema):
        if schema.get("additionalProperties") is not False:
            return f"{pointer or '/'} does not set additionalProperties to false"
        missing = sorted(set(schema.get("properties", {})) - set(schema.get("required", [])))
        if missing:
            return f"{pointer or '/'} does not require {', '.join(missing)}"
    for key in ("properties", "$defs", "definitions"):
        for name, sub in (schema.get(key) or {}).items():
            why = strict_mode_problem(sub, f"{pointer}/{key}/{escape(name)}")
            if why:
                return why
    for key in ("anyOf", "allOf", "oneOf", "prefixItems"):
        for i, sub in enumerate(schema.get(key) or []):
            why = strict_mode_problem(sub, f"{pointer}/{key}/{i}")
            if why:
                return why
    if "items" in schema:
        return strict_mode_problem(schema["items"], f"{pointer}/items")
    return None


def _nullable(schema: Any) -> Any:
    """The same schema, accepting null too (how strict mode says "optional")."""
    if type(schema) is not dict or _accepts_null(schema):
        return schema
    kinds = schema.get("type")
    if "$ref" in schema or "const" in schema or kinds is None:
        if type(schema.get("anyOf")) is list and len(schema) == 1:
            return {"anyOf": [*schema["anyOf"], dict(_NULL)]}
        return {"anyOf": [schema, dict(_NULL)]}
    out = {**schema, "type": [*kinds, "null"] if type(kinds) is list else [kinds, "null"]}
    if type(schema.get("enum")) is list:
        out["enum"] = [*schema["enum"], None]
    return out


def _accepts_null(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    if type(schema.get("enum")) is list and None not in schema["enum"]:
        return False
    if "$ref" in schema or "const" in schema:
        return False
    if kinds == "null" or (type(kinds) is list and "null" in kinds):
        return True
    return kinds is None and any(_is_null(b) for b in schema.get("anyOf") or [])


def to_strict_schema(schema: Any, losses: list[Loss], strict: bool, target: str, pointer: str) -> Any:
    """The OpenAI strict-mode adaptation users otherwise hand-write, each change reported:
    every object gets `additionalProperties: false` and requires all its properties, and a
    property that was optional becomes nullable (the model sends null for "left out")."""
    if type(schema) is not dict:
        return schema
    out = dict(schema)
    for key in ("properties", "$defs", "definitions", "patternProperties"):
        if type(schema.get(key)) is dict:
            out[key] = {
                name: to_strict_schema(sub, losses, strict, target, f"{pointer}/{key}/{escape(name)}")
                for name, sub in schema[key].items()
            }
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        if type(schema.get(key)) is list:
            out[key] = [to_strict_schema(sub, losses, strict, target, f"{pointer}/{key}/{i}") for i, sub in enumerate(schema[key])]
    if type(schema.get("items")) is dict:
        out["items"] = to_strict_schema(schema["items"], losses, strict, target, f"{pointer}/items")
    if not _strict_object(schema):
        return out
    properties = out.get("properties", {})
    required = schema.get("required", [])
    for name in properties:
        if name not in required:
            sub = properties[name]
            already = type(sub) is dict and _accepts_null(sub)
            what = f"an optional property in strict mode: {name} made required" + (" (it accepts null already)" if already else ", and nullable")
            report(losses, strict, f"{pointer}/properties/{escape(name)}", target, what)
            properties[name] = _nullable(sub)
    if properties or "required" in schema:
        out["required"] = list(properties) + [name for name in required if name not in properties]
    extra = schema.get("additionalProperties", True)
    if extra is not False:
        what = "other properties in strict mode (additionalProperties " + ("schema" if type(extra) is dict else "true") + " set to false)"
        report(losses, strict, f"{pointer}/additionalProperties", target, what)
        out["additionalProperties"] = False
    return out


def strict_tool_definition(tool: dict[str, Any], losses: list[Loss], strict: bool, target: str) -> dict[str, Any]:
    """A canonical tool definition with strict: true and its parameters adapted to strict
    mode (what an OpenAI encoder's strict_schema=True sends)."""
    parameters = tool.get("parameters")
    if parameters is None:
        parameters = {"type": "object", "properties": {}}
    return {**tool, "strict": True, "parameters": to_strict_schema(parameters, losses, strict, target, "/parameters")}
