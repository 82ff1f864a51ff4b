// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Prompt-cache breakpoints in whole requests, as a dialect's layout marks them (dialect.json
 * `conversation.request.cache`). Canonically a breakpoint is `cache: {ttl?}` on the part or tool
 * that ends a cached prefix, or on the request (the automatic form). A `field` marker (Anthropic
 * cache_control) sits on that block: the compiled readers keep it as an extension field, which
 * cacheIn lifts out and cacheOut puts back. A `block` marker (Bedrock cachePoint) is a block of
 * its own after it: kept as a wire part or, in the tool list, as a request extension field, each
 * folded into the part or tool before it. A dialect without a marker reports each as a loss.
 */

import type { CacheMarker, Constants, RequestLayout, Toks } from "./_conv_layout.js";
import type { Out } from "./_conv_out.js";
import { spellingFor } from "./_conv_parts.js";
import { get, isDigits, pointer, put, pyStr } from "./_conv_paths.js";
import { CanonicalError, DecodeError, MISSING, describe, getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { definedEntries, definedKeys, pyEqual } from "./_extract.js";

const TTLS: readonly unknown[] = ["5m", "1h"];
const WHAT = "a prompt-cache breakpoint";
const AFTER = "\u0000toolwire:cache"; // a block's marker block, carried inside it to cacheBlocks

function deepCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of definedEntries(value)) putOwn(out, key, deepCopy(item));
    return out;
  }
  return value;
}

/** The wire marker of a canonical cache value. */
function marker(cache: CacheMarker, base: Constants, value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [toks, constant] of base) put(out, toks, constant);
  if (hasOwn(value, "ttl") && cache.ttl !== null) put(out, cache.ttl, getOwn(value, "ttl"));
  return out;
}

/** The canonical cache value of a wire marker; null for anything but an exact marker (kept
 * verbatim then, for the dialect's own round trip). */
function read(cache: CacheMarker, base: Constants, wire: unknown): JsonObject | null {
  if (!isObject(wire)) return null;
  const ttl = cache.ttl !== null ? get(wire, cache.ttl) : MISSING;
  const value: JsonObject = ttl === MISSING ? {} : { ttl };
  if (ttl !== MISSING && !TTLS.includes(ttl)) return null;
  return pyEqual(marker(cache, base, value), wire) ? value : null;
}

/** Where a part's wire fields are kept: its call or result for a tool part. */
function holderOf(part: JsonObject): JsonObject {
  const type = getOwn(part, "type");
  const inner = getOwn(part, type === "tool_call" ? "call" : type === "tool_result" ? "result" : "");
  return isObject(inner) ? inner : part;
}

function ownOf(holder: JsonObject, dialect: string): JsonObject | null {
  const extensions = getOwn(holder, "extensions");
  const own = isObject(extensions) ? getOwn(extensions, dialect) : undefined;
  return isObject(own) ? own : null;
}

/** holder's own extension without empty fields (and the extension itself when empty). */
function tidy(holder: JsonObject, dialect: string): void {
  const own = ownOf(holder, dialect);
  if (own === null) return;
  const fields = getOwn(own, "fields");
  if (isObject(fields) && definedKeys(fields).length === 0) delete own["fields"];
  const extensions = getOwn(holder, "extensions") as JsonObject;
  if (definedKeys(own).length === 0) delete extensions[dialect];
  if (definedKeys(extensions).length === 0) delete holder["extensions"];
}

/** The cache value of the marker kept among holder's extension fields, taken out of them. */
function lift(holder: JsonObject, dialect: string, key: string, cache: CacheMarker): JsonObject | null {
  const own = ownOf(holder, dialect);
  const fields = own === null ? undefined : getOwn(own, "fields");
  if (!isObject(fields) || !hasOwn(fields, key) || cache.value === null) return null;
  const value = read(cache, cache.value, getOwn(fields, key));
  if (value !== null) {
    delete fields[key];
    tidy(holder, dialect);
  }
  return value;
}

