"""Run units of work in this process or across worker processes (`--jobs`), in input order.

Workers render their own output and return it with their tally, so only text and counters cross
process boundaries. Output is the same for any --jobs: each record is checked on its own, and
units are printed in order.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, TextIO

from toolwire.spec.overlay import load_layered
from toolwire.validation.engine import AMBIGUOUS, VALID, Engine, Options, Result
from toolwire.validation.inputs import STDIN, ReadProblem, Record, Unit
from toolwire.validation.progress import Progress
from toolwire.validation.reader import Reader
from toolwire.validation.report import Reporter, Tally

FLUSH_EVERY = 256  # results rendered between writes: few syscalls, bounded memory


@dataclass(frozen=True)
class RunConfig:
    schemas: str
    options: Options
    fmt: str = "text"
    quiet: bool = False
    fail_fast: bool = False
    overlays: tuple[str, ...] = ()  # folders laid over schemas


@dataclass
class Outcome:
    tally: Tally = field(default_factory=Tally)
    problems: list[str] = field(default_factory=list)  # unreadable inputs (exit 2)
    stopped: bool = False  # --fail-fast hit a finding
    text: str = ""  # rendered output, from worker processes only


def run_unit(
    unit: Unit,
    engine: Engine,
    reporter: Reporter,
    write: Callable[[str], object],
    *,
    fail_fast: bool = False,
    stdin: BinaryIO | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Outcome:
    outcome = Outcome()
    tally = outcome.tally
    options = engine.options
    tick = None
    if progress is not None:

        def tick() -> None:
            progress(reader.pos, count + reader.accepted)

    reader = Reader(
        unit,
        max_bytes=options.max_record_bytes,
        split_arrays=options.shape is not None,
        stdin=stdin,
        # Payloads that print nothing when valid can be counted without a Result.
        accept=None if reporter.prints_valid else engine.acceptor(),
        tick=tick,
    )
    check, render, add = engine.check, reporter.render, tally.add
    pending: list[str] = []
    count = 0
    settle = Settler()
    try:
        for count, record in enumerate(reader, 1):  # tick() reads count too
            result = settle(record, check(record))
            add(result)
            text = render(result)
            if text:
                pending.append(text)
                if len(pending) >= FLUSH_EVERY:
                    write("".join(pending))
                    pending.clear()
            if fail_fast and not result.valid:
                outcome.stopped = True
                break
            if progress is not None and not count & 255:
                progress(reader.pos, count + reader.accepted)
    except ReadProblem as exc:
        outcome.problems.append(str(exc))
    finally:
        if pending:
            write("".join(pending))
        tally.statuses[VALID] += reader.accepted
    return outcome


class Settler:
    """An ambiguous line of a stream whose earlier lines were detected as one of its candidates
    is that candidate: a stream does not change dialect halfway (a bare error event is the same
    shape in OpenAI Chat and Mistral). One per input."""

    def __init__(self) -> None:
        self.label: str | None = None  # what the input's lines were last detected as

    def __call__(self, record: Record, result: Result) -> Result:
        if record.doc is not None:  # a whole document: nothing before it in its input
            return result
        if result.status == VALID and result.dialect and result.shape:
            self.label = f"{result.dialect}/{result.shape}"
        elif result.status == AMBIGUOUS and self.label is not None and self.label in result.candidates:
            dialect, shape = self.label.split("/")
            return dataclasses.replace(result, status=VALID, dialect=dialect, shape=shape, candidates=())
        return result


def reporter(config: RunConfig) -> Reporter:
    """The run's reporter: text names each valid payload's dialect and shape when the run
    detects them (not both --dialect and --shape given)."""
    detects = not (config.options.dialect and config.options.shape)
    return Reporter(config.fmt, quiet=config.quiet, name_valid=detects)


# -- worker processes -------------------------------------------------------------------------------

_worker: tuple[Engine, Reporter, bool] | None = None


def _init_worker(config: RunConfig) -> None:
    global _worker
    engine = Engine(load_layered(Path(config.schemas), [Path(o) for o in config.overlays]), config.options)
    _worker = (engine, reporter(config), config.fail_fast)


def _work(unit: Unit | None) -> Outcome | None:
    if unit is None:  # stdin: read by the parent, in order
        return None
    assert _worker is not None
    engine, reporter, fail_fast = _worker
    parts: list[str] = []
    outcome = run_unit(unit, engine, reporter, parts.append, fail_fast=fail_fast)
    outcome.text = "".join(parts)
    return outcome


# -- the run ---------------------------------------------------------------------------------------


def run(
    config: RunConfig,
    engine: Engine,
    units: list[Unit],
    *,
    out: TextIO,
    stdin: BinaryIO | None,
    progress: Progress,
    jobs: int = 1,
) -> Outcome:
    total = Outcome()
    shown = reporter(config)
    files = [u for u in units if u.path != STDIN]
    done = 0

    def absorb(outcome: Outcome) -> None:
        total.tally.merge(outcome.tally)
        total.problems.extend(outcome.problems)
        total.stopped = total.stopped or outcome.stopped

    def local(unit: Unit) -> None:
        nonlocal done
        base, checked = done, total.tally.checked

        def report(pos: int, count: int) -> None:
            progress.update(base + pos, checked + count)

        absorb(run_unit(unit, engine, shown, out.write, fail_fast=config.fail_fast, stdin=stdin, progress=report))
        done += unit.size
        progress.update(done, total.tally.checked)

    if jobs <= 1 or len(files) <= 1:
        for unit in units:
            local(unit)
            if total.stopped:
                break
        return total

    context = multiprocessing.get_context("spawn")  # no fork: safe whatever threads the parent runs
    with context.Pool(min(jobs, len(files)), initializer=_init_worker, initargs=(config,)) as pool:
        results = pool.imap(_work, [None if u.path == STDIN else u for u in units])
        for unit, outcome in zip(units, results, strict=True):
            if outcome is None:
                local(unit)
            else:
                if outcome.text:
                    out.write(outcome.text)
                absorb(outcome)
                done += unit.size
                progress.update(done, total.tally.checked)
            if total.stopped:
                pool.terminate()
                break
    return total
