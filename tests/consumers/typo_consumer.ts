// Misuses of the npm package's types: tsc must refuse each line marked `expect: <code>`, with
// that code, and nothing else (tests/test_typed_api.py).
import { assembler, convert, convertStream, decoder, getDialect, type DialectName, type ToolCall } from "toolwire-dialects";

const wire: unknown = {};
getDialect("anthropic"); // expect: TS2345
convert(wire, { source: "openai_chat", target: "anthropic_messages", shape: "toolcall" }); // expect: TS2820
convert(wire, { source: "opanai_chat", target: "anthropic_messages", shape: "tool_call" }); // expect: TS2820
convert(wire, { source: "openai_chat", target: "mcp", shape: "request" }); // expect: TS2322
decoder("openai_chat", "tool_calls"); // expect: TS2345
export const name: DialectName = "openai"; // expect: TS2322
const call: ToolCall = getDialect("openai_chat").decodeToolCall(wire);
export const misspelt = call.nme; // expect: TS2551
export const wrong: ToolCall = { id: "x", name: "f", argument: {} }; // expect: TS2561
getDialect("anthropic_messages").encodeToolCall({ name: "f" }); // expect: TS2345
export const count: number = getDialect("gemini").decodeToolResult(wire).content; // expect: TS2322
assembler("mcp"); // expect: TS2345
convertStream([], { source: "anthropic", target: "openai_chat" }); // expect: TS2322
convert(wire, { source: "openai_chat", target: "anthropic_messages", shape: "request", allow: ["setting.droped"] }); // expect: TS2322
