// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * What a tool returns or yields, as ToolResult content parts. (The Python tool registry that
 * uses these is Python-only; the part builders and checks are the same here.)
 */

import { getOwn, isObject, type JsonObject } from "./_errors.js";
import { toPlain } from "./_coercion.js";
import { pyRepr, pySlice, pySorted } from "./_pytext.js";

export type Part = JsonObject;
const PART_KEYS: { [type: string]: readonly string[] } = {
  text: ["text"], json: ["value"], image: [], document: [], wire: ["dialect", "value"]
};

export function textPart(text: string): Part {
  return { type: "text", text };
}

export function jsonPart(value: unknown): Part {
  return { type: "json", value };
}

/** An image part, inline (base64 `data` and `mediaType`) or by `url`. */
export function imagePart(
  options: { data?: string | null; mediaType?: string | null; url?: string | null } = {}
): Part {
  const { data = null, mediaType = null, url = null } = options;
  if (url !== null && data === null && mediaType === null) return { type: "image", url };
  if (data !== null && mediaType !== null && url === null) return { type: "image", media_type: mediaType, data };
  throw new RangeError("an image part needs either url, or data and media_type"); // Python: ValueError
}

/** Explicit result parts, returned by a tool instead of a plain value: `new Content([textPart(...),
 * imagePart(...)])` sends several parts, `{ isError: true }` reports a failure without throwing. */
export class Content {
  parts: Part[];
  isError: boolean;

  constructor(parts: readonly Part[] = [], options: { isError?: boolean } = {}) {
    this.parts = parts.map((p) => ({ ...p }));
    this.isError = options.isError ?? false;
  }

  toString(): string {
    return `Content(*${pyRepr(this.parts)}, is_error=${this.isError ? "True" : "False"})`;
  }
}

/** The tool returned something that cannot be put in a ToolResult. */
export class BadResult extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BadResult";
  }
}

function finite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(finite);
  if (isObject(value)) return Object.values(value).every(finite);
  return true;
}

/** What a tool returned (or yielded) as content: string -> text, Content as is, else JSON. */
export function toContent(value: unknown): Content {
  if (value instanceof Content) {
    for (const part of value.parts) checkPart(part);
    return value;
  }
  if (typeof value === "string") return new Content([textPart(value)]);
  let plain: unknown;
  try {
    plain = toPlain(value);
  } catch (exc) {
    if (exc instanceof TypeError) throw new BadResult(`the tool returned a value that is not JSON: ${exc.message}`);
    throw exc;
  }
  if (!finite(plain)) {
    throw new BadResult("the tool returned a value that is not JSON: Out of range float values are not JSON compliant");
  }
  return new Content([jsonPart(plain)]);
}

export function checkPart(part: unknown): void {
  const type = isObject(part) ? getOwn(part, "type") : undefined;
  if (!isObject(part) || typeof type !== "string" || !Object.hasOwn(PART_KEYS, type)) {
    throw new BadResult(`the tool returned an invalid content part: ${pySlice(pyRepr(part), 0, 100)}`);
  }
  const missing = PART_KEYS[type]!.filter((key) => getOwn(part, key) === undefined);
  if (missing.length > 0) throw new BadResult(
    `the tool returned a ${type} part without ${pySorted(missing).join(", ")}`
  );
}

/** Add a chunk, joining text split across chunks (streamed text arrives in pieces). */
export function append(collected: Content, chunk: Content): void {
  const parts = [...chunk.parts];
  const last = collected.parts[collected.parts.length - 1];
  if (parts.length > 0 && last !== undefined && plainText(last) && plainText(parts[0]!)) {
    collected.parts[collected.parts.length - 1] = textPart(
      (last["text"] as string) + (parts.shift()!["text"] as string)
    );
  }
  collected.parts.push(...parts);
  collected.isError = collected.isError || chunk.isError;
}

export function plainText(part: Part): boolean {
  const keys = Object.keys(part).filter((k) => part[k] !== undefined);
  return part["type"] === "text" && keys.length === 2 && keys.includes("type") && keys.includes("text");
}
