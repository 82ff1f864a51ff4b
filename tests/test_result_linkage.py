"""Id-less results (Gemini, Ollama) are linked by id whenever one was sent, and a link made by
position is reported as a note, never made silently (issue 10 item 5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolwire_dialects import DIALECTS, IdMap, Note

GEMINI = DIALECTS["gemini"]
OLLAMA = DIALECTS["ollama"]


def _gemini_call(city: str, call_id: str | None = None) -> dict[str, Any]:
    call: dict[str, Any] = {"name": "get_weather", "args": {"city": city}}
    if call_id:
        call["id"] = call_id
    return {"functionCall": call}


def _gemini_result(city: str, call_id: str | None = None, name: str = "get_weather") -> dict[str, Any]:
    result: dict[str, Any] = {"name": name, "response": {"output": city}}
    if call_id:
        result["id"] = call_id
    return {"functionResponse": result}


def _gemini_request(calls: list[Any], results: list[Any]) -> dict[str, Any]:
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "Weather in Paris and Rome?"}]},
            {"role": "model", "parts": calls},
            {"role": "user", "parts": results},
        ]
    }


def test_gemini_results_linked_by_position_are_noted_every_one() -> None:
    request = _gemini_request(
        [_gemini_call("Paris"), _gemini_call("Rome")], [_gemini_result("Rome"), _gemini_result("Paris")]
    )
    parts = GEMINI.extract(request)
    ids = [call["id"] for call in parts["tool_calls"]]
    assert [r["call_id"] for r in parts["tool_results"]] == ids  # by position: all the wire allows
    assert [note.pointer for note in parts["notes"]] == ["/tool_results/0/call_id", "/tool_results/1/call_id"]
    assert all(isinstance(note, Note) and note.dialect == "gemini" for note in parts["notes"])
    assert "linked by position" in parts["notes"][0].what and "/contents/2/parts/0" in parts["notes"][0].what
    assert str(parts["notes"][0]).startswith("note: /tool_results/0/call_id: gemini result at ")


def test_ollama_results_linked_by_position_are_noted() -> None:
    call = {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}
    request = {
        "model": "llama3.2",
        "messages": [
            {"role": "user", "content": "Weather?"},
            {"role": "assistant", "content": "", "tool_calls": [call, call]},
            {"role": "tool", "tool_name": "get_weather", "content": "rain"},
            {"role": "tool", "tool_name": "get_weather", "content": "sun"},
        ],
    }
    parts = OLLAMA.extract(request)
    assert len(parts["notes"]) == 2 and {n.dialect for n in parts["notes"]} == {"ollama"}


def test_results_of_different_tools_or_with_ids_need_no_note() -> None:
    by_name = _gemini_request(
        [_gemini_call("Paris"), {"functionCall": {"name": "get_time", "args": {}}}],
        [_gemini_result("12:00", name="get_time"), _gemini_result("Paris")],
    )
    parts = GEMINI.extract(by_name)
    assert [r["call_id"] for r in parts["tool_results"]] == [parts["tool_calls"][1]["id"], parts["tool_calls"][0]["id"]]
    assert parts["notes"] == []
    by_id = _gemini_request(
        [_gemini_call("Paris", "fc_paris"), _gemini_call("Rome", "fc_rome")],
        [_gemini_result("Rome", "fc_rome"), _gemini_result("Paris", "fc_paris")],
    )
    parts = GEMINI.extract(by_id)
    assert [r["call_id"] for r in parts["tool_results"]] == ["fc_rome", "fc_paris"]
    assert parts["notes"] == []


def test_a_result_with_an_id_answers_its_call_before_id_less_ones_are_linked() -> None:
    """The first result names the first call; the id-less second must go to the second call,
    not to the first one again (it was linked by position to the oldest unanswered)."""
    request = _gemini_request(
        [_gemini_call("Paris", "fc_paris"), _gemini_call("Rome", "fc_rome")],
        [_gemini_result("Paris", "fc_paris"), _gemini_result("Rome")],
    )
    parts = GEMINI.extract(request)
    assert [r["call_id"] for r in parts["tool_results"]] == ["fc_paris", "fc_rome"]
    assert parts["notes"] == []  # one call was left: linked by name


def test_minted_ids_that_were_sent_link_results_returning_in_another_order() -> None:
    """Gemini's calls came without ids: the map minted them, the client answered by those ids in
    reverse order; encoded back for Gemini the results carry them, and decoding links by id."""
    id_map = IdMap()
    response = {"candidates": [{"content": {"role": "model", "parts": [_gemini_call("Paris"), _gemini_call("Rome")]}}]}
    calls = GEMINI.extract(response, id_map=id_map)["tool_calls"]
    chat = DIALECTS["openai_chat"]
    client_results = [
        {"role": "tool", "tool_call_id": calls[1]["id"], "content": "sun"},
        {"role": "tool", "tool_call_id": calls[0]["id"], "content": "rain"},
    ]
    results = [chat.decode_tool_result(r, id_map=id_map) for r in client_results]
    wire_calls = [GEMINI.encode_tool_call(c, id_map=id_map).value for c in calls]
    wire_results = [GEMINI.encode_tool_result(r, id_map=id_map).value for r in results]
    assert [w["functionResponse"]["id"] for w in wire_results] == [calls[1]["id"], calls[0]["id"]]
    parts = GEMINI.extract(_gemini_request(wire_calls, wire_results), id_map=id_map)
    assert [r["call_id"] for r in parts["tool_results"]] == [calls[1]["id"], calls[0]["id"]]
    assert parts["notes"] == []


def test_the_cli_prints_notes_on_stderr(tmp_path: Path, cli_runner: Any) -> None:
    request = _gemini_request(
        [_gemini_call("Paris"), _gemini_call("Rome")], [_gemini_result("Rome"), _gemini_result("Paris")]
    )
    path = tmp_path / "history.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    result = cli_runner(["extract", "--dialect", "gemini", str(path)])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("note: /tool_results/") for line in lines), lines
    assert "notes" not in json.loads(result.stdout)
