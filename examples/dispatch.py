"""Decode a model's tool calls, run them safely, and send the results back: the same code
for Anthropic Messages and OpenAI Chat Completions."""

from toolwire_dialects import IdMap, ToolRegistry, get_dialect

registry = ToolRegistry()


@registry.tool
def get_weather(city: str, days: int = 1) -> str:
    """Forecast for a city."""
    return f"{city}: sunny for {days} day(s)"


def answer_tool_calls(dialect: str, response: dict) -> list[dict]:
    """The tool results to send in the next request, in the dialect of the response."""
    wire = get_dialect(dialect)
    id_map = IdMap()  # one per conversation: links results to calls, mints missing ids
    calls = wire.extract(response, id_map=id_map)["tool_calls"]
    messages = []
    for call in calls:
        result = registry.call(call)  # never raises: errors become is_error results
        encoded = wire.encode_tool_result(result, id_map=id_map)
        for loss in encoded.losses:  # e.g. OpenAI Chat has no error flag
            print(loss)
        messages.append(encoded.value)
    return messages


anthropic_response = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "usage": {"input_tokens": 40, "output_tokens": 25},
    "content": [
        {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris", "days": "2"}},
        {"type": "tool_use", "id": "toolu_02", "name": "get_time", "input": {}},
    ],
    "stop_reason": "tool_use",
}
openai_response = {
    "id": "chatcmpl-01",
    "object": "chat.completion",
    "created": 1764000000,
    "model": "gpt-4o",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
                    },
                    {
                        "id": "call_2",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Os'},
                    },
                ],
            },
        }
    ],
}

for dialect, response in (("anthropic_messages", anthropic_response), ("openai_chat", openai_response)):
    for message in answer_tool_calls(dialect, response):
        print(dialect, message)
