// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * JSONPath arguments (Vertex AI partialArgs): typed values at JSONPaths (an RFC 9535 subset:
 * $, .name, ['name'], [index]), string values continued across items; read into a call's
 * arguments object on assembly, and written from an arguments object on emission. A path is
 * at most MAX_DEPTH names and indexes long, and an index at most one past its array's end.
 */

import { getOwn, hasOwn, isObject, putOwn, type JsonObject } from "../_errors.js";
import { pyLen, pyRepr } from "../_pytext.js";
import { MAX_DEPTH } from "../_strict_json.js";
import { pieces } from "./_emit.js";
import { ValueError } from "./_events.js";
import type { Call } from "./_state.js";
import { TextInput } from "./_text.js";

// Python's \w is [\p{L}\p{N}_]; its `.` is anything but \n.
const PATH_TOKEN =
  /\.([A-Za-z_$][\p{L}\p{N}_$-]*)|\[([0-9]+)\]|\['((?:[^'\\]|\\[^\n])*)'\]|\["((?:[^"\\]|\\[^\n])*)"\]/uy;

export type PathToken = string | number;

export function jsonPath(path: string): PathToken[] {
  if (!path.startsWith("$")) {
    throw new ValueError(`a JSONPath starts with $: ${pyRepr(path)}`);
  }
  const toks: PathToken[] = [];
  let at = 1;
  while (at < path.length) {
    PATH_TOKEN.lastIndex = at;
    const m = PATH_TOKEN.exec(path);
    if (m === null) {
      throw new ValueError(`unsupported JSONPath ${pyRepr(path)} at ${pyLen(path.slice(0, at))}`);
    }
    const [, name, index, single, double] = m;
    if (index !== undefined) {
      toks.push(Number(index));
    } else {
      const raw = (name ?? single ?? double) as string;
      toks.push(name === undefined ? raw.replace(/\\([^\n])/gu, "$1") : raw);
    }
    at = PATH_TOKEN.lastIndex;
  }
  if (toks.length > MAX_DEPTH) {
    // the arguments would nest deeper than any JSON text may
    throw new ValueError(`a JSONPath nested more than ${MAX_DEPTH} levels deep`);
  }
  return toks;
}

export function getPath(root: unknown, toks: readonly PathToken[]): unknown {
  let node = root;
  for (const t of toks) {
    if (typeof t === "number") {
      node = Array.isArray(node) && t < node.length ? node[t] : null;
    } else {
      node = isObject(node) ? (getOwn(node, t) ?? null) : null;
    }
  }
  return node;
}

export function setPath(root: JsonObject, toks: readonly PathToken[], value: unknown): void {
  if (!toks.length) {
    throw new ValueError("cannot replace the whole arguments object");
  }
  let node: unknown = root;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as PathToken;
    const last = i === toks.length - 1;
    const empty: unknown = last ? null : typeof toks[i + 1] === "number" ? [] : {};
    if (typeof t === "number") {
      if (!Array.isArray(node)) {
        throw new ValueError("an index into something that is not an array");
      }
      if (t > node.length) {
        // elements arrive in order: a gap would be a padding of nulls (1e9: a hang)
        throw new ValueError("an index past the end of the array");
      }
      while (node.length <= t) {
        node.push(null);
      }
      if (last) {
        node[t] = value;
      } else if (node[t] === null) {
        node[t] = empty;
      }
      node = node[t];
    } else {
      if (!isObject(node)) {
        throw new ValueError("a name into something that is not an object");
      }
      if (last) {
        putOwn(node, t, value);
      } else if (!hasOwn(node, t) || getOwn(node, t) === null) {
        putOwn(node, t, empty);
      }
      node = getOwn(node, t);
    }
  }
}

function pathName(t: PathToken): string {
  if (typeof t === "number") {
    return `[${t}]`;
  }
  if (/^[A-Za-z_][\p{L}\p{N}_]*$/u.test(t)) {
    return `.${t}`;
  }
  return "['" + t.replaceAll("\\", "\\\\").replaceAll("'", "\\'") + "']";
}

