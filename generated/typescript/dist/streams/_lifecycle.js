// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * When a call starts, grows, is complete or incomplete: calls opened at a key, argument
 * text replaced by a complete text so far, calls stopped, cut off (by a truncating finish
 * reason or the end of the stream), and whole calls that arrive in one event.
 */
import { dumpArguments } from "../_arguments.js";
import { DecodeError } from "../_errors.js";
import { pyRepr } from "../_pytext.js";
import { CanonicalCalls } from "./_canonical.js";
import { Call } from "./_state.js";
/** A `call` rule without a `position` pointer: a keyless item is a new call. */
export const NO_POSITION = undefined;
/** Calls opened, released, stopped and cut off; the deltas they give. */
export class CallLifecycle extends CanonicalCalls {
    _start(key, callId, name, item, position = null, custom = false) {
        const c = new Call(this._count, key, callId, name, item);
        c.custom = custom;
        this._count += 1;
        if (key !== null) {
            this._open.set(key, c); // a call still open at this key stays in flight, unkeyed
        }
        if (position !== null) {
            // items without a key name the call by its output position
            c.pos = position;
            this._at.set(position, c);
        }
        this._inflight.set(c.index, c);
        this._last = c;
        return c;
    }
    _delta(c) {
        const d = { index: c.index };
        if (c.id !== null) {
            d["id"] = c.id;
        }
        if (c.name !== null) {
            d["name"] = c.name;
        }
        if (c.custom) {
            d["custom"] = true;
        }
        return d;
    }
    /** The complete text so far replaces the fragments; the new part is a delta. */
    _full(c, full) {
        const text = c.text();
        c.parts = [full];
        if (full.startsWith(text) && full.length > text.length) {
            return { index: c.index, arguments_delta: full.slice(text.length) };
        }
        return null;
    }
    _release(c) {
        c.stopped = true;
        this._inflight.delete(c.index);
        if (c.key !== null) {
            if (this._open.get(c.key) === c) {
                this._open.delete(c.key);
            }
            this._closed.set(c.key, c.index);
        }
        if (c.pos !== null) {
            if (this._at.get(c.pos) === c) {
                this._at.delete(c.pos);
            }
            this._closedAt.set(c.pos, c.index);
        }
    }
    _stop(c) {
        if (c.stopped) {
            return;
        }
        this._release(c);
        this._done.set(c.index, this._complete(c));
        this._lastStopped = c;
    }
    _cut(c, why) {
        this._release(c);
        this._done.set(c.index, this._incomplete(c, why));
    }
    /**
     * A whole call (wire: the item without its stream-only keys), decoded as such; with a key
     * it replaces the call at that key, keeping its index. Without one, where the rule has a
     * position pointer, it is the call at its output position, or (no position either) the
     * one with its call id: the same call is never counted twice.
     */
    _whole(key, event, item, wire = null, position = NO_POSITION) {
        let call;
        try {
            call = this._decodeCall(wire === null ? item : wire, this._ids);
        }
        catch (exc) {
            if (!(exc instanceof DecodeError))
                throw exc;
            throw this._bad(event, item, exc.pointer, exc.detail);
        }
        let index = null;
        if (key !== null) {
            const c = this._open.get(key);
            if (c !== undefined) {
                index = c.index;
                this._release(c);
            }
            else {
                index = this._closed.get(key) ?? null;
            }
        }
        else if (position !== NO_POSITION) {
            index = this._sameCall(position, call["id"] ?? null);
        }
        const custom = call["arguments"] == null && typeof call["input"] === "string"; // a custom tool's
        const raw = (call["raw_arguments"] ?? null);
        const text = raw !== null
            ? raw
            : custom
                ? call["input"]
                : call["arguments"] != null
                    ? dumpArguments(call["arguments"])
                    : "";
        const callId = (call["id"] ?? null);
        const record = new Call(index === null ? this._count : index, key, callId, call["name"], null);
        record.custom = custom;
        record.parts.push(text);
        record.stopped = true;
        this._lastStopped = record;
        this._done.set(record.index, call);
        if (index !== null) {
            return null;
        }
        this._count += 1;
        if (key !== null) {
            this._closed.set(key, record.index);
        }
        const d = this._delta(record);
        if (text) {
            d["arguments_delta"] = text;
        }
        return d;
    }
    /**
     * The index of the call a keyless whole item completes: the one at its output position,
     * else the one with its call id; null when it is a new call.
     */
    _sameCall(position, callId) {
        let c;
        if (position !== null) {
            c = this._at.get(position);
            if (c === undefined) {
                return this._closedAt.get(position) ?? null;
            }
        }
        else {
            if (callId === null) {
                return null;
            }
            c = [...this._inflight.values()].find((open) => open.id === callId);
            if (c === undefined) {
                for (const [i, done] of this._done) {
                    if (done["id"] === callId) {
                        return i;
                    }
                }
                return null;
            }
        }
        this._release(c);
        return c.index;
    }
    /**
     * The call a name just opened at a key where an id or argument text was held: the id is
     * its own unless the item brought one, and the text comes first, with this item's
     * fragment, as one fragment.
     */
    _unwait(c, fragment) {
        const held = this._waiting.get(c.key);
        if (held === undefined) {
            return fragment;
        }
        this._waiting.delete(c.key);
        const [callId, parts] = held;
        if (c.id === null) {
            c.id = callId;
        }
        if (!parts.length) {
            return fragment;
        }
        if (fragment !== null && typeof fragment !== "string") {
            c.parts.push(...parts); // an arguments object: the text stays before it
            return fragment;
        }
        return parts.join("") + (fragment ?? "");
    }
    /**
     * What was held for a name that never came (at the finish, an error or the end): no call
     * can be made of it (a call has a name), so each is a finding, never dropped silently.
     */
    _unwaitAll() {
        for (const [key, [callId, parts]] of this._waiting) {
            const what = `the call at key ${pyRepr(key)}` + (callId !== null ? ` (id ${callId})` : "");
            const text = parts.length ? " with its argument text" : "";
            this._report(this.findings, "", `${what} never got a name: left out${text}, as no call is one without`);
        }
        this._waiting.clear();
    }
    /**
     * The stream's finish reason: a truncating one cuts off the calls in flight (or the last
     * one, where the dialect stops a call before it says it was truncated); without stop
     * events a finish reason stops every call in flight.
     */
    _finish(value) {
        this.finishReason = value;
        if (this._waiting.size) {
            this._unwaitAll();
        }
        if (this.TRUNCATED.has(value)) {
            const why = `the stream was cut off (finish reason ${pyRepr(value)}) before this call was complete`;
            if (this._inflight.size) {
                for (const c of [...this._inflight.values()]) {
                    this._cut(c, why);
                }
            }
            else if (this.STOP_BEFORE_TRUNCATION) {
                const last = this._lastStopped;
                if (last !== null && last.index === this._count - 1) {
                    this._done.set(last.index, this._incomplete(last, why));
                }
            }
        }
        else if (!this.HAS_STOP) {
            for (const c of [...this._inflight.values()]) {
                this._stop(c);
            }
        }
    }
}
