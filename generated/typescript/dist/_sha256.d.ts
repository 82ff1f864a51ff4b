/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, in pure ES2022 (no crypto module, no
 * TextEncoder): what `_ids` mints ids from, as Python's hashlib.sha256 does. Ids are short,
 * so a plain implementation is fast enough.
 */
/** The UTF-8 bytes of text; a lone surrogate is the three bytes of its code (Python's
 * "surrogatepass"), so an id holding one hashes as in Python. */
export declare function utf8(text: string): Uint8Array;
/** The 32-byte digest of bytes. */
export declare function sha256(bytes: Uint8Array): Uint8Array;
/** The digest of text's UTF-8 bytes as lowercase hex. */
export declare function sha256Hex(text: string): string;
