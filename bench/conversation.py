"""Benchmark: whole OpenAI Chat requests -> Anthropic Messages requests, at 1 to 1000 turns.

The requests (bench/_conversations.py): bench/request.json (3 tools, tool_choice, settings, a
6-message history with 2 parallel tool calls and their results) scaled to 1, 10, 100 and 1000
turns of tool use, a turn being a user message, an assistant message with 2 parallel calls
and the 2 tool results (4n + 2 messages). For each size, side by side in one run:

1. toolwire: the generated converter, `toolwire_dialects.convert(payload, source="openai_chat",
   target="anthropic_messages", shape="request")` (the value and its losses),
2. hand-written: a plain-Python function giving the SAME value and losses (asserted for
   every size before timing; bench/_conversations.py),
3. when their bench-only venvs are in use (bench/_others.py): LiteLLM's own transformation,
   no network (what its completion() runs before sending, and its provider config alone), and
   llm-babel's `translate("openai-chat", "anthropic-messages", request)`, each timed only on
   the sizes where it gives the same turns as toolwire.

Then the peak memory of one conversion at 1000 turns (tracemalloc), toolwire vs hand-written.

    python bench/conversation.py [--rounds 15] [--calls 2000] [--turns 1 10 100 1000] [--quick]
    bench/.venv-litellm/bin/python bench/conversation.py     # + LiteLLM
    bench/.venv-llm-babel/bin/python bench/conversation.py   # + llm-babel

Prints, per size, median and range per contender (rounds interleaved) with the time per
message, and the paired ratios: toolwire/hand-written (target: at most 1.5x, issue #22) and
litellm/toolwire, llm-babel/toolwire (target: at least 3x); then the peak-memory ratio
toolwire/hand-written (target: at most 1.5x).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "generated" / "python"))

from _conversations import TURNS, hand_written, scaled_request
from _others import LITELLM, LLM_BABEL, differences, install, litellm_contenders, llm_babel_contenders
from _timing import describe, interleaved, peak_memory, profile, ratio
from toolwire_dialects import convert

HAND_TARGET = 1.5
OTHERS_TARGET = 3.0
MEMORY_TARGET = 1.5
MEMORY_TURNS = 1000


def run_toolwire(request: dict[str, Any]) -> Any:
    return convert(request, source="openai_chat", target="anthropic_messages", shape="request")


def _turns(turns: int) -> str:
    return f"{turns} turn" if turns == 1 else f"{turns} turns"


def contenders_for(request: dict[str, Any], others: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The contenders on this request (toolwire's and hand-written's outputs checked equal;
    the other libraries' checked to give the same turns) and the notes to print with them."""
    encoded = run_toolwire(request)
    expected = hand_written(request)
    assert (encoded.value, list(encoded.losses)) == expected, (
        f"hand-written converts differently:\n toolwire:     {encoded}\n hand-written: {expected}"
    )
    contenders: dict[str, Any] = {"toolwire": run_toolwire, "hand-written": hand_written}
    notes = []
    for name, run in others.items():
        same, diffs = differences(run(request), encoded.value)
        if same:
            contenders[name] = run
            notes.extend(f"  {name} gives the same turns; it differs from toolwire in {diff}" for diff in diffs)
        else:
            notes.append(f"  {name}: gives other turns, not timed: {'; '.join(diffs) or 'the messages differ'}")
    return contenders, notes


def size_row(turns: int, others: dict[str, Any], rounds: int, calls: int) -> None:
    """One size: every contender side by side, and the ratios."""
    request = scaled_request(turns)
    before = copy.deepcopy(request)
    contenders, notes = contenders_for(request, others)
    number = max(1, calls // turns)
    times = interleaved({name: lambda run=run: run(request) for name, run in contenders.items()}, rounds, number)
    assert request == before, "a contender changed its input"
    messages = len(request["messages"])
    print(f"{_turns(turns)} ({messages} messages): {rounds} interleaved rounds of {number} calls")
    for name, runs in times.items():
        print(describe(name, runs, per=(messages, "message")))
    print(ratio("toolwire/hand-written", times["toolwire"], times["hand-written"], HAND_TARGET, at_least=False))
    for name in [name for name in times if name not in ("toolwire", "hand-written")]:
        print(ratio(f"{name}/toolwire", times[name], times["toolwire"], OTHERS_TARGET, at_least=True))
    for note in dict.fromkeys(notes):
        print(note)


def memory_row(turns: int, others: dict[str, Any], repeat: int) -> None:
    """The peak memory of one conversion, toolwire vs hand-written (the others for scale)."""
    request = scaled_request(turns)
    contenders, _notes = contenders_for(request, others)
    peaks = {name: peak_memory(lambda run=run: run(request), repeat) for name, run in contenders.items()}
    print(
        f"Peak memory, one conversion of {_turns(turns)} ({len(request['messages'])} messages): "
        f"tracemalloc, median of {repeat} fresh measurements"
    )
    medians = {name: statistics.median(values) for name, values in peaks.items()}
    for name, values in peaks.items():
        print(
            f"  {name:<14} peak {medians[name] / 1e6:8.2f} MB   range {min(values) / 1e6:.2f} - {max(values) / 1e6:.2f}"
        )
    share = medians["toolwire"] / medians["hand-written"]
    verdict = "met" if share <= MEMORY_TARGET else "NOT met"
    print(f"  toolwire/hand-written peak: {share:.2f}x (target at most {MEMORY_TARGET:g}x: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=2000, help="calls per contender per round at 1 turn (/ turns)")
    parser.add_argument("--turns", type=int, nargs="+", default=list(TURNS), help="the sizes, in turns")
    parser.add_argument("--memory-repeat", type=int, default=5, help="fresh peak-memory measurements")
    parser.add_argument("--quick", action="store_true", help="2 rounds, few calls: a smoke test in seconds")
    parser.add_argument("--profile", action="store_true", help="profile toolwire on the first size instead")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.calls, args.memory_repeat = 2, 20, 1
    if args.profile:
        request = scaled_request(args.turns[0])
        contenders_for(request, {})  # checked, and the dialect modules loaded before profiling
        profile(lambda: run_toolwire(request), max(1, args.calls // args.turns[0]))
        return
    litellm, babel = litellm_contenders(), llm_babel_contenders()
    others = {**litellm, **babel}
    print(
        f"OpenAI Chat request -> Anthropic Messages request, {len(args.turns)} sizes; Python {sys.version.split()[0]}"
    )
    if not litellm:
        print(f"  litellm: not installed; to time it too: {install('.venv-litellm', LITELLM)}")
    if not babel:
        print(f"  llm-babel: not installed; to time it too: {install('.venv-llm-babel', LLM_BABEL)}")
    for turns in args.turns:
        size_row(turns, others, args.rounds, args.calls)
    memory_row(MEMORY_TURNS, others, args.memory_repeat)


if __name__ == "__main__":
    main()
