# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Run Python functions as tools: canonical ToolCall dicts in, canonical ToolResult dicts out.

    registry = ToolRegistry()

    @registry.tool
    def get_weather(city: str, days: int = 1) -> dict:
        '''Forecast for a city.'''
        ...

    registry.definitions()          # canonical ToolDefinitions to send to the model
    registry.call(tool_call)        # canonical ToolResult, never an exception
    await registry.acall(tool_call)
    async for result in registry.astream(tool_call): ...

Whatever goes wrong while handling a call (unknown tool, argument text that was not JSON,
arguments that fail validation, the tool raising, timing out or being rate limited) comes
back as a ToolResult with ``is_error: true`` whose text the model can act on: a tool loop
must keep going, so nothing crosses this boundary as an exception. That includes
``SystemExit``: a tool calling ``sys.exit()`` (argparse does, on bad input) has failed, it
has not asked to end the program; and any other ``BaseException`` (``GeneratorExit``, a
custom one), and an exception whose ``str()`` itself raises (a fallback text names it).
``KeyboardInterrupt`` is the one exception that does propagate: it is the operator stopping
the program, which a tool loop must not swallow (and Ctrl-C reaches the main thread, not a
timed tool's worker, so the caller stops at once). The caller cancelling ``acall``/``astream``
propagates too, as it must in asyncio.

A call whose id is present but not a non-empty string is refused (an error result with a
fresh id, the tool not run), never run under a replaced id; a call without an id gets a
fresh one. A call with ``arguments_error`` is never run, whatever its ``arguments`` say.

A timeout holds whatever the tool does (blocks the event loop, ignores cancellation): a
timed tool runs in a worker thread of its own, see ``_tool_run``.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any, TypeVar, overload

from pydantic import BaseModel

from ._tool_args import ArgumentsError, _short_json, validate_arguments
from ._tool_boundary import (
    _as_mapping,
    _cancelled_by_caller,
    _close_quietly,
    _exc_text,
    _mint_call_id,
    _safe_str,
    _ToolExit,
)
from ._tool_content import Content, _append, _BadResult, _Part, image_part, json_part, text_part
from ._tool_params import ExtraPolicy, RegisteredTool, _bind_to_model, _bind_to_signature, _kind_of, _parse_docstring
from ._tool_run import (
    _collect_async,
    _collect_sync,
    _Invocation,
    _iterate_chunks,
    _run_coroutine,
    _run_timed,
    _TimedOut,
    _ToolCancelled,
)

__all__ = [
    "Content",
    "ExtraPolicy",
    "RegisteredTool",
    "ToolRegistry",
    "image_part",
    "json_part",
    "text_part",
]

logger = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Any])

_WINDOW_SECONDS = 60.0

# --- the registry --------------------------------------------------------------------


