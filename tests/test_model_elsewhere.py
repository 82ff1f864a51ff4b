"""A request whose model is named outside its body (issue #23): Azure OpenAI's Chat
Completions carry the deployment in the URL and no `model`, a quirk openai_chat's `azure`
profile documents (profiles.json). Decoding (the source side) reads such a body with no
canonical model, in Python and TypeScript alike; writing into a dialect whose request requires
a model then raises RequiredValueError (exit 1 from `toolwire convert`, naming /model and
--model) unless model= names it. `toolwire validate` still reports it against OpenAI's schema,
which requires the model, unless asked for the profile. A dialect no profile documents so
(Anthropic, Mistral) still refuses a model-less body, as before."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from toolwire_dialects import DIALECTS, DecodeError, RequiredValueError, convert

from tests.test_typescript_json import run_node, ts_dist

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
USER = {"role": "user", "content": "hi"}
AZURE = {"messages": [USER], "max_tokens": 5}
# bodies of dialects whose model-less form no profile documents
REFUSED = {
    "anthropic_messages": {"messages": [USER], "max_tokens": 8},
    "mistral": {"messages": [USER]},
}


def test_an_azure_body_decodes_with_no_canonical_model() -> None:
    request = DIALECTS["openai_chat"].decode_request(json.loads(json.dumps(AZURE)))
    assert "model" not in request
    assert request["messages"] == [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]


@pytest.mark.parametrize("dialect", sorted(REFUSED))
def test_a_model_less_body_no_profile_documents_is_refused(dialect: str) -> None:
    with pytest.raises(DecodeError) as info:
        DIALECTS[dialect].decode_request(json.loads(json.dumps(REFUSED[dialect])))
    assert (info.value.pointer, info.value.message) == ("/model", "expected a string, got nothing")


def test_decoding_still_refuses_what_is_not_a_request() -> None:
    """Only the model is read as living elsewhere: a body without its messages is refused."""
    with pytest.raises(DecodeError) as info:
        DIALECTS["openai_chat"].decode_request({"max_tokens": 5})
    assert (info.value.pointer, info.value.message) == ("/messages", "expected an array, got nothing")


def test_writing_it_where_a_model_is_required_is_an_error_unless_model_is_given() -> None:
    with pytest.raises(RequiredValueError, match=r"anthropic_messages/request: /model: .*--model"):
        convert(dict(AZURE), source="openai_chat", target="anthropic_messages", shape="request")
    named = convert(dict(AZURE), source="openai_chat", target="anthropic_messages", shape="request", model="claude")
    assert named.value["model"] == "claude"
    # Gemini names its model in the URL too: nothing is missing
    gemini = convert(dict(AZURE), source="openai_chat", target="gemini", shape="request")
    assert "model" not in gemini.value and gemini.value["contents"][0]["parts"] == [{"text": "hi"}]


def test_toolwire_convert_exits_1_naming_the_model(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    path = tmp_path / "azure.json"
    path.write_text(json.dumps(AZURE), encoding="utf-8")
    args = ["convert", "--shape", "request", "--from", "openai_chat", str(path)]
    refused = cli_runner([*args, "--to", "anthropic_messages"])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "/model: the dialect requires a model and the request names none (pass model=, or --model)" in refused.stderr
    into_gemini = cli_runner([*args, "--to", "gemini"])
    assert into_gemini.exit_code == 0 and json.loads(into_gemini.stdout)["contents"], into_gemini.stderr
    named = cli_runner([*args, "--to", "anthropic_messages", "--model", "claude"])
    assert named.exit_code == 0 and json.loads(named.stdout)["model"] == "claude"


def _validate(cli_runner: Callable[..., Result], payload: Any, *args: str) -> tuple[int, dict[str, Any]]:
    result = cli_runner(
        ["validate", "--schemas", SCHEMAS, "--dialect", "openai_chat", "--format", "json", *args, "-"],
        input=json.dumps(payload),
    )
    (row,) = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, row


def test_validate_reports_it_unless_the_azure_profile_accepts_it(cli_runner: Callable[..., Result]) -> None:
    code, row = _validate(cli_runner, AZURE)
    assert code == 1 and row["status"] != "valid"
    assert "'model' is a required property" in json.dumps(row)
    code, row = _validate(cli_runner, AZURE, "--profile", "azure")
    assert (code, row["status"]) == (0, "valid")
    assert [(n["keyword"], n["pointer"]) for n in row["notes"]] == [("model_in_url", "")]
    # a body naming its model has no quirk; the profile accepts nothing else OpenAI refuses
    code, row = _validate(cli_runner, {"model": "gpt-4o", "messages": [USER]}, "--profile", "azure")
    assert (code, row["status"], row.get("notes", [])) == (0, "valid", [])
    code, row = _validate(cli_runner, {"messages": [USER], "temperature": "hot"}, "--profile", "azure")
    assert code == 1


_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  try {
    const request = pkg.DIALECTS[job.dialect].decodeRequest(job.body);
    const out = { request };
    try {
      pkg.convert(job.body, { source: job.dialect, target: "anthropic_messages", shape: "request" });
    } catch (exc) {
      out.error = [exc.name, exc.pointer];
    }
    console.log(JSON.stringify(out));
  } catch (exc) {
    console.log(JSON.stringify({ refused: [exc.name, exc.message] }));
  }
}
"""


def test_typescript_decodes_it_alike() -> None:
    jobs = [{"dialect": "openai_chat", "body": AZURE}]
    jobs += [{"dialect": d, "body": b} for d, b in sorted(REFUSED.items())]
    answers = run_node(_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers[0] == {
        "request": DIALECTS["openai_chat"].decode_request(AZURE),
        "error": ["RequiredValueError", "/model"],
    }
    for answer in answers[1:]:
        assert answer == {"refused": ["DecodeError", answer["refused"][1]]}
        assert "/model: expected a string, got nothing" in answer["refused"][1]
