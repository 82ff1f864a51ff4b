/**
 * Finish reasons between a dialect's wire values and the canonical ones (stop, length,
 * tool_calls, content_filter, refusal, error, other) for the stream relay.
 *
 * The dialect modules' own finishReasonIn / finishReasonOut (from the conversation mapping)
 * are used when the module has them; until then this table stands in behind the same
 * interface. A wire value not listed decodes as "other"; a canonical value a dialect has no
 * wire value for encodes as null (the relay reports it).
 */
/** The canonical finish reason of a dialect's wire value ("other" when not listed). */
export declare function finishReasonIn(dialect: string, wire: string): string;
/** The wire value a dialect writes for a canonical finish reason (null: it has none). */
export declare function finishReasonOut(dialect: string, canonical: string): string | null;