function isBlock(cache: CacheMarker, part: unknown, dialect: string): JsonObject | null {
  const own = isObject(part) && getOwn(part, "type") === "wire" && getOwn(part, "dialect") === dialect;
  if (!own || cache.block === null) return null;
  return read(cache, cache.block, getOwn(part, "value"));
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A decoded request with its markers as canonical cache values (in place). */
/** DecodeError for a marker that is no breakpoint (its type, its ttl), naming its pointer: the
 * provider refuses one, and only an exact marker converts. */
function check(cache: CacheMarker, wire: unknown, layout: RequestLayout): void {
  const lists: [unknown, string][] = [];
  if (layout.system !== null) lists.push([get(wire, layout.system.toks), pointer(layout.system.toks)]);
  listOf(get(wire, layout.turns)).forEach((unit, i) => {
    lists.push([get(unit, layout.turn.content), `${pointer(layout.turns)}/${i}${pointer(layout.turn.content)}`]);
  });
  if (cache.tools !== null) lists.push([get(wire, cache.tools), pointer(cache.tools)]);
  const base = (cache.at !== null ? cache.value : cache.block) ?? [];
  const key = cache.at !== null ? cache.at : (base[0]?.[0] ?? []).slice(0, 1); // a marker block's one key (cachePoint)
  const places: [unknown, string, Toks][] = [];
  for (const [blocks, where] of lists) {
    if (Array.isArray(blocks)) blocks.forEach((block, j) => places.push([block, `${where}/${j}`, key]));
  }
  if (cache.request !== null) places.push([wire, "", cache.request]);
  for (const [block, where, toks] of places) {
    const found = get(block, toks);
    if (found === MISSING || found === null) continue; // null: no breakpoint (the SDK's Optional), kept as it is
    if (read(cache, base, cache.at !== null ? found : block) !== null) continue;
    const [marked, at] = cache.at !== null ? [found, where + pointer(toks)] : [block, where];
    const ttl = cache.ttl !== null ? get(marked, cache.ttl) : MISSING;
    if (ttl !== MISSING && !TTLS.includes(ttl)) {
      const what = `expected a cache ttl (5m or 1h), got ${describe(ttl)}`;
      throw new DecodeError(layout.dialect, "request", at + pointer(cache.ttl ?? []), what);
    }
    const expected = base.map(([t, v]) => `${pointer(t)}: ${pyStr(v)}`).join("; ");
    const what = `expected a cache breakpoint (${expected}; ttl 5m or 1h), got ${describe(found)}`;
    throw new DecodeError(layout.dialect, "request", where + pointer(toks), what);
  }
}

export function cacheIn(wire: unknown, request: JsonObject, layout: RequestLayout): JsonObject {
  const cache = layout.cache;
  const dialect = layout.dialect;
  if (cache === null) return request;
  check(cache, wire, layout);
  const messages = listOf(getOwn(request, "messages")) as JsonObject[];
  const tools = listOf(getOwn(request, "tools")) as JsonObject[];
  if (cache.at !== null) {
    const key = pointer(cache.at);
    const holders: [JsonObject, JsonObject][] = [];
    for (const message of messages) {
      for (const part of getOwn(message, "parts") as JsonObject[]) {
        if (!cache.notOn.includes(getOwn(part, "type") as string)) holders.push([holderOf(part), part]);
      }
    }
    for (const tool of tools) holders.push([tool, tool]);
    for (const [holder, target] of holders) {
      const value = lift(holder, dialect, key, cache);
      if (value !== null) putOwn(target, "cache", value);
    }
  }
  if (cache.request !== null) {
    const value = lift(request, dialect, pointer(cache.request), cache);
    if (value !== null) putOwn(request, "cache", value);
  }
  if (cache.block !== null) {
    for (const message of messages) {
      const kept: JsonObject[] = [];
      for (const part of getOwn(message, "parts") as JsonObject[]) {
        const value = isBlock(cache, part, dialect);
        const last = kept[kept.length - 1];
        if (value !== null && last !== undefined && !hasOwn(last, "cache") && isBlock(cache, last, dialect) === null) {
          putOwn(last, "cache", value);
        } else {
          kept.push(part);
        }
      }
      putOwn(message, "parts", kept);
    }
    if (cache.tools !== null && tools.length > 0) toolsIn(request, tools, cache, dialect);
  }
  return request;
}

function toolFields(request: JsonObject, cache: CacheMarker, dialect: string): [JsonObject, string] {
  const own = ownOf(request, dialect);
  const fields = own === null ? undefined : getOwn(own, "fields");
  return [isObject(fields) ? fields : {}, pointer(cache.tools ?? []) + "/"];
}

/** Wire index -> key of the request's kept tool list items (those no tool definition read). */
function keptAt(fields: JsonObject, prefix: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const key of definedKeys(fields)) {
    const rest = key.startsWith(prefix) ? key.slice(prefix.length) : "";
    if (isDigits(rest)) found.set(Number(rest), key);
  }
  return found;
}

