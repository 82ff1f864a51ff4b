// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * CallStates: the call states behind every generated assembler (_state, _lifecycle,
 * _canonical) and what the stream reported beside the calls: findings (a problem with the
 * stream that did not stop assembly) and notes (a block that is not a client call, left out
 * on purpose). The generated subclass implements feed(); _assembler.Assembler adds the end.
 */
import { hasOwn, isObject, unescape } from "../_errors.js";
import { pyDumps, pyRepr } from "../_pytext.js";
import { StreamError, where } from "./_events.js";
import { CallLifecycle } from "./_lifecycle.js";
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
        this._report(this.findings, at, `argument text for a call that is not open (key ${pyRepr(key)}): left out`);
    }
    /**
     * An error event (rule 11): the stream ends here. Every call so far is kept, the open
     * ones incomplete; a finding says what the provider said (message: a string, or an error
     * object with a string `message`).
     */
    _error(event, item, pointer, message, code) {
        if (isObject(message) && typeof message["message"] === "string" && hasOwn(message, "message")) {
            message = message["message"];
        }
        let text = typeof message === "string" ? message : message === null ? "no message" : pyDumps(message);
        if (typeof code === "string" || Number.isSafeInteger(code)) { // an integer both runtimes hold exactly
            text = `${code}: ${text}`;
        }
        this._report(this.findings, where(event, item) + pointer, `the stream ended with an error: ${text}`);
        for (const c of [...this._inflight.values()]) {
            this._cut(c, `the stream ended with an error before this call was complete (${text})`);
        }
        this._skipped.clear();
        this._ended = text;
    }
}
