"""Results as text (compiler-style), JSON lines or GitHub workflow annotations; the summary.

Results go to stdout, the summary and the drift report to stderr. File names, keys and values
come from the user's files, so every format escapes them: JSON by being JSON, GitHub by the
workflow-command escaping (a newline in a key must not start a `::warning` command), text and
every stderr line by writing control characters as escapes (no line breaks, no terminal codes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from toolwire.spec.text import escape_data, escape_property, escape_text
from toolwire.validation.backends import dumps
from toolwire.validation.engine import AMBIGUOUS, INVALID, UNDETECTED, UNREADABLE, VALID, Finding, Result
from toolwire.validation.suggest import Suggestions

FORMATS = ("text", "json", "github")
MAX_DRIFT_PATHS = 10_000  # distinct paths kept; free-form keys must not grow memory without end


class Reporter:
    """name_valid: text names what each valid payload was detected as (`path:line:
    dialect/shape: valid`); off when --dialect and --shape leave nothing to detect, so bulk
    checks of one schema keep their fast path."""

    def __init__(self, fmt: str = "text", *, quiet: bool = False, name_valid: bool = False) -> None:
        self.fmt = fmt
        self.quiet = quiet
        self.name_valid = name_valid

    @property
    def prints_valid(self) -> bool:
        """Whether a valid result prints anything (a JSON line each, or a text line naming it)."""
        return not self.quiet and (self.fmt == "json" or (self.fmt == "text" and self.name_valid))

    def render(self, result: Result) -> str:
        """The stdout text for one result ("" when there is nothing to print)."""
        if self.fmt == "json":
            if self.quiet and result.valid:
                return ""
            text = dumps(result.to_dict()).decode()
            if "\u2028" in text or "\u2029" in text:  # legal in JSON, but line breaks to splitlines()
                text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
            return text + "\n"
        notes = "" if self.quiet or not result.notes else self._notes(result)
        if result.status == AMBIGUOUS:
            return "" if self.quiet else notes + self._ambiguity(result)
        if not result.errors:
            if self.fmt == "text" and self.name_valid and not self.quiet and result.valid:
                return notes + escape_text(f"{result.path}:{result.line}: {result.label}: valid") + "\n"
            return notes
        if self.fmt == "github":
            return notes + "".join(self._github(result, f) for f in result.errors)
        label = result.label
        nearest = f"nearest {result.candidates[0]}" if result.status == UNDETECTED and result.candidates else None
        out = [notes]
        for i, f in enumerate(result.errors):
            where = nearest if nearest and i > 0 else label
            out.append(
                escape_text(f"{result.path}:{f.line}: {where}: {f.pointer or '/'}: {f.message} [{f.keyword}]") + "\n"
            )
        return "".join(out)

    def _notes(self, result: Result) -> str:
        """--profile: each documented quirk it accepted, a note, not an error."""
        if self.fmt == "github":
            title = escape_property(f"toolwire validate: {result.label}")
            return "".join(
                f"::notice file={escape_property(result.path)},line={f.line},title={title}::"
                f"{escape_data(f'{f.pointer or chr(47)}: {f.message} [{f.keyword}]')}\n"
                for f in result.notes
            )
        return "".join(
            escape_text(f"{result.path}:{f.line}: {result.label}: note: {f.pointer or '/'}: {f.message} [{f.keyword}]")
            + "\n"
            for f in result.notes
        )

    def _ambiguity(self, result: Result) -> str:
        """A note, not an error: the payload is valid against every candidate."""
        names = ", ".join(result.candidates)
        message = f"valid against {len(result.candidates)} schemas that describe it equally well: {names}; {_chooser(result.candidates)}"
        if self.fmt == "github":
            title = escape_property("toolwire validate: ambiguous")
            where = f"file={escape_property(result.path)},line={result.line},title={title}"
            return f"::notice {where}::{escape_data(message)} [ambiguous]\n"
        return escape_text(f"{result.path}:{result.line}: note: /: {message} [ambiguous]") + "\n"

    @staticmethod
    def _github(result: Result, f: Finding) -> str:
        title = escape_property(f"toolwire validate: {result.label}")
        message = escape_data(f"{f.pointer or '/'}: {f.message} [{f.keyword}]")
        return f"::error file={escape_property(result.path)},line={f.line},title={title}::{message}\n"


# C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional overrides that
# can make a line read differently from what it says.
@dataclass
class Tally:
    """Counts across a run; tallies from worker processes are merged into one."""

    statuses: Counter[str] = field(default_factory=Counter)
    drift: Counter[tuple[str, str]] = field(default_factory=Counter)  # (dialect/shape, path) -> occurrences
    drift_payloads: Counter[tuple[str, str]] = field(default_factory=Counter)  # -> payloads with it
    findings: int = 0
    suggestions: Suggestions = field(default_factory=Suggestions)  # --suggest

    def add(self, result: Result) -> None:
        self.statuses[result.status] += 1
        if not result.valid:
            self.findings += 1
        if result.drift:
            label = result.label
            for path in result.drift:
                self._count(self.drift, (label, path), 1)
            for path in set(result.drift):
                self._count(self.drift_payloads, (label, path), 1)
            if result.suggest:
                self.suggestions.add(result.suggest)
            if result.unplaced:
                self.suggestions.unplace(f"{label} {path}" for path in result.unplaced)

    @staticmethod
    def _count(counter: Counter[tuple[str, str]], key: tuple[str, str], n: int) -> None:
        if key in counter or len(counter) < MAX_DRIFT_PATHS:
            counter[key] += n

    def merge(self, other: Tally) -> None:
        self.statuses.update(other.statuses)
        self.findings += other.findings
        for key, n in other.drift.items():
            self._count(self.drift, key, n)
        for key, n in other.drift_payloads.items():
            self._count(self.drift_payloads, key, n)
        self.suggestions.merge(other.suggestions)

    @property
    def checked(self) -> int:
        return sum(self.statuses.values())

    def summary(self) -> str:
        s = self.statuses
        line = f"{s[VALID] + s[AMBIGUOUS]} valid, {s[INVALID] + s[UNREADABLE]} invalid, {s[UNDETECTED]} undetected"
        notes = []
        if s[UNREADABLE]:
            notes.append(f"{s[UNREADABLE]} unreadable")
        if s[AMBIGUOUS]:
            notes.append(f"{s[AMBIGUOUS]} of them ambiguous")
        return line + (f" ({', '.join(notes)})" if notes else "")

    def drift_report(self) -> list[str]:
        if not self.drift:
            return []
        lines = [
            f"{len(self.drift)} field path(s) not described by the schemas (a provider changed its wire shape? regenerate the schemas):"
        ]
        for (label, path), n in sorted(self.drift.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {label} {path}: {n} (in {self.drift_payloads[(label, path)]} payload(s))")
        if len(self.drift) >= MAX_DRIFT_PATHS:
            lines.append(f"  (only the first {MAX_DRIFT_PATHS} distinct paths are counted)")
        return lines


def _chooser(candidates: list[str] | tuple[str, ...]) -> str:
    """Which option tells the tied schemas apart: --dialect where they differ only in dialect
    (Gemini's and Gemini Interactions' error bodies), --shape where only in shape."""
    dialects = {label.split("/", 1)[0] for label in candidates}
    shapes = {label.split("/", 1)[-1] for label in candidates}
    if len(shapes) == 1:
        return "pass --dialect to choose"
    if len(dialects) == 1:
        return "pass --shape to choose"
    return "pass --dialect and --shape to choose"
