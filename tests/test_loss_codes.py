"""Stable loss codes (issue #24): every loss names a code from spec/loss_codes.py, the same in
Python and TypeScript; `allow=[codes]` / `--allow CODE` lets exactly those through; and
docs/losses.md is what the table renders."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from toolwire_dialects import LOSS_CODES, convert
from toolwire_dialects._errors import LossError
from toolwire_dialects.streams import STREAMS, convert_stream

from tests.test_typescript_json import run_node, ts_dist
from toolwire.cli.main import main
from toolwire.spec import loss_codes
from toolwire.tools.loss_codes_table import render

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ROOT / "generated"
CONVERSATIONAL = sorted(
    p.parent.name for p in (ROOT / "schemas" / "vectors").glob("*/conversation.json") if p.parent.name != "mcp"
)
# A code handed to a loss site: report(..., strict, "code", ...), lose("code", ...), a
# relay's loss("code", ...) and an IR Lose("code", ...) as the printers spell it.
SITE = re.compile(r"""(?:strict,\s*|\b_?lose\(\s*|\b_?loss\(\s*|#loss\(\s*)["']([a-z_]+\.[a-z_]+)["']""")


def _codes_in(folder: Path, suffix: str) -> set[str]:
    return {code for path in folder.rglob(f"*{suffix}") for code in SITE.findall(path.read_text(encoding="utf-8"))}


def test_docs_losses_is_what_the_table_renders() -> None:
    page = (ROOT / "docs" / "losses.md").read_text(encoding="utf-8")
    assert page == render(), "run: python -m toolwire.tools.loss_codes_table > docs/losses.md"


def test_the_generated_packages_carry_the_table() -> None:
    assert LOSS_CODES == loss_codes.LOSS_CODES
    ts = (GENERATED / "typescript" / "src" / "lossCodes.ts").read_text(encoding="utf-8")
    assert all(f'"{code}": ' in ts and f'| "{code}"' in ts for code in loss_codes.LOSS_CODES)


def test_every_code_a_converter_reports_is_registered_and_every_registered_code_is_used() -> None:
    python = _codes_in(GENERATED / "python" / "toolwire_dialects", ".py")
    typescript = _codes_in(GENERATED / "typescript" / "src", ".ts")
    assert python == typescript, f"only in Python: {python - typescript}; only in TypeScript: {typescript - python}"
    assert python <= set(loss_codes.LOSS_CODES), f"not registered: {sorted(python - set(loss_codes.LOSS_CODES))}"
    assert set(loss_codes.LOSS_CODES) <= python, f"registered, never reported: {set(loss_codes.LOSS_CODES) - python}"


def test_a_lowering_cannot_name_an_unregistered_code() -> None:
    from toolwire.ir.steps import Lose

    with pytest.raises(ValueError, match=r"not in spec/loss_codes\.py"):
        Lose("setting.lost", "/settings", "x")


# --- allow-lists, against every conversation vector and every relay vector --------------


def _conversation_jobs() -> list[dict[str, Any]]:
    """Each conversation vector into each other dialect, when it loses something."""
    jobs = []
    for source in CONVERSATIONAL:
        vectors = json.loads((ROOT / "schemas" / "vectors" / source / "conversation.json").read_text(encoding="utf-8"))
        for case in vectors["valid"]:
            shape = case["shape"]
            for target in CONVERSATIONAL:
                if target == source:
                    continue
                try:
                    losses = convert(case["wire"], source=source, target=target, shape=shape, model="m").losses
                except Exception:
                    continue
                if losses:
                    jobs.append(
                        {"kind": "convert", "source": source, "target": target, "shape": shape, "payload": case["wire"]}
                    )
    return jobs


def _relay_jobs() -> list[dict[str, Any]]:
    jobs = []
    for path in sorted((ROOT / "schemas" / "vectors").glob("*/relay.json")):
        vectors = json.loads(path.read_text(encoding="utf-8"))
        for case in vectors["cases"]:
            for target in STREAMS:
                if target != vectors["dialect"]:
                    jobs.append(
                        {"kind": "relay", "source": vectors["dialect"], "target": target, "payload": case["events"]}
                    )
    return jobs


def _python_outcome(job: dict[str, Any], allow: list[str] | None) -> Any:
    """The codes of what came through, or the LossError's code; any other error's type."""
    try:
        if job["kind"] == "convert":
            options = {"source": job["source"], "target": job["target"], "shape": job["shape"], "model": "m"}
            return ["ok", [loss.code for loss in convert(job["payload"], **options, allow=allow).losses]]
        relay = convert_stream(job["payload"], source=job["source"], target=job["target"], allow=allow)
        list(relay)
        return ["ok", [loss.code for loss in relay.losses]]
    except LossError as exc:
        return ["refused", exc.loss.code]
    except Exception as exc:
        return ["error", type(exc).__name__]


JOBS = _conversation_jobs() + _relay_jobs()


@pytest.fixture(scope="module")
def outcomes() -> list[dict[str, Any]]:
    """For each job: what it loses, and the same job with all but its first code allowed."""
    out = []
    for job in JOBS:
        everything = _python_outcome(job, None)
        if everything[0] != "ok" or not everything[1]:
            continue
        codes = everything[1]
        out.append({**job, "codes": codes, "allow": sorted(set(codes) - {codes[0]}), "all": sorted(set(codes))})
    assert len(out) > 100, "the vectors should give many conversions that lose something"
    return out


def test_allow_lets_exactly_the_listed_codes_through(outcomes: list[dict[str, Any]]) -> None:
    for job in outcomes:
        where = f"{job['kind']} {job['source']} -> {job['target']}"
        assert _python_outcome(job, job["all"]) == ["ok", job["codes"]], where
        assert _python_outcome(job, job["allow"]) == ["refused", job["codes"][0]], where
        assert _python_outcome(job, []) == ["refused", job["codes"][0]], where


_NODE = """
import { createInterface } from "node:readline";
const pkg = await import(process.argv[1]);
const streams = await import(process.argv[1].replace(/index\\.js$/, "streams/index.js"));
const run = (job, allow) => {
  try {
    if (job.kind === "convert") {
      const options = { source: job.source, target: job.target, shape: job.shape, model: "m", allow };
      return ["ok", pkg.convert(job.payload, options).losses.map((l) => l.code)];
    }
    const relay = streams.convertStream(job.payload, { source: job.source, target: job.target, allow });
    for (const _event of relay);
    return ["ok", relay.losses.map((l) => l.code)];
  } catch (exc) {
    if (exc instanceof pkg.LossError) return ["refused", exc.loss.code];
    return ["error", exc.constructor.name];
  }
};
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  console.log(JSON.stringify([run(job, null), run(job, job.all), run(job, job.allow), run(job, [])]));
}
"""


def test_typescript_reports_the_same_codes_and_allows_the_same(outcomes: list[dict[str, Any]]) -> None:
    answers = run_node(_NODE, outcomes, str(ts_dist() / "index.js"))
    for job, answer in zip(outcomes, answers, strict=True):
        refused = ["refused", job["codes"][0]]
        assert answer == [["ok", job["codes"]], ["ok", job["codes"]], refused, refused], (
            f"{job['kind']} {job['source']} -> {job['target']}"
        )


@pytest.mark.parametrize(
    "allow, strict, error, message",
    [
        (["setting.droped"], False, ValueError, "unknown loss code 'setting.droped'"),
        (["setting.dropped"], True, ValueError, "exclude each other"),
        ("setting.dropped", False, TypeError, "not one string"),
    ],
)
def test_a_bad_allow_list_is_refused_before_converting(allow: Any, strict: bool, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        convert(
            {"model": "m", "messages": []},
            source="openai_chat",
            target="anthropic_messages",
            shape="request",
            allow=allow,
            strict=strict,
        )
    with pytest.raises(error, match=message):
        convert_stream([], source="openai_chat", target="anthropic_messages", allow=allow, strict=strict)


def test_typescript_refuses_a_bad_allow_list_alike() -> None:
    script = """
    import { createInterface } from "node:readline";
    const pkg = await import(process.argv[1]);
    const request = { model: "m", messages: [] };
    for await (const line of createInterface({ input: process.stdin })) {
      const [allow, strict] = JSON.parse(line);
      try {
        pkg.convert(request, { source: "openai_chat", target: "anthropic_messages", shape: "request", allow, strict });
        console.log(JSON.stringify(null));
      } catch (exc) {
        console.log(JSON.stringify([exc.constructor.name, exc.message]));
      }
    }
    """
    tries = [[["setting.droped"], False], [["setting.dropped"], True], ["setting.dropped", False]]
    got = run_node(script, tries, str(ts_dist() / "index.js"))
    assert [name for name, _message in got] == ["ValueError", "ValueError", "TypeError"]
    assert "unknown loss code 'setting.droped'" in got[0][1] and "exclude each other" in got[1][1]


# --- the command line --------------------------------------------------------------------

REQUEST = {"model": "gpt-4o", "seed": 3, "temperature": 1.5, "messages": [{"role": "user", "content": "x"}]}
CONVERT = ["convert", "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "request", "-"]


@pytest.mark.parametrize(
    "allowed, status",
    [
        ((), 0),  # lenient: every loss reported, exit 0
        (("setting.dropped", "setting.defaulted", "setting.clamped"), 0),
        (("setting.dropped", "setting.defaulted"), 1),  # the clamp is not allowed
    ],
)
def test_cli_allow(allowed: tuple[str, ...], status: int) -> None:
    args = [a for code in allowed for a in ("--allow", code)]
    result = CliRunner().invoke(main, [*CONVERT[:-1], *args, "-"], input=json.dumps(REQUEST))
    assert result.exit_code == status, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("loss: ")]
    assert all(re.search(r" \[[a-z_]+\.[a-z_]+\]$", line) for line in lines), lines
    if status:
        assert lines[-1].endswith("[setting.clamped]") and not result.stdout


def test_cli_refuses_an_unknown_code_and_strict_with_allow() -> None:
    unknown = CliRunner().invoke(main, [*CONVERT[:-1], "--allow", "nope", "-"], input=json.dumps(REQUEST))
    assert unknown.exit_code == 2 and "unknown loss code 'nope'" in unknown.stderr
    both = CliRunner().invoke(main, [*CONVERT[:-1], "--strict", "--allow", "id.minted", "-"], input=json.dumps(REQUEST))
    assert both.exit_code == 2 and "exclude each other" in both.stderr
