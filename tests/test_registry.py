"""Tests of the generated runtime's ToolRegistry (runtime/python/toolwire_dialects/registry.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, field_validator
from toolwire_dialects import registry as registry_module

ToolRegistry = registry_module.ToolRegistry
Content = registry_module.Content
text_part = registry_module.text_part
json_part = registry_module.json_part
image_part = registry_module.image_part

LOGGER = "toolwire_dialects.registry"


def tc(name: str, arguments: Any = None, call_id: str | None = "call_1", **more: Any) -> dict[str, Any]:
    """A canonical ToolCall dict."""
    return {"id": call_id, "name": name, "arguments": arguments, **more}


def text_of(result: dict[str, Any]) -> str:
    assert [p["type"] for p in result["content"]] == ["text"], result
    return result["content"][0]["text"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Lets sync tools that outlive their timeout finish once the test is done."""
    event = threading.Event()
    yield event
    event.set()


# --- definitions -----------------------------------------------------------------------


def test_definitions_from_signature_docstring_and_fields() -> None:
    registry = ToolRegistry()

    @registry.tool
    def get_weather(
        city: Annotated[str, Field(description="City name")],
        days: int = 1,
        unit: str = Field("c", description="c or f"),
    ) -> dict[str, Any]:
        """Forecast for a city.

        Args:
            city: ignored, the Field description wins
            days: How many days,
                counted from today.
        """
        return {}

    @registry.tool(name="search", description="Explicit description", strict=True)
    def search_impl(query: str) -> str:
        """Not used as the description."""
        return query

    definitions = registry.definitions()
    assert [d["name"] for d in definitions] == ["get_weather", "search"]
    weather, search = definitions
    assert weather["description"] == "Forecast for a city."
    params = weather["parameters"]
    assert params["type"] == "object"
    assert params["required"] == ["city"]
    assert params["additionalProperties"] is False
    assert params["properties"]["city"]["description"] == "City name"
    assert params["properties"]["days"] == {
        "default": 1,
        "description": "How many days, counted from today.",
        "title": "Days",
        "type": "integer",
    }
    assert params["properties"]["unit"]["description"] == "c or f"
    assert params["properties"]["unit"]["default"] == "c"
    assert "strict" not in weather
    assert search["description"] == "Explicit description"
    assert search["strict"] is True
    assert list(search["parameters"]["properties"]) == ["query"]


def test_definitions_are_copies() -> None:
    registry = ToolRegistry()

    @registry.tool
    def f(x: int) -> int:
        return x

    registry.definitions()[0]["parameters"]["properties"].clear()
    assert "x" in registry.definitions()[0]["parameters"]["properties"]


def test_decorator_returns_the_function_unchanged() -> None:
    registry = ToolRegistry()

    def double(x: int) -> int:
        return 2 * x

    assert registry.tool(double) is double
    assert registry.tool(name="twice")(double) is double
    assert registry.names() == ["double", "twice"]
    assert "twice" in registry and len(registry) == 2


def test_registration_misuse_raises_early() -> None:
    registry = ToolRegistry()

    @registry.tool
    def f(x: int) -> int:
        return x

    with pytest.raises(ValueError, match="already registered"):
        registry.register(f)
    with pytest.raises(TypeError, match=r"\*args"):
        registry.register(lambda *args: None, name="star")
    with pytest.raises(ValueError, match="extra"):
        registry.register(f, name="g", extra="maybe")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timeout"):
        registry.register(f, name="h", timeout=0)
    with pytest.raises(ValueError, match="calls_per_minute"):
        registry.register(f, name="i", calls_per_minute=0)
    assert registry.names() == ["f"]


class WeatherParams(BaseModel):
    city: str
    days: int = 1


