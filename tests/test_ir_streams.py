"""The typed stream IR (toolwire.ir.streams): what each stream mapping means, as data with no
Python in it, and the Python emitter's spelling of it (names, checks, emitted events)."""

from __future__ import annotations

import ast
import copy
import dataclasses
import enum
import re
from pathlib import Path
from typing import Any

import pytest

from toolwire.ir.stream_nodes import (
    ArgumentsForm,
    EventScan,
    PathNode,
    PathStep,
    Role,
    RuleBlock,
    Slot,
    StreamIR,
    StreamPlanError,
    WireOverlay,
)
from toolwire.ir.streams import stream_ir
from toolwire.spec.loader import load_spec
from toolwire.spec.model import Dialect, Spec
from toolwire.targets.python.emit_stream_expr import element, event_literal, snake, unique
from toolwire.targets.python.stream_emit import stream_context

REPO = Path(__file__).resolve().parents[1]
IR_STREAM_MODULES = sorted((REPO / "src" / "toolwire" / "ir").glob("stream*.py"))
# substrings of Python code: none belongs in a language-neutral IR
PYTHON_SPELLINGS = (".get(", "_common.", "self.", " is None", "type(", ":=", "frozenset(", "_re.")


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec(REPO / "schemas")


def _ir(spec: Spec, name: str) -> StreamIR:
    ir = stream_ir(spec, spec.dialects[name])
    assert ir is not None
    return ir


