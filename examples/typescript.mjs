// The same OpenAI Chat conversation as examples/conversation.py, converted by the npm package
// toolwire-dialects: it prints the same Anthropic Messages request and the same losses, byte for byte.
import { convert } from "toolwire-dialects";

const history = {
  model: "gpt-4o",
  temperature: 0.2,
  messages: [
    { role: "system", content: "Answer in one sentence." },
    { role: "user", content: "What is the weather in Paris?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_42", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } },
      ],
    },
    { role: "tool", tool_call_id: "call_42", content: "18°C, light rain" },
  ],
  tools: [
    {
      type: "function",
      function: {
        name: "get_weather",
        description: "Current weather for a city.",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
    },
  ],
  seed: 7,
};

const { value, losses } = convert(history, { source: "openai_chat", target: "anthropic_messages", shape: "request" });
console.log(JSON.stringify(value, null, 2));
for (const loss of losses) console.log(String(loss));
