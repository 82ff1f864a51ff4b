/**
 * CallStates: the call states behind every generated assembler (_state, _lifecycle,
 * _canonical) and what the stream reported beside the calls: findings (a problem with the
 * stream that did not stop assembly) and notes (a block that is not a client call, left out
 * on purpose). The generated subclass implements feed(); _assembler.Assembler adds the end.
 */
import { type JsonObject } from "../_errors.js";
import { StreamError } from "./_events.js";
import { CallLifecycle } from "./_lifecycle.js";
import { type Call, type Key } from "./_state.js";
/** The calls of one stream and what it reported; see _assembler.Assembler for the API. */
export declare abstract class CallStates extends CallLifecycle {
    /**
     * An event this dialect does not send (another dialect's stream, or no stream): the
     * pointer is the first of the closest kind's that the event lacks or holds wrong.
     */
    _alien(event: JsonObject): StreamError;
    /**
     * A block that is not a client call (a server-side tool): held until its stop, so its
     * fragments are not stray; a note says it was left out.
     */
    _skip(event: unknown, item: unknown, key: Key, callId: unknown, name: unknown): void;
    /** Argument text for a key that is no open call: a finding, the good calls stay. */
    _stray(event: unknown, item: unknown, pointer: string, key: Key): void;
    /**
     * An item at a key where no call is open, without a name yet (compatible servers send the
     * id, or argument text, before the name): its id and text are held, in order, for the call
     * its name opens (rule 13). Text without a key, or at the key of a call already complete,
     * is stray.
     */
    _wait(event: unknown, item: unknown, pointer: string, key: Key, fragment: unknown, callId: string | null): void;
    /**
     * The call an item without a key is for, where the rule has a position (rule 14): the one
     * at its output position; without one, the most recent call when it is the only one open
     * (otherwise the item is ambiguous: its text is a finding).
     */
    _keyless(position: number | null): Call | null;
    /**
     * An error event (rule 11): the stream ends here. Every call so far is kept, the open
     * ones incomplete; a finding says what the provider said, at the rule's `message`, or its
     * `alt_message` where that holds a string and `message` does not (a nested error.message),
     * and its `code`, else its `alt_code`.
     */
    _error(event: unknown, item: unknown, pointer: string, message: unknown, code: unknown, altPointer?: string, altMessage?: unknown, altCode?: unknown): void;
}
