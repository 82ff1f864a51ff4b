// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * CallStates: the call states behind every generated assembler (_state, _lifecycle,
 * _canonical) and what the stream reported beside the calls: findings (a problem with the
 * stream that did not stop assembly) and notes (a block that is not a client call, left out
 * on purpose). The generated subclass implements feed(); _assembler.Assembler adds the end.
 */
import { hasOwn, unescape } from "../_errors.js";
import { pyDumps, pyRepr } from "../_pytext.js";
import { StreamError, truthy, where } from "./_events.js";
import { CallLifecycle } from "./_lifecycle.js";
import { COMPACT } from "./_state.js";
/** The calls of one stream and what it reported; see _assembler.Assembler for the API. */
export class CallStates extends CallLifecycle {
    /**
     * An event this dialect does not send (another dialect's stream, or no stream): the
     * pointer is the first of the closest kind's that the event lacks or holds wrong.
     */
    _alien(event) {
        let at = "";
        for (const kind of this.EXPECTED_AT) {
            const held = kind.filter((p) => hasOwn(event, unescape(p.split("/")[1])));
            if (held.length) {
                at = kind.find((p) => !held.includes(p)) ?? held[0];
                break;
            }
        }
        return new StreamError(this.DIALECT, at, `not a ${this.DIALECT} stream event: expected ${this.EXPECTED}`);
    }
    /**
     * A block that is not a client call (a server-side tool): held until its stop, so its
     * fragments are not stray; a note says it was left out.
     */
    _skip(event, item, key, callId, name) {
        let what = typeof name === "string" ? pyRepr(name) : "a block";
        if (typeof callId === "string") {
            what += ` (id ${callId})`;
        }
        this._skipped.set(key, what);
        this._report(this.notes, where(event, item), `${what} is a server-side tool, not a client call: left out`);
    }
    /** Argument text for a key that is no open call: a finding, the good calls stay. */
    _stray(event, item, pointer, key) {
        if (this._skipped.has(key)) {
            return; // a server-side tool's input
        }
        const at = where(event, item) + pointer;
        if (key === null && this._inflight.size > 1) {
            // no key, no position: any open call could be meant
            const n = this._inflight.size;
            this._report(this.findings, at, `argument text that names no call while ${n} calls are open: left out`);
            return;
        }
        this._report(this.findings, at, `argument text for a call that is not open (key ${pyRepr(key)}): left out`);
    }
    /**
     * An item at a key where no call is open, without a name yet (compatible servers send the
     * id, or argument text, before the name): its id and text are held, in order, for the call
     * its name opens (rule 13). Text without a key, or at the key of a call already complete,
     * is stray.
     */
    _wait(event, item, pointer, key, fragment, callId) {
        if (key === null || this._closed.has(key) || (fragment !== null && typeof fragment !== "string")) {
            if (truthy(fragment)) {
                this._stray(event, item, pointer, key);
            }
            return;
        }
        let held = this._waiting.get(key);
        if (held === undefined) {
            held = [callId, []];
            this._waiting.set(key, held);
        }
        else if (callId !== null && held[0] === null) {
            held[0] = callId;
        }
        if (fragment) {
            const parts = held[1];
            parts.push(fragment);
            if (parts.length > COMPACT) {
                parts.splice(0, parts.length, parts.join(""));
            }
        }
    }
    /**
     * The call an item without a key is for, where the rule has a position (rule 14): the one
     * at its output position; without one, the most recent call when it is the only one open
     * (otherwise the item is ambiguous: its text is a finding).
     */
    _keyless(position) {
        if (position !== null) {
            return this._at.get(position) ?? null;
        }
        const c = this._last;
        if (c === null || c.stopped || this._inflight.size > 1) {
            return null;
        }
        return c;
    }
    /**
     * An error event (rule 11): the stream ends here. Every call so far is kept, the open
     * ones incomplete; a finding says what the provider said, at the rule's `message`, or its
     * `alt_message` where that holds a string and `message` does not (a nested error.message),
     * and its `code`, else its `alt_code`.
     */
    _error(event, item, pointer, message, code, altPointer = "", altMessage = null, altCode = null) {
        if (typeof message !== "string" && altMessage !== null && (message === null || typeof altMessage === "string")) {
            pointer = altPointer;
            message = altMessage;
        }
        if (code === null) {
            code = altCode;
        }
        let text = typeof message === "string" ? message : message === null ? "no message" : pyDumps(message);
        if (typeof code === "string" || Number.isSafeInteger(code)) { // an integer both runtimes hold exactly
            text = `${code}: ${text}`;
        }
        this._report(this.findings, where(event, item) + pointer, `the stream ended with an error: ${text}`);
        if (this._waiting.size) {
            this._unwaitAll();
        }
        for (const c of [...this._inflight.values()]) {
            this._cut(c, `the stream ended with an error before this call was complete (${text})`);
        }
        this._skipped.clear();
        this._ended = text;
    }
}
