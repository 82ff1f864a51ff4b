// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * What a canonical conversation says, whatever dialect it came through: for comparing a
 * conversation with itself after a trip through another dialect.
 */

import { getOwn } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { pyDumps } from "./_pytext.js";

function json(value: unknown): string {
  return pyDumps(value, { sortKeys: true, ensureAscii: false });
}

/** dict.get(key): null for a key left out. */
function field(value: JsonObject, key: string): unknown {
  const found = getOwn(value, key);
  return found === undefined ? null : found;
}

/**
 * The turns of a canonical request (or a response's one turn and its finish reason): adjacent
 * turns of one role as one, each with its texts (an empty one says nothing), images, documents, calls
 * (name, arguments) and results (content, error flag). Ids are replaced by the order they
 * first appear in, so a call and its result stay linked through any rewrite; spellings and
 * extensions are left out (they are the dialect's, not the conversation's).
 */
export function conversationView(canonical: JsonObject, shape: string = "request"): unknown[] {
  const ids = new Map<unknown, string>();
  const link = (value: unknown): string | null => {
    if (value == null) return null;
    let known = ids.get(value);
    if (known === undefined) {
      known = `#${ids.size}`;
      ids.set(value, known);
    }
    return known;
  };
  const turns: [unknown, unknown[]][] = [];
  const messages = (shape === "request" ? canonical["messages"] : [canonical["message"]]) as JsonObject[];
  for (const message of messages) {
    const said: unknown[] = [];
    for (const part of message["parts"] as JsonObject[]) {
      const kind = part["type"];
      if (kind === "text") {
        // an empty text says nothing (dialects differ in whether they keep one)
        if (part["text"] !== "") said.push(["text", part["text"]]);
      } else if (kind === "image") {
        said.push(["image", field(part, "media_type"), field(part, "data"), field(part, "url")]);
      } else if (kind === "document") {
        // its content, not its name (a wire that requires one writes a default)
        const held = [field(part, "media_type"), field(part, "data"), field(part, "url"), field(part, "text")];
        said.push(["document", ...held]);
      } else if (kind === "tool_call") {
        const call = part["call"] as JsonObject;
        said.push(["call", link(call["id"]), call["name"], json(call["arguments"])]);
      } else if (kind === "tool_result") {
        const result = part["result"] as JsonObject;
        const isError = getOwn(result, "is_error");
        said.push(
          ["result", link(result["call_id"]), json(result["content"]), isError === undefined ? false : isError]
        );
      } else {
        said.push([kind, field(part, "text")]);
      }
    }
    const last = turns[turns.length - 1];
    if (last !== undefined && last[0] === message["role"]) last[1].push(...said);
    else turns.push([message["role"], said]);
  }
  const out: unknown[] = turns;
  if (shape === "response") out.push(["finish", field(canonical, "finish_reason")]);
  return out;
}