def test_register_with_model_as_keyword_arguments() -> None:
    registry = ToolRegistry()
    seen: list[tuple[str, int]] = []

    def weather(city: str, days: int) -> str:
        seen.append((city, days))
        return f"{city}:{days}"

    registry.register(weather, params_model=WeatherParams, description="Weather")
    definition = registry.definitions()[0]
    assert definition["description"] == "Weather"
    assert definition["parameters"]["title"] == "WeatherParams"
    assert definition["parameters"]["additionalProperties"] is False  # the registry's default
    result = registry.call(tc("weather", {"city": "Oslo", "days": "3"}))
    assert result == {"call_id": "call_1", "name": "weather", "content": [text_part("Oslo:3")], "is_error": False}
    assert seen == [("Oslo", 3)]
    assert registry.call(tc("weather", {"city": "Oslo", "x": 1}))["is_error"] is True


def test_register_with_model_instance_argument() -> None:
    registry = ToolRegistry()

    def weather(params: WeatherParams) -> WeatherParams:
        assert isinstance(params, WeatherParams)
        return params

    registry.register(weather, params_model=WeatherParams)
    result = registry.call(tc("weather", {"city": "Oslo"}))
    assert result["content"] == [json_part({"city": "Oslo", "days": 1})]


def test_register_with_model_keeps_its_own_extra_policy() -> None:
    class Loose(BaseModel):
        model_config = ConfigDict(extra="ignore")
        q: str

    registry = ToolRegistry()
    registry.register(lambda q: q, name="loose", params_model=Loose)
    registry.register(lambda q: q, name="tight", params_model=Loose, extra="forbid")
    assert registry.call(tc("loose", {"q": "a", "other": 1}))["content"] == [text_part("a")]
    tight = registry.call(tc("tight", {"q": "a", "other": 1}))
    assert tight["is_error"] is True
    assert "other: Extra inputs are not permitted, got 1" in text_of(tight).splitlines()


def test_register_with_model_rejects_parameters_the_model_lacks() -> None:
    registry = ToolRegistry()
    with pytest.raises(TypeError, match="not fields of WeatherParams"):
        registry.register(lambda city, country: None, name="w", params_model=WeatherParams)


# --- validation --------------------------------------------------------------------------


def make_search(calls: list[dict[str, Any]], **options: Any) -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool(**options)
    def search(query: str, limit: int = 10) -> dict[str, Any]:
        calls.append({"query": query, "limit": limit})
        return {"query": query, "limit": limit}

    return registry


def test_safe_coercion_is_accepted() -> None:
    calls: list[dict[str, Any]] = []
    result = make_search(calls).call(tc("search", {"query": "cats", "limit": "25"}))
    assert result == {
        "call_id": "call_1",
        "name": "search",
        "content": [json_part({"query": "cats", "limit": 25})],
        "is_error": False,
    }
    assert calls == [{"query": "cats", "limit": 25}]


@pytest.mark.parametrize(
    ("arguments", "line"),
    [
        ({"query": "q", "limit": "many"}, 'limit: Input should be a valid integer, got "many"'),
        ({"query": "q", "limit": 2.5}, "limit: Input should be a valid integer, got 2.5"),
        ({"query": 5}, "query: Input should be a valid string, got 5"),
        ({}, "query: Field required"),
        ({"query": "q", "colour": "red"}, 'colour: Extra inputs are not permitted, got "red"'),
    ],
)
def test_unsafe_input_is_rejected_per_field(arguments: dict[str, Any], line: str) -> None:
    calls: list[dict[str, Any]] = []
    result = make_search(calls).call(tc("search", arguments))
    assert result["is_error"] is True
    assert result["call_id"] == "call_1" and result["name"] == "search"
    lines = text_of(result).splitlines()
    assert lines[0] == "invalid arguments for search:"
    assert lines[1:] == [line]
    assert calls == []


class Item(BaseModel):  # module level: annotations in this file are strings resolved from globals
    sku: str
    qty: int


def test_every_error_gets_its_own_line_with_a_dotted_path() -> None:
    registry = ToolRegistry()

    @registry.tool
    def order(items: list[Item], note: str) -> None:
        raise AssertionError("not reached")

    result = registry.call(tc("order", {"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": "x"}], "note": 3}))
    assert text_of(result).splitlines()[1:] == [
        'items.1.qty: Input should be a valid integer, got "x"',
        "note: Input should be a valid string, got 3",
    ]


