// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A whole request, wire -> canonical: its turns (system instructions from a top-level field
 * as a leading system turn), tools and tool choice at their envelope locations, settings, and
 * every key the layout does not read kept as an extension field.
 */

import { decodeTurns, keep, markForm } from "./_conv_decode.js";
import type { Codecs, RequestLayout, SystemIn, Toks } from "./_conv_layout.js";
import { get, pointer, truthy, unknownInto } from "./_conv_paths.js";
import { DecodeError, describe, escape, getOwn, hasOwn, isObject, putOwn, unescape } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { choiceFieldIn, decodeAt, elements, lookup, pyEqual, toolsFieldIn } from "./_extract.js";
import type { Condition } from "./_extract.js";
import { IdMap } from "./_ids.js";

/** The first tool_choice location the wire has a value at. */
function choicePlace(wire: JsonObject, codecs: Codecs): Toks | undefined {
  return codecs.locations.find((loc) => loc[0] === "tool_choice" && lookup(wire, loc[1]) !== undefined)?.[1];
}

/**
 * The request's tools and tool choice at their envelope locations; a tools-list element that
 * is no tool definition (a server tool) is kept as an extension field.
 */
/** A tools-list location split at its '*': [head, tail, head as a Map key, the wrapper's
 * inner list path] (layouts live as long as their module: remembered by identity). */
type ListPlace = readonly [Toks, Toks, string, Toks];
const LIST_PLACES = new WeakMap<Toks, ListPlace>();

function listPlace(toks: Toks): ListPlace {
  let place = LIST_PLACES.get(toks);
  if (place === undefined) {
    const head = toks.slice(0, toks.indexOf("*"));
    const tail = toks.slice(head.length + 1);
    place = [head, tail, JSON.stringify(head), tail.slice(0, -1)];
    LIST_PLACES.set(toks, place);
  }
  return place;
}

function tools(
  wire: JsonObject, codecs: Codecs, idMap: IdMap, request: JsonObject, fields: JsonObject, forms: JsonObject
): void {
  let found: JsonObject[] = [];
  let choice: JsonObject | null = null;
  const lists = new Map<string, [Toks, number[]]>();
  for (const [shape, toks, when, has, unless] of codecs.locations) {
    if (shape === "tool_definition" && toks.includes("*")) {
      const [head, tail, headKey, inside] = listPlace(toks);
      if (!lists.has(headKey)) lists.set(headKey, [head, []]);
      const matched = (lists.get(headKey) as [Toks, number[]])[1];
      const items = elements(lookup(wire, head));
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        const at = `${pointer(head)}/${i}`;
        const inner: [unknown, string][] =
          tail.length === 0
            ? [[item, at]]
            : elements(lookup(item, inside)).map((element, j) => [element, `${at}${pointer(inside)}/${j}`]);
        for (const [element, where] of inner) {
          if (match(element, when, has, unless)) {
            found.push(
              decodeAt(codecs.decode["tool_definition"] as NonNullable<Codecs["decode"][string]>, element, where, idMap)
            );
            matched.push(i);
          }
        }
        if (tail.length > 0 && matched.includes(i) && isObject(item)) {
          // the wrapper's other keys (googleSearch)
          for (const k of Object.keys(item)) if (k !== tail[0]) putOwn(fields, `${at}/${escape(k)}`, getOwn(item, k));
        }
      }
    } else if (shape === "tool_choice" && choice === null) {
      const value = lookup(wire, toks);
      if (value !== undefined && match(value, when, has, unless)) {
        choice = decodeAt(
          codecs.decode["tool_choice"] as NonNullable<Codecs["decode"][string]>, value, pointer(toks), idMap
        );
      } else if (value !== undefined && !hasOwn(fields, pointer(toks))) {
        putOwn(fields, pointer(toks), value);
      }
    }
  }
  for (const [head, matched] of lists.values()) {
    elements(lookup(wire, head)).forEach((item, i) => {
      if (!matched.includes(i)) putOwn(fields, `${pointer(head)}/${i}`, item);
    });
  }
  if (choice !== null) {
    const place = choicePlace(wire, codecs);
    delete fields[place === undefined ? "" : pointer(place)];
  }
  for (const [name, toks] of codecs.toolsFields) found = toolsFieldIn(wire, found, name, toks, codecs.dialect);
  if (choice !== null && found.length === 0) {
    // a choice without tools qualifies nothing: kept as it came
    const where = pointer(choicePlace(wire, codecs) as Toks);
    putOwn(fields, where, get(wire, where.slice(1).split("/").map(unescape)));
    choice = null;
  }
  for (const [name, toks] of codecs.choiceFields) {
    // nothing to qualify: kept as it came
    if (choice === null && lookup(wire, toks) !== undefined) putOwn(fields, pointer(toks), lookup(wire, toks));
    choice = choiceFieldIn(wire, choice, name, toks, codecs.dialect);
  }
  if (found.length > 0) request["tools"] = found;
  for (const [head] of lists.values()) {
    const value = lookup(wire, head);
    if (Array.isArray(value) && value.length === 0) putOwn(forms, pointer(head), "empty");
    else if (value === null) putOwn(forms, pointer(head), "null");
  }
  if (choice !== null) request["tool_choice"] = choice;
}

