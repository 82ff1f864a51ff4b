"""Spell steps (ir/steps.py) as TypeScript: the TypeScript target's only part in compiled
conversation code. Every decision was made by the lowering; this module only chooses
TypeScript syntax. MISSING is `undefined`; object keys are read and written as own
properties (getOwn/putOwn), never through the prototype."""

from __future__ import annotations

import json

from toolwire.ir.steps import (
    All,
    AnyOf,
    Append,
    Arr,
    Call,
    Comment,
    Do,
    Drop,
    Eq,
    Expr,
    Fail,
    ForEachItem,
    ForEachKey,
    Function,
    Get,
    Global,
    If,
    In,
    Index,
    Invoke,
    Is,
    Item,
    Key,
    Less,
    Let,
    Lit,
    Local,
    Lose,
    Not,
    Obj,
    Only,
    Put,
    PutPath,
    Same,
    Step,
    Text,
    loses,
)
from toolwire.targets.typescript.step_names import CASTS, GLOBALS, HELPERS, SIGNATURES, TYPES

INDENT = "  "

_TESTS = {
    "missing": "{v} === undefined",
    "null": "{v} === null",
    "string": 'typeof {v} === "string"',
    "list": "Array.isArray({v})",
    "object": "rt.isObject({v})",
    "empty": "Object.keys({v} as object).length === 0",
    "falsy": "!conv.truthy({v})",
    "single": "({v} as unknown[]).length === 1",
}


def literal(value: object) -> str:
    if value is Ellipsis:
        return "undefined"
    return json.dumps(value, ensure_ascii=False)


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


def expr(e: Expr) -> str:
    match e:
        case Local(name):
            return _camel(name)
        case Lit(value):
            return literal(value)
        case Key(obj, key) if isinstance(obj, Local) and obj.name in _OBJECTS:
            return f"rt.getOwn({_camel(obj.name)}, {_key(key)})"
        case Key(obj, key) if isinstance(obj, Local) and obj.name in _TESTED:
            return f"rt.getOwn({_camel(obj.name)} as JsonObject, {_key(key)})"
        case Key(obj, key):
            return f"conv.keyOf({expr(obj)}, {_key(key)})"
        case Global(name) if name.startswith("known_"):  # a spelling's known keys, a module constant
            return name.upper()
        case Global(name):
            return GLOBALS[name]
        case Obj(items):
            return "{ " + ", ".join(f"{literal(k)}: {expr(v)}" for k, v in items) + " }" if items else "{}"
        case Arr(items):
            return "[" + ", ".join(expr(v) for v in items) + "]"
        case Call("own_of", (key, value)):
            return f"{{ [{expr(key)}]: {expr(value)} }}"
        case Call("list_of", (value,)):
            return f"[{expr(value)}]"
        case Call("links", (id_map, dialect)):  # the runtime's result linkage state
            return f"new conv.Links({expr(id_map)}, {expr(dialect)})"
        case Call("link_turn", (links, message, where)):
            return f"({expr(links)} as conv.Links).turn({expr(message)} as JsonObject, {expr(where)} as string)"
        case Call("dropping", ()):
            return "out.dropping"
        case Call("as_text", ()):
            return "out.asText"
        case Call("length", (value,)):
            return f"({expr(value)} as unknown[]).length"
        case Call("encode", (Global(name), value, at)):  # a part converter: its canonical type
            shape = "".join(w.title() for w in name.removeprefix("encode_").split("_"))
            coded = f"{_camel(name)}({expr(value)} as {shape}, {{ strict: out.strict, idMap: out.idMap }})"
            return f"out.coded({coded}, {expr(at)})"
        case Call("tools_out", (wire, canonical, forms)):
            c = expr(canonical)
            given = f'conv.keyOf({c}, "tools") ?? null, conv.keyOf({c}, "tool_choice") ?? null'
            rest = f"CONV_CODECS, out.idMap, out.losses, out.strict, {expr(forms)} as JsonObject"
            return f"conv.encodeTools({expr(wire)}, {given}, {rest})"
        case Get(obj, key):
            return f"rt.getKey({expr(obj)}, {_key(key)})"
        case Same(left, right):
            return f"{expr(left)} === {expr(right)}"
        case Not(Same(left, right)):
            return f"{expr(left)} !== {expr(right)}"
        case Less(Lit(value), right):
            return f"({expr(right)} as number) > {literal(value)}"
        case Less(left, Lit(value)):
            return f"({expr(left)} as number) < {literal(value)}"
        case Less(left, right):
            return f"({expr(left)} as number) < ({expr(right)} as number)"
        case Invoke(name, args):
            types = SIGNATURES.get(name, ())
            spelled = [_cast(a, types[i] if i < len(types) else None) for i, a in enumerate(args)]
            return f"{_camel(name)}({', '.join(spelled)})"
        case Call(helper, args):
            spelled = [_helper_arg(helper, i, a) for i, a in enumerate(args)]
            return f"{HELPERS[helper]}({', '.join(spelled)})"
        case Is("equal", value, arg):
            return f"{expr(value)} === {literal(arg)}"
        case Is("above", value, arg):
            return f"({expr(value)} as number) > {literal(arg)}"
        case Is("below", value, arg):
            return f"({expr(value)} as number) < {literal(arg)}"
        case Is(test, value, _arg):
            return _TESTS[test].format(v=expr(value))
        case Not(Is(test, value, _arg)) if test in ("missing", "null"):
            return f"{expr(value)} !== {'undefined' if test == 'missing' else 'null'}"
        case Not(Is("equal", value, arg)):
            return f"{expr(value)} !== {literal(arg)}"
        case Not(Is("empty", value, _arg)):
            return f"Object.keys({expr(value)} as object).length > 0"
        case Not(Is("falsy", value, _arg)):
            return f"conv.truthy({expr(value)})"
        case Not(Is("list", value, _arg)):
            return f"!Array.isArray({expr(value)})"
        case Not(In(value, constants)):
            return f"!{expr(In(value, constants))}"
        case Not(value):
            return f"!({expr(value)})"
        case All(values):
            return " && ".join(f"({expr(v)})" for v in values)
        case AnyOf(values):
            return " || ".join(f"({expr(v)})" for v in values)
        case Eq(value, constant):
            return f"rt.pyEquals({expr(value)}, {literal(constant)})"
        case In(value, constants) if all(isinstance(c, str) for c in constants):
            return f"[{', '.join(literal(c) for c in sorted(constants))}].includes({expr(value)} as string)"
        case In(value, constants):
            return f"[{', '.join(literal(c) for c in constants)}].some((c) => rt.pyEquals({expr(value)}, c))"
        case Text(pieces, token):
            parts = [
                literal(p)
                if isinstance(p, str)
                else f"rt.escape(String({expr(p)}))"
                if i in token
                else f"String({expr(p)})"
                for i, p in enumerate(pieces)
            ]
            return " + ".join(parts)
        case Item(seq, index):
            return f"{literal(list(seq))}[{expr(index)} as number]" if len(seq) > 1 else literal(seq[0])
        case Index(seq, index):
            return f"({expr(seq)} as unknown[])[{index}]"
        case Only(value):
            v = expr(value)
            return f"(Array.isArray({v}) && {v}.length === 1 ? {v}[0] : {v})"
    raise TypeError(f"not an expression: {e!r}")


