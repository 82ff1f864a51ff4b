"""The Python spelling of Assembler.feed(): the event's constants read once into selectors,
each scan's walk of the event with named locals, each rule's reads and type checks, and the
`events` test (rule 10). The template lays these out; each role's behaviour is in it once."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolwire.ir.stream_nodes import (
    EventRecognition,
    PathNode,
    Pointer,
    Role,
    RuleBlock,
    RuleBranch,
    StreamIR,
    StreamRule,
    Tokens,
)
from toolwire.targets.python.emit_stream_expr import (
    JSON_TYPES,
    VALUE_TEMP,
    all_of,
    any_of,
    element,
    equals,
    has,
    paren,
    read,
    same,
    snake,
    tokens_tuple,
    tuple_of,
    unique,
)
from toolwire.targets.python.names import literal as py

EVENT = "event"  # feed()'s event
# feed()'s own locals (the template's); walk and hoist locals take other names
FEED_LOCALS = frozenset(
    {"self", EVENT, "deltas", "call", "call_delta", "key", "call_id", "name", "fragment", "full_text"}
    | {"start_arguments", "continues", "partial_args", "finish_value", "message", "code", "item"}
    | {"position", "alt_message", "alt_code"}
)
# which local each pointer term is read into
READ_LOCALS = {
    "key": "key",
    "id": "call_id",
    "name": "name",
    "fragment": "fragment",
    "full": "full_text",
    "arguments": "start_arguments",
    "continues": "continues",
    "partial_args": "partial_args",
    "finish": "finish_value",
    "message": "message",
    "code": "code",
    "alt_message": "alt_message",
    "alt_code": "alt_code",
    "position": "position",
}
# per role: the terms always assigned (None when the rule has no pointer), then those read if given
ROLE_READS: dict[Role, tuple[tuple[str, ...], tuple[str, ...]]] = {
    Role.DELTA: (("key", "id", "name", "fragment"), ("continues",)),
    Role.START: (("key", "id", "name"), ("fragment", "continues", "arguments", "position")),
    Role.FRAGMENT: ((), ("key", "fragment", "full", "continues", "position")),
    Role.STOP: ((), ("key", "full", "position")),
    Role.CALL: (("key",), ("position",)),
    Role.JSON_PATH_ARGS: (("partial_args",), ("continues",)),
    Role.FINISH: (("finish",), ()),
    Role.SKIP: (("key", "id", "name"), ()),
    Role.ERROR: (("message", "code"), ("alt_message", "alt_code")),
}
STRING_TERMS = ("id", "name", "fragment", "full", "finish")


@dataclass
class Assign:
    """`local = expr`, then a type check: `if test: raise self._bad(event, item, pointer, message)`."""

    local: str
    expr: str
    test: str = ""  # "" when the value is not checked
    message: str = ""
    pointer: str = '""'  # the pointer's literal, for the finding
    item: str = "None"  # the item the pointer is relative to (None: the event)
    empty_is_none: bool = False  # an empty id or name is none given yet (rules 3 and 13)


@dataclass
class RuleCode:
    role: Role
    item: str  # the local holding the rule's item
    hoists: list[tuple[str, str]]  # objects read once on the way to several pointers
    assigns: list[Assign]
    reads: dict[str, bool]  # which pointer terms the rule reads
    has_key: bool
    item_copy: str  # what the call keeps of the item (as_call), or None
    whole_item: str  # the item a call role decodes (without its dropped keys)
    pointers: dict[str, str]  # each term's pointer as a literal ("" when absent)
    stray_item: str  # the item a stray fragment's pointer is relative to
    key_pointer: str  # the key's pointer as a literal (key, else event_key)
    stray_test: str  # a fragment role's test: argument text arrived (for no open call: stray)
    custom: bool = False  # the call it opens is a custom tool's


@dataclass
class BranchCode:
    header: str  # `if ...:`, `elif ...:`, `else:`, or "" (the block's only, unconditional, branch)
    comment: str
    rule: RuleCode


@dataclass
class BlockCode:
    branches: list[BranchCode]
    kind: str = "block"


@dataclass
class StepCode:
    kind: str  # "object" or "array"
    local: str  # the member's value
    expr: str
    element: str  # array: each element's local
    entries: list[StepCode | BlockCode] = field(default_factory=list)
    test: str = ""  # object: the test of its if (its type, and a lone rule's condition)


@dataclass
class ScanCode:
    cond: str  # the event constants' test ("" for none)
    entries: list[StepCode | BlockCode]


@dataclass
class FeedCode:
    selectors: list[tuple[str, str]]  # event constants read once per event
    scans: list[ScanCode]
    recognises: str  # the `events` test on the event
    constants: list[tuple[str, str]]  # module constants the test uses
    needs_re: bool


def _hoisted_reads(var: str, named: dict[str, Tokens], used: set[str]) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """Reads of several pointers below var; an object on the way to two or more of them is
    read once into a local named after it (an absent or non-object value reads as {})."""
    counts: dict[Tokens, int] = {}
    for toks in named.values():
        for depth in range(1, len(toks)):
            counts[toks[:depth]] = counts.get(toks[:depth], 0) + 1
    locals_: dict[Tokens, str] = {(): var}
    hoists: list[tuple[str, str]] = []

    def base(toks: Tokens) -> tuple[str, Tokens]:
        for depth in range(len(toks), -1, -1):
            if toks[:depth] in locals_:
                return locals_[toks[:depth]], toks[depth:]
        return var, toks

    for prefix in sorted((p for p, n in counts.items() if n >= 2), key=lambda p: (len(p), p)):
        parent, rest = base(prefix)
        name = unique(snake(prefix[-1]), parent, used)
        used.add(name)
        hoists.append((name, read(parent, rest)))
        locals_[prefix] = name
    reads = {}
    for key, toks in named.items():
        parent, rest = base(toks[:-1])
        reads[key] = read(parent, (*rest, toks[-1])) if toks else var
    return hoists, reads


_SAFE_INTEGER = 2**53 - 1


def _check(local: str, term: str, object_fragments: bool) -> tuple[str, str]:
    """The type test a value read for term must pass (a failure is a finding), and its words."""
    if term in ("key", "position"):
        # an index is an integer JavaScript holds exactly (|i| < 2**53), as the TypeScript
        # target checks: 1e300 or 2**60 is an error in both
        safe = f"-{_SAFE_INTEGER} <= {local} <= {_SAFE_INTEGER}"
        if term == "position":  # an output position is an index, never an id
            return f"(type({local}) is not int or not {safe})", "expected an index"
        return f"type({local}) is not str and (type({local}) is not int or not {safe})", "expected an index or an id"
    if term == "fragment" and object_fragments:
        return f"type({local}) is not str and type({local}) is not dict", "expected a string or an object"
    if term in STRING_TERMS:
        return f"type({local}) is not str", "expected a string"
    return "", ""


def _rule_code(ir: StreamIR, rule: StreamRule, item: str, used: set[str]) -> RuleCode:
    given: dict[str, Pointer] = {n: p for n, p in vars(rule.pointers).items() if p is not None}
    on_item = {n: p.tokens for n, p in given.items() if n not in ("event_key", "position")}
    hoists, reads = _hoisted_reads(item, on_item, set(used))
    if "event_key" in given and "key" not in reads:
        reads["key"] = read(EVENT, given["event_key"].tokens)
    if "position" in given:  # relative to the event
        reads["position"] = read(EVENT, given["position"].tokens)
    required, optional = ROLE_READS[rule.role]
    assigns = []
    for term in required + optional:
        expr = reads.get(term)
        if expr is None and term not in required:
            continue
        assign = Assign(READ_LOCALS[term], expr or "None")
        if expr is not None:
            pointer = given["event_key" if term == "key" and rule.key_on_event else term]
            assign.pointer = py(pointer.text)
            on_event = (term == "key" and rule.key_on_event) or term == "position"
            assign.item = "None" if on_event else item
            assign.test, assign.message = _check(assign.local, term, ir.wire_call.arguments_object_too)
            assign.empty_is_none = term in ("id", "name") and rule.role == Role.DELTA
        assigns.append(assign)
    drops = [tokens_tuple(t) for t in rule.drop]
    return RuleCode(
        role=rule.role,
        item=item,
        hoists=hoists,
        assigns=assigns,
        reads={term: term in reads for term in READ_LOCALS},
        has_key=rule.key is not None,
        item_copy=(
            f"_common.item_copy(self._held(event, {item}), {tuple_of(drops) if drops else '()'})"
            if rule.as_call
            else "None"
        ),
        whole_item=f"_common.overlay({item}, (), {tuple_of(drops)})" if drops else item,
        pointers={name: py(given[name].text if name in given else "") for name in vars(rule.pointers)},
        stray_item="None" if rule.key_on_event else item,
        key_pointer=py(rule.key.text if rule.key else ""),
        stray_test=" or ".join(READ_LOCALS[t] for t in ("fragment", "full") if t in reads),
        custom=rule.custom,
    )


def _condition(rule: StreamRule, item: str) -> str:
    conds = [equals(item, test) for test in rule.when] + [has(item, p.tokens) for p in rule.present]
    return " and ".join(conds)


def _branch(ir: StreamIR, branch: RuleBranch, first: bool, item: str, used: set[str]) -> BranchCode:
    rule = branch.rule
    cond = (
        " or ".join(paren(c) for c in (_condition(r, item) for r in branch.rules))
        if len(branch.rules) > 1
        else _condition(rule, item)
    )
    # no condition: the block's only branch, or the last one
    keyword = ("if" if first else "elif") if cond else ("" if first else "else")
    indices = ", ".join(str(r.index) for r in branch.rules)
    comment = f"rule{'s' if len(branch.rules) > 1 else ''} {indices} ({rule.role})"
    header = f"{keyword} {cond}:" if cond else f"{keyword}:" if keyword else ""
    return BranchCode(header, comment, _rule_code(ir, rule, item, used))


def _entries(ir: StreamIR, node: PathNode, parent: str, used: set[str]) -> list[StepCode | BlockCode]:
    out: list[StepCode | BlockCode] = []
    for entry in node.entries:
        if isinstance(entry, RuleBlock):
            branches = [_branch(ir, b, i == 0, parent, used) for i, b in enumerate(entry.branches)]
            out.append(BlockCode(branches))
            continue
        assert entry.step is not None
        local = unique(snake(entry.step.name), parent, used)
        inner = used | {local}
        expr = f"{parent}.get({py(entry.step.name)})"
        if entry.step.array:
            each = unique(element(local), local, inner)
            step = StepCode("array", local, expr, each, _entries(ir, entry, each, inner | {each}))
        else:
            step = StepCode("object", local, expr, "", _entries(ir, entry, local, inner))
            step.test = _fold(f"type({local}) is dict", step.entries)
        out.append(step)
    return out


def _fold(test: str, entries: list[StepCode | BlockCode]) -> str:
    """test, and the condition of a lone conditional rule below it (one if, not two nested);
    the rule's branch then has no header of its own."""
    if len(entries) != 1 or not isinstance(entries[0], BlockCode) or len(entries[0].branches) != 1:
        return test
    branch = entries[0].branches[0]
    if not branch.header.startswith("if "):
        return test
    cond = branch.header.removeprefix("if ").removesuffix(":")
    branch.header = ""
    return f"{test} and {paren(cond) if ' or ' in cond else cond}"