def test_arguments_that_are_not_an_object_are_rejected() -> None:
    calls: list[dict[str, Any]] = []
    result = make_search(calls).call(tc("search", ["cats"]))
    assert result["is_error"] is True
    assert 'arguments: Input should be a JSON object, got ["cats"]' in text_of(result)
    assert calls == []


def test_long_offending_input_is_shortened() -> None:
    calls: list[dict[str, Any]] = []
    result = make_search(calls).call(tc("search", {"query": "q", "limit": "9" * 1000 + "x"}))
    line = text_of(result).splitlines()[1]
    assert line.startswith('limit: Input should be a valid integer, got "999')
    assert line.endswith("...") and len(line) < 300


def test_extra_policy_per_tool() -> None:
    calls: list[dict[str, Any]] = []
    ignoring = make_search(calls, extra="ignore")
    assert ignoring.call(tc("search", {"query": "q", "colour": "red"}))["is_error"] is False
    assert calls == [{"query": "q", "limit": 10}]

    registry = ToolRegistry()

    @registry.tool(extra="allow")
    def tag(name: str, **labels: Any) -> dict[str, Any]:
        return {"name": name, **labels}

    result = registry.call(tc("tag", {"name": "n", "colour": "red"}))
    assert result["content"] == [json_part({"name": "n", "colour": "red"})]
    assert registry.definitions()[0]["parameters"].get("additionalProperties") is not False


def test_parameters_shadowing_basemodel_attributes_and_positional_only() -> None:
    registry = ToolRegistry()

    @registry.tool
    def fetch(url: str, /, json: bool = False, schema: str = "v1") -> list[Any]:
        return [url, json, schema]

    properties = registry.definitions()[0]["parameters"]["properties"]
    assert list(properties) == ["url", "json", "schema"]
    result = registry.call(tc("fetch", {"url": "u", "json": "true", "schema": "v2"}))
    assert result["content"] == [json_part(["u", True, "v2"])]


# --- errors at the boundary --------------------------------------------------------------


def test_unknown_tool_names_the_known_tools() -> None:
    calls: list[dict[str, Any]] = []
    registry = make_search(calls)

    @registry.tool
    def lookup(key: str) -> str:
        return key

    result = registry.call(tc("serach", {"query": "q"}))
    assert result == {
        "call_id": "call_1",
        "name": "serach",
        "content": [text_part("unknown tool 'serach'; known tools: search, lookup")],
        "is_error": True,
    }
    assert "known tools: (none)" in text_of(ToolRegistry().call(tc("x", {})))


def test_invalid_call_is_not_executed() -> None:
    calls: list[dict[str, Any]] = []
    registry = make_search(calls)
    bad = tc("search", None, raw_arguments='{"query": "ca', arguments_error="Unterminated string at 1:11")
    result = registry.call(bad)
    assert result["is_error"] is True
    assert text_of(result) == (
        "the arguments of search were not valid JSON (Unterminated string at 1:11); the tool was not run"
    )
    assert asyncio.run(registry.acall(bad))["is_error"] is True
    assert calls == []


def test_incomplete_call_is_not_executed_even_with_arguments() -> None:
    calls: list[dict[str, Any]] = []
    registry = make_search(calls)
    result = registry.call(tc("search", {"query": "ca"}, incomplete=True))
    assert result["is_error"] is True
    assert "cut off" in text_of(result) and "not valid JSON" in text_of(result)
    assert calls == []


def test_raising_tool_becomes_error_result_and_logs_traceback(caplog: pytest.LogCaptureFixture) -> None:
    registry = ToolRegistry()

    @registry.tool
    def explode(x: int) -> None:
        raise ValueError(f"boom {x}")

    with caplog.at_level(logging.INFO, logger=LOGGER):
        result = registry.call(tc("explode", {"x": 1}))
    assert result == {
        "call_id": "call_1",
        "name": "explode",
        "content": [text_part("ValueError: boom 1")],
        "is_error": True,
    }
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and errors[0].name == LOGGER
    assert errors[0].exc_info is not None and errors[0].exc_info[0] is ValueError
    assert "Traceback" not in json.dumps(result)


