// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * When a call starts, grows, is complete or incomplete: calls opened at a key, argument
 * text replaced by a complete text so far, calls stopped, cut off (by a truncating finish
 * reason or the end of the stream), and whole calls that arrive in one event.
 */

import { dumpArguments } from "../_arguments.js";
import { DecodeError, type JsonObject } from "../_errors.js";
import { pyRepr } from "../_pytext.js";
import { CanonicalCalls } from "./_canonical.js";
import { Call, type Key } from "./_state.js";

/** Calls opened, released, stopped and cut off; the deltas they give. */
export abstract class CallLifecycle extends CanonicalCalls {
  _start(key: Key, callId: string | null, name: string | null, item: JsonObject | null): Call {
    const c = new Call(this._count, key, callId, name, item);
    this._count += 1;
    if (key !== null) {
      this._open.set(key, c); // a call still open at this key stays in flight, unkeyed
    }
    this._inflight.set(c.index, c);
    this._last = c;
    return c;
  }

  _delta(c: Call): JsonObject {
    const d: JsonObject = { index: c.index };
    if (c.id !== null) {
      d["id"] = c.id;
    }
    if (c.name !== null) {
      d["name"] = c.name;
    }
    return d;
  }

  /** The complete text so far replaces the fragments; the new part is a delta. */
  _full(c: Call, full: string): JsonObject | null {
    const text = c.text();
    c.parts = [full];
    if (full.startsWith(text) && full.length > text.length) {
      return { index: c.index, arguments_delta: full.slice(text.length) };
    }
    return null;
  }

  _release(c: Call): void {
    c.stopped = true;
    this._inflight.delete(c.index);
    if (c.key !== null) {
      if (this._open.get(c.key) === c) {
        this._open.delete(c.key);
      }
      this._closed.set(c.key, c.index);
    }
  }

  _stop(c: Call): void {
    if (c.stopped) {
      return;
    }
    this._release(c);
    this._done.set(c.index, this._complete(c));
    this._lastStopped = c;
  }

  _cut(c: Call, why: string): void {
    this._release(c);
    this._done.set(c.index, this._incomplete(c, why));
  }

  /**
   * A whole call (wire: the item without its stream-only keys), decoded as such; with a key
   * it replaces the call at that key, keeping its index.
   */
  _whole(key: Key, event: unknown, item: unknown, wire: unknown = null): JsonObject | null {
    let call: JsonObject;
    try {
      call = this._decodeCall(wire === null ? item : wire, this._ids);
    } catch (exc) {
      if (!(exc instanceof DecodeError)) throw exc;
      throw this._bad(event, item, exc.pointer, exc.detail);
    }
    let index: number | null = null;
    if (key !== null) {
      const c = this._open.get(key);
      if (c !== undefined) {
        index = c.index;
        this._release(c);
      } else {
        index = this._closed.get(key) ?? null;
      }
    }
    const raw = (call["raw_arguments"] ?? null) as string | null;
    const text: string =
      raw !== null ? raw : call["arguments"] != null ? dumpArguments(call["arguments"] as JsonObject) : "";
    const callId = (call["id"] ?? null) as string | null;
    const record = new Call(index === null ? this._count : index, key, callId, call["name"] as string, null);
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
   * The stream's finish reason: a truncating one cuts off the calls in flight (or the last
   * one, where the dialect stops a call before it says it was truncated); without stop
   * events a finish reason stops every call in flight.
   */
  _finish(value: string): void {
    this.finishReason = value;
    if (this.TRUNCATED.has(value)) {
      const why = `the stream was cut off (finish reason ${pyRepr(value)}) before this call was complete`;
      if (this._inflight.size) {
        for (const c of [...this._inflight.values()]) {
          this._cut(c, why);
        }
      } else if (this.STOP_BEFORE_TRUNCATION) {
        const last = this._lastStopped;
        if (last !== null && last.index === this._count - 1) {
          this._done.set(last.index, this._incomplete(last, why));
        }
      }
    } else if (!this.HAS_STOP) {
      for (const c of [...this._inflight.values()]) {
        this._stop(c);
      }
    }
  }
}