def _leaves(node: Any) -> list[Any]:
    """Every scalar inside an IR node (dataclass fields, tuples, dicts, enums' values)."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return [leaf for f in dataclasses.fields(node) for leaf in _leaves(getattr(node, f.name))]
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in (*_leaves(k), *_leaves(v))]
    if isinstance(node, (list, tuple, frozenset)):
        return [leaf for v in node for leaf in _leaves(v)]
    if isinstance(node, enum.Enum):
        return [node.value]
    return [node]


def _blocks(node: PathNode) -> list[RuleBlock]:
    return [b for e in node.entries for b in ([e] if isinstance(e, RuleBlock) else _blocks(e))]


def _streaming(spec: Spec) -> list[str]:
    return sorted(name for name, d in spec.dialects.items() if d.stream is not None)


def test_every_stream_mapping_has_an_ir_and_the_others_none(spec: Spec) -> None:
    streaming = _streaming(spec)
    assert len(streaming) >= 8
    for name, dialect in spec.dialects.items():
        ir = stream_ir(spec, dialect)
        assert (ir is not None) == (name in streaming), name
        if ir is not None:
            assert ir.dialect == name and ir.rules and ir.scans


def test_the_ir_holds_no_python(spec: Spec) -> None:
    for name in _streaming(spec):
        for leaf in _leaves(_ir(spec, name)):
            if isinstance(leaf, str):
                assert not any(code in leaf for code in PYTHON_SPELLINGS), (name, leaf)


def test_the_ir_is_frozen(spec: Spec) -> None:
    ir = _ir(spec, "openai_chat")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ir.rules[0].role = Role.START  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ir.wire_call.name = ("x",)  # type: ignore[misc]


def test_ir_stream_modules_import_no_target() -> None:
    assert IR_STREAM_MODULES
    for path in IR_STREAM_MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in imported if m.startswith("toolwire.targets")], path.name
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.name


def test_openai_chat_walk_is_a_tree_of_path_steps(spec: Spec) -> None:
    ir = _ir(spec, "openai_chat")
    custom, delta, finish, error = ir.rules  # a custom tool's delta first, then a function's
    assert (custom.role, delta.role, finish.role, error.role) == (Role.DELTA, Role.DELTA, Role.FINISH, Role.ERROR)
    assert custom.custom and not delta.custom and custom.path == delta.path
    assert ir.custom_call == (("id",), ("custom", "name"), ("custom", "input"))
    assert delta.path == ("choices", "*", "delta", "tool_calls", "*")
    assert delta.pointers.key is not None and delta.pointers.key.tokens == ("index",)
    assert delta.pointers.fragment is not None and delta.pointers.fragment.text == "/function/arguments"
    assert delta.as_call and delta.drop == (("index",),)
    (scan,) = ir.scans  # no rule needs event constants: one walk of the event serves all three
    assert isinstance(scan, EventScan) and scan.event == () and scan.root.step is None
    choices, error_block = scan.root.entries
    assert isinstance(error_block, RuleBlock) and error_block.branches[0].rule is error
    assert isinstance(choices, PathNode) and choices.step == PathStep("choices", array=True)
    below_choice = choices.entries
    assert [type(e) for e in below_choice] == [PathNode, RuleBlock]  # the delta walk, then the finish block
    assert isinstance(below_choice[1], RuleBlock) and below_choice[1].branches[0].rule is finish
    assert ir.wire_call.arguments_form == ArgumentsForm.TEXT and ir.wire_call.name == ("function", "name")
    assert [kind.pointers for kind in ir.events.kinds] == [("/choices",), ("/error",)]
    assert ir.events.expected == "an event with /choices (an array), or with /error"


def test_rules_that_do_the_same_are_one_branch(spec: Spec) -> None:
    ir = _ir(spec, "anthropic_messages")
    blocks = [b for scan in ir.scans for b in _blocks(scan.root)]
    start_block = next(b for b in blocks if b.branches[0].rule.role == Role.START)
    indexes = [[r.index for r in b.rules] for b in start_block.branches]
    assert indexes[:2] == [[0], [1, 2]], indexes  # the two skips that do the same: one branch
    assert all(b.rule.role == Role.SKIP for b in start_block.branches[1:])  # server tool blocks too


def test_emitted_events_hold_slots_and_the_wire_call(spec: Spec) -> None:
    emit = _ir(spec, "openai_chat").emit
    (delta,) = emit.roles
    item = delta.first["choices"][0]["delta"]["tool_calls"][0]
    assert isinstance(item, WireOverlay)
    assert item.sets == ((("function", "arguments"), Slot.FRAGMENT), (("index",), Slot.KEY))
    assert item.drops == (("index",),)
    assert emit.finish_role.finish["choices"][0]["finish_reason"] is Slot.FINISH
    assert emit.slots == {Slot.FRAGMENT, Slot.KEY, Slot.FINISH}
    assert emit.key == ("index",) and emit.truncated_finish == "length"
    responses = _ir(spec, "openai_responses").emit
    assert [e.role for e in responses.roles] == [Role.START, Role.FRAGMENT, Role.STOP, Role.CALL]
    assert Slot.POSITION in responses.slots and responses.sequence == ("sequence_number",)


def test_python_names_are_identifiers_that_shadow_nothing() -> None:
    assert snake("contentBlockStart") == "content_block_start"
    assert snake("9lives") == "n_9lives" and snake("a-b") == "a_b"
    assert element("choices") == "choice" and element("entries") == "entry" and element("content") == "content_item"
    assert unique("type", "item", set()) == "item_type"  # type() is called by the checks
    assert unique("delta", "choice", {"delta"}) == "choice_delta"
    assert unique("delta", "choice", {"delta", "choice_delta"}) == "delta_2"
    assert event_literal({"a": [Slot.KEY, WireOverlay((), ())]}) == '{"a": [key, wire]}'


def test_generated_feed_names_its_locals(spec: Spec) -> None:
    context = stream_context(_ir(spec, "gemini"))
    assert context is not None
    walk = context.feed.scans[0].entries[0]  # then the error rule, at the event
    assert (walk.kind, walk.local, walk.element) == ("array", "candidates", "candidate")  # type: ignore[union-attr]
    assert stream_context(None) is None


def _with_stream(dialect: Dialect, change: Any) -> Dialect:
    mapping = copy.deepcopy(dialect.stream)
    change(mapping)
    return dataclasses.replace(dialect, stream=mapping)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # (rule 0 is the custom tool's delta, rule 1 the function's, rule 2 the finish)
        (lambda m: m["rules"][2].update(as_call=True), "rule 2: as_call is for start and delta rules"),
        (lambda m: m["rules"][2].pop("emit"), "no finish rule is marked for emission"),
        (lambda m: m["events"].append({"has": [""]}), "tells no dialect from another"),
        (lambda m: m["events"].append({"match": {"/x": "("}}), "events: /x: not a regular expression"),
        (lambda m: m["rules"].append({**m["rules"][2]}), "rule 4: a second finish rule marked for emission"),
        (lambda m: m["rules"][2].update(custom=True), "rule 2: a custom rule is an as_call rule"),
    ],
)
def test_a_mapping_that_cannot_be_generated_names_file_and_rule(spec: Spec, change: Any, message: str) -> None:
    dialect = _with_stream(spec.dialects["openai_chat"], change)
    with pytest.raises(StreamPlanError, match=re.escape("schemas/dialects/openai_chat/stream.json: ")) as caught:
        stream_ir(spec, dialect)
    assert message in str(caught.value)
