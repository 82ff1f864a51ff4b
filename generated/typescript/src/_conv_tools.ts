// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A request's tools and tool choice, canonical -> wire, through the same envelope writer as
 * inject(): the tools list at its place (never `tools: []`), the choice, and the choice's
 * fields carried beside it (OpenAI's parallel_tool_calls).
 */

import { normalizeChoice } from "./_canonical.js";
import type { Codecs, Toks } from "./_conv_layout.js";
import { pointer, put, truthy } from "./_conv_paths.js";
import { Loss, getOwn, isObject, putOwn, report } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
import { inject } from "./_inject.js";
import { pyRepr } from "./_pytext.js";

function merge(into: JsonObject, value: JsonObject): void {
  for (const key of Object.keys(value)) {
    const item = getOwn(value, key);
    const there = getOwn(into, key);
    if (isObject(item) && isObject(there)) merge(there, item);
    else putOwn(into, key, item);
  }
}

/** Python's toks.index("*") (ValueError when there is none). */
function star(toks: Toks): number {
  const i = toks.indexOf("*");
  if (i < 0) throw new Error("tuple.index(x): x not in tuple");
  return i;
}

/**
 * Write the tools and the choice; `tools: []` only where the dialect's own payload sent it (a
 * compatible server's quirk: strict servers reject it, so no conversion writes it).
 * (Internal: Python's parameters, positionally.)
 */
export function encodeTools(
  wire: JsonObject,
  tools: unknown,
  choice: unknown,
  codecs: Codecs,
  idMap: IdMap,
  losses: Loss[],
  strict: boolean,
  forms: JsonObject,
): void {
  if (!truthy(tools)) {
    const first = codecs.locations.find((loc) => loc[0] === "tool_definition");
    const head: Toks = first === undefined ? [] : first[1].slice(0, star(first[1]));
    const form = head.length > 0 ? getOwn(forms, pointer(head)) : undefined;
    if (form === "empty" || form === "null") put(wire, head, form === "empty" ? [] : null);
  }
  if (tools == null && choice == null) return;
  let parts: JsonObject = { tools: truthy(tools) ? tools : [] };
  if (choice != null) {
    if (!truthy(tools)) {
      // a choice without tools means nothing to a strict server (and is rejected)
      report(losses, strict, "tool_choice.dropped", "/tool_choice", codecs.dialect, "a tool choice without tools");
    } else if (!Object.hasOwn(codecs.encode, "tool_choice")) {
      noChoice(choice, codecs.dialect, losses, strict);
    } else {
      const within = choiceWithin(choice, tools, codecs, idMap, losses, strict);
      if (within != null) parts["tool_choice"] = within;
    }
  }
  const wrapped = codecs.locations.find(
    (loc) => loc[0] === "tool_definition" &&
    loc[1].filter((t) => t === "*").length === 2
  );
  if (wrapped !== undefined && truthy(tools)) {
    // tools inside a wrapper object of a list (Gemini: tools[0].functionDeclarations[*])
    const toks = wrapped[1];
    const head = toks.slice(0, star(toks));
    const tail = toks.slice(head.length + 1, -1);
    const encode = codecs.encode["tool_definition"] as NonNullable<Codecs["encode"][string]>;
    const encodedTools = (tools as unknown[]).map((tool, i) => {
      const result = encode(tool, { strict, idMap });
      for (const loss of result.losses) losses.push(loss.at(`/tools/${i}`));
      return result.value;
    }).filter((tool) => tool != null); // null: a tool the target has no form for (reported)
    if (encodedTools.length > 0) {
      const holder: JsonObject = {};
      put(holder, tail, encodedTools);
      put(wire, head, [holder]);
    }
    const { tools: _dropped, ...others } = parts;
    void _dropped;
    parts = others;
  }
  const encoded = inject(
    {}, parts, codecs.locations, codecs.encode, codecs.dialect, strict, idMap, codecs.choiceFields, codecs.toolsFields
  );
  losses.push(...encoded.losses);
  merge(wire, encoded.value as JsonObject);
}

/**
 * The choice naming only tools the target is sent: a name of a tool it has no form for (a custom
 * tool) leaves the choice, each a loss; a choice left naming none is dropped (the model chooses
 * freely), as forcing or allowing only a tool the target lacks cannot be stated.
 */
function choiceWithin(
  choice: unknown, tools: unknown, codecs: Codecs, idMap: IdMap, losses: Loss[], strict: boolean
): unknown {
  const names = isObject(choice) ? getOwn(choice, "names") : undefined;
  if (!Array.isArray(names) || !Array.isArray(tools)) return choice;
  const encode = codecs.encode["tool_definition"] as NonNullable<Codecs["encode"][string]>;
  const dropped = new Set(
    tools
      .filter((tool) => isObject(tool) && encode(tool, { strict: false, idMap }).value == null)
      .map((tool) => getOwn(tool as JsonObject, "name") ?? null),
  );
  if (!names.some((name) => dropped.has(name))) return choice;
  const kept = names.filter((name) => !dropped.has(name));
  if (kept.length === 0) {
    report(
      losses, strict, "tool_choice.dropped", "/tool_choice", codecs.dialect,
      `a tool choice naming only tools the target has no form for (${names.map((n) => pyRepr(n)).join(", ")}): ` +
        "the model chooses freely",
    );
    return null;
  }
  names.forEach((name, i) => {
    if (dropped.has(name)) {
      report(
        losses, strict, "tool.custom_dropped", `/tool_choice/names/${i}`, codecs.dialect,
        `the tool choice's ${pyRepr(name)}, a custom (freeform) tool the target has no form for`,
      );
    }
  });
  const out: JsonObject = { ...(choice as JsonObject), names: kept };
  const listed = getOwn(choice as JsonObject, "custom_names");
  const custom = Array.isArray(listed) ? listed.filter((name) => !dropped.has(name)) : [];
  if (custom.length > 0) out["custom_names"] = custom;
  else delete out["custom_names"];
  normalizeChoice(out);
  return out;
}

/** A dialect without a tool choice lets the model choose: that is `auto`, anything else a loss. */
function noChoice(choice: unknown, dialect: string, losses: Loss[], strict: boolean): void {
  if (
    isObject(choice) &&
    getOwn(choice, "mode") === "auto" &&
    Object.keys(choice).every((k) => k === "mode" || k === "extensions")
  ) {
    return;
  }
  const mode = isObject(choice) ? (getOwn(choice, "mode") ?? null) : choice;
  report(
    losses,
    strict,
    "tool_choice.dropped",
    "/tool_choice",
    dialect,
    `a tool choice (${pyRepr(mode)}: the model always chooses)`,
  );
}