def test_odd_inputs_never_raise() -> None:
    registry = ToolRegistry()
    registry.register(lambda: "ok", name="noop")
    not_a_call = registry.call(42)
    assert not_a_call["is_error"] is True and "not a tool call" in text_of(not_a_call)
    assert not_a_call["call_id"].startswith("call_")
    nameless = registry.call({"id": "c", "arguments": {}})
    assert nameless["is_error"] is True and nameless["call_id"] == "c" and "name" not in nameless


def test_call_without_id_gets_a_fresh_call_id() -> None:
    registry = ToolRegistry()
    registry.register(lambda: "ok", name="noop")
    first = registry.call(tc("noop", {}, call_id=None))
    second = registry.call(tc("noop", {}, call_id=None))
    assert first["is_error"] is False
    assert isinstance(first["call_id"], str) and first["call_id"]
    assert first["call_id"] != second["call_id"]


def test_accepts_objects_with_model_dump() -> None:
    class ToolCallModel(BaseModel):
        id: str | None
        name: str
        arguments: dict[str, Any] | None

    calls: list[dict[str, Any]] = []
    registry = make_search(calls)
    result = registry.call(ToolCallModel(id="abc", name="search", arguments={"query": "q"}))
    assert result["call_id"] == "abc" and result["is_error"] is False
    assert calls == [{"query": "q", "limit": 10}]


# --- result content --------------------------------------------------------------------


class Forecast(BaseModel):
    city: str
    temps: tuple[float, ...]


@pytest.mark.parametrize(
    ("value", "content"),
    [
        ("plain", [text_part("plain")]),
        ({"a": 1}, [json_part({"a": 1})]),
        ([1, "two"], [json_part([1, "two"])]),
        (3.5, [json_part(3.5)]),
        (False, [json_part(False)]),
        (None, [json_part(None)]),
        (Forecast(city="Oslo", temps=(1.5, 2)), [json_part({"city": "Oslo", "temps": [1.5, 2.0]})]),
        (
            Content(text_part("see"), image_part(url="https://example.com/a.png")),
            [text_part("see"), {"type": "image", "url": "https://example.com/a.png"}],
        ),
    ],
)
def test_return_values_become_content(value: Any, content: list[dict[str, Any]]) -> None:
    registry = ToolRegistry()
    registry.register(lambda: value, name="give")
    result = registry.call(tc("give", {}))
    assert result["is_error"] is False
    assert result["content"] == content


def test_content_can_report_an_error_without_raising() -> None:
    registry = ToolRegistry()
    registry.register(lambda: Content(text_part("no such city"), is_error=True), name="give")
    assert registry.call(tc("give", {})) == {
        "call_id": "call_1",
        "name": "give",
        "content": [text_part("no such city")],
        "is_error": True,
    }


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (object(), "not JSON"),
        (math.nan, "not JSON"),
        (Content({"type": "video"}), "invalid content part"),
        (Content({"type": "text"}), "text part without text"),
    ],
)
def test_bad_return_values_become_error_results(value: Any, fragment: str) -> None:
    registry = ToolRegistry()
    registry.register(lambda: value, name="give")
    result = registry.call(tc("give", {}))
    assert result["is_error"] is True
    assert fragment in text_of(result)


def test_image_part_needs_url_or_data_with_media_type() -> None:
    assert image_part(data="AAAA", media_type="image/png") == {
        "type": "image",
        "media_type": "image/png",
        "data": "AAAA",
    }
    with pytest.raises(ValueError):
        image_part(data="AAAA")


# --- logging -----------------------------------------------------------------------------