/** Arguments as Vertex partialArgs: one list per leaf value; long strings in pieces. */
export function partialArgs(argumentsObject: unknown, size: number | null | undefined): JsonObject[][] {
  const out: JsonObject[][] = [];

  function leaf(path: string, value: unknown): void {
    if (typeof value === "string") {
      const parts = pieces(value, size);
      if (!parts.length) parts.push("");
      parts.forEach((part, n) => {
        const p: JsonObject = { jsonPath: path, stringValue: part };
        if (n < parts.length - 1) {
          p["willContinue"] = true;
        }
        out.push([p]);
      });
    } else if (typeof value === "boolean") {
      out.push([{ jsonPath: path, boolValue: value }]);
    } else if (typeof value === "number") {
      out.push([{ jsonPath: path, numberValue: value }]);
    } else if (value === null) {
      out.push([{ jsonPath: path, nullValue: "NULL_VALUE" }]);
    } else if (isObject(value) && Object.keys(value).length) {
      for (const k of Object.keys(value)) {
        leaf(path + pathName(k), value[k]);
      }
    } else if (Array.isArray(value) && value.length) {
      value.forEach((v, k) => leaf(path + pathName(k), v));
    } else {
      throw new ValueError(`an empty ${isObject(value) ? "object" : "array"} at ${path} has no JSONPath value`);
    }
  }

  const given = isObject(argumentsObject) ? argumentsObject : {};
  for (const k of Object.keys(given)) {
    leaf("$" + pathName(k), given[k]);
  }
  return out;
}

/** The assembler's json_path_args role (a link of Assembler's chain). */
export abstract class PathArgs extends TextInput {
  _pathArgs(c: Call, partial: unknown, event: unknown, item: unknown, pointer: string): void {
    if (!Array.isArray(partial)) {
      throw this._bad(event, item, pointer, "expected an array of partial arguments");
    }
    if (c.args === null) {
      c.args = {};
    }
    partial.forEach((p: unknown, j: number) => {
      const at = `${pointer}/${j}`;
      if (!isObject(p) || typeof getOwn(p, "jsonPath") !== "string") {
        throw this._bad(event, item, at, "expected a partial argument with a jsonPath");
      }
      const path = p["jsonPath"] as string;
      let toks: PathToken[];
      try {
        toks = jsonPath(path);
      } catch (exc) {
        if (!(exc instanceof ValueError)) throw exc;
        throw this._bad(event, item, at + "/jsonPath", exc.message);
      }
      let value: unknown;
      if (hasOwn(p, "stringValue")) {
        value = p["stringValue"];
        if (typeof value !== "string") {
          throw this._bad(event, item, at + "/stringValue", "expected a string");
        }
        if (c.cont === path) {
          const before = getPath(c.args, toks);
          value = (typeof before === "string" ? before : "") + value;
        }
      } else if (hasOwn(p, "numberValue")) {
        value = p["numberValue"];
        if (typeof value !== "number") {
          throw this._bad(event, item, at + "/numberValue", "expected a number");
        }
      } else if (hasOwn(p, "boolValue")) {
        value = p["boolValue"];
        if (typeof value !== "boolean") {
          throw this._bad(event, item, at + "/boolValue", "expected a boolean");
        }
      } else if (hasOwn(p, "nullValue")) {
        value = null;
      } else {
        throw this._bad(event, item, at, "expected stringValue, numberValue, boolValue or nullValue");
      }
      try {
        setPath(c.args as JsonObject, toks, value);
      } catch (exc) {
        if (!(exc instanceof ValueError)) throw exc;
        throw this._bad(event, item, at + "/jsonPath", exc.message);
      }
      c.cont = p["willContinue"] === true ? path : null;
    });
  }
}
