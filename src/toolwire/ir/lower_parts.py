"""Lowering: one wire block read as the first of a dialect's part spellings it matches, as
steps that tell a turn sink (ir/turn_events.py) what part it is.

The steps do what the interpreter's `decode_block` / `spelled_part` did with the layout's
Spelling data, every choice made here: each spelling's `when` constants and `has` keys as one
test, in the layout's order; tool calls and results through the dialect's part codecs; the
spelling's fields read in order (a missing required field, or a text that is no string, an
error at its pointer); a data URL split into its media type and data; the keys the spelling
does not read, and its defaults left out, kept as the part's extension fields and forms.
"""

from __future__ import annotations

from toolwire.ir.conversation_nodes import PartEncoding, Spelling, citation_table
from toolwire.ir.nodes import Tokens
from toolwire.ir.steps import (
    All,
    AnyOf,
    Call,
    Drop,
    Eq,
    Expr,
    Fail,
    ForEachKey,
    Global,
    If,
    In,
    Index,
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
from toolwire.ir.turn_events import Part, PartValue, TurnSink
from toolwire.spec.positions import pointer

Trees = dict[str, tuple[tuple[Tokens, ...], tuple[Tokens, ...]]]  # a known-keys constant: (paths, leaves)
SPELLED = ("text", "image", "document", "reasoning", "refusal")  # the kinds read field by field (the rest by codecs)


def read(value: Expr, toks: Tokens) -> Expr:
    """The value at toks (MISSING when absent); a key of digits also indexes a list."""
    if any(t.isdigit() for t in toks):
        return Call("get_path", (value, Lit(toks)))
    for token in toks:
        value = Key(value, token)
    return value


def at_pointer(at: Expr, toks: Tokens) -> Text:
    """The wire pointer at + toks (at a string expression)."""
    if isinstance(at, Text):  # one string, not a string in a string
        return Text((*at.pieces, pointer(toks)), at.token)
    return Text((at, pointer(toks)))


def unknown_steps(
    obj: str, into: str, paths: tuple[Tokens, ...], leaves: tuple[Tokens, ...], trees: Trees, name: str
) -> list[Step]:
    """The keys of a local object the layout does not read, into a new local object: a flat
    set of keys inline, a deeper tree through the runtime's walk (its tree a module constant)."""
    flat = all(len(t) == 1 for t in leaves) and all(len(p) == 1 and p in leaves for p in paths)
    if not flat:
        trees[name] = (paths, leaves)
        return [Let(into, Call("kept_fields", (Local(obj), Global(name))))]
    keep = Put(into, Text(("/", Local("key")), token=(1,)), Local("kept"))
    known = tuple(t[0] for t in leaves)
    test: Expr = Not(In(Local("key"), known)) if len(known) > 1 else Not(Is("equal", Local("key"), known[0]))
    loop = ForEachKey("key", obj, ((If(test, (keep,)),) if known else (keep,)), value="kept")
    return [Let(into, Obj(())), loop]


def matches(sp: Spelling, block: str) -> Expr | None:
    """The spelling's test of a local object (None: every object matches)."""
    tests: list[Expr] = [Eq(read(Local(block), toks), value) for toks, value in sp.when]
    tests += [Not(Is("missing", read(Local(block), toks))) for toks in sp.has]
    for f in sp.fields:  # an image_type field's value is an image's media type, when present
        value = Call("get_path", (Local(block), Lit(f.tokens)))  # a call's argument: no inline conditional
        if f.encoding == PartEncoding.IMAGE_TYPE:
            tests.append(AnyOf((Is("missing", value), Call("is_image_type", (value,)))))
        if f.media_types:  # one of the media types the spelling takes (a data URL's own), when present
            check = "data_url_type_in" if f.encoding == PartEncoding.DATA_URL else "media_type_in"
            tests.append(AnyOf((Is("missing", value), Call(check, (value, Lit(f.media_types))))))
    return None if not tests else tests[0] if len(tests) == 1 else All(tuple(tests))


def block_steps(
    spellings: tuple[Spelling, ...], value: str, at: Expr, sink: TurnSink, trees: Trees, tag: str
) -> list[Step]:
    """A wire block (in a local) as the part of the first spelling it matches, else kept verbatim."""
    if not spellings:
        return list(sink.wire(Local(value), False))
    cases: list[tuple[Expr | None, tuple[Step, ...]]] = []
    for k, sp in enumerate(spellings):
        steps = tuple(part_steps(sp, "block", at, sink, trees, f"known_{tag}_{k}"))
        test = matches(sp, "block")
        if cases and cases[-1][1] == steps and cases[-1][0] is not None and test is not None:
            test = AnyOf((cases[-1][0], test))  # two spellings read alike (Responses input_text, output_text)
            cases.pop()
        cases.append((test, steps))
    chain: tuple[Step, ...] = tuple(sink.wire(Local(value), False))
    for test, steps in reversed(cases):
        chain = steps if test is None else (If(test, steps, chain),)
    return [If(Is("object", Local(value)), (Let("block", Local(value)), *chain), tuple(sink.wire(Local(value), False)))]


def part_steps(sp: Spelling, block: str, at: Expr, sink: TurnSink, trees: Trees, name: str) -> list[Step]:
    """The part a matched spelling reads from a local object; at is its wire pointer."""
    if sp.part == "tool_call":
        return list(sink.tool_call(Call("decode_at", (Global("decode_tool_call"), Local(block), at, Local("id_map")))))
    if sp.part == "tool_result":
        return list(
            sink.tool_result(Call("decode_at", (Global("decode_tool_result"), Local(block), at, Local("id_map"))))
        )
    if sp.part not in SPELLED:
        raise ValueError(
            f"part spelling of kind {sp.part!r}: the turns reader reads {', '.join(SPELLED)} and tool parts"
        )
    steps: list[Step] = []
    values: list[PartValue] = []
    split: Expr | None = None  # the data URL field's value
    for f in sp.fields:
        local = f"{f.name}_in"
        where = at_pointer(at, f.tokens)
        steps.append(Let(local, read(Local(block), f.tokens)))
        present = Not(Is("missing", Local(local)))
        if not f.optional:
            steps.append(If(Is("missing", Local(local)), (Fail(where, Lit("expected a value, got nothing")),)))
        if f.name == "text":  # every text is a string (a null one too)
            wrong = Text(("expected a string, got ", Call("describe", (Local(local),))))
            bad: Expr = Not(Is("string", Local(local)))
            steps.append(If(All((present, bad)) if f.optional else bad, (Fail(where, wrong),)))
        when = present if f.optional else None
        if f.citations:  # a list of citations, kind by kind (null: none)
            table = Lit(citation_table(f.citations))
            read_in = Call("citations_in", (Local(local), table, Global("dialect"), Lit("request"), where))
            steps.append(If(present, (Let(local, read_in),)))
            values.append(PartValue(f.name, Local(local), Not(Is("missing", Local(local)))))
        elif f.encoding == PartEncoding.DATA_URL:
            if split is not None:
                article = "an" if sp.part[0] in "aeiou" else "a"
                raise ValueError(f"{article} {sp.part} spelling with two data URL fields: one at most")
            split = Local(local)
            values.append(PartValue("url", Local(local), when))
            if f.name == "data":  # a field of inline data only (Chat's file_data): no URL
                wrong = Text(("expected a data: URL, got ", Call("describe", (Local(local),))))
                bad = Not(Call("is_data_url", (Local(local),)))
                steps.append(If(All((present, bad)) if f.optional else bad, (Fail(where, wrong),)))
        elif f.encoding == PartEncoding.MEDIA_FORMAT:
            steps.append(If(Is("string", Local(local)), (Let(local, Text(("image/", Local(local)))),)))
            values.append(PartValue(f.name, Local(local), when))
        elif f.encoding == PartEncoding.DOCUMENT_FORMAT:
            steps.append(If(present, (Let(local, Call("document_media_type", (Local(local),))),)))
            values.append(PartValue(f.name, Local(local), when))
        elif f.encoding == PartEncoding.BASE64_TEXT:  # a text source: the part's data is its base64
            wrong = Text(("expected a string, got ", Call("describe", (Local(local),))))
            bad = Not(Is("string", Local(local)))
            steps.append(If(All((present, bad)) if f.optional else bad, (Fail(where, wrong),)))
            steps.append(If(present, (Let(local, Call("text_base64", (Local(local),))),)))
            values.append(PartValue(f.name, Local(local), when))
        else:
            values.append(PartValue(f.name, Local(local), when))
    forms: Expr | None = None
    if sp.defaults:
        forms = Local("part_forms")
        steps.append(Let("part_forms", Obj(())))
        for toks, _default in sp.defaults:
            absent = Put("part_forms", pointer(toks), Lit("absent"))
            steps.append(If(Is("missing", read(Local(block), toks)), (absent,)))
    steps += unknown_steps(block, "part_fields", sp.paths, sp.leaves, trees, name)
    for toks, default in sp.defaults:  # a default value written out says nothing
        key = pointer(toks)
        steps.append(If(Eq(Key(Local("part_fields"), key), default), (Drop("part_fields", key),)))
    emit = getattr(sink, sp.part)
    part = Part(tuple(values), Local("part_fields"), forms)
    if split is None:
        return steps + list(emit(part))
    pair = Call("split_data_url", (split,))
    url = next(v for v in values if v.name == "url")
    pieces = (PartValue("media_type", Index(Local("pair"), 0)), PartValue("data", Index(Local("pair"), 1)))
    as_data = tuple(p for v in values for p in (pieces if v is url else (v,)))
    data_steps = (Let("pair", pair), *emit(Part(as_data, part.fields, forms)))
    steps.append(If(Call("is_data_url", (split,)), data_steps, tuple(emit(part))))
    return steps
