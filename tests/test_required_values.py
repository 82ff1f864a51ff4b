"""A value the target's request requires that nothing supplies is an error, not a loss beside
an invalid request (issue #23 point 3): converting into a dialect whose request schema requires
the model, from a source that names it in the URL (Gemini, Bedrock) and without `model=`,
raises RequiredValueError naming the pointer, in Python and TypeScript alike."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import ConversionError, RequiredValueError, convert

from toolwire.ir.conversation import conversation_ir, required_keys
from toolwire.spec.loader import load_spec

SPEC = load_spec(Path(__file__).resolve().parents[1] / "schemas")
LAYOUTS = {name: ir.request for name, d in SPEC.dialects.items() if (ir := conversation_ir(d)) is not None}
NEEDS_MODEL = sorted(name for name, layout in LAYOUTS.items() if layout.model_required)
GEMINI = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}


def test_some_dialects_require_the_model() -> None:
    assert {"cohere_v2", "ollama"} <= set(NEEDS_MODEL)


def test_a_model_required_through_the_root_any_of_is_required() -> None:
    """Responses names its model in a root anyOf ({model, input}, {prompt}, {model,
    previous_response_id}), not in `required`: a conversion cannot write a saved prompt, so
    every alternative it can meet requires the model (from Gemini and Bedrock, which name it
    in the URL, the request would otherwise go out with neither)."""
    schema = SPEC.dialects["openai_responses"].envelopes["request"]
    assert "model" not in schema.get("required", []) and "anyOf" in schema
    assert "openai_responses" in NEEDS_MODEL
    bedrock = {"messages": [{"role": "user", "content": [{"text": "hi"}]}]}
    with pytest.raises(RequiredValueError, match=r"openai_responses/request: /model: .*\(pass model=, or --model\)"):
        convert(bedrock, source="bedrock_converse", target="openai_responses", shape="request")


@pytest.mark.parametrize(
    ("schema", "written", "required"),
    [
        # a key every alternative requires is required; one only some require is not
        ({"anyOf": [{"required": ["a", "b"]}, {"required": ["a", "c"]}]}, {"a", "b", "c"}, {"a"}),
        ({"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}, {"a", "b"}, set()),
        # an alternative needing a key the writer never writes does not stand in for the others
        (
            {"anyOf": [{"required": ["model", "input"]}, {"required": ["prompt"]}]},
            {"model", "input"},
            {"model", "input"},
        ),
        ({"required": ["x"], "oneOf": [{"required": ["y"]}, {"required": ["z"]}]}, {"x", "y"}, {"x", "y"}),
        # none the writer can meet: the root's own required only
        ({"required": ["x"], "anyOf": [{"required": ["prompt"]}]}, {"x"}, {"x"}),
    ],
)
def test_required_keys_from_the_root_alternatives(
    schema: dict[str, Any], written: set[str], required: set[str]
) -> None:
    assert required_keys(schema, written) == required


@pytest.mark.parametrize("target", NEEDS_MODEL)
def test_a_required_model_nothing_supplies_is_an_error(target: str) -> None:
    model = LAYOUTS[target].model
    assert model is not None
    pointer = "/" + "/".join(model)
    with pytest.raises(RequiredValueError) as caught:
        convert(copy.deepcopy(GEMINI), source="gemini", target=target, shape="request")
    assert isinstance(caught.value, ConversionError)
    assert caught.value.pointer == pointer
    assert str(caught.value) == (
        f"{target}/request: {pointer}: the dialect requires a model and the request names none"
        " (pass model=, or --model)"
    )
    named = convert(copy.deepcopy(GEMINI), source="gemini", target=target, shape="request", model="m")
    assert named.value[model[0]] == "m"
    assert not [loss for loss in named.losses if loss.pointer == "/model"]


_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  try {
    pkg.convert(job.wire, job.options);
    console.log(JSON.stringify(["converted"]));
  } catch (exc) {
    const required = exc instanceof pkg.RequiredValueError && exc instanceof pkg.ConversionError;
    console.log(JSON.stringify([exc.name, required, exc.pointer, exc.message]));
  }
}
"""


def test_typescript_raises_the_same_error() -> None:
    from tests.test_typescript_json import run_node, ts_dist

    jobs: list[dict[str, Any]] = []
    expected: list[Any] = []
    for target in NEEDS_MODEL:
        jobs.append({"wire": GEMINI, "options": {"source": "gemini", "target": target, "shape": "request"}})
        with pytest.raises(RequiredValueError) as caught:
            convert(copy.deepcopy(GEMINI), source="gemini", target=target, shape="request")
        expected.append(["RequiredValueError", True, caught.value.pointer, str(caught.value)])
    assert run_node(_DRIVER, jobs, (ts_dist() / "index.js").as_uri()) == expected
