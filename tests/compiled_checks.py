"""What the differential tests of compiled conversation code share: building a request
around a value at a path, and checking that the TypeScript package decodes whole requests
as Python does (one node process for all of them)."""

from __future__ import annotations

import json
from typing import Any

from toolwire_dialects import DIALECTS
from toolwire_dialects._errors import DecodeError

from tests.test_typescript_json import run_node, ts_dist

_DECODE_REQUESTS = """
import { createInterface } from "node:readline";
const pkg = await import(process.argv[1]);
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  try {
    console.log(JSON.stringify(pkg.getDialect(job.dialect).decodeRequest(job.request)));
  } catch (exc) {
    const name = exc && exc.constructor ? exc.constructor.name : "";
    if (name === "DecodeError") console.log(JSON.stringify(["error", exc.pointer, exc.detail]));
    else throw exc;
  }
}
"""


def put_path(root: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    """value at path in root; a non-object on the way is replaced by an object."""
    node = root
    for token in path[:-1]:
        node = node.setdefault(token, {}) if type(node.get(token)) is dict or token not in node else {}
    node[path[-1]] = value


def _python_decoding(dialect: str, request: dict[str, Any]) -> Any:
    try:
        return DIALECTS[dialect].decode_request(json.loads(json.dumps(request)))
    except DecodeError as exc:
        return ["error", exc.pointer, exc.message]


def assert_typescript_decodes_as_python(jobs: list[dict[str, Any]]) -> None:
    """Each job ({"dialect", "request"}) decodes in TypeScript to what Python gives: the same
    canonical request, or the same error pointer and message."""
    expected = json.loads(json.dumps([_python_decoding(job["dialect"], job["request"]) for job in jobs]))
    answers = run_node(_DECODE_REQUESTS, jobs, (ts_dist() / "index.js").as_uri())
    for job, got, want in zip(jobs, answers, expected, strict=True):
        assert got == want, job