class ToolRegistry:
    """Tools by name, with validation, limits and error results in canonical form."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._tools: dict[str, RegisteredTool] = {}
        self._clock = clock  # drives only the rate-limit window, so tests can move time by hand
        self._recent: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    # registration

    @overload
    def tool(self, func: F, /) -> F: ...

    @overload
    def tool(
        self,
        func: None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        extra: ExtraPolicy | None = None,
        timeout: float | None = None,
        calls_per_minute: int | None = None,
        strict: bool | None = None,
    ) -> Callable[[F], F]: ...

    def tool(self, func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
        """Decorator (bare or with options) registering a function, which is returned unchanged."""
        if func is not None:
            self.register(func)
            return func

        def decorate(f: F) -> F:
            self.register(f, **options)
            return f

        return decorate

    def register(
        self,
        func: Callable[..., Any],
        *,
        params_model: type[BaseModel] | None = None,
        name: str | None = None,
        description: str | None = None,
        extra: ExtraPolicy | None = None,
        timeout: float | None = None,
        calls_per_minute: int | None = None,
        strict: bool | None = None,
    ) -> RegisteredTool:
        """Register func; its parameters come from params_model, or else from its signature.

        ``extra`` says what to do with unknown arguments (default "forbid"). Misuse (a
        duplicate name, a signature JSON cannot fill) raises here, at import time, not per call.
        """
        tool_name = name or getattr(func, "__name__", None)
        if not isinstance(tool_name, str) or not tool_name:
            raise ValueError("a tool needs a non-empty name (pass name=...)")
        if tool_name in self._tools:
            raise ValueError(f"a tool named {tool_name!r} is already registered")
        if extra not in (None, "forbid", "ignore", "allow"):
            raise ValueError(f"extra must be 'forbid', 'ignore' or 'allow', not {extra!r}")
        if timeout is not None and not timeout > 0:
            raise ValueError("timeout must be a positive number of seconds")
        if calls_per_minute is not None and (type(calls_per_minute) is not int or calls_per_minute < 1):
            raise ValueError("calls_per_minute must be a positive integer")

        summary, param_docs = _parse_docstring(inspect.getdoc(func))
        tool = RegisteredTool(
            name=tool_name,
            func=func,
            params_model=BaseModel,
            description=description if description is not None else summary,
            timeout=timeout,
            calls_per_minute=calls_per_minute,
            strict=strict,
            kind=_kind_of(func),
        )
        if params_model is not None:
            _bind_to_model(tool, params_model, extra)
        else:
            _bind_to_signature(tool, param_docs, extra)
        tool.definition()  # fail now, not on the first definitions(), if there is no JSON Schema
        self._tools[tool_name] = tool
        return tool

    # introspection

    def names(self) -> list[str]:
        return list(self._tools)

    def get(self, name: str) -> RegisteredTool | None:
        return self._tools.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def definitions(self) -> list[dict[str, Any]]:
        """Canonical ToolDefinitions, in registration order."""
        return [tool.definition() for tool in self._tools.values()]

    # calling

    def call(self, tool_call: Any) -> dict[str, Any]:
        """Run one call and return its canonical ToolResult; never raises."""
        prepared = self._prepare_guarded(tool_call)
        if isinstance(prepared, dict):
            return prepared
        try:
            if prepared.tool.timeout is not None:
                content = _run_timed(prepared)
            elif prepared.tool.kind in ("async", "async_gen"):
                content = _run_coroutine(_collect_async(prepared))
            else:
                content = _collect_sync(prepared)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # the boundary: failures become results
            return self._failure(prepared, exc)
        return self._success(prepared, content)

    async def acall(self, tool_call: Any) -> dict[str, Any]:
        """Async call; sync tools run in a worker thread so the event loop is not blocked."""
        prepared = self._prepare_guarded(tool_call)
        if isinstance(prepared, dict):
            return prepared
        try:
            content = await _collect_async(prepared)
        except BaseException as exc:
            return self._caught(prepared, exc)
        return self._success(prepared, content)

    async def astream(self, tool_call: Any) -> AsyncIterator[dict[str, Any]]:
        """Yield a partial ToolResult per chunk a generator tool yields, then the complete one.

        A partial result holds only its own chunk's content. The last item is always the
        complete result, equal to what ``acall`` returns; other tools yield only that one.
        """
        prepared = self._prepare_guarded(tool_call)
        if isinstance(prepared, dict):
            yield prepared
            return
        streaming = prepared.tool.kind in ("sync_gen", "async_gen")
        collected = Content()
        chunks = _iterate_chunks(prepared)
        try:
            while True:
                # Only the tool's side is guarded: a GeneratorExit thrown in at our own yield
                # (the consumer closing this stream) must end it, not become a result.
                try:
                    chunk = await chunks.__anext__()
                    _append(collected, chunk)
                except StopAsyncIteration:
                    break
                except BaseException as exc:
                    yield self._caught(prepared, exc)
                    return
                if streaming:
                    yield _result(prepared.call_id, prepared.tool.name, chunk.parts, is_error=chunk.is_error)
        finally:
            await _close_quietly(chunks, prepared)
        yield self._success(prepared, collected)

    # internals

    def _prepare_guarded(self, tool_call: Any) -> _Invocation | dict[str, Any]:
        """_prepare, whose own failures (an odd mapping, a custom validator raising a
        BaseException) are an error result too."""
        started = time.perf_counter()
        try:
            return self._prepare(tool_call, started)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            logger.error("reading a tool call raised", exc_info=exc)
            return self._reject(_mint_call_id(), None, started, "invalid_call", f"not a tool call: {_exc_text(exc)}")

    def _caught(self, inv: _Invocation, exc: BaseException) -> dict[str, Any]:
        """acall/astream's boundary: the caller's cancellation and Ctrl-C propagate (re-raised
        here), anything else is the tool's failure."""
        if isinstance(exc, KeyboardInterrupt) or (isinstance(exc, asyncio.CancelledError) and _cancelled_by_caller()):
            raise exc
        return self._failure(inv, exc)

    def _prepare(self, tool_call: Any, started: float) -> _Invocation | dict[str, Any]:
        """Everything before running the function; a dict returned is a ready error result."""
        call = _as_mapping(tool_call)
        if call is None:
            return self._reject(
                _mint_call_id(), None, started, "invalid_call", f"not a tool call: got {type(tool_call).__name__}"
            )
        raw_id = call.get("id")
        if raw_id is not None and (type(raw_id) is not str or not raw_id):
            text = f"the tool call id must be a non-empty string, got {_short_json(raw_id)}; the tool was not run"
            return self._reject(_mint_call_id(), None, started, "invalid_call", text)
        call_id = raw_id if raw_id is not None else _mint_call_id()
        name = call.get("name")
        if not isinstance(name, str) or not name:
            return self._reject(call_id, None, started, "invalid_call", "the tool call names no tool")

        tool = self._tools.get(name)
        if tool is None:
            known = ", ".join(self._tools) if self._tools else "(none)"
            return self._reject(call_id, name, started, "unknown_tool", f"unknown tool {name!r}; known tools: {known}")

        arguments = call.get("arguments")
        if arguments is None or call.get("incomplete") or call.get("arguments_error") is not None:
            # Never run on arguments we do not have in full: guessing (say {}) could do harm.
            why = call.get("arguments_error") or (
                "the call was cut off before its arguments were complete" if call.get("incomplete") else "no arguments"
            )
            text = f"the arguments of {name} were not valid JSON ({why}); the tool was not run"
            return self._reject(call_id, name, started, "invalid_call", text)
        if not isinstance(arguments, Mapping):
            text = (
                f"invalid arguments for {name}:\narguments: Input should be a JSON object, got {_short_json(arguments)}"
            )
            return self._reject(call_id, name, started, "invalid_arguments", text)

        try:
            model = validate_arguments(tool.params_model, arguments)
        except ArgumentsError as exc:
            text = f"invalid arguments for {name}:\n{exc}"
            return self._reject(call_id, name, started, "invalid_arguments", text)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # a custom validator raising something pydantic does not wrap
            logger.error("validating the arguments of %s (call %s) raised", name, call_id, exc_info=exc)
            text = f"invalid arguments for {name}:\n{_exc_text(exc)}"
            return self._reject(call_id, name, started, "invalid_arguments", text)

        if not self._admit(tool):  # checked last, so calls rejected above do not use up the quota
            text = f"rate limit: {tool.calls_per_minute} calls per minute for {name}; try again later"
            return self._reject(call_id, name, started, "rate_limited", text)

        args, kwargs = tool.bind(model)
        return _Invocation(tool, call_id, args, kwargs, started)

    def _admit(self, tool: RegisteredTool) -> bool:
        """Sliding one-minute window per tool."""
        if tool.calls_per_minute is None:
            return True
        with self._lock:
            now = self._clock()
            recent = self._recent.setdefault(tool.name, deque())
            while recent and now - recent[0] >= _WINDOW_SECONDS:
                recent.popleft()
            if len(recent) >= tool.calls_per_minute:
                return False
            recent.append(now)
            return True

    def _reject(self, call_id: str, name: str | None, started: float, outcome: str, text: str) -> dict[str, Any]:
        _log(name, call_id, started, outcome)
        return _result(call_id, name, [text_part(text)], is_error=True)

    def _failure(self, inv: _Invocation, exc: BaseException) -> dict[str, Any]:
        if isinstance(exc, _ToolExit):
            exc = exc.raised
        if isinstance(exc, _TimedOut):
            outcome, text = "timeout", _safe_str(exc)
        elif isinstance(exc, _BadResult):
            outcome, text = "invalid_result", _safe_str(exc)
        elif isinstance(exc, SystemExit | asyncio.CancelledError | _ToolCancelled):
            exiting = isinstance(exc, SystemExit)
            what = f"called sys.exit({exc.code!r})" if isinstance(exc, SystemExit) else "was cancelled"
            outcome, text = "tool_error", f"{'SystemExit' if exiting else 'CancelledError'}: the tool {what}"
            logger.error("tool %s (call %s) %s", inv.tool.name, inv.call_id, what, exc_info=exc)
        else:
            # The model gets the type and message; the traceback is for the operator only.
            outcome, text = "tool_error", _exc_text(exc)
            logger.error("tool %s (call %s) raised", inv.tool.name, inv.call_id, exc_info=exc)
        return self._reject(inv.call_id, inv.tool.name, inv.started, outcome, text)

    def _success(self, inv: _Invocation, content: Content) -> dict[str, Any]:
        _log(inv.tool.name, inv.call_id, inv.started, "error_result" if content.is_error else "ok")
        return _result(inv.call_id, inv.tool.name, content.parts, is_error=content.is_error)


# --- calls and results ---------------------------------------------------------------


def _result(call_id: str, name: str | None, content: list[_Part], *, is_error: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"call_id": call_id}
    if name:
        result["name"] = name
    result["content"] = [dict(p) for p in content]
    result["is_error"] = is_error
    return result


def _log(name: str | None, call_id: str, started: float, outcome: str) -> None:
    duration_ms = (time.perf_counter() - started) * 1000
    logger.info(
        "tool=%s call_id=%s duration_ms=%.1f outcome=%s",
        name,
        call_id,
        duration_ms,
        outcome,
        extra={"tool": name, "call_id": call_id, "duration_ms": duration_ms, "outcome": outcome},
    )
