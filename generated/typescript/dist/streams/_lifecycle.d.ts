/**
 * When a call starts, grows, is complete or incomplete: calls opened at a key, argument
 * text replaced by a complete text so far, calls stopped, cut off (by a truncating finish
 * reason or the end of the stream), and whole calls that arrive in one event.
 */
import { type JsonObject } from "../_errors.js";
import { CanonicalCalls } from "./_canonical.js";
import { Call, type Key } from "./_state.js";
/** A `call` rule without a `position` pointer: a keyless item is a new call. */
export declare const NO_POSITION: undefined;
/** Calls opened, released, stopped and cut off; the deltas they give. */
export declare abstract class CallLifecycle extends CanonicalCalls {
    _start(key: Key, callId: string | null, name: string | null, item: JsonObject | null, position?: number | null, custom?: boolean): Call;
    _delta(c: Call): JsonObject;
    /** The complete text so far replaces the fragments; the new part is a delta. */
    _full(c: Call, full: string): JsonObject | null;
    _release(c: Call): void;
    _stop(c: Call): void;
    _cut(c: Call, why: string): void;
    /**
     * A whole call (wire: the item without its stream-only keys), decoded as such; with a key
     * it replaces the call at that key, keeping its index. Without one, where the rule has a
     * position pointer, it is the call at its output position, or (no position either) the
     * one with its call id: the same call is never counted twice.
     */
    _whole(key: Key, event: unknown, item: unknown, wire?: unknown, position?: number | null | undefined): JsonObject | null;
    /**
     * The index of the call a keyless whole item completes: the one at its output position,
     * else the one with its call id; null when it is a new call.
     */
    _sameCall(position: number | null, callId: unknown): number | null;
    /**
     * The call a name just opened at a key where an id or argument text was held: the id is
     * its own unless the item brought one, and the text comes first, with this item's
     * fragment, as one fragment.
     */
    _unwait(c: Call, fragment: unknown): unknown;
    /**
     * What was held for a name that never came (at the finish, an error or the end): no call
     * can be made of it (a call has a name), so each is a finding, never dropped silently.
     */
    _unwaitAll(): void;
    /**
     * The stream's finish reason: a truncating one cuts off the calls in flight (or the last
     * one, where the dialect stops a call before it says it was truncated); without stop
     * events a finish reason stops every call in flight.
     */
    _finish(value: string): void;
}
