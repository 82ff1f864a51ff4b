"""A whole OpenAI Chat conversation with a tool call, as an Anthropic Messages request."""

import json

from toolwire_dialects import convert

history = {
    "model": "gpt-4o",
    "temperature": 0.2,
    "messages": [
        {"role": "system", "content": "Answer in one sentence."},
        {"role": "user", "content": "What is the weather in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_42",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_42", "content": "18°C, light rain"},
    ],
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Current weather for a city.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
            },
        }
    ],
    "seed": 7,
}

result = convert(history, source="openai_chat", target="anthropic_messages", shape="request")
print(json.dumps(result.value, indent=2, ensure_ascii=False))
for loss in result.losses:
    print(loss)
