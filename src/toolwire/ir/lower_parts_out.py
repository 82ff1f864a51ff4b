"""Lowering: one canonical part as one wire block, canonical -> wire, as steps (what the
interpreter's `encode_part` did with a spelling, every choice made here): a spelled part is
one small function per spelling (its constants, its fields, a loss for each key it cannot
carry, its own extension fields put back, its defaults); a tool call or result goes through
the dialect's generated converter, inline."""

from __future__ import annotations

from toolwire.ir.conversation_nodes import PartEncoding, PartField, Spelling, citation_table
from toolwire.ir.steps import (
    All,
    AnyOf,
    Call,
    Do,
    Expr,
    Function,
    Get,
    Global,
    If,
    Invoke,
    Is,
    Key,
    Let,
    Lit,
    Local,
    Not,
    Obj,
    PutPath,
    Step,
    Text,
)
from toolwire.spec.positions import pointer

SHAPES = {"tool_call": "call", "tool_result": "result"}  # part kind -> the key holding its canonical value
# the loss of reasoning the target signs whose part lacks the signature (the runtime's _conv_encode says it too)
UNSIGNED = "unsigned reasoning (the provider replays only the reasoning blocks it signed)"


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def put_at(target: str, toks: tuple[str, ...], value: Expr) -> Step:
    """value at toks in a local object: a path through a list (a key of digits) by the leaf
    that makes lists, any other straight."""
    if any(t.isdigit() for t in toks):
        return Do(Call("put", (Local(target), Lit(toks), value)))
    return PutPath(target, toks, value)


def read_at(value: Expr, toks: tuple[str, ...]) -> Expr:
    for token in toks:
        value = Key(value, token)
    return value


def block_of(sp: Spelling, name: str, part: Expr, at: Expr) -> Expr:
    """The expression writing part (at pointer at) in spelling sp: a converter's value, or the
    spelling's function (name) called."""
    if sp.part in SHAPES:
        key = SHAPES[sp.part]
        return Call("encode", (Global(f"encode_{sp.part}"), Get(part, key), Text((at, "/" + key))))
    return Invoke(name, (part, at, Local("out")))


def carried(sp: Spelling) -> frozenset[str]:
    """The canonical keys a spelling writes (a data URL writes the media type and data; one
    named url a URL too)."""
    names = {"type", "extensions", "dialect"} | {f.name for f in sp.fields}
    for f in sp.fields:
        if f.encoding == PartEncoding.DATA_URL:
            names |= {"media_type", "data", f.name}
    return frozenset(names)


def _takes(f: PartField, part: Expr) -> Expr:
    """The part's media type is one the field takes: a data URL field's only when the part has
    inline data (a URL says none), any other field's when the part has it."""
    takes = Call(
        "media_type_in",
        (Key(part, "media_type" if f.encoding == PartEncoding.DATA_URL else f.name), Lit(f.media_types)),
    )
    if f.encoding != PartEncoding.DATA_URL:
        return AnyOf((Is("missing", Key(part, f.name)), takes))
    inline: Expr = Not(Is("missing", Key(part, "data")))
    if f.name != "data":  # a URL field writes the part's URL when it has one
        inline = All((inline, Is("missing", Key(part, "url"))))
    return AnyOf((Not(inline), takes))


def has_fields(sp: Spelling, part: Expr) -> Expr | None:
    """The part holds every field the spelling needs, and its own extension fields the key the
    spelling's block must carry (None: it needs none)."""
    tests: list[Expr] = [Call("holds", (part, Lit(sp.signed)))] if sp.signed is not None else []
    for f in sp.fields:
        if f.media_types:  # one of the media types the spelling takes, when the part has it
            tests.append(_takes(f, part))
        if f.encoding == PartEncoding.IMAGE_TYPE:  # present or not, an image's media type
            value = Key(part, f.name)
            fits = Call("is_image_type", (value,))
            tests.append(fits if not f.optional else AnyOf((Is("missing", value), fits)))
            continue
        if f.optional:
            continue
        if f.encoding == PartEncoding.DOCUMENT_FORMAT:  # a media type the wire has a format for
            tests.append(Not(Is("null", Call("document_format", (Key(part, f.name),)))))
            continue
        if f.encoding == PartEncoding.BASE64_TEXT:  # data that is UTF-8 text
            tests.append(Not(Is("null", Call("base64_text", (Key(part, f.name),)))))
            continue
        if f.encoding == PartEncoding.DATA_URL:
            data = All((Not(Is("missing", Key(part, "data"))), Not(Is("missing", Key(part, "media_type")))))
            tests.append(data if f.name == "data" else AnyOf((Not(Is("missing", Key(part, "url"))), data)))
        else:
            tests.append(Not(Is("missing", Key(part, f.name))))
    if not tests:
        return None
    return tests[0] if len(tests) == 1 else All(tuple(tests))


