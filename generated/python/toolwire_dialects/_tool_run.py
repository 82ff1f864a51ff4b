# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Running a tool: sync, async and generator tools, and timeouts that hold whatever the tool does.

Every path turns what the tool returns or yields into Content chunks (one chunk for a
plain function), so sync, async and streaming calls share one conversion.

A tool without a timeout runs where the caller is: a sync tool inline in ``call`` (in a
daemon worker thread under ``acall``, so that a cancelled call of a tool that never returns
does not keep the interpreter from exiting), an async tool on the caller's event loop. A tool *with* a
timeout runs in a daemon thread of its own, an async one on an event loop of its own in that
thread, and the caller only waits for it, at most ``timeout`` seconds in all. Python cannot
kill a thread, so a tool that blocks (``time.sleep`` inside ``async def``), ignores
cancellation or never returns keeps running in its thread; the caller gets its timeout
result on time all the same, and an async tool is cancelled on its own loop. Such a tool
must not use objects bound to the caller's event loop (clients, locks, queues).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import inspect
import queue
import threading
import time
from collections.abc import AsyncGenerator, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from ._tool_boundary import _carried, _in_daemon_thread, _ToolExit
from ._tool_content import Content, _append, _to_content
from ._tool_params import RegisteredTool

_Message = tuple[str, Any]  # ("chunk", Content) | ("end", None) | ("error", BaseException)
T = TypeVar("T")


@dataclass
class _Invocation:
    tool: RegisteredTool
    call_id: str
    args: list[Any]
    kwargs: dict[str, Any]
    started: float


class _TimedOut(Exception):
    """Our own timeout, kept apart from a TimeoutError the tool itself raises."""


class _ToolCancelled(Exception):
    """The tool raised CancelledError though nobody cancelled the call."""


def _start(inv: _Invocation) -> Any:
    return inv.tool.func(*inv.args, **inv.kwargs)


async def _start_now(inv: Any) -> Any:
    return _start(inv)


def _timeout_text(timeout: float) -> str:
    return f"timed out after {timeout:g}s"


# --- tools without a timeout: where the caller is ----------------------------------------


def _collect_sync(inv: _Invocation) -> Content:
    """The sync path for sync tools, in the caller's thread."""
    value = _start(inv)
    if inspect.isawaitable(value) or inspect.isasyncgen(value):
        # A sync wrapper around async code: finish it on a private event loop.
        return _run_coroutine(_collect_async_value(value))
    collected = Content()
    for chunk in value if inspect.isgenerator(value) else (value,):
        _append(collected, _to_content(chunk))
    return collected


async def _collect_async_value(value: Any) -> Content:
    collected = Content()
    if inspect.isasyncgen(value):
        async for chunk in value:
            _append(collected, _to_content(chunk))
    else:
        _append(collected, _to_content(await value))
    return collected


async def _collect_async(inv: _Invocation) -> Content:
    collected = Content()
    async with contextlib.aclosing(_iterate_chunks(inv)) as chunks:
        async for chunk in chunks:
            _append(collected, chunk)
    return collected


async def _iterate_chunks(inv: _Invocation) -> AsyncGenerator[Content, None]:
    """Yield the tool's chunks: on the event loop (sync code in threads), or timed in a worker."""
    if inv.tool.timeout is not None:
        async with contextlib.aclosing(_timed_chunks(inv)) as chunks:
            async for chunk in chunks:
                yield chunk
        return
    if inv.tool.kind in ("sync", "sync_gen"):
        value = await _in_daemon_thread(_start, inv)
    else:
        value = await _carried(_start_now(inv))
    if inspect.isawaitable(value):
        value = await _carried(value)
    if inspect.isasyncgen(value):
        async with contextlib.aclosing(value):
            while True:
                try:
                    produced = await _carried(value.__anext__())
                except StopAsyncIteration:
                    break
                yield _to_content(produced)
    elif inspect.isgenerator(value):
        end = object()
        try:
            while (item := await _in_daemon_thread(next, value, end)) is not end:
                yield _to_content(item)
        finally:
            with contextlib.suppress(ValueError):  # still running in its thread: the caller was cancelled
                value.close()
    else:
        yield _to_content(value)


def _run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """asyncio.run, moved to a helper thread when this thread already runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    values: list[T] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            values.append(asyncio.run(coro))
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    thread = threading.Thread(target=worker, name="toolwire-tool", daemon=True)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return values[0]


# --- tools with a timeout: in a worker thread of their own --------------------------------


def _run_timed(inv: _Invocation) -> Content:
    """call()'s path for a timed tool: collect its chunks, waiting at most its timeout."""
    timeout = inv.tool.timeout or 0.0
    deadline = time.monotonic() + timeout
    inbox: queue.SimpleQueue[_Message] = queue.SimpleQueue()
    worker = _Worker(inv, inbox.put)
    collected = Content()
    worker.start()
    try:
        while True:
            worker.demand()
            remaining = deadline - time.monotonic()
            try:
                kind, item = inbox.get(timeout=remaining) if remaining > 0 else inbox.get_nowait()
            except queue.Empty:
                raise _TimedOut(_timeout_text(timeout)) from None
            if kind == "end":
                return collected
            if kind == "error":
                raise _from_worker(item)
            _append(collected, item)
    finally:
        worker.stop()


