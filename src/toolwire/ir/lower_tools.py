"""Lowering: a request's tools and tool choice at their envelope locations, wire -> canonical,
as steps.

The steps do what the interpreter's `_tools` did with the dialect's locations, every choice
made here: one loop per tools list (a wrapper's inner list read inside it, Gemini's
`functionDeclarations`), an element no location takes (a server tool) kept as an extension
field, as are a matched wrapper's other keys; the choice read where the first location that
matches it says; a choice without tools kept as it came; the fields carried once for all tools
or beside the choice; an empty or null tools list kept as a form.
"""

from __future__ import annotations

from toolwire.ir.nodes import Location, Tokens
from toolwire.ir.steps import (
    All,
    AnyOf,
    Append,
    Arr,
    Call,
    Eq,
    Expr,
    ForEachItem,
    ForEachKey,
    Function,
    Global,
    If,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Not,
    Obj,
    Put,
    Step,
    Text,
)
from toolwire.spec.positions import pointer

Fields = tuple[tuple[str, Tokens], ...]


def lower_tools_reader(locations: tuple[Location, ...], tools_fields: Fields, choice_fields: Fields) -> Function:
    defined = [loc for loc in locations if loc.shape == "tool_definition" and "*" in loc.tokens]
    choices = [loc for loc in locations if loc.shape == "tool_choice"]
    # several locations may share one list (Responses: function and custom tools in /tools):
    # the first stands for the list, an element matching any of them is a tool
    heads: list[Tokens] = []
    for loc in defined:
        if _head(loc) not in heads:
            heads.append(_head(loc))
    lists = [next(loc for loc in defined if _head(loc) == head) for head in heads]
    sharing = {lists.index(loc): tuple(d for d in defined if _head(d) == _head(loc)) for loc in lists}
    if any(len(group) > 1 and any(_head(d) != d.tokens[:-1] for d in group) for group in sharing.values()):
        raise ValueError(f"tool_definition locations sharing the list {pointer(heads[0])} inside a wrapper object")
    if len({c.tokens for c in choices}) > 1:
        raise ValueError("tool_choice locations at more than one path: one path for all of them")
    read = [loc for loc in locations if loc in lists or loc in choices]
    if choices and read[read.index(choices[0]) : read.index(choices[-1]) + 1] != choices:
        raise ValueError("a tools list between tool_choice locations: list the choice's locations together")
    body: list[Step] = [Let("tools", Arr()), Let("choice", Lit(None)), Let("found", Obj(()))]
    placed = False
    for loc in locations:  # in the order the interpreter read them (errors come in that order)
        if loc in lists:
            body += _list(sharing[lists.index(loc)], lists.index(loc))
        elif loc.shape == "tool_choice" and not placed:
            body += _choice(tuple(choices))
            placed = True
    for k in range(len(lists)):  # elements no location took, after the choice (the interpreter's order)
        rest = f"rest_{k}"
        body.append(ForEachKey("key", rest, (Put("fields", Local("key"), Local("kept")),), value="kept"))
    for name, toks in tools_fields:
        args = (Local("wire"), Local("tools"), Lit(name), Lit(toks), Global("dialect"))
        body.append(Let("tools", Call("tools_field_in", args)))
    if choices:  # a choice without tools qualifies nothing: kept as it came
        at = choices[0].tokens
        kept = (Put("fields", pointer(at), _at(Local("wire"), at)), Let("choice", Lit(None)))
        body.append(If(All((Not(Is("null", Local("choice"))), Is("empty", Local("tools")))), kept))
    for name, toks in choice_fields:
        value = _at(Local("wire"), toks)
        nothing = If(
            All((Is("null", Local("choice")), Not(Is("missing", value)))), (Put("fields", pointer(toks), value),)
        )
        args = (Local("wire"), Local("choice"), Lit(name), Lit(toks), Global("dialect"))
        body += [nothing, Let("choice", Call("choice_field_in", args))]
    body.append(If(Not(Is("empty", Local("tools"))), (Put("found", "tools", Local("tools")),)))
    for k, head in enumerate(heads):
        value = Local(f"listed_{k}")
        empty = Put("forms", pointer(head), Lit("empty"))
        null = If(Is("null", value), (Put("forms", pointer(head), Lit("null")),))
        body.append(If(All((Is("list", value), Is("empty", value))), (empty,), (null,)))
    body.append(If(Not(Is("null", Local("choice"))), (Put("found", "tool_choice", Local("choice")),)))
    return Function(
        name="tools_in",
        params=("wire", "id_map", "fields", "forms"),
        types=("object", "id_map", "object", "object"),
        doc="The request's tools and tool choice; what no location takes kept as extension fields.",
        body=tuple(body),
        returns="found",
    )