def _recognition(events: EventRecognition) -> tuple[str, list[tuple[str, str]]]:
    """The `events` term as one test on the event, and the module constants it needs."""
    constants: list[tuple[str, str]] = []

    def constant(pointer: Pointer, suffix: str, code: str) -> str:
        base = f"_EVENT_{snake('_'.join(pointer.tokens)).upper()}_{suffix}"
        name = base
        n = 2
        while any(name == existing for existing, _code in constants):
            name, n = f"{base}_{n}", n + 1
        constants.append((name, code))
        return name

    alternatives = []
    for kind in events.kinds:
        conds = [has(EVENT, p.tokens) for p in kind.present]
        conds += [f"type({read(EVENT, p.tokens)}) is {JSON_TYPES[t]}" for p, t in kind.types]
        for p, values in kind.one_of:
            name = constant(p, "VALUES", f"frozenset({py(list(values))})")
            conds.append(f"type({VALUE_TEMP} := {read(EVENT, p.tokens)}) is str and {VALUE_TEMP} in {name}")
        for p, pattern in kind.matches:
            name = constant(p, "PATTERN", f"_re.compile({py(pattern)})")
            conds.append(
                f"type({VALUE_TEMP} := {read(EVENT, p.tokens)}) is str and {name}.fullmatch({VALUE_TEMP}) is not None"
            )
        alternatives.append(all_of(conds))
    return any_of(alternatives), constants


def feed_code(ir: StreamIR) -> FeedCode:
    selectors: dict[str, tuple[str, str]] = {}  # pointer text -> (local, expr)
    used = set(FEED_LOCALS)
    for rule in ir.rules:
        for test in rule.event:
            if test.pointer.text not in selectors:
                local = unique(f"{EVENT}_{snake('_'.join(test.pointer.tokens))}", EVENT, used)
                used.add(local)
                selectors[test.pointer.text] = (local, read(EVENT, test.pointer.tokens))
    scans = []
    for scan in ir.scans:
        cond = " and ".join(same(selectors[t.pointer.text][0], t.value) for t in scan.event)
        entries = _entries(ir, scan.root, EVENT, used)
        scans.append(ScanCode(_fold(cond, entries) if cond else cond, entries))
    recognises, constants = _recognition(ir.events)
    return FeedCode(
        selectors=list(selectors.values()),
        scans=scans,
        recognises=recognises,
        constants=constants,
        needs_re=any(code.startswith("_re.") for _name, code in constants),
    )
