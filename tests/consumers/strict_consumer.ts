// A consumer of the npm package `toolwire-dialects` as a user writes it: strict, no casts, no
// `any` from the package. tests/test_typed_api.py compiles it with the pinned tsc against the
// package's declarations (dist/*.d.ts) and runs it.
import {
  IdMap,
  LOSS_CODES,
  assembler,
  convert,
  convertStream,
  decoder,
  encoder,
  getDialect,
  type DialectName,
  type Encoded,
  type LossCode,
  type Request,
  type Shape,
  type ShapeOf,
  type ToolCall,
  type ToolDefinition,
  type ToolResult,
} from "toolwire-dialects";

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`strict consumer: ${what}`);
}

const wireCall = {
  id: "call_1",
  type: "function",
  function: { name: "get_weather", arguments: '{"city": "Paris"}' },
};

export function cityOf(call: ToolCall): unknown {
  return call.arguments === null ? null : call.arguments["city"];
}

/** Every text of a request: the part's type narrows the union. */
export function texts(request: Request): string[] {
  const found: string[] = [];
  for (const message of request.messages) {
    for (const part of message.parts) {
      if (part.type === "text") found.push(part.text);
      else if (part.type === "tool_call") found.push(part.call.name);
    }
  }
  return found;
}

export function resultFor(call: ToolCall): ToolResult {
  return { call_id: call.id, content: [{ type: "text", text: "18 C" }], is_error: false };
}

export function relay(payload: unknown, source: DialectName, target: DialectName, shape: ShapeOf<DialectName>): Encoded {
  return convert(payload, { source, target, shape, idMap: new IdMap() });
}

const call: ToolCall = getDialect("openai_chat").decodeToolCall(wireCall);
check(call.name === "get_weather" && cityOf(call) === "Paris", "decodeToolCall");
// a canonical value is a plain JSON object too (the types are aliases, not interfaces)
const plain: { [key: string]: unknown } = call;
check(plain["id"] === "call_1", "a ToolCall is a JSON object");
const encoded: Encoded = getDialect("anthropic_messages").encodeToolCall(call);
const converted = convert(wireCall, { source: "openai_chat", target: "anthropic_messages", shape: "tool_call" });
check(JSON.stringify(converted.value) === JSON.stringify(encoded.value), "convert");
check(relay(wireCall, "openai_chat", "mistral", "tool_call").losses[0]?.pointer === "/id", "relay: Mistral rewrites the id");
const allowed: LossCode[] = ["id.rewritten"];
const rewritten = convert(wireCall, { source: "openai_chat", target: "mistral", shape: "tool_call", allow: allowed });
check(rewritten.losses[0]?.code === "id.rewritten" && LOSS_CODES["id.rewritten"].length > 0, "allow");
const tool: ToolDefinition = { name: "get_weather", parameters: { type: "object" } };
check(encoder("gemini", "tool_definition")(tool).losses.length === 0, "encoder");
const result: ToolResult = decoder("mcp", "tool_result")({ content: [{ type: "text", text: "18 C" }] });
check(result.is_error === false && result.call_id === null, "decoder");
const back = getDialect("anthropic_messages").decodeToolResult(
  getDialect("anthropic_messages").encodeToolResult(resultFor(call)).value,
);
check(back.call_id === "call_1", "a result's round trip");
const request: Request = decoder("openai_chat", "request")({
  model: "m",
  messages: [{ role: "user", content: "hi" }],
  temperature: 0.5,
});
check(texts(request).join() === "hi" && request.settings?.temperature === 0.5, "decodeRequest");
const shape: Shape = "response";
check(getDialect("gemini").SHAPES.length > 0 && shape === "response", "getDialect");
const events = [
  { type: "message_start", message: { id: "m", type: "message", role: "assistant", model: "x", content: [] } },
];
const stream = convertStream(events, { source: "anthropic_messages", target: "openai_chat" });
check(stream.losses.length === 0, "convertStream");
check(assembler("openai_chat").finish().length === 0, "assembler");
