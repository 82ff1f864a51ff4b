// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Text the Python runtime builds with repr(), json.dumps, sorted, len and slicing, built the
 * same way here so that messages, losses and argument texts are byte-equal across targets.
 *
 * Numbers: an integer prints as an integer; any other number as Python's float repr does
 * (`1e-07`, `1.5e+16`, `0.1`). A Python float that is integral (`1.0`) cannot be told from
 * the integer `1` in JavaScript: it prints `1` (a documented difference). An integral number
 * of magnitude 1e16 or more prints as Python's float repr (`1e+16`): JavaScript cannot hold
 * such integers exactly, so they can only have come from a float-like text.
 *
 * Strings are sequences of code points, as in Python: pyLen and pySlice count a surrogate
 * pair as one character and a lone surrogate as one character.
 */

/** Options of pyDumps: json.dumps' keyword arguments of the same names. */
export interface DumpsOptions {
  ensureAscii?: boolean;
  sortKeys?: boolean;
  separators?: readonly [string, string];
}

const HEX = "0123456789abcdef";

function hex4(code: number): string {
  return HEX[(code >> 12) & 15]! + HEX[(code >> 8) & 15]! + HEX[(code >> 4) & 15]! + HEX[code & 15]!;
}

/** Python's repr(float) for a finite non-integral (or huge) number, and inf/nan. */
function floatRepr(value: number, json: boolean): string {
  if (Number.isNaN(value)) return json ? "NaN" : "nan";
  if (value === Infinity) return json ? "Infinity" : "inf";
  if (value === -Infinity) return json ? "-Infinity" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  // toExponential() with no argument gives the shortest digits that round-trip, as repr does.
  const exp = value.toExponential();
  const e = exp.indexOf("e");
  let mantissa = exp.slice(0, e);
  const exponent = Number(exp.slice(e + 1));
  const negative = mantissa.startsWith("-");
  if (negative) mantissa = mantissa.slice(1);
  const digits = mantissa.replace(".", "");
  const sign = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    const head = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
    const abs = Math.abs(exponent);
    return sign + head + "e" + (exponent < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
  }
  if (exponent < 0) return sign + "0." + "0".repeat(-exponent - 1) + digits;
  const point = exponent + 1;
  if (digits.length <= point) return sign + digits + "0".repeat(point - digits.length) + ".0";
  return sign + digits.slice(0, point) + "." + digits.slice(point);
}

/** A number as Python prints it (repr and json.dumps agree but for inf/nan). */
function numberText(value: number, json: boolean): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e16) {
    return Number.isSafeInteger(value) ? String(value === 0 ? 0 : value) : BigInt(value).toString();
  }
  return floatRepr(value, json);
}

// Python's str.isprintable() is false for these categories (space excepted).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const NEEDS_REPR_ESCAPE = /[\\'"\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\u{88f}-\u{10ffff}]/u;

