"""`--record DIR`: each exchange captured as JSON lines that `toolwire validate DIR` reads as
they are. Payloads (the request as received, as sent upstream, the response or each stream
event as received and as sent) go one per line to `capture-<pid>-<n>.jsonl`; what ties them
together (exchange id, route, which lines are which stage, status, losses, the allowed headers)
goes to the `.exchanges.log` beside it, one JSON line per exchange, with what is no payload of
a dialect (error answers, text that is not JSON) under `aside`. Both rotate together
once the payload file passes the size limit. Secrets are redacted: credential headers are
never written, and any key the exchange carried is replaced wherever it appears."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO

from toolwire.serve.wire import SECRET_HEADERS

REDACTED = "[redacted]"
STAGES = ("client_request", "upstream_request", "upstream_response", "client_response")
MIN_SECRET = 8  # shorter values are too likely to be ordinary text to scrub


class Capture:
    """One exchange's payloads, held until the exchange ends (a partial one included); with
    keep=False (no --record) nothing is held: a long stream would else keep every event it
    relayed in memory until its end."""

    def __init__(self, meta: dict[str, Any], keep: bool = True) -> None:
        self.meta, self.keep = meta, keep
        self.stages: dict[str, list[Any]] = {stage: [] for stage in STAGES}
        self.secrets: set[str] = set()
        # stage -> what is no payload of a dialect: error answers, text that is not JSON. Kept in
        # the index, not the payload file, so `toolwire validate` reads that file as it is.
        self.aside: dict[str, Any] = {}

    def add(self, stage: str, payload: Any) -> None:
        if self.keep:
            self.stages[stage].append(payload)

    def put_aside(self, stage: str, value: Any) -> None:
        if self.keep:
            self.aside[stage] = value[:2000] if isinstance(value, str) else value


def safe_headers(headers: Any) -> dict[str, str]:
    """Headers fit for a log or a capture: credentials shown as redacted."""
    return {k: (REDACTED if k.lower() in SECRET_HEADERS else v) for k, v in headers.items()}


class Recorder:
    """Writes captures into a folder, rotating by size."""

    def __init__(self, folder: Path, max_bytes: int) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.max_bytes = max_bytes
        self._number = 0
        self._payloads: TextIO | None = None
        self._index: TextIO | None = None
        self._line = 0

    def _open(self) -> tuple[TextIO, TextIO]:
        if self._payloads is None or self._index is None or self._payloads.tell() >= self.max_bytes:
            self.close()
            self._number += 1
            stem = self.folder / f"capture-{os.getpid()}-{self._number:04d}"
            self._payloads = open(stem.with_suffix(".jsonl"), "a", encoding="utf-8")  # noqa: SIM115 - kept open
            self._index = open(stem.with_suffix(".exchanges.log"), "a", encoding="utf-8")  # noqa: SIM115
            # a file left by an earlier run with the same pid is appended to: count its lines
            with open(stem.with_suffix(".jsonl"), encoding="utf-8") as existing:
                self._line = sum(1 for _ in existing)
        return self._payloads, self._index

    def write(self, capture: Capture) -> None:
        """The exchange's payload lines, then its index line naming them."""
        payloads, index = self._open()
        lines: dict[str, list[int]] = {}
        for stage, items in capture.stages.items():
            for item in items:
                payloads.write(
                    _scrub(json.dumps(item, ensure_ascii=False, separators=(",", ":")), capture.secrets) + "\n"
                )
                self._line += 1
                lines.setdefault(stage, [self._line, 0])[1] += 1
        entry = {
            **capture.meta,
            "file": Path(payloads.name).name,
            "lines": {stage: {"first": first, "count": count} for stage, (first, count) in lines.items()},
        }
        if capture.aside:
            entry["aside"] = capture.aside
        index.write(_scrub(json.dumps(entry, ensure_ascii=False, separators=(",", ":")), capture.secrets) + "\n")
        payloads.flush()
        index.flush()

    def close(self) -> None:
        for handle in (self._payloads, self._index):
            if handle is not None:
                handle.close()
        self._payloads = self._index = None


def _scrub(text: str, secrets: set[str]) -> str:
    for secret in secrets:
        if len(secret) >= MIN_SECRET:
            text = text.replace(secret, REDACTED).replace(json.dumps(secret)[1:-1], REDACTED)
    return text
