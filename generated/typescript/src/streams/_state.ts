// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The state of one stream: the calls in flight (Call), and StreamState, the base every
 * assembler piece builds on: its fields, the dialect's constants, the hooks the generated
 * subclass fills in, and how a finding or a bad event is recorded.
 *
 * Python mixes the pieces into one class; here they are one chain of subclasses in Python's
 * method resolution order: StreamState <- TextInput <- PathArgs <- CanonicalCalls <-
 * CallLifecycle <- CallStates <- Assembler. Fields keep Python's names (camelCased, the
 * leading underscore kept): the relay reads some of them.
 */

import { compactJson } from "../_pytext.js";
import type { JsonObject } from "../_errors.js";
import { IdMap } from "../_ids.js";
import { TOO_DEEP, tooDeep } from "../_coercion.js";
import { MAX_DEPTH } from "../_strict_json.js";
import { StreamError, where } from "./_events.js";

export const COMPACT = 256; // fragments kept per call before they are joined: the object count stays bounded

/** A call's key: an index or an id (null: the rule has none). */
export type Key = number | string | null;

/** One call in flight: what arrived so far. Nothing else of the stream is kept. */
export class Call {
  index: number;
  key: Key;
  id: string | null;
  name: string | null;
  item: JsonObject | null; // the wire call the stream started it with (as_call rules), or null
  parts: string[] = []; // argument text fragments, joined now and then
  args: JsonObject | null = null; // arguments built from JSONPath values (Vertex)
  cont: string | null = null; // the JSONPath whose string value continues
  start: unknown = null; // non-empty arguments the start item carried (start `arguments`)
  pos: number | null = null; // the output position its start named (`position`), or null
  stopped = false;
  custom = false; // a custom tool's call: its text is plain input, not argument JSON

  constructor(index: number, key: Key, callId: string | null, name: string | null, item: JsonObject | null) {
    this.index = index;
    this.key = key;
    this.id = callId;
    this.name = name;
    this.item = item;
  }

  text(): string {
    if (this.args !== null) {
      return compactJson(this.args);
    }
    if (this.parts.length > 1) {
      this.parts = [this.parts.join("")];
    }
    return this.parts.length ? (this.parts[0] as string) : "";
  }
}

/** A finding or a note: {event, pointer, message} (+ line from text). */
export type Report = { event: number; pointer: string; message: string; line?: number };

/** Options of an assembler: the id map calls are decoded with. */
export type AssemblerOptions = { idMap?: IdMap | null };

/** The calls of one stream and what it reported; see _assembler.Assembler for the API. */
export abstract class StreamState {
  // --- the dialect's constants (the generated subclass overrides them) ---------------
  readonly DIALECT: string = "";
  readonly HAS_STOP: boolean = false;
  readonly TRUNCATED: ReadonlySet<string> = new Set();
  readonly STOP_BEFORE_TRUNCATION: boolean = false;
  readonly ARGS: string = "text"; // how the dialect's tool_call carries arguments: "text" or "object"
  readonly NO_ARGUMENTS_TEXT: readonly string[] = []; // object dialects: argument texts that mean {}
  readonly ID_OPTIONAL: boolean = false;
  readonly ARGS_OPTIONAL: boolean = false; // the wire call may leave its arguments out when there are none
  readonly EXPECTED: string = "an event"; // what every event of the dialect holds (its `events` term), for errors
  readonly EXPECTED_AT: readonly (readonly string[])[] = []; // the pointers each kind of event tests, for errors

  finishReason: string | null = null;
  findings: Report[] = []; // {event, pointer, message} (+ line from text)
  notes: Report[] = []; // the same, for what was left out on purpose
  _open = new Map<Key, Call>(); // key -> the open call at that key
  _inflight = new Map<number, Call>(); // index -> every call not yet complete
  _last: Call | null = null; // the most recent call
  _lastStopped: Call | null = null;
  _done = new Map<number, JsonObject>(); // index -> canonical call
  _closed = new Map<Key, number>(); // key -> index of a complete call
  _skipped = new Map<Key, string>(); // key -> an open block that is not a client call
  _at = new Map<number, Call>(); // output position -> the open call there (keyless items)
  _closedAt = new Map<number, number>(); // output position -> index of a complete call
  _waiting = new Map<Key, [string | null, string[]]>(); // key -> (id, argument text) that came before the name
  _ended: string | null = null; // why the stream ended early (an error event)
  _count = 0;
  _n = -1; // the index of the event being fed
  _ids: IdMap;

  constructor(options: AssemblerOptions = {}) {
    this._ids = options.idMap ?? new IdMap();
  }

  // --- dialect hooks (the generated subclass implements these) ---------------------

  /** One event in; the ToolCallDeltas it carries out. */
  abstract feed(event: unknown): JsonObject[];

  /** A finished call as the dialect's wire tool_call (value undefined: no arguments). */
  abstract _wire(c: Call, value: unknown): JsonObject;

  /** The dialect's decodeToolCall, with this stream's id map. */
  abstract _decodeCall(payload: unknown, idMap: IdMap): JsonObject;

  // --- what the stream reported -------------------------------------------------------

  _report(into: Report[], pointer: string, message: string): void {
    into.push({ event: this._n, pointer, message });
  }

  _bad(event: unknown, item: unknown, pointer: string, message: string): StreamError {
    return new StreamError(this.DIALECT, where(event, item) + pointer, message);
  }

  /** item, a part of event the call keeps whole, held to the depth limit (events are not
   * walked on the way in: only what a call keeps is). */
  _held<T>(event: unknown, item: T): T {
    const at = where(event, item);
    const below = tooDeep(item, MAX_DEPTH - at.split("/").length + 1);
    if (below !== null) throw new StreamError(this.DIALECT, at + below, TOO_DEEP);
    return item;
  }
}