// Python's unicodedata is Unicode 14.0 (Python 3.11); node's regexes know a later Unicode.
// Code points unassigned in 14.0 but assigned by 17.0 (start, end pairs, inclusive): Python
// calls them unprintable, so repr escapes them here too. tests/test_typescript_pytext.py
// recomputes the table from both languages.
const UNASSIGNED_IN_PYTHON: readonly number[] = [
  0x88f, 0x88f, 0x897, 0x897, 0xc5c, 0xc5c, 0xcdc, 0xcdc, 0xcf3, 0xcf3, 0xece, 0xece, 0x1acf, 0x1add, 0x1ae0, 0x1aeb,
  0x1b4e, 0x1b4f, 0x1b7f, 0x1b7f, 0x1c89, 0x1c8a, 0x20c1, 0x20c1, 0x2427, 0x2429, 0x2b96, 0x2b96, 0x2ffc, 0x2fff,
  0x31e4, 0x31e5, 0x31ef, 0x31ef, 0xa7cb, 0xa7cf, 0xa7d2, 0xa7d2, 0xa7d4, 0xa7d4, 0xa7da, 0xa7dc, 0xa7f1, 0xa7f1,
  0xfbc3, 0xfbd2, 0xfd90, 0xfd91, 0xfdc8, 0xfdce, 0x105c0, 0x105f3, 0x10940, 0x10959, 0x10d40, 0x10d65,
  0x10d69, 0x10d85, 0x10d8e, 0x10d8f, 0x10ec2, 0x10ec7, 0x10ed0, 0x10ed8, 0x10efa, 0x10eff, 0x1123f, 0x11241,
  0x11380, 0x11389, 0x1138b, 0x1138b, 0x1138e, 0x1138e, 0x11390, 0x113b5, 0x113b7, 0x113c0, 0x113c2, 0x113c2,
  0x113c5, 0x113c5, 0x113c7, 0x113ca, 0x113cc, 0x113d5, 0x113d7, 0x113d8, 0x113e1, 0x113e2, 0x116d0, 0x116e3,
  0x11b00, 0x11b09, 0x11b60, 0x11b67, 0x11bc0, 0x11be1, 0x11bf0, 0x11bf9, 0x11db0, 0x11ddb, 0x11de0, 0x11de9,
  0x11f00, 0x11f10, 0x11f12, 0x11f3a, 0x11f3e, 0x11f5a, 0x1342f, 0x1342f, 0x13440, 0x13455, 0x13460, 0x143fa,
  0x16100, 0x16139, 0x16d40, 0x16d79, 0x16ea0, 0x16eb8, 0x16ebb, 0x16ed3, 0x16ff2, 0x16ff6, 0x187f8, 0x187ff,
  0x18cff, 0x18cff, 0x18d09, 0x18d1e, 0x18d80, 0x18df2, 0x1b132, 0x1b132, 0x1b155, 0x1b155, 0x1cc00, 0x1ccfc,
  0x1cd00, 0x1ceb3, 0x1ceba, 0x1ced0, 0x1cee0, 0x1cef0, 0x1d2c0, 0x1d2d3, 0x1df25, 0x1df2a, 0x1e030, 0x1e06d,
  0x1e08f, 0x1e08f, 0x1e4d0, 0x1e4f9, 0x1e5d0, 0x1e5fa, 0x1e5ff, 0x1e5ff, 0x1e6c0, 0x1e6de, 0x1e6e0, 0x1e6f5,
  0x1e6fe, 0x1e6ff, 0x1f6d8, 0x1f6d8, 0x1f6dc, 0x1f6dc, 0x1f774, 0x1f77f, 0x1f7d9, 0x1f7d9, 0x1f8b2, 0x1f8bb,
  0x1f8c0, 0x1f8c1, 0x1f8d0, 0x1f8d8, 0x1fa54, 0x1fa57, 0x1fa75, 0x1fa77, 0x1fa87, 0x1fa8a, 0x1fa8e, 0x1fa8f,
  0x1faad, 0x1faaf, 0x1fabb, 0x1fabf, 0x1fac6, 0x1fac6, 0x1fac8, 0x1fac8, 0x1facd, 0x1facf, 0x1fada, 0x1fadc,
  0x1fadf, 0x1fadf, 0x1fae8, 0x1faea, 0x1faef, 0x1faef, 0x1faf7, 0x1faf8, 0x1fbcb, 0x1fbef, 0x1fbfa, 0x1fbfa,
  0x2b739, 0x2b73f, 0x2cea2, 0x2cead, 0x2ebf0, 0x2ee5d, 0x31350, 0x33479,
];

function unassignedInPython(code: number): boolean {
  let low = 0;
  let high = UNASSIGNED_IN_PYTHON.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (code < UNASSIGNED_IN_PYTHON[2 * mid]!) high = mid - 1;
    else if (code > UNASSIGNED_IN_PYTHON[2 * mid + 1]!) low = mid + 1;
    else return true;
  }
  return false;
}

function strRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  if (!NEEDS_REPR_ESCAPE.test(text)) return quote + text + quote;
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === quote || char === "\\") out += "\\" + char;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (char !== " " && (NON_PRINTABLE.test(char) || (code >= 0x88f && unassignedInPython(code)))) {
      if (code < 0x100) out += "\\x" + HEX[code >> 4]! + HEX[code & 15]!;
      else if (code < 0x10000) out += "\\u" + hex4(code);
      else out += "\\U" + code.toString(16).padStart(8, "0");
    } else out += char;
  }
  return out + quote;
}

/** Python's repr() of a JSON-like value: str, number, bool, null (None), array (list),
 * plain object (dict), Set (set). undefined prints as MISSING. */
export function pyRepr(value: unknown): string {
  if (typeof value === "string") return strRepr(value);
  if (typeof value === "number") return numberText(value, false);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null) return "None";
  if (value === undefined) return "MISSING";
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return "[" + value.map(pyRepr).join(", ") + "]";
  if (value instanceof Set) {
    if (value.size === 0) return "set()";
    return "{" + [...value].map(pyRepr).join(", ") + "}";
  }
  if (typeof value === "object") {
    const items: string[] = [];
    for (const [key, item] of Object.entries(value as object)) {
      if (item !== undefined) items.push(strRepr(key) + ": " + pyRepr(item));
    }
    return "{" + items.join(", ") + "}";
  }
  return String(value);
}

