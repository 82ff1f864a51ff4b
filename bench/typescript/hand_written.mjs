// The hand-written contenders of bench/typescript/bench.mjs: what a careful engineer writes
// by hand in JavaScript for the same jobs, giving the SAME values and losses as the generated
// converter (bench.mjs asserts it before timing). Ports of bench/bench_convert.py's `careful`,
// bench/_conversations.py's `hand_written` and bench/relay.py's `HandRelay`.

const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * One OpenAI Chat tool call -> an Anthropic tool_use block: refuses what is not a function
 * call, reads "" as no arguments, and checks the id against Anthropic's id pattern (an id
 * Anthropic rejects fails every later request of the conversation). `parse` parses the
 * arguments text (JSON.parse, or the package's strict loads).
 */
export function careful(parse) {
  return function convert(call) {
    if (call.type !== "function") throw new Error("not a function call");
    const fn = call.function;
    const text = fn.arguments;
    const args = text ? parse(text) : {};
    if (!isObject(args)) throw new Error("arguments are not an object");
    const id = call.id;
    if (typeof id !== "string" || !ANTHROPIC_ID.test(id)) throw new Error("an id Anthropic rejects");
    return { type: "tool_use", id, name: fn.name, input: args };
  };
}

/** The shortest version: no check of the id, throws on "" arguments. */
export function handMinimal(call) {
  if (call.type !== "function") throw new Error("not a function call");
  const fn = call.function;
  const args = JSON.parse(fn.arguments);
  if (!isObject(args)) throw new Error("arguments are not an object");
  return { type: "tool_use", id: call.id, name: fn.name, input: args };
}

// --- a whole request: OpenAI Chat -> Anthropic Messages --------------------------------

const TARGET = "anthropic_messages";
const DEFAULT_MAX_TOKENS = 4096; // the contract's documented default when the source has none
// The Chat request keys this function reads; any other is reported as not carried.
const KNOWN = new Set([
  "model", "messages", "tools", "tool_choice", "parallel_tool_calls", "max_completion_tokens", "max_tokens",
  "temperature", "top_p", "stop", "safety_identifier", "user", "stream", "seed", "presence_penalty",
  "frequency_penalty", "n",
]);
const ALIASES = { user: "safety_identifier", max_tokens: "max_completion_tokens" }; // older -> newer spelling
const MESSAGE_KNOWN = new Set(["role", "content", "tool_calls", "tool_call_id"]);
// Chat settings Anthropic has no place for: Chat key -> canonical name
const LOST_SETTINGS = { seed: "seed", presence_penalty: "presence_penalty", frequency_penalty: "frequency_penalty", n: "candidates" };
const TOOL_CHOICES = { auto: { type: "auto" }, required: { type: "any" }, none: { type: "none" } };

/** A Chat content that must be text (one string, or a list of text parts) as text blocks. */
function textBlocks(content, where) {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) throw new Error(`${where}: content is neither a string nor a list`);
  return content.map((part, k) => {
    if (!isObject(part) || part.type !== "text" || typeof part.text !== "string") throw new Error(`${where}/${k}: not a text part`);
    return { type: "text", text: part.text };
  });
}

function toolUse(call, where) {
  if (!isObject(call) || call.type !== "function") throw new Error(`${where}: not a function call`);
  const fn = call.function;
  const text = fn.arguments;
  const args = text ? JSON.parse(text) : {};
  if (!isObject(args)) throw new Error(`${where}: arguments are not an object`);
  const id = call.id;
  if (typeof id !== "string" || !ANTHROPIC_ID.test(id)) throw new Error(`${where}: an id Anthropic rejects`);
  return { type: "tool_use", id, name: fn.name, input: args };
}

function toolResult(message, where) {
  const id = message.tool_call_id;
  if (typeof id !== "string" || !ANTHROPIC_ID.test(id)) throw new Error(`${where}: an id Anthropic rejects`);
  const content = typeof message.content === "string" ? message.content : textBlocks(message.content, where);
  return { type: "tool_result", tool_use_id: id, content };
}

function tool(t, where) {
  if (!isObject(t) || t.type !== "function") throw new Error(`${where}: not a function tool`);
  const fn = t.function;
  const out = { name: fn.name, input_schema: has(fn, "parameters") ? fn.parameters : { type: "object", properties: {} } };
  if (has(fn, "description")) out.description = fn.description;
  if (has(fn, "strict")) out.strict = fn.strict;
  return out;
}

function toolChoice(choice) {
  if (typeof choice === "string" && has(TOOL_CHOICES, choice)) return { ...TOOL_CHOICES[choice] };
  if (isObject(choice) && choice.type === "function") return { type: "tool", name: choice.function.name };
  throw new Error("/tool_choice: unknown tool choice");
}