_OBJECTS = ("wire", "forms", "fields", "settings", "nested")  # locals known to be objects
_TESTED = ("unit", "block", "turn_fields", "part_fields")  # unknown-typed locals read only as objects


def _helper_arg(helper: str, i: int, arg: Expr) -> str:
    """A leaf's argument, cast where the leaf wants a type the local does not have."""
    cast = CASTS.get((helper, i))
    if cast is None or isinstance(arg, Lit | Text) or (isinstance(arg, Local) and _TYPED.get(arg.name) == cast):
        return expr(arg)
    return f"{expr(arg)} as {cast}"


def _cast(arg: Expr, neutral: str | None) -> str:
    """An argument of a generated function, cast to its parameter's type (locals are unknown)."""
    if neutral is None or isinstance(arg, Lit | Text) or (isinstance(arg, Local) and arg.name in ("out", "lose")):
        return expr(arg)
    return f"{expr(arg)} as {TYPES[neutral]}"


def _key(key: str | Expr) -> str:
    return literal(key) if isinstance(key, str) else f"{expr(key)} as string"


def steps(body: tuple[Step, ...], depth: int) -> list[str]:
    pad = INDENT * depth
    out: list[str] = []
    for step in body:
        match step:
            case Comment(text):
                out.append(f"{pad}// {text}")
            case Do(value):
                out.append(f"{pad}{expr(value)};")
            case ForEachItem(item, "" | "_", seq, body):
                out.append(f"{pad}for (const {_camel(item)} of {_camel(seq)} as unknown[]) {{")
                out += steps(body, depth + 1)
                out.append(f"{pad}}}")
            case Let(name, value) if name in _TYPED and not isinstance(value, Obj | Arr | Lit):
                out.append(f"{pad}{_camel(name)} = {expr(value)} as {_TYPED[name]};")
            case Let(name, value):
                out.append(f"{pad}{_camel(name)} = {expr(value)};")
            case Put(target, key, value):
                out.append(f"{pad}rt.putOwn({_camel(target)} as JsonObject, {_key(key)}, {expr(value)});")
            case Append(target, value):
                out.append(f"{pad}({_camel(target)} as unknown[]).push({expr(value)});")
            case ForEachItem(item, index, seq, body):
                out.append(
                    f"{pad}for (const [{_camel(index)}, {_camel(item)}] of ({_camel(seq)} as unknown[]).entries()) {{"
                )
                out += steps(body, depth + 1)
                out.append(f"{pad}}}")
            case PutPath(target, path, value) if len(path) == 1:
                out.append(f"{pad}rt.putOwn({_object(target)}, {literal(path[0])}, {expr(value)});")
            case PutPath(target, path, value):
                out.append(f"{pad}conv.putPath({_object(target)}, {literal(list(path))}, {expr(value)});")
            case Fail(pointer, message, "canonical"):
                at = literal(pointer + ": ") if isinstance(pointer, str) else f"{expr(pointer)} + ': '"
                text = f"{at} + String({expr(message)})"
                out.append(f'{pad}throw new rt.CanonicalError("request", new Error({text}));')
            case Fail(pointer, message, error):
                text = expr(message) if isinstance(message, Text) else f"{expr(message)} as string"
                at = literal(pointer) if isinstance(pointer, str) else expr(pointer)
                at += " as string" if isinstance(pointer, Local) else ""
                raised = "RequiredValueError" if error == "required" else "DecodeError"
                out.append(f'{pad}throw new rt.{raised}(DIALECT, "request", {at}, {text});')
            case Drop(target, key):
                out.append(f"{pad}delete ({_camel(target)} as JsonObject)[{literal(key)}];")
            case Lose(code, pointer, what):
                at = _cast(pointer, "string") if not isinstance(pointer, str) else literal(pointer)
                text = expr(what) if not isinstance(what, str) else literal(what)
                out.append(f"{pad}lose({literal(code)}, {at}, {text});")
            case ForEachKey(key, obj, body, None):
                out.append(f"{pad}for (const {_camel(key)} of Object.keys({_camel(obj)} as JsonObject)) {{")
                out += steps(body, depth + 1)
                out.append(f"{pad}}}")
            case ForEachKey(key, obj, body, str() as value):
                entries = f"Object.entries({_camel(obj)} as JsonObject)"
                out.append(f"{pad}for (const [{_camel(key)}, {_camel(value)}] of {entries}) {{")
                out += steps(body, depth + 1)
                out.append(f"{pad}}}")
            case If(test, then, otherwise):
                out.append(f"{pad}if ({expr(test)}) {{")
                out += steps(then, depth + 1)
                out += _else(otherwise, depth)
            case _:
                raise TypeError(f"not a step: {step!r}")
    return out


