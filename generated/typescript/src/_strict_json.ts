// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The strict JSON reader every runtime module parses text with (the Python runtime's rules): RFC 8259 JSON only, so
 * NaN, Infinity, -Infinity, a number that overflows a double (1e400) and a lone surrogate escape are invalid text; a
 * duplicate key keeps its last value; arrays and objects nest at most MAX_DEPTH levels. Every failure is a
 * StrictJsonError (Python's ValueError) whose message is Python's: JSONDecodeError for what json's scanner rejects,
 * with positions counted in code points as Python counts them.
 *
 * JSON.parse reads every text Python's scanner reads (and rejects the others), so it is the fast way; this module's own
 * scanner, a port of CPython's _json.c, gives the error messages, raw_decode, and the texts whose numbers could
 * overflow. Differences JavaScript forces: an integer of 309 digits or more is out of range here (Python keeps it
 * exact), integers above 2**53 lose precision, and object keys that are array indices ("1") come first in a JavaScript
 * object's key order.
 */

import { pyLen } from "./_pytext.js";

export const MAX_DEPTH = 512;
// Python's C scanner fails with RecursionError near sys.getrecursionlimit() (1000) levels.
const RECURSION_LIMIT = 900;
const INT_MAX_STR_DIGITS = 4300;

/** Python's ValueError from the strict reader. */
export class StrictJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Python's json.JSONDecodeError: msg at pos (a UTF-16 index of doc; the message counts in
 * code points, as Python does). */
export class JSONDecodeError extends StrictJsonError {
  readonly msg: string;
  readonly doc: string;
  readonly pos: number;
  readonly lineno: number;
  readonly colno: number;

  constructor(msg: string, doc: string, pos: number) {
    const before = doc.slice(0, pos);
    const at = pyLen(before);
    const lineno = before.split("\n").length;
    const newline = before.lastIndexOf("\n");
    const colno = newline < 0 ? at + 1 : at - pyLen(before.slice(0, newline));
    super(`${msg}: line ${lineno} column ${colno} (char ${at})`);
    this.msg = msg;
    this.doc = doc;
    this.pos = pos;
    this.lineno = lineno;
    this.colno = colno;
  }
}

// ---- the scanner (CPython's scan_once_unicode and friends) ----

let END = 0; // where the value scanned last ends (set by every scan function)

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function skipSpace(s: string, idx: number): number {
  while (idx < s.length && isSpace(s.charCodeAt(idx))) idx++;
  return idx;
}

function hexDigits(s: string, from: number, errorAt: number): number {
  let c = 0;
  for (let i = from; i < from + 4; i++) {
    const d = s.charCodeAt(i);
    c <<= 4;
    if (d >= 0x30 && d <= 0x39) c |= d - 0x30;
    else if (d >= 0x61 && d <= 0x66) c |= d - 0x57;
    else if (d >= 0x41 && d <= 0x46) c |= d - 0x37;
    else throw new JSONDecodeError("Invalid \\uXXXX escape", s, errorAt);
  }
  return c;
}

const SHORT_ESCAPES: { [key: string]: string } = {
  '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t"
};

