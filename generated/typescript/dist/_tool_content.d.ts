/**
 * What a tool returns or yields, as ToolResult content parts. (The Python tool registry that
 * uses these is Python-only; the part builders and checks are the same here.)
 */
import { type JsonObject } from "./_errors.js";
export type Part = JsonObject;
export declare function textPart(text: string): Part;
export declare function jsonPart(value: unknown): Part;
/** An image part, inline (base64 `data` and `mediaType`) or by `url`. */
export declare function imagePart(options?: {
    data?: string | null;
    mediaType?: string | null;
    url?: string | null;
}): Part;
/** Explicit result parts, returned by a tool instead of a plain value: `new Content([textPart(...),
 * imagePart(...)])` sends several parts, `{ isError: true }` reports a failure without throwing. */
export declare class Content {
    parts: Part[];
    isError: boolean;
    constructor(parts?: readonly Part[], options?: {
        isError?: boolean;
    });
    toString(): string;
}
/** The tool returned something that cannot be put in a ToolResult. */
export declare class BadResult extends Error {
    constructor(message: string);
}
/** What a tool returned (or yielded) as content: string -> text, Content as is, else JSON. */
export declare function toContent(value: unknown): Content;
export declare function checkPart(part: unknown): void;
/** Add a chunk, joining text split across chunks (streamed text arrives in pieces). */
export declare function append(collected: Content, chunk: Content): void;
export declare function plainText(part: Part): boolean;