async def _timed_chunks(inv: _Invocation) -> AsyncGenerator[Content, None]:
    """acall()/astream()'s path for a timed tool: its chunks, the whole run bounded by its timeout."""
    timeout = inv.tool.timeout or 0.0
    deadline = time.monotonic() + timeout
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[_Message] = asyncio.Queue()

    def deliver(message: _Message) -> None:
        with contextlib.suppress(RuntimeError):  # the caller's loop may be closed after a timeout
            loop.call_soon_threadsafe(inbox.put_nowait, message)

    worker = _Worker(inv, deliver)
    worker.start()
    try:
        while True:
            worker.demand()
            try:
                kind, item = inbox.get_nowait()
            except asyncio.QueueEmpty:
                remaining = deadline - time.monotonic()
                try:
                    if remaining <= 0:
                        raise TimeoutError
                    kind, item = await asyncio.wait_for(inbox.get(), remaining)
                except TimeoutError:
                    raise _TimedOut(_timeout_text(timeout)) from None
            if kind == "end":
                return
            if kind == "error":
                raise _from_worker(item)
            yield item
    finally:
        worker.stop()


def _from_worker(exc: BaseException) -> BaseException:
    """The tool's exception, as the caller raises it: a CancelledError is the tool's own."""
    if isinstance(exc, asyncio.CancelledError):
        return _ToolCancelled("the tool was cancelled")
    if isinstance(exc, GeneratorExit):
        return _ToolExit(exc)
    return exc


class _Worker:
    """One timed call in a daemon thread, handing over a chunk each time one is asked for.

    Asking (``demand``) keeps a streaming tool as lazy as on the caller's loop; ``stop``
    tells the tool to end (cancelling an async one) and never waits for it.
    """

    def __init__(self, inv: _Invocation, deliver: Callable[[_Message], None]) -> None:
        self._inv = inv
        self._deliver = deliver
        self._ready = threading.Condition()
        self._credits = 0
        self._stopped = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[Any] | None = None

    def start(self) -> None:
        context = contextvars.copy_context()  # as asyncio.to_thread does: the tool sees the caller's context
        threading.Thread(target=context.run, args=(self._main,), name="toolwire-tool", daemon=True).start()

    def demand(self) -> None:
        with self._ready:
            self._credits += 1
            self._ready.notify()
        self._poke("wake")

    def stop(self) -> None:
        with self._ready:
            self._stopped = True
            self._ready.notify()
        self._poke("wake")
        self._poke("cancel")

    def _poke(self, what: str) -> None:
        loop, wake, task = self._loop, self._wake, self._task
        if loop is None or wake is None or task is None:
            return
        with contextlib.suppress(RuntimeError):  # the worker's loop has already closed
            loop.call_soon_threadsafe(wake.set if what == "wake" else task.cancel)

    def _main(self) -> None:
        try:
            value = _start(self._inv)
            if inspect.isawaitable(value) or inspect.isasyncgen(value):
                asyncio.run(self._produce_async(value))
            else:
                self._produce_sync(value)
        except BaseException as exc:  # SystemExit and all: the caller decides what it means
            self._deliver(("error", exc))
        else:
            self._deliver(("end", None))

    def _granted(self) -> bool:
        """Wait until a chunk is asked for (True) or the call is over (False)."""
        with self._ready:
            while not self._stopped and not self._credits:
                self._ready.wait()
            return self._take()

    def _take(self) -> bool:
        if self._stopped:
            return False
        self._credits -= 1
        return True

    def _produce_sync(self, value: Any) -> None:
        if not inspect.isgenerator(value):
            self._deliver(("chunk", _to_content(value)))
            return
        try:
            while self._granted():
                try:
                    chunk = next(value)
                except StopIteration:
                    return
                self._deliver(("chunk", _to_content(chunk)))
        finally:
            value.close()

    async def _produce_async(self, value: Any) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.current_task()
        self._loop = asyncio.get_running_loop()  # set last: _poke needs all three
        if self._stopped:  # stopped before the loop could be told
            with contextlib.suppress(AttributeError):
                value.close()  # a coroutine or generator never started: no "never awaited" warning
            return
        if not inspect.isasyncgen(value):
            self._deliver(("chunk", _to_content(await value)))
            return
        async with contextlib.aclosing(value):
            while await self._granted_async():
                try:
                    chunk = await value.__anext__()
                except StopAsyncIteration:
                    return
                self._deliver(("chunk", _to_content(chunk)))

    async def _granted_async(self) -> bool:
        assert self._wake is not None
        while True:
            with self._ready:
                if self._stopped or self._credits:
                    return self._take()
                self._wake.clear()
            await self._wake.wait()