/** The string whose opening quote is at begin - 1; END is after its closing quote. */
function scanString(s: string, begin: number): string {
  const len = s.length;
  let out = "";
  let end = begin;
  for (;;) {
    let next = end;
    let c = 0;
    for (; next < len; next++) {
      c = s.charCodeAt(next);
      if (c === 0x22 || c === 0x5c) break;
      if (c <= 0x1f) throw new JSONDecodeError("Invalid control character at", s, next);
    }
    if (next >= len) throw new JSONDecodeError("Unterminated string starting at", s, begin - 1);
    if (next !== end) out += s.slice(end, next);
    next++;
    if (c === 0x22) {
      END = next;
      return out;
    }
    if (next === len) throw new JSONDecodeError("Unterminated string starting at", s, begin - 1);
    const e = s[next]!;
    if (e !== "u") {
      end = next + 1;
      const short = SHORT_ESCAPES[e];
      if (short === undefined || !Object.hasOwn(SHORT_ESCAPES, e)) throw new JSONDecodeError(
        "Invalid \\escape", s, end - 2
      );
      out += short;
      continue;
    }
    next++;
    end = next + 4;
    if (end >= len) throw new JSONDecodeError("Invalid \\uXXXX escape", s, next - 1);
    let code = hexDigits(s, next, end - 5);
    const escaped = end + 6 < len && s.charCodeAt(end) === 0x5c && s.charCodeAt(end + 1) === 0x75; // a second \u
    if (code >= 0xd800 && code <= 0xdbff && escaped) {
      const low = hexDigits(s, end + 2, end + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        out += String.fromCharCode(code, low);
        end += 6;
        continue;
      }
    }
    out += String.fromCharCode(code);
  }
}

function scanNumber(s: string, start: number): number {
  const len = s.length;
  let idx = start;
  let isFloat = false;
  if (s.charCodeAt(idx) === 0x2d) {
    idx++;
    if (idx >= len) throw new JSONDecodeError("Expecting value", s, start);
  }
  const first = s.charCodeAt(idx);
  if (first >= 0x31 && first <= 0x39) {
    idx++;
    while (idx < len && isDigit(s.charCodeAt(idx))) idx++;
  } else if (first === 0x30) idx++;
  else throw new JSONDecodeError("Expecting value", s, start);
  if (idx < len - 1 && s.charCodeAt(idx) === 0x2e && isDigit(s.charCodeAt(idx + 1))) {
    isFloat = true;
    idx += 2;
    while (idx < len && isDigit(s.charCodeAt(idx))) idx++;
  }
  if (idx < len - 1 && (s.charCodeAt(idx) === 0x65 || s.charCodeAt(idx) === 0x45)) {
    const eStart = idx;
    idx++;
    if (idx < len - 1 && (s.charCodeAt(idx) === 0x2d || s.charCodeAt(idx) === 0x2b)) idx++;
    while (idx < len && isDigit(s.charCodeAt(idx))) idx++;
    if (isDigit(s.charCodeAt(idx - 1))) isFloat = true;
    else idx = eStart;
  }
  END = idx;
  const text = s.slice(start, idx);
  if (!isFloat) {
    const digits = text.length - (text.startsWith("-") ? 1 : 0);
    if (digits > INT_MAX_STR_DIGITS) {
      throw new StrictJsonError(
        `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion: ` +
          `value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`,
      );
    }
  }
  const value = Number(text);
  if (!Number.isFinite(value)) throw new StrictJsonError(`number ${text.slice(0, 32)} is out of range`);
  return value;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function scanObject(s: string, idx: number, depth: number): { [key: string]: unknown } {
  const obj: { [key: string]: unknown } = {};
  const len = s.length;
  idx = skipSpace(s, idx);
  if (idx >= len || s.charCodeAt(idx) !== 0x7d) {
    for (;;) {
      if (idx >= len || s.charCodeAt(idx) !== 0x22) {
        throw new JSONDecodeError("Expecting property name enclosed in double quotes", s, idx);
      }
      const key = scanString(s, idx + 1);
      idx = skipSpace(s, END);
      if (idx >= len || s.charCodeAt(idx) !== 0x3a) throw new JSONDecodeError("Expecting ':' delimiter", s, idx);
      idx = skipSpace(s, idx + 1);
      const value = scanOnce(s, idx, depth);
      if (key === "__proto__") Object.defineProperty(
        obj, key, { value, writable: true, enumerable: true, configurable: true }
      );
      else obj[key] = value;
      idx = skipSpace(s, END);
      if (idx < len && s.charCodeAt(idx) === 0x7d) break;
      if (idx >= len || s.charCodeAt(idx) !== 0x2c) throw new JSONDecodeError("Expecting ',' delimiter", s, idx);
      idx = skipSpace(s, idx + 1);
    }
  }
  END = idx + 1;
  return obj;
}

function scanArray(s: string, idx: number, depth: number): unknown[] {
  const out: unknown[] = [];
  const len = s.length;
  idx = skipSpace(s, idx);
  if (idx >= len || s.charCodeAt(idx) !== 0x5d) {
    for (;;) {
      out.push(scanOnce(s, idx, depth));
      idx = skipSpace(s, END);
      if (idx < len && s.charCodeAt(idx) === 0x5d) break;
      if (idx >= len || s.charCodeAt(idx) !== 0x2c) throw new JSONDecodeError("Expecting ',' delimiter", s, idx);
      idx = skipSpace(s, idx + 1);
    }
  }
  END = idx + 1;
  return out;
}

/** One value starting exactly at idx; END is where it ends. */
function scanOnce(s: string, idx: number, depth: number): unknown {
  if (idx >= s.length) throw new JSONDecodeError("Expecting value", s, idx);
  switch (s.charCodeAt(idx)) {
    case 0x22: // "
      return scanString(s, idx + 1);
    case 0x7b: // {
    case 0x5b: // [
      if (depth >= RECURSION_LIMIT) throw new StrictJsonError("nested too deeply to parse");
      return s.charCodeAt(idx) === 0x7b ? scanObject(s, idx + 1, depth + 1) : scanArray(s, idx + 1, depth + 1);
    case 0x6e: // n
      if (s.startsWith("null", idx)) return word(idx + 4, null);
      break;
    case 0x74: // t
      if (s.startsWith("true", idx)) return word(idx + 4, true);
      break;
    case 0x66: // f
      if (s.startsWith("false", idx)) return word(idx + 5, false);
      break;
    case 0x4e: // N
      if (s.startsWith("NaN", idx)) throw new StrictJsonError("NaN is not valid JSON");
      break;
    case 0x49: // I
      if (s.startsWith("Infinity", idx)) throw new StrictJsonError("Infinity is not valid JSON");
      break;
    case 0x2d: // -
      if (s.startsWith("-Infinity", idx)) throw new StrictJsonError("-Infinity is not valid JSON");
      break;
  }
  return scanNumber(s, idx);
}

function word<T>(end: number, value: T): T {
  END = end;
  return value;
}

// ---- the checks the scanner does not make ----

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// A number JSON.parse might have read as Infinity: an exponent of 3+ digits, or 309+ digits.
const BIG_EXPONENT = /[eE][-+]?\d\d\d/;
const LONG_DIGITS = /\d{309}/;

function mayOverflow(text: string): boolean {
  return BIG_EXPONENT.test(text) || (text.length >= 309 && LONG_DIGITS.test(text));
}

function brackets(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) n++;
  }
  return n;
}