function match(
  value: unknown, when: readonly Condition[], has: readonly Toks[], unless: readonly Condition[]
): boolean {
  return (
    when.every(([t, v]) => pyEqual(lookup(value, t), v)) &&
    has.every((t) => lookup(value, t) !== undefined) &&
    !unless.some(([t, v]) => pyEqual(lookup(value, t), v))
  );
}

/** (Internal: Python's parameters, positionally.) */
export function decodeRequest(wire: unknown, layout: RequestLayout, codecs: Codecs, idMap: IdMap | null): JsonObject {
  const dialect = layout.dialect;
  if (!isObject(wire)) throw new DecodeError(
    dialect, "request", "", `expected a request object, got ${describe(wire)}`
  );
  const ids = idMap ?? new IdMap();
  const request: JsonObject = {};
  const forms: JsonObject = {};
  if (layout.model !== null && get(wire, layout.model) !== undefined) request["model"] = get(wire, layout.model);
  const messages: JsonObject[] = [];
  if (layout.system !== null) {
    const system = get(wire, layout.system.toks);
    if (system === null) putOwn(forms, pointer(layout.system.toks), "null");
    else if (system !== undefined) messages.push((layout.systemIn as SystemIn)(system, codecs, ids));
  }
  const units = get(wire, layout.turns);
  if (units === undefined) {
    throw new DecodeError(dialect, "request", pointer(layout.turns), "expected the conversation's turns, got nothing");
  }
  let turns: JsonObject[];
  if (typeof units === "string" && layout.turn.string !== "no") {
    // Responses: input as one user text
    putOwn(forms, pointer(layout.turns), "string");
    turns = [{ role: "user", parts: [{ type: "text", text: units }] }];
  } else {
    turns = decodeTurns(units, layout, codecs, ids, "request", pointer(layout.turns));
  }
  const first = turns[0];
  if (messages.length > 0 && first !== undefined && first["role"] === "system") markForm(first, dialect, "separate");
  if (layout.system !== null) {
    // leading system turns sent as turns, not in the system field
    for (const turn of turns) {
      if (turn["role"] !== "system") break;
      markForm(turn, dialect, "turn");
    }
  }
  request["messages"] = [...messages, ...turns];
  const unknown: JsonObject = {};
  tools(wire, codecs, ids, request, unknown, forms);
  const settings = layout.settingsIn(wire, forms, unknown);
  if (truthy(settings)) request["settings"] = settings;
  unknownInto(wire, layout.known, "", unknown);
  keep(request, dialect, unknown, forms);
  return request;
}