/** Marker blocks right after a tool in the wire list, folded into that tool. */
function toolsIn(request: JsonObject, tools: JsonObject[], cache: CacheMarker, dialect: string): void {
  const [fields, prefix] = toolFields(request, cache, dialect);
  const kept = keptAt(fields, prefix);
  let count = 0; // tools read so far: every wire item not kept is the next tool
  let previousTool = false;
  const total = kept.size + tools.length;
  for (let index = 0; index < total; index++) {
    const key = kept.get(index);
    if (key === undefined) {
      if (count === tools.length) break;
      count += 1;
      previousTool = true;
      continue;
    }
    const value = read(cache, cache.block ?? [], getOwn(fields, key));
    const tool = tools[count - 1];
    if (value !== null && previousTool && tool !== undefined && !hasOwn(tool, "cache")) {
      putOwn(tool, "cache", value);
      delete fields[key];
    }
    previousTool = false;
  }
  tidy(request, dialect);
}

function what(value: JsonObject): string {
  return WHAT + (hasOwn(value, "ttl") ? ` (ttl ${String(getOwn(value, "ttl"))})` : "");
}

function ownFields(holder: JsonObject, dialect: string): JsonObject {
  if (!hasOwn(holder, "extensions")) putOwn(holder, "extensions", {});
  const extensions = getOwn(holder, "extensions") as JsonObject;
  if (!hasOwn(extensions, dialect)) putOwn(extensions, dialect, {});
  const own = getOwn(extensions, dialect) as JsonObject;
  if (!hasOwn(own, "fields")) putOwn(own, "fields", {});
  return getOwn(own, "fields") as JsonObject;
}

/** Each [value holding a cache, its pointer] of a canonical request. */
function sites(canonical: JsonObject): [JsonObject, string][] {
  const found: [JsonObject, string][] = hasOwn(canonical, "cache") ? [[canonical, "/cache"]] : [];
  listOf(getOwn(canonical, "tools")).forEach((tool, i) => {
    if (isObject(tool) && hasOwn(tool, "cache")) found.push([tool, `/tools/${i}/cache`]);
  });
  listOf(getOwn(canonical, "messages")).forEach((message, i) => {
    listOf(isObject(message) ? getOwn(message, "parts") : undefined).forEach((part, j) => {
      if (isObject(part) && hasOwn(part, "cache")) found.push([part, `/messages/${i}/parts/${j}/cache`]);
    });
  });
  return found;
}

function checked(value: unknown, at: string): void {
  const ok =
    isObject(value) &&
    definedKeys(value).every((key) => key === "ttl") &&
    (!hasOwn(value, "ttl") || TTLS.includes(getOwn(value, "ttl")));
  if (!ok) {
    const expected = "expected a cache breakpoint ({} or {ttl: 5m or 1h})";
    throw new CanonicalError("request", new Error(`${at}: ${expected}, got ${describe(value)}`));
  }
}

