/**
 * A stream's error event relayed (docs/errors.md): the source's error event is read into its
 * error body by the source's `relay.error.read` and decoded as the shape `error`; the canonical
 * error is encoded with the target's error encoder and written into the first of its
 * `relay.error.write` templates whose `when` the body holds. Within one dialect the event is
 * copied as it came. What the target's body or event cannot hold is a loss under /error; after
 * the error event the target's stream ends (no finish is invented). A target with no error event
 * keeps the error out: error.message_dropped.
 */
import type { Dialect } from "../_dialect.js";
import { type JsonObject } from "../_errors.js";
import type { RelayWriter } from "./_relay_write.js";
/** The target's events for the source's error event (none where the target has no error
 * event: the error is a loss); the target's stream ends there. */
export declare function relayError(writer: RelayWriter, source: Dialect, target: Dialect, event: JsonObject, said: string): JsonObject[];