/** Throw when arrays and objects nest deeper than MAX_DEPTH: one linear scan that skips
 * strings, run only on texts with enough brackets to be that deep. */
function tooDeep(text: string): void {
  let level = 0;
  const len = text.length;
  for (let pos = 0; pos < len; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 0x22) {
      pos++;
      while (pos < len && text.charCodeAt(pos) !== 0x22) pos += text.charCodeAt(pos) === 0x5c ? 2 : 1;
      if (pos >= len) return; // a string that never ends: the parser says so
    } else if (c === 0x5b || c === 0x7b) {
      level++;
      if (level > MAX_DEPTH) {
        throw new StrictJsonError(
          `nested more than ${MAX_DEPTH} levels deep (at character ${pyLen(text.slice(0, pos))})`
        );
      }
    } else if (c === 0x5d || c === 0x7d) level--;
  }
}

/** Whether the arrays and objects of a JSON text nest deeper than `levels` (a text with too
 * few brackets for that is not scanned). */
export function deeperThan(text: string, levels: number): boolean {
  if (text.length <= 2 * levels || brackets(text) <= levels) return false;
  let level = 0;
  const len = text.length;
  for (let pos = 0; pos < len; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 0x22) {
      pos++;
      while (pos < len && text.charCodeAt(pos) !== 0x22) pos += text.charCodeAt(pos) === 0x5c ? 2 : 1;
      if (pos >= len) return false;
    } else if (c === 0x5b || c === 0x7b) {
      if (++level > levels) return true;
    } else if (c === 0x5d || c === 0x7d) level--;
  }
  return false;
}