/** Take key out of obj (Python's dict.pop(key, None)). */
function pop(obj: JsonObject, key: string): unknown {
  const value = getOwn(obj, key);
  delete obj[key];
  return value ?? null;
}

/** A canonical request whose cache values are the target's markers (a copy when it has any);
 * each one the target has no marker for is a loss (out.lose). */
export function cacheOut(canonical: JsonObject, layout: RequestLayout, out: Out): JsonObject {
  const cache = layout.cache;
  const found = sites(canonical);
  if (found.length === 0) return canonical;
  for (const [holder, at] of found) checked(getOwn(holder, "cache"), at);
  const copy = deepCopy(canonical) as JsonObject;
  const top = pop(copy, "cache") as JsonObject | null;
  if (top !== null) topOut(copy, top, cache, out);
  const tools = getOwn(copy, "tools");
  if (Array.isArray(tools) && tools.some((t) => isObject(t) && hasOwn(t, "cache"))) {
    toolsOut(copy, tools, cache, out);
  }
  listOf(getOwn(copy, "messages")).forEach((message, i) => {
    if (isObject(message) && Array.isArray(getOwn(message, "parts"))) {
      putOwn(message, "parts", partsOut(message, `/messages/${i}/parts`, layout, out));
    }
  });
  return copy;
}

/** The request's own breakpoint: its marker, or on the last part where the target has none. */
function topOut(canonical: JsonObject, value: JsonObject, cache: CacheMarker | null, out: Out): void {
  if (cache !== null && cache.request !== null && cache.value !== null) {
    putOwn(ownFields(canonical, out.dialect), pointer(cache.request), marker(cache, cache.value, value));
    return;
  }
  const messages = listOf(getOwn(canonical, "messages"));
  const last = messages[messages.length - 1];
  const parts = listOf(isObject(last) ? getOwn(last, "parts") : undefined);
  const part = parts[parts.length - 1];
  if (cache !== null && isObject(part) && !hasOwn(part, "cache")) {
    putOwn(part, "cache", value); // the automatic breakpoint ends the whole prompt
  } else {
    out.lose("cache.dropped", "/cache", what(value));
  }
}

/** Whether the target writes the part at all: the marker of one it leaves out would move. */
function carried(part: JsonObject, role: unknown, layout: RequestLayout, out: Out): boolean {
  const kind = getOwn(part, "type");
  if (layout.cache === null || layout.cache.notOn.includes(kind as string)) return false;
  if (kind === "wire") return getOwn(part, "dialect") === out.dialect;
  if (kind === "reasoning" && getOwn(part, "dialect") !== out.dialect) return out.asText;
  if (kind === "tool_call" || kind === "tool_result") return true;
  return spellingFor(part, pyStr(role), layout.parts, out.dialect) !== null;
}

/** A field marker put where the part's block gets it (a wire block verbatim: in it); false when
 * the block holds a marker of its own already. */
function mark(part: JsonObject, cache: CacheMarker, at: Toks, value: JsonObject, dialect: string): boolean {
  const found = marker(cache, cache.value ?? [], value);
  if (getOwn(part, "type") === "wire") {
    const block = getOwn(part, "value");
    if (!isObject(block) || get(block, at) !== MISSING) return false;
    put(block, at, found);
    return true;
  }
  const fields = ownFields(holderOf(part), dialect);
  if (hasOwn(fields, pointer(at))) return false;
  putOwn(fields, pointer(at), found);
  return true;
}

