/**
 * Writing canonical stream events (schemas/canonical/stream_event.json) as a dialect's events, one at a time,
 * from its `relay.writes` templates (RELAY in the generated stream module).
 *
 * Blocks: a text, reasoning or call block is opened by its first event and closed when another opens, when its
 * call stops, or at the end. Finish and usage are written when the input ends (one event may carry both,
 * Anthropic's message_delta). Held: the open block (its text so far where the target repeats it), the calls' ids
 * and names, an open call's arguments where the target writes them whole. A value no template takes is a loss,
 * once (rules: _relay_rules); so is a placeholder id or model the target's template sends for want of the source's.
 */
import { type Dialect } from "../_dialect.js";
import { type JsonObject, type Loss } from "../_errors.js";
import { IdMap } from "../_ids.js";
import type { Signing } from "../_reasoning_claude.js";
import { type Profile } from "../_chat_reasoning.js";
import type { CallCheck } from "./_relay_check.js";
import { type Template } from "./_relay_read.js";
/** Write canonical stream events as the target's events; losses go to `losses`. */
export declare class RelayWriter {
    #private;
    readonly dialect: string;
    readonly reasoning: string;
    readonly writes: ReadonlyMap<string, Template[]>;
    readonly profile: Profile | null;
    readonly itemIds: ReadonlyMap<string, string>;
    readonly signing: Signing;
    readonly strict: boolean;
    readonly losses: Loss[];
    readonly idMap: IdMap;
    check: CallCheck | null;
    cut: boolean;
    asFunction: boolean;
    get sequence(): number;
    /** options: Python's keyword-only strict, id_map, reasoning, profile (a Chat target's reasoning profile). */
    constructor(dialect: Dialect, options?: {
        strict?: boolean;
        idMap?: IdMap | null;
        reasoning?: string;
        profile?: string | null;
    });
    /** Report a loss found outside the writer (the source leaving a block out). */
    readonly loss: (code: string, pointer: string, what: string) => void;
    /** One canonical stream event in; the target's events for it out. */
    write(event: JsonObject): JsonObject[];
    /** The source's calls against the target's reading of what was written: each read otherwise, a loss. */
    compare(source: JsonObject[]): void;
}
