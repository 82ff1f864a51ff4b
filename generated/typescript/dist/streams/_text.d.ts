/**
 * Stream text in: SSE (`data:` / `event:` lines, `[DONE]`), JSON lines, or one JSON array
 * of events streamed element by element, in chunks split anywhere (even inside a line or a
 * UTF-8 character); each event is fed as it completes, findings get the line it came from.
 */
import type { JsonObject } from "../_errors.js";
import { StreamState } from "./_state.js";
import { IncrementalUtf8Decoder } from "./_utf8.js";
/** feedText() and what it holds between chunks (a link of Assembler's chain). */
export declare abstract class TextInput extends StreamState {
    _buf: string;
    _decoder: IncrementalUtf8Decoder | null;
    _line: number;
    _pending: [number, string[]] | null;
    _mode: string | null;
    /**
     * Feed raw stream text in chunks split anywhere: SSE (`data:` / `event:` lines,
     * `[DONE]`), JSON lines, or one JSON array of events streamed element by element
     * (Gemini without alt=sse). Bytes are UTF-8.
     */
    feedText(chunk: string | Uint8Array | ArrayBuffer): JsonObject[];
    /** Elements of a JSON array as they complete; text starts after the '['. */
    _arrayText(text: string, final: boolean): JsonObject[];
    _textLine(line: string): JsonObject[];
    _feedAt(event: unknown, line: number): JsonObject[];
    /** The event whose data ran over several `data:` lines, now that it has ended. */
    _flushPending(): JsonObject[];
    /** The text left when the stream ends: the last line, an unterminated data event. */
    _endText(): void;
}
