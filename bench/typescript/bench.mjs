// Benchmark (node): the generated TypeScript converter against hand-written JavaScript giving
// the same output, side by side in one run. The port of bench/bench_convert.py and
// bench/conversation.py:
//
// 1. one tool call, OpenAI Chat -> Anthropic tool_use (decodeToolCall + encodeToolCall)
//    against `careful` (hand_written.mjs: refuses what is not a function call, reads "" as no
//    arguments, checks the id against Anthropic's pattern); for scale also the shortest
//    version (no id check) and `careful` parsing with the package's own strict `loads`
//    (that ratio is the converter's overhead alone, with the parser's difference taken out);
// 2. a whole OpenAI Chat request (3 tools, tool_choice, settings, a 6-message history with 2
//    parallel calls and their results) -> an Anthropic Messages request with
//    convert(..., { shape: "request" }), value and losses, against `handWrittenRequest`.
//
// Each hand-written function's output is asserted equal to the generated one's first (JSON
// values compared as Python's == does: key order aside). Rounds interleave the contenders
// (after 2 untimed warm-up rounds for the JIT); prints median and range per contender and the
// paired per-round ratio generated/hand-written (target: at most 1.5x, issue #14).
//
// Run from the repository root after `toolwire generate`:
//   node bench/typescript/bench.mjs [--rounds 15] [--number 20000] [--request-number 2000] [--dist DIR]

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import { describe, interleaved, ratio } from "./_timing.mjs";
import { careful, handMinimal, handWrittenRequest } from "./hand_written.mjs";

const TARGET = 1.5;
const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "15" },
    number: { type: "string", default: "20000" },
    "request-number": { type: "string", default: "2000" },
    dist: { type: "string", default: new URL("../../generated/typescript/dist/", import.meta.url).pathname },
  },
});
const dist = pathToFileURL(args.dist.endsWith("/") ? args.dist : `${args.dist}/`);
const { convert, getDialect } = await import(new URL("index.js", dist));
const strictLoads = await import(new URL("_strict_json.js", dist)).then((m) => m.loads, () => null);

const CALL = {
  id: "call_aDdJTteHrpMdhdkEkyxjxEHH",
  type: "function",
  function: { name: "get_weather", arguments: '{"city":"Paris","unit":"celsius","days":3}' },
};
const REQUEST = JSON.parse(readFileSync(new URL("request.json", import.meta.url), "utf8"));

/** JSON with sorted keys: Python's == on JSON values, as the Python benches compare. */
function sortedJson(value) {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function toolCallBench(rounds, number) {
  const chat = getDialect("openai_chat");
  const anthropic = getDialect("anthropic_messages");
  const generated = (call) => anthropic.encodeToolCall(chat.decodeToolCall(call)).value;
  const handWritten = careful(JSON.parse);
  const contenders = { "hand-written": handWritten, "hand-minimal": handMinimal, generated };
  if (strictLoads) contenders["same-parser"] = careful(strictLoads);
  const expected = sortedJson(handWritten(CALL));
  for (const [name, fn] of Object.entries(contenders)) {
    assert.equal(sortedJson(fn(CALL)), expected, `${name} converts differently`);
  }
  const times = interleaved(
    Object.fromEntries(Object.entries(contenders).map(([name, fn]) => [name, () => fn(CALL)])),
    rounds,
    number,
  );
  console.log(`OpenAI Chat tool call -> Anthropic tool_use; ${rounds} interleaved rounds of ${number} calls`);
  for (const [name, runs] of Object.entries(times)) console.log(describe(name, runs));
  console.log(ratio("generated/hand-written", times.generated, times["hand-written"], TARGET));
  console.log(ratio("generated/hand-minimal", times.generated, times["hand-minimal"], Infinity).replace(/ \(target.*/, " (no target)"));
  if (strictLoads) {
    console.log(ratio("generated/same-parser", times.generated, times["same-parser"], Infinity).replace(/ \(target.*/, " (overhead alone, no target)"));
  }
}

function requestBench(rounds, number) {
  const request = structuredClone(REQUEST);
  const generated = () => convert(request, { source: "openai_chat", target: "anthropic_messages", shape: "request" });
  const encoded = generated();
  const [value, losses] = handWrittenRequest(request);
  assert.equal(sortedJson(value), sortedJson(encoded.value), "hand-written converts differently");
  assert.deepStrictEqual(
    encoded.losses.map((loss) => [loss.pointer, loss.target, loss.what]),
    losses,
    "hand-written reports other losses",
  );
  const times = interleaved({ generated, "hand-written": () => handWrittenRequest(request) }, rounds, number);
  assert.deepStrictEqual(request, REQUEST, "a contender changed its input");
  console.log(
    `OpenAI Chat request -> Anthropic Messages request: ${request.messages.length} messages, ` +
      `${request.tools.length} tools; ${rounds} interleaved rounds of ${number} calls`,
  );
  for (const [name, runs] of Object.entries(times)) console.log(describe(name, runs));
  console.log(ratio("generated/hand-written", times.generated, times["hand-written"], TARGET));
}

const rounds = Number(args.rounds);
console.log(`node ${process.version}, generated package: ${args.dist}`);
toolCallBench(rounds, Number(args.number));
requestBench(rounds, Number(args["request-number"]));