def _head(loc: Location) -> Tokens:
    return loc.tokens[: loc.tokens.index("*")]


def _at(value: Expr, toks: Tokens) -> Expr:
    for token in toks:
        value = Key(value, token)
    return value


def _match(value: Expr, loc: Location) -> Expr | None:
    """The location's conditions on value (None: it takes every value)."""
    tests: list[Expr] = [Eq(_at(value, c.tokens), c.value) for c in loc.when]
    tests += [Not(Is("missing", _at(value, t))) for t in loc.has]
    tests += [Not(Eq(_at(value, c.tokens), c.value)) for c in loc.unless]
    return None if not tests else tests[0] if len(tests) == 1 else All(tuple(tests))


def _decode(shape: str, value: str, where: Expr) -> Expr:
    return Call("decode_at", (Global(f"decode_{shape}"), Local(value), where, Local("id_map")))


def _list(group: tuple[Location, ...], k: int) -> list[Step]:
    loc = group[0]
    head = _head(loc)
    tail = loc.tokens[len(head) + 1 :]
    at = pointer(head) + "/"
    items, rest = f"items_{k}", f"rest_{k}"
    keep_rest = Put(rest, Text((at, Local("i"))), Local("item"))
    if not tail:
        take: tuple[Step, ...] = (Append("tools", _decode("tool_definition", "item", Text((at, Local("i"))))),)
        tests = [t for d in group if (t := _match(Local("item"), d)) is not None]
        test = None if len(tests) < len(group) else tests[0] if len(tests) == 1 else AnyOf(tuple(tests))
        each: tuple[Step, ...] = take if test is None else (If(test, take, (keep_rest,)),)
    else:  # a wrapper object holding the list (Gemini's functionDeclarations)
        where = Text((at, Local("i"), pointer(tail[:-1]) + "/", Local("j")))
        take = (Append("tools", _decode("tool_definition", "element", where)), Let("hit", Lit(True)))
        test = _match(Local("element"), loc)
        other = Put("fields", Text((at, Local("i"), "/", Local("key")), token=(3,)), Local("kept"))
        wrapper = ForEachKey("key", "item", (If(Not(Is("equal", Local("key"), tail[0])), (other,)),), value="kept")
        each = (
            Let("hit", Lit(False)),
            Let("wrapped", _at(Local("item"), tail[:-1])),
            Let("inner", Call("elements", (Local("wrapped"),))),
            ForEachItem("element", "j", "inner", take if test is None else (If(test, take),)),
            If(Local("hit"), (If(Is("object", Local("item")), (wrapper,)),), (keep_rest,)),
        )
    return [
        Let(rest, Obj(())),
        Let(f"listed_{k}", _at(Local("wire"), head)),
        Let(items, Call("elements", (Local(f"listed_{k}"),))),
        ForEachItem("item", "i", items, each),
    ]


def _choice(choices: tuple[Location, ...]) -> list[Step]:
    """A location matching the value decodes it (each the same way); none: kept as it came."""
    at = choices[0].tokens
    decode = (Let("choice", _decode("tool_choice", "value", Lit(pointer(at)))),)
    tests = [t for loc in choices if (t := _match(Local("value"), loc)) is not None]
    if len(tests) < len(choices):  # a location taking every value
        read: tuple[Step, ...] = decode
    else:
        test = tests[0] if len(tests) == 1 else AnyOf(tuple(tests))
        read = (If(test, decode, (Put("fields", pointer(at), Local("value")),)),)
    return [Let("value", _at(Local("wire"), at)), If(Not(Is("missing", Local("value"))), read)]
