"""Spell steps (ir/steps.py) as Python: the Python target's only part in compiled conversation
code. Every decision was made by the lowering; this module only chooses Python syntax."""

from __future__ import annotations

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

INDENT = "    "

# neutral helper name -> its Python spelling (the runtime's leaf helpers)
HELPERS = {
    "setting_problem": "_conv.setting_problem",
    "below": "_conv.below",
    "form_of": "_conv.form_of",
    "form_index": "_conv.form_index",
    "repr": "repr",
    "describe": "_rt.describe",
    "decode_at": "_rt.decode_at",
    "elements": "_rt.elements",
    "tools_field_in": "_rt.tools_field_in",
    "choice_field_in": "_rt.choice_field_in",
    "escape": "_rt.escape",
    "is_data_url": "_rt.is_data_url",
    "is_image_type": "_rt.is_image_type",
    "media_type_in": "_rt.media_type_in",
    "data_url_type_in": "_rt.data_url_type_in",
    "base64_text": "_rt.base64_text",
    "text_base64": "_rt.text_base64",
    "document_format": "_rt.document_format",
    "document_media_type": "_rt.document_media_type",
    "split_data_url": "_rt.split_data_url",
    "sniff_media_type": "_conv.sniff_media_type",
    "get_path": "_conv.get",
    "kept_fields": "_conv.kept_fields",
    "unknown_into": "_conv.unknown_into",
    "citations_in": "_conv.citations_in",
    "citations_out": "out.citations",
    "links": "_conv.Links",
    "system_in": "_system_in",
    "turns_in": "_turns_in",
    "tools_in": "_tools_in",
    "settings_in": "_settings_in",
    "part_in": "_part_in",
    # the compiled writers' leaves (_conv_out)
    "own": "out.own",
    "said": "out.said",
    "put_fields": "out.put_fields",
    "extra": "out.extra",
    "called": "out.called",
    "answered": "out.answered",
    "mine": "out.mine",
    "drop_asked": "out.drop_asked",
    "text_signed": "out.text_signed",
    "own_form": "out.own_form",
    "holds": "out.holds",
    "forms_of": "_conv.forms_of",
    "article": "_conv.article",
    "shown": "_conv.shown",
    "wire_what": "_conv.wire_what",
    "media_of": "_conv.media_of",
    "put": "_conv.put",
    "data_url": "_rt.data_url",
    "length": "len",
}

GLOBALS = {
    "dialect": "DIALECT",
    "decode_tool_definition": "decode_tool_definition",
    "decode_tool_choice": "decode_tool_choice",
    "decode_tool_call": "decode_tool_call",
    "decode_tool_result": "decode_tool_result",
    "codecs": "_CODECS",
    "request_known": "_REQUEST.known",
}

# locals known to be objects where the steps read them (read with .get)
OBJECTS = (
    "wire",
    "forms",
    "fields",
    "settings",
    "nested",
    "unit",
    "block",
    "turn_fields",
    "part_fields",
    "part",
    "canonical",
    "own",
    "g_own",
)

TYPES = {
    "object": "dict[str, Any]",
    "any": "Any",
    "codecs": "_conv.Codecs",
    "id_map": "IdMap",
    "list": "list[dict[str, Any]]",
    "entries": "list[Any]",
    "string": "str",
    "int": "int",
    "out": "_conv.Out",
}