/** A lone surrogate left in a decoded string came from a lone escape (a pair decodes to one
 * character): not a character, so not valid JSON text. */
function checkStrings(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "string") {
      if (LONE_SURROGATE.test(node)) throw new StrictJsonError("a lone surrogate escape is not a character");
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (typeof node === "object" && node !== null) {
      const keys = Object.keys(node);
      for (const key of keys) stack.push(key);
      for (const key of keys) stack.push((node as { [key: string]: unknown })[key]);
    }
  }
}

/** The checks the scanner cannot make: depth and lone surrogate escapes, each skipped by a
 * cheap test on texts that cannot fail it. */
export function checked(text: string, value: unknown): unknown {
  if (text.length > MAX_DEPTH && brackets(text) > MAX_DEPTH) tooDeep(text);
  if (text.includes("\\u")) checkStrings(value);
  return value;
}

const HAS = Object.prototype.hasOwnProperty;
const SHORT = 309; // a shorter text cannot nest MAX_DEPTH deep nor hold a 309-digit number

/** Whether every number in a parsed value is finite: JSON.parse reads a number that
 * overflows a double (1e400, or 250 digits and e99) as Infinity where Python rejects it.
 * Costs less than a regular expression over the text would. */
function allFinite(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return typeof value !== "number" || value - value === 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === "number" ? v - v !== 0 : typeof v === "object" && v !== null && !allFinite(v)) return false;
    }
    return true;
  }
  // for-in with an own-key test: V8 makes the test a map check, and makes no array of keys
  for (const key in value) {
    if (!HAS.call(value, key)) continue;
    const v: unknown = (value as { [key: string]: unknown })[key];
    if (typeof v === "number" ? v - v !== 0 : typeof v === "object" && v !== null && !allFinite(v)) return false;
  }
  return true;
}

/** json.loads(text) by the rules above. */
export function loads(text: string): unknown {
  if (text.length < SHORT && text.indexOf("\\") < 0) {
    // The common case, one cheap scan: short (no depth check), no escape (no lone
    // surrogate), and a post-check for numbers that overflowed.
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return decode(text); // throws Python's message
    }
    return allFinite(value) ? value : decode(text);
  }
  if (text.length > MAX_DEPTH && brackets(text) > MAX_DEPTH) tooDeep(text);
  let value: unknown;
  if (mayOverflow(text)) value = decode(text);
  else {
    try {
      value = JSON.parse(text);
    } catch {
      value = decode(text); // throws Python's message
    }
    if (!allFinite(value)) value = decode(text); // throws "number ... is out of range"
  }
  if (text.includes("\\u")) checkStrings(value);
  return value;
}

/** Python's JSONDecoder.decode: whitespace, one value, whitespace, the end. */
function decode(text: string): unknown {
  if (text.startsWith("\ufeff")) {
    throw new JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0);
  }
  const value = scanOnce(text, skipSpace(text, 0), 0);
  const end = skipSpace(text, END);
  if (end !== text.length) throw new JSONDecodeError("Extra data", text, end);
  return value;
}

/** One value of text from pos (UTF-16 indexes), by the rules above: [value, end]. */
export function rawDecode(text: string, pos: number): [unknown, number] {
  const value = scanOnce(text, pos, 0);
  const end = END;
  return [checked(text.slice(pos, end), value), end];
}