/** What a careful engineer writes by hand for this job: [value, losses as [pointer, target, what]]. */
export function handWrittenRequest(request) {
  const losses = [];
  for (const key of Object.keys(request).sort()) { // toolwire lists them by pointer
    if (!KNOWN.has(key) || (has(ALIASES, key) && has(request, ALIASES[key]))) { // an older spelling beside the newer one
      losses.push([`/extensions/openai_chat/fields/~1${key}`, TARGET, `openai_chat field /${key}`]);
    }
  }
  const out = {};
  if (has(request, "model")) out.model = request.model;
  const system = [];
  const turns = [];
  request.messages.forEach((message, i) => {
    const where = `/messages/${i}`;
    let role = message.role;
    for (const key of Object.keys(message)) {
      if (!MESSAGE_KNOWN.has(key)) losses.push([`${where}/extensions/openai_chat/fields/~1${key}`, TARGET, `openai_chat field /${key}`]);
    }
    if (role === "system" || role === "developer") {
      if (turns.length) throw new Error(`${where}: a system turn after the conversation started`);
      system.push(...textBlocks(message.content, where));
      return;
    }
    let blocks;
    if (role === "tool") {
      role = "user";
      blocks = [toolResult(message, where)];
    } else if (role === "user") {
      blocks = textBlocks(message.content, where);
    } else if (role === "assistant") {
      const content = message.content;
      blocks = content === null || content === undefined || content === "" ? [] : textBlocks(content, where);
      (message.tool_calls ?? []).forEach((call, k) => blocks.push(toolUse(call, `${where}/tool_calls/${k}`)));
    } else {
      throw new Error(`${where}: unknown role ${JSON.stringify(role)}`);
    }
    // Anthropic wants alternating roles: adjacent same-role turns merge, order kept.
    const last = turns.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  });
  for (const turn of turns) { // a turn of one text block is sent as a string
    const content = turn.content;
    if (content.length === 1 && content[0].type === "text") turn.content = content[0].text;
  }
  if (system.length) out.system = system.length === 1 ? system[0].text : system;
  out.messages = turns;
  if (has(request, "tools")) out.tools = request.tools.map((t, k) => tool(t, `/tools/${k}`));
  if (has(request, "tool_choice") || has(request, "parallel_tool_calls")) {
    const choice = toolChoice(has(request, "tool_choice") ? request.tool_choice : "auto");
    if (request.parallel_tool_calls === false) choice.disable_parallel_tool_use = true;
    out.tool_choice = choice;
  }
  let maxTokens = has(request, "max_completion_tokens") ? request.max_completion_tokens : request.max_tokens ?? null;
  out.max_tokens = maxTokens;
  for (const key of ["temperature", "top_p"]) if (has(request, key)) out[key] = request[key];
  if (has(request, "stop")) out.stop_sequences = typeof request.stop === "string" ? [request.stop] : [...request.stop];
  const user = has(request, "safety_identifier") ? request.safety_identifier : request.user ?? null;
  if (user !== null && user !== undefined) out.metadata = { user_id: user };
  if (has(request, "stream")) out.stream = request.stream;
  for (const [key, name] of Object.entries(LOST_SETTINGS)) {
    if (has(request, key)) losses.push([`/settings/${name}`, TARGET, `the ${name} setting`]);
  }
  if (maxTokens === null || maxTokens === undefined) {
    maxTokens = out.max_tokens = DEFAULT_MAX_TOKENS;
    losses.push(["/settings/max_tokens", TARGET, `a request without max_tokens (sent the documented default ${maxTokens})`]);
  }
  return [out, losses];
}

const FINISH_REASONS = {
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  tool_use: "tool_calls",
  pause_turn: "stop",
  refusal: "content_filter",
};

/** One Anthropic event in, its Chat chunks out (the port of bench/relay.py's HandRelay). */
class HandRelay {
  base = {};
  calls = new Map(); // Anthropic block index -> Chat tool_calls index
  inputTokens = 0;

  chunk(delta, finishReason = null) {
    return { ...this.base, choices: [{ index: 0, delta, finish_reason: finishReason }] };
  }

  feed(event) {
    const kind = event.type;
    if (kind === "content_block_delta") {
      const delta = event.delta;
      if (delta.type === "text_delta") return [this.chunk({ content: delta.text })];
      if (delta.type === "input_json_delta") {
        const fragment = delta.partial_json;
        if (!fragment) return [];
        return [this.chunk({ tool_calls: [{ index: this.calls.get(event.index), function: { arguments: fragment } }] })];
      }
      throw new Error(`unknown delta type ${JSON.stringify(delta.type)}`);
    }
    if (kind === "content_block_start") {
      const block = event.content_block;
      if (block.type === "tool_use") {
        const index = this.calls.size;
        this.calls.set(event.index, index);
        const call = { index, id: block.id, type: "function", function: { name: block.name, arguments: "" } };
        return [this.chunk({ tool_calls: [call] })];
      }
      if (block.type === "text") return block.text ? [this.chunk({ content: block.text })] : [];
      throw new Error(`unknown block type ${JSON.stringify(block.type)}`);
    }
    if (kind === "content_block_stop" || kind === "ping" || kind === "message_stop") return [];
    if (kind === "message_start") {
      const message = event.message;
      this.base = { id: message.id, object: "chat.completion.chunk", created: 0, model: message.model };
      this.inputTokens = message.usage?.input_tokens ?? 0;
      return [this.chunk({ role: "assistant", content: "" })];
    }
    if (kind === "message_delta") {
      const out = [];
      const reason = event.delta?.stop_reason;
      if (reason !== null && reason !== undefined) out.push(this.chunk({}, FINISH_REASONS[reason] ?? "stop"));
      const usage = event.usage;
      if (usage !== null && usage !== undefined) {
        // OpenAI's CompletionUsage has a total; Anthropic has none: the sum, as toolwire writes it.
        const completion = usage.output_tokens ?? 0;
        const totals = {
          prompt_tokens: this.inputTokens,
          completion_tokens: completion,
          total_tokens: this.inputTokens + completion,
        };
        out.push({ ...this.base, choices: [], usage: totals });
      }
      return out;
    }
    if (kind === "error") throw new Error(`the stream reported an error: ${JSON.stringify(event.error)}`);
    throw new Error(`unknown event type ${JSON.stringify(kind)}`);
  }
}

/** Every Chat chunk of an Anthropic event sequence, each as it is due. */
export function handRelay(events) {
  const relay = new HandRelay();
  const out = [];
  for (const event of events) for (const chunk of relay.feed(event)) out.push(chunk);
  return out;
}