def test_each_call_logs_tool_id_duration_and_outcome(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[dict[str, Any]] = []
    registry = make_search(calls)
    with caplog.at_level(logging.INFO, logger=LOGGER):
        registry.call(tc("search", {"query": "q"}, call_id="a"))
        registry.call(tc("search", {"limit": "x"}, call_id="b"))
        registry.call(tc("nope", {}, call_id="c"))
        registry.call(tc("search", None, call_id="d", arguments_error="bad"))
    infos = [r for r in caplog.records if r.levelno == logging.INFO and r.name == LOGGER]
    assert [(r.tool, r.call_id, r.outcome) for r in infos] == [  # type: ignore[attr-defined]
        ("search", "a", "ok"),
        ("search", "b", "invalid_arguments"),
        ("nope", "c", "unknown_tool"),
        ("search", "d", "invalid_call"),
    ]
    assert all(isinstance(r.duration_ms, float) and r.duration_ms >= 0 for r in infos)  # type: ignore[attr-defined]
    assert "tool=search call_id=a duration_ms=" in infos[0].getMessage()
    assert infos[0].getMessage().endswith("outcome=ok")


# --- async -------------------------------------------------------------------------------


def make_async_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    async def add(a: int, b: int) -> int:
        """Add two numbers."""
        await asyncio.sleep(0)
        return a + b

    @registry.tool
    def where() -> str:
        return threading.current_thread().name

    return registry


def test_acall_runs_async_tools() -> None:
    registry = make_async_registry()
    assert registry.definitions()[0]["description"] == "Add two numbers."
    result = asyncio.run(registry.acall(tc("add", {"a": 2, "b": "3"})))
    assert result == {"call_id": "call_1", "name": "add", "content": [json_part(5)], "is_error": False}


def test_acall_runs_sync_tools_off_the_event_loop_thread() -> None:
    registry = make_async_registry()

    async def main() -> tuple[str, str]:
        result = await registry.acall(tc("where", {}))
        return text_of(result), threading.current_thread().name

    tool_thread, loop_thread = asyncio.run(main())
    assert tool_thread != loop_thread


def test_call_runs_async_tools_with_or_without_a_running_loop() -> None:
    registry = make_async_registry()
    assert registry.call(tc("add", {"a": 1, "b": 2}))["content"] == [json_part(3)]

    async def inside_a_loop() -> dict[str, Any]:
        return registry.call(tc("add", {"a": 4, "b": 5}))

    assert asyncio.run(inside_a_loop())["content"] == [json_part(9)]


def test_acall_errors_are_results_too() -> None:
    registry = ToolRegistry()

    @registry.tool
    async def fail() -> None:
        raise KeyError("k")

    result = asyncio.run(registry.acall(tc("fail", {})))
    assert result["is_error"] is True and text_of(result) == "KeyError: 'k'"
    unknown = asyncio.run(registry.acall(tc("missing", {})))
    assert unknown["is_error"] is True and "known tools: fail" in text_of(unknown)


def test_async_callable_object_is_awaited() -> None:
    class Greeter:
        async def __call__(self, who: str) -> str:
            return f"hi {who}"

    registry = ToolRegistry()
    registry.register(Greeter(), name="greet")
    assert asyncio.run(registry.acall(tc("greet", {"who": "bo"})))["content"] == [text_part("hi bo")]
    assert registry.call(tc("greet", {"who": "al"}))["content"] == [text_part("hi al")]


# --- timeouts ----------------------------------------------------------------------------


def test_async_tool_timeout(caplog: pytest.LogCaptureFixture) -> None:
    registry = ToolRegistry()
    finished: list[bool] = []

    @registry.tool(timeout=0.05)
    async def slow() -> str:
        await asyncio.sleep(5)
        finished.append(True)
        return "late"

    with caplog.at_level(logging.INFO, logger=LOGGER):
        started = time.monotonic()
        result = asyncio.run(registry.acall(tc("slow", {})))
        assert time.monotonic() - started < 2
        assert result["is_error"] is True and text_of(result) == "timed out after 0.05s"
        assert text_of(registry.call(tc("slow", {}))) == "timed out after 0.05s"
    assert finished == []
    assert [r.outcome for r in caplog.records if r.levelno == logging.INFO] == ["timeout", "timeout"]  # type: ignore[attr-defined]


def test_sync_tool_timeout_in_call_and_acall(release: threading.Event) -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=0.05)
    def slow() -> str:
        release.wait(10)
        return "late"

    started = time.monotonic()
    assert text_of(registry.call(tc("slow", {}))) == "timed out after 0.05s"
    assert text_of(asyncio.run(registry.acall(tc("slow", {})))) == "timed out after 0.05s"
    assert time.monotonic() - started < 5


