// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * UTF-8 bytes to text, strictly and incrementally, with Python's error messages (no
 * TextDecoder: the package uses ES2022 only). Python's `bytes.decode("utf-8")` and
 * `codecs.getincrementaldecoder("utf-8")()`; no Python module of its own.
 */
/** Python's UnicodeDecodeError (a ValueError): the same message text. */
export class UnicodeDecodeError extends Error {
    constructor(bytes, start, end, reason) {
        const what = end - start === 1
            ? `byte 0x${bytes[start].toString(16).padStart(2, "0")} in position ${start}`
            : `bytes in position ${start}-${end - 1}`;
        super(`'utf-8' codec can't decode ${what}: ${reason}`);
        this.name = "UnicodeDecodeError";
    }
}
function cont(b, lo = 0x80, hi = 0xbf) {
    return b !== undefined && b >= lo && b <= hi;
}
/**
 * Decode bytes[0:], returning [text, bytes consumed]; a valid but unfinished sequence at the
 * end is left unconsumed unless final (then it is an error, as in Python).
 */
function decode(bytes, final) {
    const units = [];
    const parts = [];
    let i = 0;
    const n = bytes.length;
    while (i < n) {
        const b = bytes[i];
        if (b < 0x80) {
            units.push(b);
            i += 1;
        }
        else {
            let need;
            let lo = 0x80;
            let hi = 0xbf;
            if (b >= 0xc2 && b <= 0xdf)
                need = 1;
            else if (b >= 0xe0 && b <= 0xef) {
                need = 2;
                if (b === 0xe0)
                    lo = 0xa0;
                if (b === 0xed)
                    hi = 0x9f;
            }
            else if (b >= 0xf0 && b <= 0xf4) {
                need = 3;
                if (b === 0xf0)
                    lo = 0x90;
                if (b === 0xf4)
                    hi = 0x8f;
            }
            else {
                throw new UnicodeDecodeError(bytes, i, i + 1, "invalid start byte");
            }
            let k = 1;
            for (; k <= need; k++) {
                const c = bytes[i + k];
                if (c === undefined)
                    break;
                if (!(k === 1 ? cont(c, lo, hi) : cont(c))) {
                    if (!final && b === 0xed && k === 1 && i + 2 === n && cont(c, 0xa0, 0xbf)) {
                        k = 0; // a truncated surrogate: Python waits for more data before it says so
                        break;
                    }
                    throw new UnicodeDecodeError(bytes, i, i + k, "invalid continuation byte");
                }
            }
            if (k === 0)
                break;
            if (k <= need) {
                // the data ends inside a sequence that is valid so far
                if (!final)
                    break;
                throw new UnicodeDecodeError(bytes, i, n, "unexpected end of data");
            }
            let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
            for (k = 1; k <= need; k++)
                cp = (cp << 6) | (bytes[i + k] & 0x3f);
            if (cp >= 0x10000) {
                cp -= 0x10000;
                units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
            }
            else {
                units.push(cp);
            }
            i += need + 1;
        }
        if (units.length >= 4096) {
            parts.push(String.fromCharCode(...units));
            units.length = 0;
        }
    }
    parts.push(String.fromCharCode(...units));
    return [parts.join(""), i];
}
/** bytes.decode("utf-8"): the whole text, or UnicodeDecodeError. */
export function decodeUtf8(data) {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    return decode(bytes, true)[0];
}
/** codecs.getincrementaldecoder("utf-8")(): chunks split anywhere, even inside a character. */
export class IncrementalUtf8Decoder {
    #pending = new Uint8Array(0);
    decode(data, final = false) {
        const chunk = data instanceof Uint8Array ? data : new Uint8Array(data);
        let bytes = chunk;
        if (this.#pending.length) {
            bytes = new Uint8Array(this.#pending.length + chunk.length);
            bytes.set(this.#pending, 0);
            bytes.set(chunk, this.#pending.length);
        }
        const [text, used] = decode(bytes, final);
        this.#pending = bytes.slice(used);
        return text;
    }
}
