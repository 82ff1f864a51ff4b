# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""The registry's boundary: what crosses it from the caller and from the tool, made safe.

A call is read whatever it is (an odd object whose dump raises is no call); a tool's exception
is described even when its ``__str__`` raises; a ``GeneratorExit`` the tool raises is carried
as an ordinary exception (``_ToolExit``) through the running code's async generators, which
would take it as their own closing; and a sync tool under ``acall`` runs in a daemon thread,
so that a cancelled call of a tool that never returns does not keep the interpreter alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import threading
import uuid
from collections.abc import AsyncGenerator, Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
_logger = logging.getLogger("toolwire_dialects.registry")  # the registry's log, where its callers look


def _safe_str(exc: BaseException) -> str:
    """str(exc), or a fallback when its __str__ itself raises (the boundary must not)."""
    try:
        return str(exc)
    except KeyboardInterrupt:
        raise
    except BaseException:
        return f"(its message could not be read: {type(exc).__name__}.__str__ raised)"


def _exc_text(exc: BaseException) -> str:
    """What the model reads about an exception: its type and message."""
    return f"{type(exc).__name__}: {_safe_str(exc)}"


async def _close_quietly(chunks: AsyncGenerator[Any, None], inv: Any) -> None:
    """Close the tool's chunks when the consumer stopped early: a tool failing in its cleanup
    is logged (there is no result left to carry it), never raised at the consumer."""
    try:
        await chunks.aclose()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        _logger.error("closing tool %s (call %s) raised", inv.tool.name, inv.call_id, exc_info=exc)


class _ToolExit(Exception):
    """The tool raised GeneratorExit: carried through this module's async generators as an
    ordinary exception, since one raised inside them is taken as their own closing."""

    def __init__(self, raised: BaseException) -> None:
        super().__init__()
        self.raised = raised


async def _carried(awaitable: Any) -> Any:
    """await awaitable in a plain coroutine, where a GeneratorExit the tool raises is caught."""
    try:
        return await awaitable
    except GeneratorExit as exc:
        raise _ToolExit(exc) from None


async def _in_daemon_thread(func: Callable[..., T], *args: Any) -> T:
    """asyncio.to_thread in a daemon thread: the default executor's threads are joined at
    interpreter exit, so a cancelled call of a sync tool that never returns would keep the
    program from ending. The caller's context goes along, as to_thread does."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(value: Any, error: BaseException | None) -> None:
        if future.cancelled():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    def work() -> None:
        try:
            value, error = func(*args), None
        except BaseException as exc:  # handed to the awaiting task, as to_thread does
            value, error = None, _ToolExit(exc) if isinstance(exc, GeneratorExit) else exc
        with contextlib.suppress(RuntimeError):  # the caller's loop has closed: nobody waits
            loop.call_soon_threadsafe(settle, value, error)

    context = contextvars.copy_context()
    threading.Thread(target=context.run, args=(work,), name="toolwire-tool", daemon=True).start()
    return await future


def _cancelled_by_caller() -> bool:
    """Whether the running task is being cancelled (else a CancelledError is the tool's own)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _as_mapping(tool_call: Any) -> Mapping[str, Any] | None:
    if isinstance(tool_call, Mapping):
        return tool_call
    dump = getattr(tool_call, "model_dump", None)
    if callable(dump):
        try:
            dumped = dump(mode="json", by_alias=True)
        except KeyboardInterrupt:
            raise
        except BaseException:  # an odd object is reported, not raised
            return None
        return dumped if isinstance(dumped, Mapping) else None
    return None


def _mint_call_id() -> str:
    # ToolResult.call_id must be a non-empty string; a call without one can only get a fresh id.
    return "call_" + uuid.uuid4().hex[:24]
