/**
 * When a call starts, grows, is complete or incomplete: calls opened at a key, argument
 * text replaced by a complete text so far, calls stopped, cut off (by a truncating finish
 * reason or the end of the stream), and whole calls that arrive in one event.
 */
import { type JsonObject } from "../_errors.js";
import { CanonicalCalls } from "./_canonical.js";
import { Call, type Key } from "./_state.js";
/** Calls opened, released, stopped and cut off; the deltas they give. */
export declare abstract class CallLifecycle extends CanonicalCalls {
    _start(key: Key, callId: string | null, name: string | null, item: JsonObject | null): Call;
    _delta(c: Call): JsonObject;
    /** The complete text so far replaces the fragments; the new part is a delta. */
    _full(c: Call, full: string): JsonObject | null;
    _release(c: Call): void;
    _stop(c: Call): void;
    _cut(c: Call, why: string): void;
    /**
     * A whole call (wire: the item without its stream-only keys), decoded as such; with a key
     * it replaces the call at that key, keeping its index.
     */
    _whole(key: Key, event: unknown, item: unknown, wire?: unknown): JsonObject | null;
    /**
     * The stream's finish reason: a truncating one cuts off the calls in flight (or the last
     * one, where the dialect stops a call before it says it was truncated); without stop
     * events a finish reason stops every call in flight.
     */
    _finish(value: string): void;
}
