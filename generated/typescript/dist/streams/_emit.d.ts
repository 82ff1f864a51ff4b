/**
 * Emission helpers shared by the generated emitters: argument text in fragments, an emitted
 * call's key, and events framed as the provider frames them (SSE blocks or JSON lines).
 */
import { type JsonObject } from "../_errors.js";
/** Argument text as fragments of at most size characters (code points; one fragment without size). */
export declare function pieces(text: string, size: number | null | undefined): string[];
/** The argument text a stream sends for a canonical call (raw text while it says the same). */
export declare function textOf(call: JsonObject, kind: string, noArgumentsText: readonly string[]): string;
export declare function valueAt(w: unknown, toks: readonly string[]): unknown;
/** An emitted call's key: the wire call's own (a Responses item id), else its index. */
export declare function emitKey(w: unknown, toks: readonly string[] | null, index: number, prefix: string | null): unknown;
/** Events as the provider frames them: SSE blocks or JSON lines. */
export declare function toText(events: readonly JsonObject[], framing: string, eventName: readonly string[] | null, done: string | null): string;