def _field(f_name: str, encoding: PartEncoding) -> tuple[Step, ...]:
    if encoding == PartEncoding.DATA_URL:
        made = Call("data_url", (Get(Local("part"), "media_type"), Get(Local("part"), "data")))
        if f_name == "data":  # inline data only
            return (Let("value", made),)
        return (Let("value", Key(Local("part"), "url")), If(Is("missing", Local("value")), (Let("value", made),)))
    value: tuple[Step, ...] = (Let("value", Key(Local("part"), f_name)),)
    if encoding == PartEncoding.DOCUMENT_FORMAT:
        made = Call("document_format", (Local("value"),))
        return (*value, If(Not(Is("missing", Local("value"))), (Let("value", made),)))
    if encoding == PartEncoding.BASE64_TEXT:
        made = Call("base64_text", (Local("value"),))
        return (*value, If(Not(Is("missing", Local("value"))), (Let("value", made),)))
    if encoding == PartEncoding.MEDIA_FORMAT:
        short = Call("without_prefix", (Local("value"), Lit("image/")))
        return (*value, If(Is("string", Local("value")), (Let("value", short),)))
    return value


def lower_part_writer(sp: Spelling, name: str) -> Function:
    """The function writing one spelled part (not a tool call or result)."""
    body: list[Step] = [Let("block", Obj(()))]
    body += [put_at("block", toks, Lit(value)) for toks, value in sp.when]
    for f in sp.fields:
        body += _field(f.name, f.encoding)
        if f.citations:  # a list of citations, kind by kind: what the target cannot write is a loss
            at = Text((Local("at"), "/" + f.name))
            made = Call("citations_out", (Local("value"), Lit(citation_table(f.citations)), at))
            body.append(If(Not(Is("missing", Local("value"))), (Let("value", made),)))
        body.append(If(Not(Is("missing", Local("value"))), (put_at("block", f.tokens, Local("value")),)))
    url = any(f.encoding == PartEncoding.DATA_URL for f in sp.fields)
    what = "a" + ("n" if sp.part[0] in "aeiou" else "") + " " + sp.part
    extra = (Local("part"), Lit(tuple(sorted(carried(sp)))), Lit(url), Local("at"), Lit(what))
    body += [
        Do(Call("extra", extra)),
        Let("own", Call("own", (Local("part"), Local("at")))),
        Do(Call("put_fields", (Local("block"), Local("own"), Local("at")))),
    ]
    if sp.defaults:
        body.append(Let("forms", Call("forms_of", (Local("own"),))))
    for toks, default in sp.defaults:
        absent = Is("equal", Call("form_of", (Local("forms"), Lit(pointer(toks)))), "absent")
        test = All((Not(absent), Is("missing", read_at(Local("block"), toks))))
        body.append(If(test, (put_at("block", toks, Lit(default)),)))
    return Function(
        name=name,
        params=("part", "at", "out"),
        types=("object", "string", "out"),
        doc=f"{article(sp.part).capitalize()} part as the wire block {_spelled(sp)}.",
        body=tuple(body),
        returns="block",
    )


def _spelled(sp: Spelling) -> str:
    told = [f"{pointer(t)} = {v!r}" for t, v in sp.when] + [f"{pointer(t)} present" for t in sp.has]
    return "with " + ", ".join(told) if told else "of its fields"