_TESTS = {
    "missing": "{v} is _MISSING",
    "null": "{v} is None",
    "string": "type({v}) is str",
    "list": "type({v}) is list",
    "object": "type({v}) is dict",
    "empty": "not {v}",
    "falsy": "not {v}",
    "single": "len({v}) == 1",
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
        case Key(obj, key) if isinstance(obj, Local) and obj.name in OBJECTS:
            return f"{obj.name}.get({_key(key)}, _MISSING)"
        case Key(obj, key):
            inner = expr(obj)
            return f"(_n.get({_key(key)}, _MISSING) if type(_n := {inner}) is dict else _MISSING)"
        case Global(name) if name.startswith("known_"):  # a spelling's known keys, a module constant
            return "_" + name.upper()
        case Global(name):
            return GLOBALS[name]
        case Obj(items):
            return "{" + ", ".join(f"{k!r}: {expr(v)}" for k, v in items) + "}"
        case Arr(items):
            return "[" + ", ".join(expr(v) for v in items) + "]"
        case Call("own_of", (key, value)):
            return f"{{{expr(key)}: {expr(value)}}}"
        case Call("list_of", (value,)):
            return f"[{expr(value)}]"
        case Call("link_turn", (links, message, where)):  # the linkage state's method
            return f"{expr(links)}.turn({expr(message)}, {expr(where)})"
        case Call("dropping", ()):
            return "out.dropping"
        case Call("as_text", ()):
            return "out.as_text"
        case Call("join", (value,)):
            return f"'\\n\\n'.join({expr(value)})"
        case Call("without_prefix", (value, Lit(prefix))):
            return f"{expr(value)}.removeprefix({literal(prefix)})"
        case Call("encode", (Global(name), value, at)):
            return f"out.coded({name}({expr(value)}, strict=out.strict, id_map=out.id_map), {expr(at)})"
        case Call("tools_out", (wire, canonical, forms)):
            c = expr(canonical)
            given = f"{c}.get('tools'), {c}.get('tool_choice')"
            return (
                f"_conv.encode_tools({expr(wire)}, {given}, _CODECS, out.id_map, out.losses, out.strict, {expr(forms)})"
            )
        case Get(obj, key):
            return f"{expr(obj)}[{_key(key)}]"
        case Same(left, right):
            return f"{expr(left)} == {expr(right)}"
        case Not(Same(left, right)):
            return f"{expr(left)} != {expr(right)}"
        case Less(Lit(value), right):
            return f"{expr(right)} > {literal(value)}"
        case Less(left, right):
            return f"{expr(left)} < {expr(right)}"
        case Invoke(name, args):
            return f"_{name}({', '.join(expr(a) for a in args)})"
        case Call(helper, args):
            return f"{HELPERS[helper]}({', '.join(expr(a) for a in args)})"
        case Is("above", value, arg):
            return f"{expr(value)} > {literal(arg)}"
        case Is("below", value, arg):
            return f"{expr(value)} < {literal(arg)}"
        case Is("equal", value, arg) if isinstance(arg, str):
            return f"{expr(value)} == {literal(arg)}"
        case Is("equal", value, arg):
            return f"type({expr(value)}) is {type(arg).__name__} and {expr(value)} == {literal(arg)}"
        case Is(test, value, _arg):
            return _TESTS[test].format(v=expr(value))
        case Not(Is(test, value, _arg)) if test in ("missing", "null"):
            return f"{expr(value)} is not {'_MISSING' if test == 'missing' else 'None'}"
        case Not(Is("equal", value, arg)) if isinstance(arg, str):
            return f"{expr(value)} != {literal(arg)}"
        case Not(Is("empty" | "falsy", value, _arg)):
            return expr(value)
        case Not(Is(test, value, _arg)) if test in ("string", "list", "object"):
            return _TESTS[test].format(v=expr(value)).replace(" is ", " is not ")
        case Not(In(value, constants)):
            return f"{expr(value)} not in {_constants(constants)}"
        case Not(Eq(value, constant)) if isinstance(constant, bool):
            return f"{expr(value)} not in ({literal(constant)},)"
        case Not(Eq(value, constant)):
            return f"{expr(value)} != {literal(constant)}"
        case Not(value):
            return f"not ({expr(value)})"
        case All(values):
            return " and ".join(f"({expr(v)})" for v in values)
        case AnyOf(values):
            return " or ".join(f"({expr(v)})" for v in values)
        case Eq(value, constant) if isinstance(constant, bool):  # == as Python compares: 1 is true
            return f"{expr(value)} in ({literal(constant)},)"
        case Eq(value, constant):
            return f"{expr(value)} == {literal(constant)}"
        case In(value, constants):
            return f"{expr(value)} in {_constants(constants)}"
        case Text(pieces, token):
            return _text(pieces, token)
        case Item(seq, index):
            return f"{literal(list(seq))}[{expr(index)}]" if len(seq) > 1 else literal(seq[0])
        case Index(seq, index):
            return f"{expr(seq)}[{index}]"
        case Only(value):
            v = expr(value)
            return f"({v}[0] if type({v}) is list and len({v}) == 1 else {v})"
    raise TypeError(f"not an expression: {e!r}")


def _key(key: str | Expr) -> str:
    return repr(key) if isinstance(key, str) else expr(key)


def _constants(constants: tuple[object, ...]) -> str:
    """A tuple literal; strings sorted (a set of keys reads best in order)."""
    ordered = sorted(constants) if all(isinstance(c, str) for c in constants) else list(constants)  # type: ignore[type-var]
    return literal(tuple(ordered))


def _text(pieces: tuple[object, ...], token: tuple[int, ...]) -> str:
    """An f-string; pointer tokens escaped."""
    out = ""
    for i, piece in enumerate(pieces):
        if isinstance(piece, str):
            out += piece.replace("{", "{{").replace("}", "}}")
        elif isinstance(piece, Call) and piece.helper == "repr":
            out += "{" + expr(piece.args[0]) + "!r}"
        else:
            value = expr(piece)  # type: ignore[arg-type]
            out += "{" + (f"_rt.escape({value})" if i in token else value) + "}"
    return "f" + repr(out)


def steps(body: tuple[Step, ...], depth: int) -> list[str]:
    pad = INDENT * depth
    out: list[str] = []
    for step in body:
        match step:
            case Comment(text):
                out.append(f"{pad}# {text}")
            case Do(value):
                out.append(f"{pad}{expr(value)}")
            case Let(name, value):
                out.append(f"{pad}{name} = {expr(value)}")
            case Put(target, key, value):
                out.append(f"{pad}{target}[{_key(key)}] = {expr(value)}")
            case Append(target, value):
                out.append(f"{pad}{target}.append({expr(value)})")
            case ForEachItem(item, "" | "_", seq, body):
                out.append(f"{pad}for {item} in {seq}:")
                out += steps(body, depth + 1)
            case ForEachItem(item, index, seq, body):
                out.append(f"{pad}for {index}, {item} in enumerate({seq}):")
                out += steps(body, depth + 1)
            case PutPath(target, path, value) if len(path) == 1:
                out.append(f"{pad}{target}[{path[0]!r}] = {expr(value)}")
            case PutPath(target, path, value):
                node = target + "".join(f".setdefault({t!r}, {{}})" for t in path[:-1])
                out.append(f"{pad}{node}[{path[-1]!r}] = {expr(value)}")
            case Fail(pointer, message, "canonical"):
                text = f'f"{pointer}: {{{expr(message)}}}"'
                out.append(f'{pad}raise _rt.CanonicalError("request", ValueError({text}))')
            case Fail(pointer, message, error):
                where = repr(pointer) if isinstance(pointer, str) else expr(pointer)
                raised = "RequiredValueError" if error == "required" else "DecodeError"
                out.append(f'{pad}raise _rt.{raised}(DIALECT, "request", {where}, {expr(message)})')
            case Drop(target, key):
                out.append(f"{pad}del {target}[{key!r}]")
            case Lose(code, pointer, what):
                place = Lit(pointer) if isinstance(pointer, str) else pointer
                lost = Lit(what) if isinstance(what, str) else what
                out.append(f"{pad}lose({expr(Lit(code))}, {expr(place)}, {expr(lost)})")
            case ForEachKey(key, obj, body, None):
                out.append(f"{pad}for {key} in {obj}:")
                out += steps(body, depth + 1)
            case ForEachKey(key, obj, body, str() as value):
                out.append(f"{pad}for {key}, {value} in {obj}.items():")
                out += steps(body, depth + 1)
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
    types = f.types or ("object",) * len(f.params)
    params = ", ".join(f"{p}: {TYPES[t]}" for p, t in zip(f.params, types, strict=True))
    if f.lose or loses(f.body):
        params += ", lose: _conv.Lose"
    lines = [f"def _{f.name}({params}) -> {TYPES[f.result]}:", f'{INDENT}"""{f.doc}"""']
    lines += steps(f.body, 1)
    lines.append(f"{INDENT}return {f.returns}")
    return "\n".join(lines) + "\n"
