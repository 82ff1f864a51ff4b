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
import { IdMap } from "../_ids.js";
import { TOO_DEEP, tooDeep } from "../_coercion.js";
import { MAX_DEPTH } from "../_strict_json.js";
import { StreamError, where } from "./_events.js";
export const COMPACT = 256; // fragments kept per call before they are joined: the object count stays bounded
/** One call in flight: what arrived so far. Nothing else of the stream is kept. */
export class Call {
    index;
    key;
    id;
    name;
    item; // the wire call the stream started it with (as_call rules), or null
    parts = []; // argument text fragments, joined now and then
    args = null; // arguments built from JSONPath values (Vertex)
    cont = null; // the JSONPath whose string value continues
    start = null; // non-empty arguments the start item carried (start `arguments`)
    pos = null; // the output position its start named (`position`), or null
    stopped = false;
    custom = false; // a custom tool's call: its text is plain input, not argument JSON
    constructor(index, key, callId, name, item) {
        this.index = index;
        this.key = key;
        this.id = callId;
        this.name = name;
        this.item = item;
    }
    text() {
        if (this.args !== null) {
            return compactJson(this.args);
        }
        if (this.parts.length > 1) {
            this.parts = [this.parts.join("")];
        }
        return this.parts.length ? this.parts[0] : "";
    }
}
/** The calls of one stream and what it reported; see _assembler.Assembler for the API. */
export class StreamState {
    // --- the dialect's constants (the generated subclass overrides them) ---------------
    DIALECT = "";
    HAS_STOP = false;
    TRUNCATED = new Set();
    STOP_BEFORE_TRUNCATION = false;
    ARGS = "text"; // how the dialect's tool_call carries arguments: "text" or "object"
    NO_ARGUMENTS_TEXT = []; // object dialects: argument texts that mean {}
    ID_OPTIONAL = false;
    ARGS_OPTIONAL = false; // the wire call may leave its arguments out when there are none
    EXPECTED = "an event"; // what every event of the dialect holds (its `events` term), for errors
    EXPECTED_AT = []; // the pointers each kind of event tests, for errors
    finishReason = null;
    findings = []; // {event, pointer, message} (+ line from text)
    notes = []; // the same, for what was left out on purpose
    _open = new Map(); // key -> the open call at that key
    _inflight = new Map(); // index -> every call not yet complete
    _last = null; // the most recent call
    _lastStopped = null;
    _done = new Map(); // index -> canonical call
    _closed = new Map(); // key -> index of a complete call
    _skipped = new Map(); // key -> an open block that is not a client call
    _at = new Map(); // output position -> the open call there (keyless items)
    _closedAt = new Map(); // output position -> index of a complete call
    _waiting = new Map(); // key -> (id, argument text) that came before the name
    _ended = null; // why the stream ended early (an error event)
    _count = 0;
    _n = -1; // the index of the event being fed
    _ids;
    constructor(options = {}) {
        this._ids = options.idMap ?? new IdMap();
    }
    // --- what the stream reported -------------------------------------------------------
    _report(into, pointer, message) {
        into.push({ event: this._n, pointer, message });
    }
    _bad(event, item, pointer, message) {
        return new StreamError(this.DIALECT, where(event, item) + pointer, message);
    }
    /** item, a part of event the call keeps whole, held to the depth limit (events are not
     * walked on the way in: only what a call keeps is). */
    _held(event, item) {
        const at = where(event, item);
        const below = tooDeep(item, MAX_DEPTH - at.split("/").length + 1);
        if (below !== null)
            throw new StreamError(this.DIALECT, at + below, TOO_DEEP);
        return item;
    }
}
