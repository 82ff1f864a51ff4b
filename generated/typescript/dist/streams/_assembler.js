// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The Assembler every generated stream assembler subclasses: the call states (CallStates),
 * Vertex AI JSONPath arguments (PathArgs) and text input (TextInput) in one class chain, and
 * the end of a stream. The generated subclass implements feed().
 */
import { CallStates } from "./_calls.js";
import { ENDED } from "./_events.js";
/**
 * Feed a dialect's stream events one at a time; get canonical ToolCallDeltas as they happen
 * and the complete canonical ToolCalls from finish().
 *
 *     const a = new Assembler();
 *     for (const event of events)            // objects, JSON text or SDK objects
 *       for (const delta of a.feed(event)) ... // {index, id?, name?, arguments_delta?}
 *     const calls = a.finish();              // canonical ToolCalls, in order of appearance
 *     a.finishReason                         // the dialect's own finish value, or null
 *     a.findings                             // what was wrong with the stream (empty if nothing)
 *
 * feedText(chunk) takes raw text instead: SSE (`data:`/`event:` lines, `[DONE]`) or JSON
 * lines, split anywhere (even inside a line or a UTF-8 character). Only the calls in flight
 * are kept. A call the stream did not finish comes back with arguments null, incomplete true
 * and the text that arrived; it must not be executed.
 *
 * An event that is not this dialect's (another dialect's stream) throws StreamError. A
 * problem that leaves the other calls good is a finding instead ({event, pointer, message},
 * and line from text): an error event (the stream ends there; open calls are incomplete),
 * argument text for no open call (text at an index waits for the name that opens its call; a
 * name that never comes is a finding), a call that does not decode or whose start block and
 * fragments disagree (kept invalid). Blocks that are not client calls (server-side tools)
 * are left out with a note.
 */
export class Assembler extends CallStates {
    _result = null;
    /**
     * The calls of the stream, in order of first appearance. Calls still open are incomplete
     * (the stream ended first). Safe to call twice.
     */
    finish() {
        if (this._result === null) {
            this._endText();
            if (this._waiting.size) {
                this._unwaitAll();
            }
            for (const c of [...this._inflight.values()]) {
                this._cut(c, ENDED);
            }
            const indices = [...this._done.keys()].sort((a, b) => a - b);
            this._result = indices.map((i) => this._done.get(i));
            this._open.clear();
            this._closed.clear();
            this._at.clear();
            this._closedAt.clear();
            this._done.clear();
            this._last = this._lastStopped = null;
        }
        return [...this._result];
    }
    /**
     * {tool_calls: [...], finish_reason: ...} after finish(), with findings and notes when
     * the stream reported any.
     */
    result() {
        const out = { tool_calls: this.finish(), finish_reason: this.finishReason };
        if (this.findings.length) {
            out.findings = [...this.findings];
        }
        if (this.notes.length) {
            out.notes = [...this.notes];
        }
        return out;
    }
    get callsInFlight() {
        return this._inflight.size;
    }
}
