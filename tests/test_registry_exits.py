"""ToolRegistry at the edges: a tool's sys.exit() is an error result, KeyboardInterrupt is
the operator's and propagates, and a timeout holds whatever the tool does (blocks the
event loop, swallows cancellation, never returns). Timings are asserted loosely: these
machines are noisy, so a bound is several times the timeout, never a tight one."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
from toolwire_dialects import registry as registry_module

ToolRegistry = registry_module.ToolRegistry

BOUND = 1.5  # seconds: far above every timeout used here, far below the tools' own run times


def tc(name: str, **arguments: Any) -> dict[str, Any]:
    return {"id": "call_1", "name": name, "arguments": arguments}


def text_of(result: dict[str, Any]) -> str:
    assert [p["type"] for p in result["content"]] == ["text"], result
    return result["content"][0]["text"]


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Ends the tools left running in their threads once the test is done."""
    event = threading.Event()
    yield event
    event.set()


def run_all_ways(registry: ToolRegistry, name: str) -> list[tuple[str, dict[str, Any], float]]:
    """The call made through call(), call() inside a running loop, acall() and astream()."""

    async def inside_loop() -> dict[str, Any]:
        return registry.call(tc(name))

    async def last_streamed() -> dict[str, Any]:
        return [r async for r in registry.astream(tc(name))][-1]

    ways: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        ("call", lambda: registry.call(tc(name))),
        ("call in a loop", lambda: asyncio.run(inside_loop())),
        ("acall", lambda: asyncio.run(registry.acall(tc(name)))),
        ("astream", lambda: asyncio.run(last_streamed())),
    ]
    out = []
    for way, run in ways:
        started = time.monotonic()
        result = run()
        out.append((way, result, time.monotonic() - started))
    return out


# --- sys.exit ------------------------------------------------------------------------------


def exiting_registry() -> ToolRegistry:
    registry = ToolRegistry()

    def parse(argv: list[str]) -> None:
        parser = argparse.ArgumentParser(prog="tool", add_help=False)
        parser.add_argument("--n", type=int, required=True)
        parser.parse_args(argv)  # exits 2 on bad input

    @registry.tool
    def argparse_tool() -> str:
        parse(["--n", "x"])
        return "unreachable"

    @registry.tool
    def exit_zero() -> str:
        sys.exit(0)

    @registry.tool
    async def async_exit() -> str:
        await asyncio.sleep(0)
        sys.exit("bye")

    @registry.tool(timeout=5)
    def timed_exit() -> str:
        raise SystemExit(3)

    @registry.tool(timeout=5)
    async def timed_async_exit() -> str:
        raise SystemExit(4)

    @registry.tool
    def exit_in_stream() -> Iterator[str]:
        yield "partial"
        sys.exit(5)

    return registry


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("argparse_tool", "2"),
        ("exit_zero", "0"),
        ("async_exit", "'bye'"),
        ("timed_exit", "3"),
        ("timed_async_exit", "4"),
        ("exit_in_stream", "5"),
    ],
)
def test_sys_exit_is_an_error_result_in_every_entry_point(
    name: str, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = exiting_registry()
    for way, result, _ in run_all_ways(registry, name):
        assert result["is_error"] is True, way
        assert text_of(result) == f"SystemExit: the tool called sys.exit({code})", way
    capsys.readouterr()  # argparse's usage message on stderr


def test_sys_exit_is_logged_as_a_tool_error(caplog: pytest.LogCaptureFixture) -> None:
    registry = exiting_registry()
    with caplog.at_level("INFO", logger="toolwire_dialects.registry"):
        registry.call(tc("exit_zero"))
    assert [getattr(r, "outcome", None) for r in caplog.records if r.levelname == "INFO"] == ["tool_error"]
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and errors[0].exc_info is not None and errors[0].exc_info[0] is SystemExit


# --- KeyboardInterrupt and cancellation ----------------------------------------------------


@pytest.mark.parametrize("timeout", [None, 5])
def test_keyboard_interrupt_propagates(timeout: float | None) -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=timeout)
    def interrupted() -> str:
        raise KeyboardInterrupt

    @registry.tool(timeout=timeout)
    async def async_interrupted() -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        registry.call(tc("interrupted"))
    with pytest.raises(KeyboardInterrupt):
        registry.call(tc("async_interrupted"))
    with pytest.raises(KeyboardInterrupt):
        asyncio.run(registry.acall(tc("async_interrupted")))


@pytest.mark.parametrize("timeout", [None, 5])
def test_a_tools_own_cancelled_error_is_an_error_result(timeout: float | None) -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=timeout)
    async def gives_up() -> str:
        raise asyncio.CancelledError

    for way, result, _ in run_all_ways(registry, "gives_up"):
        assert result["is_error"] is True, way
        assert text_of(result) == "CancelledError: the tool was cancelled", way


@pytest.mark.parametrize("timeout", [None, 5])
def test_cancelling_acall_cancels_the_call(timeout: float | None) -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=timeout)
    async def slow() -> str:
        await asyncio.sleep(10)
        return "late"

    async def main() -> None:
        task = asyncio.create_task(registry.acall(tc("slow")))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    started = time.monotonic()
    asyncio.run(main())
    assert time.monotonic() - started < BOUND