const JSON_SHORT: { [key: string]: string } = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};
const ESCAPE_ASCII = /[^ -~]|[\\"]/;
const ESCAPE_ASCII_ALL = /[^ -~]|[\\"]/g;

function escapeOne(char: string): string {
  return JSON_SHORT[char] ?? "\\u" + hex4(char.charCodeAt(0));
}

/** A string as json.dumps writes it (with ensure_ascii every UTF-16 unit outside printable
 * ASCII is a lowercase \uXXXX escape). Without it, a lone surrogate is written as its
 * lowercase \udXXX escape, never raw: the rule of both runtimes' JSON writers (Python's
 * json_text), which JSON.stringify follows; it escapes the rest as json.dumps does. */
export function jsonString(text: string, ensureAscii: boolean): string {
  if (ensureAscii) {
    return ESCAPE_ASCII.test(text) ? '"' + text.replace(ESCAPE_ASCII_ALL, escapeOne) + '"' : '"' + text + '"';
  }
  return JSON.stringify(text);
}

// Python raises RecursionError (a cycle: ValueError) long before this depth.
const MAX_NESTING = 10000;

function dumpsInto(
  value: unknown, ascii: boolean, sortKeys: boolean, item: string, key: string, depth: number
): string {
  switch (typeof value) {
    case "string":
      return jsonString(value, ascii);
    case "number":
      return numberText(value, true);
    case "boolean":
      return value ? "true" : "false";
    case "undefined":
      return "null";
    case "bigint":
      return value.toString();
    case "object":
      break;
    default:
      throw new TypeError(`Object of type ${typeof value} is not JSON serializable`);
  }
  if (value === null) return "null";
  if (depth > MAX_NESTING) throw new RangeError("Circular reference detected");
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    let out = "[" + dumpsInto(value[0], ascii, sortKeys, item, key, depth + 1);
    for (let i = 1; i < value.length; i++) out += item + dumpsInto(value[i], ascii, sortKeys, item, key, depth + 1);
    return out + "]";
  }
  const obj = value as { [k: string]: unknown };
  let keys = Object.keys(obj);
  if (sortKeys) keys = pySorted(keys);
  let out = "{";
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out += (first ? "" : item) + jsonString(k, ascii) + key + dumpsInto(v, ascii, sortKeys, item, key, depth + 1);
    first = false;
  }
  return out + "}";
}

/** json.dumps(value, ensure_ascii=…, sort_keys=…, separators=…) with Python's defaults
 * (ensure_ascii true, separators ", " and ": "). A key whose value is undefined is absent. */
export function pyDumps(value: unknown, options: DumpsOptions = {}): string {
  const [item, key] = options.separators ?? [", ", ": "];
  return dumpsInto(value, options.ensureAscii ?? true, options.sortKeys ?? false, item, key, 0);
}

/** json.dumps(value, ensure_ascii=False, separators=(",", ":")). */
export function compactJson(value: unknown): string {
  return dumpsInto(value, false, false, ",", ":", 0);
}

const SURROGATE = /[\ud800-\udfff]/;
const ASTRAL_OR_HIGH = /[\ud800-\udfff]/;

/** Code-point order, as Python compares str (JavaScript's default sort compares UTF-16 units,
 * which differs for characters above U+FFFF against U+E000..U+FFFF). */
export function comparePy(a: string, b: string): number {
  if (!ASTRAL_OR_HIGH.test(a) && !ASTRAL_OR_HIGH.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = [...a];
  const y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const p = x[i]!.codePointAt(0)!;
    const q = y[i]!.codePointAt(0)!;
    if (p !== q) return p - q;
  }
  return x.length - y.length;
}

/** sorted(strings): a new array in code-point order. */
export function pySorted(strings: Iterable<string>): string[] {
  return [...strings].sort(comparePy);
}

/** len(s): the number of code points. */
export function pyLen(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** s[start:end] counted in code points, with Python's negative and missing bounds. */
export function pySlice(text: string, start?: number | null, end?: number | null): string {
  if (!SURROGATE.test(text)) return text.slice(start ?? 0, end ?? undefined);
  return [...text].slice(start ?? 0, end ?? undefined).join("");
}

/** str(value): a string itself, anything else as pyRepr prints it (None, True, 1.5, ...). */
export function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value);
}

/** Python's truthiness of a JSON value (undefined = MISSING is false). */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.length > 0;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Set || value instanceof Map) return value.size > 0;
  if (typeof value === "object") return Object.keys(value).some(
    (k) => (value as { [k: string]: unknown })[k] !== undefined
  );
  return true;
}

/** Python's == on JSON values: dicts equal whatever their key order, True == 1, 1 == 1.0. A
 * key whose value is undefined is absent. */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === "number" || ta === "boolean") && (tb === "number" || tb === "boolean")) return Number(a) === Number(b);
  if (ta !== "object" || tb !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!pyEquals(a[i], b[i])) return false;
    return true;
  }
  const x = a as { [k: string]: unknown };
  const y = b as { [k: string]: unknown };
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  let other = 0;
  for (const k of Object.keys(y)) if (y[k] !== undefined) other++;
  if (keys.length !== other) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(y, k) || !pyEquals(x[k], y[k])) return false;
  }
  return true;
}
