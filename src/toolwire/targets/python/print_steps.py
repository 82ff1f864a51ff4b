"""Spell steps (ir/steps.py) as Python: the Python target's only part in compiled conversation
code. Every decision was made by the lowering; this module only chooses Python syntax."""

from __future__ import annotations

from toolwire.ir.steps import (
    All,
    AnyOf,
    Call,
    Comment,
    Expr,
    Fail,
    Function,
    If,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Not,
    Put,
    PutPath,
    Step,
)

INDENT = "    "

# neutral helper name -> its Python spelling (the runtime's leaf helpers)
HELPERS = {
    "setting_problem": "_setting_problem",
    "list_of": "_list_of",
}

_TESTS = {
    "missing": "{v} is _MISSING",
    "null": "{v} is None",
    "string": "type({v}) is str",
    "list": "type({v}) is list",
    "object": "type({v}) is dict",
}


def literal(value: object) -> str:
    if value is Ellipsis:
        return "_MISSING"
    return repr(value)


def expr(e: Expr) -> str:
    match e:
        case Local(name):
            return name
        case Lit(value):
            return literal(value)
        case Key(obj, key) if isinstance(obj, Local):
            return f"{obj.name}.get({key!r}, _MISSING)"
        case Key(obj, key):
            inner = expr(obj)
            return f"(_n.get({key!r}, _MISSING) if type(_n := {inner}) is dict else _MISSING)"
        case Call(helper, args):
            return f"{HELPERS[helper]}({', '.join(expr(a) for a in args)})"
        case Is("equal", value, arg):
            return f"type({expr(value)}) is {type(arg).__name__} and {expr(value)} == {literal(arg)}"
        case Is(test, value, _arg):
            return _TESTS[test].format(v=expr(value))
        case Not(Is(test, value, _arg)) if test in ("missing", "null"):
            return f"{expr(value)} is not {'_MISSING' if test == 'missing' else 'None'}"
        case Not(value):
            return f"not ({expr(value)})"
        case All(values):
            return " and ".join(f"({expr(v)})" for v in values)
        case AnyOf(values):
            return " or ".join(f"({expr(v)})" for v in values)
    raise TypeError(f"not an expression: {e!r}")


def steps(body: tuple[Step, ...], depth: int) -> list[str]:
    pad = INDENT * depth
    out: list[str] = []
    for step in body:
        match step:
            case Comment(text):
                out.append(f"{pad}# {text}")
            case Let(name, value):
                out.append(f"{pad}{name} = {expr(value)}")
            case Put(target, key, value):
                out.append(f"{pad}{target}[{key!r}] = {expr(value)}")
            case PutPath(target, path, value) if len(path) == 1:
                out.append(f"{pad}{target}[{path[0]!r}] = {expr(value)}")
            case PutPath(target, path, value):
                node = target + "".join(f".setdefault({t!r}, {{}})" for t in path[:-1])
                out.append(f"{pad}{node}[{path[-1]!r}] = {expr(value)}")
            case Fail(pointer, message):
                out.append(f'{pad}raise _DecodeError(DIALECT, "request", {pointer!r}, {expr(message)})')
            case If(test, then, otherwise):
                out.append(f"{pad}if {expr(test)}:")
                out += steps(then, depth + 1) or [f"{pad}{INDENT}pass"]
                out += _else(otherwise, depth)
            case _:
                raise TypeError(f"not a step: {step!r}")
    return out


def _else(otherwise: tuple[Step, ...], depth: int) -> list[str]:
    """An else branch; one that is a single If becomes elif."""
    pad = INDENT * depth
    if not otherwise:
        return []
    if len(otherwise) == 1 and isinstance(otherwise[0], If):
        inner = otherwise[0]
        return [
            f"{pad}elif {expr(inner.test)}:",
            *(steps(inner.then, depth + 1) or [f"{pad}{INDENT}pass"]),
            *_else(inner.otherwise, depth),
        ]
    return [f"{pad}else:", *steps(otherwise, depth + 1)]


def function(f: Function) -> str:
    params = ", ".join(f"{p}: dict[str, Any]" for p in f.params)
    lines = [f"def _{f.name}({params}) -> dict[str, Any]:", f'{INDENT}"""{f.doc}"""']
    lines += steps(f.body, 1)
    lines.append(f"{INDENT}return {f.returns}")
    return "\n".join(lines) + "\n"
