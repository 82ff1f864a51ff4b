// The inputs of bench/typescript/bench.mjs, made as the Python benches make theirs: the
// request of bench/conversation.py scaled to n turns (bench/_conversations.py, scaled_request)
// and the Anthropic stream of bench/relay.py at n events (make_stream).

import { readFileSync } from "node:fs";

export const TURNS = [1, 10, 100, 1000];
export const SIZES = [100, 1_000, 10_000];
export const BASE = JSON.parse(readFileSync(new URL("../request.json", import.meta.url), "utf8"));
const CITIES = ["Paris", "Lyon", "Nantes", "Lille", "Nice"];

/**
 * The base request with `turns` turns of tool use (user, assistant with 2 parallel calls, the 2
 * tool results) between its system message and its last user message: 4n + 2 messages, each
 * copy with ids and user text of its own (turn 0 keeps the base's, so 1 turn is the base).
 */
export function scaledRequest(turns) {
  const [system, ...rest] = BASE.messages;
  const last = rest.pop();
  const messages = [structuredClone(system)];
  for (let k = 0; k < turns; k++) {
    const suffix = k === 0 ? "" : `_${k}`;
    for (const message of structuredClone(rest)) {
      if (message.role === "user" && k) message.content = `${message.content} (turn ${k + 1})`;
      for (const call of message.tool_calls ?? []) call.id += suffix;
      if ("tool_call_id" in message) message.tool_call_id += suffix;
      messages.push(message);
    }
  }
  messages.push(structuredClone(last));
  return { ...structuredClone(BASE), messages };
}

/**
 * An Anthropic event sequence of exactly `size` events (at least 20): a text block in small
 * pieces (half of the events), then parallel tool calls whose arguments come in fragments (2
 * calls up to 500 events, then one per 250).
 */
export function makeStream(size) {
  const calls = Math.max(2, Math.floor(size / 250));
  const perCall = Math.floor(Math.floor((size - 6) / 2) / calls); // start, an empty delta, the fragments, stop
  const fragments = perCall - 3;
  const textDeltas = size - 6 - calls * perCall;
  if (fragments < 1) throw new Error(`${size} events are too few for a stream with ${calls} tool calls`);
  const message = {
    id: "msg_01XFDUDYJgAACzvnptvVoYEL",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5-20250929",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 472, output_tokens: 2 },
  };
  const events = [{ type: "message_start", message }];
  events.push({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
  events.push({ type: "ping" });
  for (let k = 0; k < textDeltas; k++) {
    const text = k % 7 ? `word${k} ` : `Checking the forecast, part ${k}. `;
    events.push({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } });
  }
  events.push({ type: "content_block_stop", index: 0 });
  for (let n = 1; n <= calls; n++) {
    const id = `toolu_${String(n).padStart(4, "0")}A09q90qw90lq917835lq9`;
    const args = { city: CITIES[n % CITIES.length], date: "2026-12-02", note: "x".repeat(fragments * 3) };
    const block = { type: "tool_use", id, name: "get_weather", input: {} };
    events.push({ type: "content_block_start", index: n, content_block: block });
    events.push({ type: "content_block_delta", index: n, delta: { type: "input_json_delta", partial_json: "" } });
    const text = JSON.stringify(args);
    for (let k = 0; k < fragments; k++) { // fragments pieces, none empty
      const piece = text.slice(Math.floor((text.length * k) / fragments), Math.floor((text.length * (k + 1)) / fragments));
      events.push({ type: "content_block_delta", index: n, delta: { type: "input_json_delta", partial_json: piece } });
    }
    events.push({ type: "content_block_stop", index: n });
  }
  events.push({ type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 187 } });
  events.push({ type: "message_stop" });
  if (events.length !== size) throw new Error(`made ${events.length} events, not ${size}`);
  return events;
}