def test_fast_tool_with_timeout_returns_normally_and_exceptions_pass_through() -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=5)
    def quick(x: int) -> int:
        if x < 0:
            raise ArithmeticError("negative")
        return x

    assert registry.call(tc("quick", {"x": 1}))["content"] == [json_part(1)]
    assert text_of(registry.call(tc("quick", {"x": -1}))) == "ArithmeticError: negative"


def test_a_tools_own_timeout_error_is_a_tool_error() -> None:
    registry = ToolRegistry()

    @registry.tool
    def upstream() -> None:
        raise TimeoutError("upstream timed out after 3s")

    assert text_of(registry.call(tc("upstream", {}))) == "TimeoutError: upstream timed out after 3s"


# --- rate limits -------------------------------------------------------------------------


def test_rate_limit_is_a_sliding_window(caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    registry = ToolRegistry(clock=clock)
    runs: list[float] = []

    @registry.tool(calls_per_minute=2)
    def ping() -> str:
        runs.append(clock.now)
        return "pong"

    def ok() -> bool:
        return registry.call(tc("ping", {}))["is_error"] is False

    assert ok()  # t=0
    clock.now += 30
    assert ok()  # t=30
    clock.now += 29
    with caplog.at_level(logging.INFO, logger=LOGGER):
        limited = registry.call(tc("ping", {}))  # t=59: two calls in the last minute
    assert limited["is_error"] is True
    assert text_of(limited).startswith("rate limit: 2 calls per minute")
    assert caplog.records[-1].outcome == "rate_limited"  # type: ignore[attr-defined]
    clock.now += 1
    assert ok()  # t=60: the call at t=0 left the window
    clock.now += 1
    assert not ok()  # t=61: calls at t=30 and t=60 are in the window
    clock.now += 29
    assert ok()  # t=90
    assert len(runs) == 4


def test_rejected_calls_do_not_use_up_the_rate_limit() -> None:
    registry = ToolRegistry(clock=FakeClock())

    @registry.tool(calls_per_minute=1)
    def once(n: int) -> int:
        return n

    assert registry.call(tc("once", {"n": "x"}))["is_error"] is True
    assert registry.call(tc("once", None, arguments_error="bad"))["is_error"] is True
    assert registry.call(tc("once", {"n": 1}))["is_error"] is False
    assert "rate limit" in text_of(asyncio.run(registry.acall(tc("once", {"n": 2}))))


def test_rate_limits_are_per_tool() -> None:
    registry = ToolRegistry(clock=FakeClock())
    registry.register(lambda: 1, name="a", calls_per_minute=1)
    registry.register(lambda: 2, name="b", calls_per_minute=1)
    assert registry.call(tc("a", {}))["is_error"] is False
    assert registry.call(tc("b", {}))["is_error"] is False
    assert registry.call(tc("a", {}))["is_error"] is True


# --- generators and streaming ------------------------------------------------------------


def make_streaming_registry(events: list[str]) -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    async def spell(word: str) -> AsyncIterator[Any]:
        """Spell a word."""
        for letter in word:
            await asyncio.sleep(0)
            events.append(letter)
            yield letter
        yield {"length": len(word)}

    @registry.tool
    def count(n: int) -> Iterator[str]:
        for i in range(n):
            yield f"{i};"

    @registry.tool
    async def broken() -> AsyncIterator[str]:
        yield "partial"
        raise RuntimeError("stream broke")

    return registry


async def collect(registry: ToolRegistry, call: dict[str, Any]) -> list[dict[str, Any]]:
    return [result async for result in registry.astream(call)]


def test_astream_yields_partials_then_the_complete_result() -> None:
    events: list[str] = []
    registry = make_streaming_registry(events)
    results = asyncio.run(collect(registry, tc("spell", {"word": "ab"})))
    assert [r["content"] for r in results] == [
        [text_part("a")],
        [text_part("b")],
        [json_part({"length": 2})],
        [text_part("ab"), json_part({"length": 2})],  # text pieces joined in the complete result
    ]
    assert all(r["call_id"] == "call_1" and r["name"] == "spell" and r["is_error"] is False for r in results)
    assert results[-1] == asyncio.run(registry.acall(tc("spell", {"word": "ab"})))
    assert registry.call(tc("spell", {"word": "ab"}))["content"] == results[-1]["content"]


def test_astream_is_lazy() -> None:
    events: list[str] = []
    registry = make_streaming_registry(events)

    async def first_only() -> dict[str, Any]:
        stream = registry.astream(tc("spell", {"word": "abc"}))
        first = await stream.__anext__()
        await stream.aclose()
        return first

    assert asyncio.run(first_only())["content"] == [text_part("a")]
    assert events == ["a"]


def test_sync_generators_are_collected_and_streamed() -> None:
    registry = make_streaming_registry([])
    assert registry.call(tc("count", {"n": 3}))["content"] == [text_part("0;1;2;")]
    results = asyncio.run(collect(registry, tc("count", {"n": 2})))
    assert [r["content"] for r in results] == [[text_part("0;")], [text_part("1;")], [text_part("0;1;")]]


def test_stream_that_raises_ends_with_an_error_result() -> None:
    registry = make_streaming_registry([])
    results = asyncio.run(collect(registry, tc("broken", {})))
    assert [r["is_error"] for r in results] == [False, True]
    assert results[0]["content"] == [text_part("partial")]
    assert text_of(results[-1]) == "RuntimeError: stream broke"
    assert text_of(registry.call(tc("broken", {}))) == "RuntimeError: stream broke"


def test_astream_of_a_plain_tool_or_a_bad_call_yields_one_result() -> None:
    registry = make_async_registry()
    assert asyncio.run(collect(registry, tc("add", {"a": 1, "b": 1}))) == [
        {"call_id": "call_1", "name": "add", "content": [json_part(2)], "is_error": False}
    ]
    bad = asyncio.run(collect(registry, tc("add", {"a": "one", "b": 1})))
    assert len(bad) == 1 and bad[0]["is_error"] is True
    assert 'a: Input should be a valid integer, got "one"' in text_of(bad[0])


def test_stream_timeout_covers_the_whole_stream() -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=0.2)
    async def drip() -> AsyncIterator[str]:
        for _ in range(100):
            await asyncio.sleep(0.05)
            yield "."

    results = asyncio.run(collect(registry, tc("drip", {})))
    assert 1 <= len(results) - 1 < 100
    assert results[-1]["is_error"] is True and text_of(results[-1]) == "timed out after 0.2s"
    assert text_of(registry.call(tc("drip", {}))) == "timed out after 0.2s"


