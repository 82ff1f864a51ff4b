"""Error bodies (docs/errors.md): which dialect's `error` shape `toolwire validate` reads a body
as, and the kind a Google error's HTTP status gives when its status name is one the table does
not list (the `from_status` term: data in the dialect's error table), in Python and TypeScript."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from toolwire_dialects import convert, decoder, encoder

from toolwire.ir.shapes import compile_object
from toolwire.validation.detect import RootNames

# -- detection: a body is the dialect's whose error shape describes it ------------------------


def _validate(cli_runner: Callable[..., Result], tmp_path: Path, body: Any, *args: str) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "body.json"  # a document by itself: never read as a stream's line
    path.write_text(json.dumps(body), encoding="utf-8")
    result = cli_runner(["validate", "--format", "json", *args, path])
    (row,) = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, row


@pytest.mark.parametrize(
    ("body", "label"),
    [
        ({"message": "invalid api token"}, "cohere_v2/error"),  # Cohere's documented body, exactly
        ({"id": "e1", "message": "invalid api token"}, "cohere_v2/error"),
        ({"object": "error", "message": "x", "type": "invalid_request_error"}, "mistral/error"),
        ({"__type": "ThrottlingException", "message": "x"}, "bedrock_converse/error"),
        ({"code": -32602, "message": "x"}, "mcp/error"),
        ({"type": "error", "error": {"type": "rate_limit_error", "message": "x"}}, "anthropic_messages/error"),
    ],
)
def test_each_error_body_is_its_dialects(
    cli_runner: Callable[..., Result], tmp_path: Path, body: Any, label: str
) -> None:
    code, row = _validate(cli_runner, tmp_path, body)
    assert (code, row["status"], f"{row['dialect']}/{row['shape']}") == (0, "valid", label), row


@pytest.mark.parametrize(
    "body",
    [
        {"message": "Not Found", "status": 404},
        {"message": "x", "error_code": "quota", "request_id": "r1"},
    ],
)
def test_a_body_with_a_message_and_fields_cohere_does_not_send_is_not_cohere(
    cli_runner: Callable[..., Result], tmp_path: Path, body: Any
) -> None:
    # Cohere's schema is open to unknown fields; it names only message (and id), which every
    # error body has: such a body is undetected, the fields Cohere's body lacks named.
    code, row = _validate(cli_runner, tmp_path, body)
    assert code == 1 and row["status"] == "undetected", row
    assert row["candidates"][0] == "cohere_v2/error"
    extra = sorted(f"/{key}" for key in body if key != "message")
    assert sorted(e["pointer"] for e in row["errors"] if e["keyword"] == "drift") == extra, row["errors"]
    assert all("open to unknown fields" in e["message"] for e in row["errors"] if e["keyword"] == "drift")


def test_a_body_near_a_more_specific_dialect_is_blamed_on_it(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    # Mistral's body without its object: "error": Mistral's, broken, not Cohere's.
    code, row = _validate(cli_runner, tmp_path, {"message": "x", "type": "invalid_request_error", "code": "c"})
    assert (code, row["status"], row["dialect"], row["shape"]) == (1, "invalid", "mistral", "error"), row
    assert [(e["pointer"], e["keyword"]) for e in row["errors"]] == [("", "required")]


def test_a_google_error_is_both_gemini_dialects_body(cli_runner: Callable[..., Result], tmp_path: Path) -> None:
    body = {"error": {"code": 429, "message": "Resource exhausted.", "status": "RESOURCE_EXHAUSTED"}}
    code, row = _validate(cli_runner, tmp_path, body)
    assert (code, row["status"], row["shape"], row["dialect"]) == (0, "ambiguous", "error", None), row
    assert row["candidates"] == ["gemini/error", "gemini_interactions/error"]
    for dialect in ("gemini", "gemini_interactions"):
        code, row = _validate(cli_runner, tmp_path, body, "--dialect", dialect)
        assert (code, row["status"], row["dialect"]) == (0, "valid", dialect), row


def test_a_schema_that_names_no_more_root_keys_than_it_leaves_is_no_description() -> None:
    names = RootNames(frozenset({"message", "id"}), patterns=False, rest=False)
    assert names.describes_most({"message"}) and names.describes_most({"message", "id", "x"})
    assert not names.describes_most({"message", "status"}) and not names.describes_most(set())
    assert RootNames(frozenset(), patterns=True, rest=False).describes_most({"a", "b"})


# -- the kind of a Google error by its HTTP status -------------------------------------------

GOOGLE = ("gemini", "gemini_interactions")
BY_STATUS = [  # (code, an unlisted status name, the category, Anthropic's type for it)
    (400, "FAILED_PRECONDITION", "invalid_request", "invalid_request_error"),
    (401, "UNAUTHENTICATED_KEY", "authentication", "authentication_error"),
    (403, "QUOTA_DENIED", "permission", "permission_error"),
    (404, "MODEL_GONE", "not_found", "not_found_error"),
    (429, "QUOTA_EXCEEDED", "rate_limit", "rate_limit_error"),
    (500, "DATA_LOSS", "server", "api_error"),
    (503, "MODEL_BUSY", "overloaded", "overloaded_error"),
    (504, "SLOW", "timeout", "timeout_error"),
]


def _body(code: int | None, status: str) -> dict[str, Any]:
    error: dict[str, Any] = {"message": "m", "status": status}
    if code is not None:
        error["code"] = code
    return {"error": error}


@pytest.mark.parametrize("dialect", GOOGLE)
@pytest.mark.parametrize(("code", "status", "category", "anthropic"), BY_STATUS)
def test_an_unlisted_status_name_is_read_by_its_code(
    dialect: str, code: int, status: str, category: str, anthropic: str
) -> None:
    body = _body(code, status)
    canonical = decoder(dialect, "error")(copy.deepcopy(body))
    assert canonical["category"] == category and canonical["status"] == code
    assert canonical["extensions"][dialect]["fields"] == {"/error/status": status}  # still kept whole
    same = convert(copy.deepcopy(body), source=dialect, target=dialect, shape="error")
    assert (same.value, same.losses) == (body, [])  # the round trip is exact
    other = convert(copy.deepcopy(body), source=dialect, target="anthropic_messages", shape="error")
    assert other.value["error"]["type"] == anthropic
    assert [loss.code for loss in other.losses] == ["extension.field_dropped"]  # the name; no category loss


@pytest.mark.parametrize("dialect", GOOGLE)
@pytest.mark.parametrize("body", [_body(409, "ABORTED"), _body(None, "ABORTED")], ids=["409", "no code"])
def test_a_code_the_table_does_not_list_gives_no_kind(dialect: str, body: Any) -> None:
    canonical = decoder(dialect, "error")(copy.deepcopy(body))
    assert "category" not in canonical
    other = convert(copy.deepcopy(body), source=dialect, target="anthropic_messages", shape="error")
    assert other.value["error"]["type"] == "api_error"
    assert "error.category_dropped" in [loss.code for loss in other.losses]


def test_a_listed_name_wins_over_the_code() -> None:
    canonical = decoder("gemini", "error")(_body(500, "RESOURCE_EXHAUSTED"))
    assert canonical["category"] == "rate_limit" and "extensions" not in canonical


def test_a_category_changed_after_decode_is_written_from_the_table() -> None:
    canonical = decoder("gemini", "error")(_body(429, "QUOTA_EXCEEDED"))
    encoded = encoder("gemini", "error")({**canonical, "category": "overloaded"})
    assert encoded.value["error"]["status"] == "UNAVAILABLE"  # not the name kept for rate_limit
    assert [loss.code for loss in encoded.losses] == ["extension.field_moved"]


ENCODE_DRIVER = r"""
import { createInterface } from "node:readline";
const pkg = await import(process.argv[process.argv.length - 1]);
for await (const text of createInterface({ input: process.stdin })) {
  const job = JSON.parse(text);
  const got = pkg.encoder(job.dialect, "error")(job.canonical);
  console.log(JSON.stringify([got.value, got.losses.map((l) => [l.code, l.pointer, l.target, l.what])]));
}
"""


def test_typescript_reads_the_kind_by_the_code_alike() -> None:
    from tests.test_typescript_json import CONVERT_DRIVER, js_view, run_node, ts_dist

    jobs, expected = [], []
    for dialect in GOOGLE:
        for code, status, *_ in BY_STATUS:
            for target in (dialect, "anthropic_messages", "bedrock_converse", "openai_chat"):
                body = _body(code, status)
                result = convert(copy.deepcopy(body), source=dialect, target=target, shape="error")
                jobs.append({"wire": body, "options": {"source": dialect, "target": target, "shape": "error"}})
                expected.append([result.value, [list(loss) for loss in result.losses]])
    answers = run_node(CONVERT_DRIVER, jobs, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(expected)))
    # the encoder alone: the kept name while the category is the code's, the table's after a change
    encodes, encoded = [], []
    for dialect in GOOGLE:
        canonical = decoder(dialect, "error")(_body(429, "QUOTA_EXCEEDED"))
        for category in ("rate_limit", "overloaded", None):
            changed = {k: v for k, v in {**canonical, "category": category}.items() if v is not None}
            result = encoder(dialect, "error")(copy.deepcopy(changed))
            encodes.append({"dialect": dialect, "canonical": changed})
            encoded.append([result.value, [list(loss) for loss in result.losses]])
    answers = run_node(ENCODE_DRIVER, encodes, (ts_dist() / "index.js").as_uri())
    assert answers == js_view(json.loads(json.dumps(encoded)))


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        (
            {
                "category": {
                    "pointer": "/s",
                    "otherwise": "B",
                    "values": [["server", "B"]],
                    "from_status": [["server", 500]],
                }
            },
            "a status field listed before it",
        ),
        (
            {
                "status": {"pointer": "/c"},
                "category": {"pointer": "/s", "values": [["server", "B"]], "from_status": [["server", 500]]},
            },
            "needs otherwise",
        ),
        (
            {
                "status": {"pointer": "/c"},
                "category": {
                    "pointer": "/s",
                    "otherwise": "B",
                    "values": [["server", "B"], ["overloaded", "U"]],
                    "from_status": [["server", 500], ["overloaded", 500]],
                },
            },
            "two values",
        ),
    ],
    ids=["no status before", "no otherwise", "a status twice"],
)
def test_from_status_is_refused_where_decode_could_not_use_it(fields: dict[str, Any], says: str) -> None:
    with pytest.raises(ValueError, match="from_status") as caught:
        compile_object({}, fields, {})
    assert says in str(caught.value) and "/s" in str(caught.value)
