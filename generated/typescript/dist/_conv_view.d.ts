/**
 * What a canonical conversation says, whatever dialect it came through: for comparing a
 * conversation with itself after a trip through another dialect.
 */
import type { JsonObject } from "./_errors.js";
/**
 * The turns of a canonical request (or a response's one turn and its finish reason): adjacent
 * turns of one role as one, each with its texts (an empty one says nothing), images, documents, calls
 * (name, arguments) and results (content, error flag). Ids are replaced by the order they
 * first appear in, so a call and its result stay linked through any rewrite; spellings and
 * extensions are left out (they are the dialect's, not the conversation's).
 */
export declare function conversationView(canonical: JsonObject, shape?: string): unknown[];