# --- timeouts that hold ----------------------------------------------------------------------


def stubborn_registry(release: threading.Event) -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool(timeout=0.1)
    async def blocks_the_loop() -> str:
        time.sleep(2)  # no await: the event loop it runs on is stuck
        return "late"

    @registry.tool(timeout=0.1)
    async def swallows_cancellation() -> str:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and not release.is_set():
            with contextlib.suppress(asyncio.CancelledError):  # keeps going
                await asyncio.sleep(0.05)
        return "late"

    @registry.tool(timeout=0.1)
    def sync_never_returns() -> str:
        release.wait(10)
        return "late"

    @registry.tool(timeout=0.2)
    async def stream_blocks_the_loop() -> AsyncIterator[str]:
        yield "first"
        time.sleep(2)
        yield "late"

    @registry.tool(timeout=0.2)
    async def stream_swallows_cancellation() -> AsyncIterator[str]:
        yield "first"
        for _ in range(60):
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(0.05)
        yield "late"

    return registry


@pytest.mark.parametrize(
    ("name", "timeout"),
    [
        ("blocks_the_loop", "0.1"),
        ("swallows_cancellation", "0.1"),
        ("sync_never_returns", "0.1"),
        ("stream_blocks_the_loop", "0.2"),
        ("stream_swallows_cancellation", "0.2"),
    ],
)
def test_timeout_returns_on_time_whatever_the_tool_does(name: str, timeout: str, release: threading.Event) -> None:
    registry = stubborn_registry(release)
    for way, result, took in run_all_ways(registry, name):
        assert result["is_error"] is True, (way, result)
        assert text_of(result) == f"timed out after {timeout}s", way
        assert took < BOUND, (way, took)


def test_streamed_partials_arrive_before_the_timeout(release: threading.Event) -> None:
    registry = stubborn_registry(release)

    async def stream() -> list[dict[str, Any]]:
        return [r async for r in registry.astream(tc("stream_blocks_the_loop"))]

    results = asyncio.run(stream())
    assert [r["is_error"] for r in results] == [False, True]
    assert results[0]["content"] == [{"type": "text", "text": "first"}]


def test_a_blocking_tool_does_not_block_the_callers_loop(release: threading.Event) -> None:
    registry = stubborn_registry(release)
    ticks: list[float] = []

    async def ticker() -> None:
        for _ in range(5):
            ticks.append(time.monotonic())
            await asyncio.sleep(0.01)

    async def main() -> dict[str, Any]:
        result, _ = await asyncio.gather(registry.acall(tc("blocks_the_loop")), ticker())
        return result

    result = asyncio.run(main())
    assert result["is_error"] is True
    assert len(ticks) == 5 and ticks[-1] - ticks[0] < BOUND  # the caller's loop kept running


def test_timed_streams_stay_lazy() -> None:
    registry = ToolRegistry()
    produced: list[int] = []

    @registry.tool(timeout=5)
    async def numbers() -> AsyncIterator[int]:
        for i in range(100):
            produced.append(i)
            yield i

    @registry.tool(timeout=5)
    def sync_numbers() -> Iterator[int]:
        for i in range(100):
            produced.append(i)
            yield i

    async def first_two(name: str) -> list[Any]:
        stream = registry.astream(tc(name))
        try:
            return [(await stream.__anext__())["content"][0]["value"] for _ in range(2)]
        finally:
            await stream.aclose()

    for name in ("numbers", "sync_numbers"):
        produced.clear()
        assert asyncio.run(first_two(name)) == [0, 1]
        time.sleep(0.05)  # the worker had every chance to run ahead
        assert produced == [0, 1], name  # a chunk is produced only when one is asked for


def test_timed_tools_still_return_normally() -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=5)
    async def add(a: int, b: int) -> int:
        await asyncio.sleep(0)
        return a + b

    @registry.tool(timeout=5)
    def letters() -> Iterator[str]:
        yield "a"
        yield "b"

    assert registry.call({"id": "c", "name": "add", "arguments": {"a": 1, "b": "2"}})["content"] == [
        {"type": "json", "value": 3}
    ]
    assert asyncio.run(registry.acall({"id": "c", "name": "add", "arguments": {"a": 2, "b": 2}}))["content"] == [
        {"type": "json", "value": 4}
    ]
    assert registry.call(tc("letters"))["content"] == [{"type": "text", "text": "ab"}]


REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("REQUEST_ID", default="unset")


def test_timed_tools_see_the_callers_context_variables() -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=5)
    def sync_reader() -> str:
        return REQUEST_ID.get()

    @registry.tool(timeout=5)
    async def async_reader() -> str:
        return REQUEST_ID.get()

    async def main(name: str) -> dict[str, Any]:
        REQUEST_ID.set("r-42")
        return await registry.acall(tc(name))

    for name in ("sync_reader", "async_reader"):
        assert text_of(asyncio.run(main(name))) == "r-42"
        token = REQUEST_ID.set("r-7")
        try:
            assert text_of(registry.call(tc(name))) == "r-7"
        finally:
            REQUEST_ID.reset(token)
