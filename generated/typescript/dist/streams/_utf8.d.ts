/**
 * UTF-8 bytes to text, strictly and incrementally, with Python's error messages (no
 * TextDecoder: the package uses ES2022 only). Python's `bytes.decode("utf-8")` and
 * `codecs.getincrementaldecoder("utf-8")()`; no Python module of its own.
 */
/** Python's UnicodeDecodeError (a ValueError): the same message text. */
export declare class UnicodeDecodeError extends Error {
    constructor(bytes: Uint8Array, start: number, end: number, reason: string);
}
/** bytes.decode("utf-8"): the whole text, or UnicodeDecodeError. */
export declare function decodeUtf8(data: Uint8Array | ArrayBuffer): string;
/** codecs.getincrementaldecoder("utf-8")(): chunks split anywhere, even inside a character. */
export declare class IncrementalUtf8Decoder {
    #private;
    decode(data: Uint8Array | ArrayBuffer, final?: boolean): string;
}
