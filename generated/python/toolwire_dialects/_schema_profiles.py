# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Parameter schemas adapted per target: which wire spelling an encoder's schema_profile=
asks for, and OpenAI's rules (explicit properties, strict mode, and the opt-in strict-mode
adaptation). Gemini's OpenAPI subset is in _schema_openapi.

Every change is reported as a loss whose pointer is into the canonical value. The public
names are re-exported by `_runtime`, where the generated converters find them.
"""

from __future__ import annotations

from typing import Any

from ._errors import Loss, escape, report
from ._schema_openapi import is_null_schema

__all__ = [
    "is_object_schema",
    "schema_profile_form",
    "strict_mode_problem",
    "strict_tool_definition",
    "to_strict_schema",
    "with_explicit_properties",
]

_NULL = {"type": "null"}


def schema_profile_form(profile: str, profiles: dict[str | None, str], current: Any) -> Any:
    """The wire spelling (an extension form; None: the field's own) that an encoder's
    schema_profile= asks for. The current one stays when it already speaks that profile
    (e.g. lower-case OpenAPI type names)."""
    if profile not in profiles.values():
        raise ValueError(
            f"unknown schema profile {profile!r}; this field speaks {', '.join(sorted(set(profiles.values())))}"
        )
    spelled = current.removesuffix(":lower") if type(current) is str else None
    if profiles.get(spelled) == profile:
        return current
    return next(form for form, name in profiles.items() if name == profile)


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
        report(losses, strict, "schema.rewritten", pointer, target, what)
        out = {**schema, "properties": {}}
    for key, subs in schema.items():
        if key in _SUBSCHEMA_MAPS and type(subs) is dict:
            new: Any = {
                name: with_explicit_properties(sub, losses, strict, target, f"{pointer}/{key}/{escape(name)}")
                for name, sub in subs.items()
            }
            changed = any(new[name] is not subs[name] for name in subs)
        elif key in _SUBSCHEMA_LISTS and type(subs) is list:
            new = [
                with_explicit_properties(sub, losses, strict, target, f"{pointer}/{key}/{i}")
                for i, sub in enumerate(subs)
            ]
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
    return kinds is None and any(is_null_schema(b) for b in schema.get("anyOf") or [])


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
            out[key] = [
                to_strict_schema(sub, losses, strict, target, f"{pointer}/{key}/{i}")
                for i, sub in enumerate(schema[key])
            ]
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
            what = f"an optional property in strict mode: {name} made required" + (
                " (it accepts null already)" if already else ", and nullable"
            )
            report(losses, strict, "schema.rewritten", f"{pointer}/properties/{escape(name)}", target, what)
            properties[name] = _nullable(sub)
    if properties or "required" in schema:
        out["required"] = list(properties) + [name for name in required if name not in properties]
    extra = schema.get("additionalProperties", True)
    if extra is not False:
        what = (
            "other properties in strict mode (additionalProperties "
            + ("schema" if type(extra) is dict else "true")
            + " set to false)"
        )
        report(losses, strict, "schema.rewritten", f"{pointer}/additionalProperties", target, what)
        out["additionalProperties"] = False
    return out


def strict_tool_definition(tool: dict[str, Any], losses: list[Loss], strict: bool, target: str) -> dict[str, Any]:
    """A canonical tool definition with strict: true and its parameters adapted to strict
    mode (what an OpenAI encoder's strict_schema=True sends)."""
    parameters = tool.get("parameters")
    if parameters is None:
        parameters = {"type": "object", "properties": {}}
    return {**tool, "strict": True, "parameters": to_strict_schema(parameters, losses, strict, target, "/parameters")}