def _else(otherwise: tuple[Step, ...], depth: int) -> list[str]:
    """The close of an if; an else that is a single If becomes `} else if`."""
    pad = INDENT * depth
    if not otherwise:
        return [f"{pad}}}"]
    if len(otherwise) == 1 and isinstance(otherwise[0], If):
        inner = otherwise[0]
        return [
            f"{pad}}} else if ({expr(inner.test)}) {{",
            *steps(inner.then, depth + 1),
            *_else(inner.otherwise, depth),
        ]
    return [f"{pad}}} else {{", *steps(otherwise, depth + 1), f"{pad}}}"]


_TYPED: dict[str, str] = {}  # the function being printed: its typed parameters and result, by name


def _object(name: str) -> str:
    """A local written into as an object (cast unless it is typed one)."""
    return _camel(name) if _TYPED.get(name) == "JsonObject" else f"{_camel(name)} as JsonObject"


def _locals(body: tuple[Step, ...], params: tuple[str, ...]) -> list[str]:
    """Every local a body assigns, in order of first assignment (declared once, up front:
    a branch's assignment is then seen after it)."""
    names: list[str] = []

    def walk(steps_: tuple[Step, ...]) -> None:
        for step in steps_:
            if isinstance(step, Let) and step.name not in names and step.name not in params:
                names.append(step.name)
            elif isinstance(step, If):
                walk(step.then)
                walk(step.otherwise)
            elif isinstance(step, ForEachKey | ForEachItem):
                walk(step.body)

    walk(body)
    return names


def function(f: Function) -> str:
    types = f.types or ("object",) * len(f.params)
    params = ", ".join(f"{_camel(p)}: {TYPES[t]}" for p, t in zip(f.params, types, strict=True))
    if f.lose or loses(f.body):
        params += ", lose: conv.Lose"
    lines = [f"/** {f.doc} */", f"function {_camel(f.name)}({params}): {TYPES[f.result]} {{"]
    names = _locals(f.body, f.params)
    _TYPED.clear()
    _TYPED.update({p: TYPES[t] for p, t in zip(f.params, types, strict=True) if t != "any"})
    if f.result != "any":
        _TYPED[f.returns] = TYPES[f.result]
    lines += [f"{INDENT}let {_camel(n)}: unknown;" for n in names if n != f.returns]
    if f.returns in names:
        lines.append(f"{INDENT}let {_camel(f.returns)}: {TYPES[f.result]};")
    lines += steps(f.body, 1)
    lines += [f"{INDENT}return {_camel(f.returns)};", "}"]
    return "\n".join(lines) + "\n"