def test_sync_generator_timeout(release: threading.Event) -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=0.1)
    def stuck() -> Iterator[str]:
        yield "first"
        release.wait(10)
        yield "never"

    assert text_of(registry.call(tc("stuck", {}))) == "timed out after 0.1s"
    results = asyncio.run(collect(registry, tc("stuck", {})))
    assert [r["is_error"] for r in results] == [False, True]
    assert results[0]["content"] == [text_part("first")]
    assert text_of(results[1]) == "timed out after 0.1s"


def test_docstring_sections_end_the_description_only_when_known() -> None:
    registry = ToolRegistry()

    @registry.tool
    def plan(goal: str) -> str:
        """Make a plan.

        Steps:
            1. think

        Returns:
            The plan.
        """
        return goal

    assert registry.definitions()[0]["description"] == "Make a plan.\n\nSteps:\n    1. think"


class Picky(BaseModel):
    code: str

    @field_validator("code")
    @classmethod
    def known(cls, value: str) -> str:
        if value == "boom":
            raise KeyError(value)  # not wrapped by pydantic, unlike ValueError
        if value != "ok":
            raise ValueError("unknown code")
        return value


def test_validator_failures_are_results_too() -> None:
    registry = ToolRegistry()
    registry.register(lambda code: code, name="picky", params_model=Picky)
    assert text_of(registry.call(tc("picky", {"code": "no"}))).splitlines()[1] == (
        'code: Value error, unknown code, got "no"'
    )
    raised = registry.call(tc("picky", {"code": "boom"}))
    assert raised["is_error"] is True and text_of(raised).endswith("KeyError: 'boom'")
    assert registry.call(tc("picky", {"code": "ok"}))["content"] == [text_part("ok")]