function partsOut(message: JsonObject, at: string, layout: RequestLayout, out: Out): unknown[] {
  const cache = layout.cache;
  const written: unknown[] = [];
  (getOwn(message, "parts") as unknown[]).forEach((part, j) => {
    written.push(part);
    const value = isObject(part) ? (pop(part, "cache") as JsonObject | null) : null;
    if (value === null || !isObject(part)) return;
    if (cache === null || !carried(part, getOwn(message, "role"), layout, out)) {
      out.lose("cache.dropped", `${at}/${j}/cache`, what(value));
    } else if (cache.at !== null) {
      if (!mark(part, cache, cache.at, value, out.dialect)) out.lose("cache.dropped", `${at}/${j}/cache`, what(value));
    } else if (cache.block !== null) {
      const block = marker(cache, cache.block, value);
      const wireValue = getOwn(part, "value");
      if (getOwn(part, "type") !== "wire") {
        putOwn(ownFields(holderOf(part), out.dialect), "/" + AFTER, block);
      } else if (isObject(wireValue)) {
        putOwn(part, "value", { ...wireValue, [AFTER]: block }); // written verbatim: the marker rides in the block
      } else {
        out.lose("cache.dropped", `${at}/${j}/cache`, what(value));
      }
    }
  });
  return written;
}

/** A written request with each block cacheOut marked followed by its marker block (the marker
 * travels inside the block, so losses keep pointing at the canonical parts). */
export function cacheBlocks(wire: JsonObject, layout: RequestLayout): JsonObject {
  if (layout.cache === null || layout.cache.block === null) return wire;
  const lists: unknown[] = layout.system !== null ? [get(wire, layout.system.toks)] : [];
  for (const unit of listOf(get(wire, layout.turns))) lists.push(get(unit, layout.turn.content));
  for (const blocks of lists) {
    if (!Array.isArray(blocks)) continue;
    for (let i = 0; i < blocks.length; i++) {
      const block: unknown = blocks[i];
      if (isObject(block) && hasOwn(block, AFTER)) {
        const after = getOwn(block, AFTER);
        delete block[AFTER];
        blocks.splice(i + 1, 0, after);
        i += 1;
      }
    }
  }
  return wire;
}

function toolsOut(canonical: JsonObject, tools: unknown[], cache: CacheMarker | null, out: Out): void {
  const markers = new Map<number, JsonObject>(); // tool index -> the marker after it
  tools.forEach((tool, i) => {
    const value = isObject(tool) ? (pop(tool, "cache") as JsonObject | null) : null;
    if (value === null || !isObject(tool)) return;
    if (cache !== null && cache.at !== null) {
      if (!mark(tool, cache, cache.at, value, out.dialect)) out.lose("cache.dropped", `/tools/${i}/cache`, what(value));
    } else if (cache !== null && cache.tools !== null && cache.block !== null) {
      markers.set(i, marker(cache, cache.block, value));
    } else {
      out.lose("cache.dropped", `/tools/${i}/cache`, what(value));
    }
  });
  if (markers.size > 0 && cache !== null) markersOut(canonical, tools.length, markers, cache, out.dialect);
}

/** Marker blocks as kept fields of the tool list, each at the wire index right after its tool;
 * the list's other kept items stay where they were (put back in index order). */
function markersOut(
  canonical: JsonObject,
  count: number,
  markers: Map<number, JsonObject>,
  cache: CacheMarker,
  dialect: string,
): void {
  let [fields, prefix] = toolFields(canonical, cache, dialect);
  if (definedKeys(fields).length === 0) fields = ownFields(canonical, dialect);
  const kept = keptAt(fields, prefix);
  let index = 0;
  for (let i = 0; i < count; i++) {
    while (kept.has(index)) index += 1;
    index += 1; // the tool itself
    const found = markers.get(i);
    if (found !== undefined) {
      while (kept.has(index)) index += 1;
      kept.set(index, prefix + String(index));
      putOwn(fields, prefix + String(index), found);
      index += 1;
    }
  }
  const listed = [...kept.entries()].sort((a, b) => a[0] - b[0]);
  const keys = new Set(kept.values());
  const ordered: [string, unknown][] = definedEntries(fields).filter(([key]) => !keys.has(key));
  for (const [, key] of listed) ordered.push([key, getOwn(fields, key)]);
  for (const key of Object.keys(fields)) delete fields[key];
  for (const [key, value] of ordered) putOwn(fields, key, value);
}
