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
const HEX = "0123456789abcdef";
function hex4(code) {
    return HEX[(code >> 12) & 15] + HEX[(code >> 8) & 15] + HEX[(code >> 4) & 15] + HEX[code & 15];
}
/** Python's repr(float) for a finite non-integral (or huge) number, and inf/nan. */
function floatRepr(value, json) {
    if (Number.isNaN(value))
        return json ? "NaN" : "nan";
    if (value === Infinity)
        return json ? "Infinity" : "inf";
    if (value === -Infinity)
        return json ? "-Infinity" : "-inf";
    if (value === 0)
        return Object.is(value, -0) ? "-0.0" : "0.0";
    // toExponential() with no argument gives the shortest digits that round-trip, as repr does.
    const exp = value.toExponential();
    const e = exp.indexOf("e");
    let mantissa = exp.slice(0, e);
    const exponent = Number(exp.slice(e + 1));
    const negative = mantissa.startsWith("-");
    if (negative)
        mantissa = mantissa.slice(1);
    const digits = mantissa.replace(".", "");
    const sign = negative ? "-" : "";
    if (exponent < -4 || exponent >= 16) {
        const head = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
        const abs = Math.abs(exponent);
        return sign + head + "e" + (exponent < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
    }
    if (exponent < 0)
        return sign + "0." + "0".repeat(-exponent - 1) + digits;
    const point = exponent + 1;
    if (digits.length <= point)
        return sign + digits + "0".repeat(point - digits.length) + ".0";
    return sign + digits.slice(0, point) + "." + digits.slice(point);
}
/** A number as Python prints it (repr and json.dumps agree but for inf/nan). */
function numberText(value, json) {
    if (Number.isInteger(value) && Math.abs(value) < 1e16) {
        return Number.isSafeInteger(value) ? String(value === 0 ? 0 : value) : BigInt(value).toString();
    }
    return floatRepr(value, json);
}
// Python's str.isprintable() is false for these categories (space excepted).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const NEEDS_REPR_ESCAPE = /[\\'"\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
function strRepr(text) {
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    if (!NEEDS_REPR_ESCAPE.test(text))
        return quote + text + quote;
    let out = quote;
    for (const char of text) {
        const code = char.codePointAt(0);
        if (char === quote || char === "\\")
            out += "\\" + char;
        else if (char === "\n")
            out += "\\n";
        else if (char === "\r")
            out += "\\r";
        else if (char === "\t")
            out += "\\t";
        else if (char !== " " && NON_PRINTABLE.test(char)) {
            if (code < 0x100)
                out += "\\x" + HEX[code >> 4] + HEX[code & 15];
            else if (code < 0x10000)
                out += "\\u" + hex4(code);
            else
                out += "\\U" + code.toString(16).padStart(8, "0");
        }
        else
            out += char;
    }
    return out + quote;
}
/** Python's repr() of a JSON-like value: str, number, bool, null (None), array (list),
 * plain object (dict), Set (set). undefined prints as MISSING. */
export function pyRepr(value) {
    if (typeof value === "string")
        return strRepr(value);
    if (typeof value === "number")
        return numberText(value, false);
    if (typeof value === "boolean")
        return value ? "True" : "False";
    if (value === null)
        return "None";
    if (value === undefined)
        return "MISSING";
    if (typeof value === "bigint")
        return value.toString();
    if (Array.isArray(value))
        return "[" + value.map(pyRepr).join(", ") + "]";
    if (value instanceof Set) {
        if (value.size === 0)
            return "set()";
        return "{" + [...value].map(pyRepr).join(", ") + "}";
    }
    if (typeof value === "object") {
        const items = [];
        for (const [key, item] of Object.entries(value)) {
            if (item !== undefined)
                items.push(strRepr(key) + ": " + pyRepr(item));
        }
        return "{" + items.join(", ") + "}";
    }
    return String(value);
}
const JSON_SHORT = {
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
function escapeOne(char) {
    return JSON_SHORT[char] ?? "\\u" + hex4(char.charCodeAt(0));
}
/** A string as json.dumps writes it (with ensure_ascii every UTF-16 unit outside printable
 * ASCII is a lowercase \uXXXX escape). Without it, a lone surrogate is written as its
 * lowercase \udXXX escape, never raw: the rule of both runtimes' JSON writers (Python's
 * json_text), which JSON.stringify follows; it escapes the rest as json.dumps does. */
export function jsonString(text, ensureAscii) {
    if (ensureAscii) {
        return ESCAPE_ASCII.test(text) ? '"' + text.replace(ESCAPE_ASCII_ALL, escapeOne) + '"' : '"' + text + '"';
    }
    return JSON.stringify(text);
}
// Python raises RecursionError (a cycle: ValueError) long before this depth.
const MAX_NESTING = 10000;
function dumpsInto(value, ascii, sortKeys, item, key, depth) {
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
    if (value === null)
        return "null";
    if (depth > MAX_NESTING)
        throw new RangeError("Circular reference detected");
    if (Array.isArray(value)) {
        if (value.length === 0)
            return "[]";
        let out = "[" + dumpsInto(value[0], ascii, sortKeys, item, key, depth + 1);
        for (let i = 1; i < value.length; i++)
            out += item + dumpsInto(value[i], ascii, sortKeys, item, key, depth + 1);
        return out + "]";
    }
    const obj = value;
    let keys = Object.keys(obj);
    if (sortKeys)
        keys = pySorted(keys);
    let out = "{";
    let first = true;
    for (const k of keys) {
        const v = obj[k];
        if (v === undefined)
            continue;
        out += (first ? "" : item) + jsonString(k, ascii) + key + dumpsInto(v, ascii, sortKeys, item, key, depth + 1);
        first = false;
    }
    return out + "}";
}
/** json.dumps(value, ensure_ascii=…, sort_keys=…, separators=…) with Python's defaults
 * (ensure_ascii true, separators ", " and ": "). A key whose value is undefined is absent. */
export function pyDumps(value, options = {}) {
    const [item, key] = options.separators ?? [", ", ": "];
    return dumpsInto(value, options.ensureAscii ?? true, options.sortKeys ?? false, item, key, 0);
}
/** json.dumps(value, ensure_ascii=False, separators=(",", ":")). */
export function compactJson(value) {
    return dumpsInto(value, false, false, ",", ":", 0);
}
const SURROGATE = /[\ud800-\udfff]/;
const ASTRAL_OR_HIGH = /[\ud800-\udfff]/;
/** Code-point order, as Python compares str (JavaScript's default sort compares UTF-16 units,
 * which differs for characters above U+FFFF against U+E000..U+FFFF). */
export function comparePy(a, b) {
    if (!ASTRAL_OR_HIGH.test(a) && !ASTRAL_OR_HIGH.test(b))
        return a < b ? -1 : a > b ? 1 : 0;
    const x = [...a];
    const y = [...b];
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
        const p = x[i].codePointAt(0);
        const q = y[i].codePointAt(0);
        if (p !== q)
            return p - q;
    }
    return x.length - y.length;
}
/** sorted(strings): a new array in code-point order. */
export function pySorted(strings) {
    return [...strings].sort(comparePy);
}
/** len(s): the number of code points. */
export function pyLen(text) {
    if (!SURROGATE.test(text))
        return text.length;
    let n = 0;
    for (const _ of text)
        n++;
    return n;
}
/** s[start:end] counted in code points, with Python's negative and missing bounds. */
export function pySlice(text, start, end) {
    if (!SURROGATE.test(text))
        return text.slice(start ?? 0, end ?? undefined);
    return [...text].slice(start ?? 0, end ?? undefined).join("");
}
/** str(value): a string itself, anything else as pyRepr prints it (None, True, 1.5, ...). */
export function pyStr(value) {
    return typeof value === "string" ? value : pyRepr(value);
}
/** Python's truthiness of a JSON value (undefined = MISSING is false). */
export function pyTruthy(value) {
    if (value === null || value === undefined)
        return false;
    if (typeof value === "string")
        return value.length > 0;
    if (typeof value === "number")
        return value !== 0;
    if (typeof value === "boolean")
        return value;
    if (Array.isArray(value))
        return value.length > 0;
    if (value instanceof Set || value instanceof Map)
        return value.size > 0;
    if (typeof value === "object")
        return Object.keys(value).some((k) => value[k] !== undefined);
    return true;
}
/** Python's == on JSON values: dicts equal whatever their key order, True == 1, 1 == 1.0. A
 * key whose value is undefined is absent. */
export function pyEquals(a, b) {
    if (a === b)
        return true;
    const ta = typeof a;
    const tb = typeof b;
    if ((ta === "number" || ta === "boolean") && (tb === "number" || tb === "boolean"))
        return Number(a) === Number(b);
    if (ta !== "object" || tb !== "object" || a === null || b === null)
        return false;
    if (Array.isArray(a) || Array.isArray(b)) {
        if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length)
            return false;
        for (let i = 0; i < a.length; i++)
            if (!pyEquals(a[i], b[i]))
                return false;
        return true;
    }
    const x = a;
    const y = b;
    const keys = Object.keys(x).filter((k) => x[k] !== undefined);
    let other = 0;
    for (const k of Object.keys(y))
        if (y[k] !== undefined)
            other++;
    if (keys.length !== other)
        return false;
    for (const k of keys) {
        if (!Object.prototype.hasOwnProperty.call(y, k) || !pyEquals(x[k], y[k]))
            return false;
    }
    return true;
}
