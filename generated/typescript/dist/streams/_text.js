// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Stream text in: SSE (`data:` / `event:` lines, `[DONE]`), JSON lines, or one JSON array
 * of events streamed element by element, in chunks split anywhere (even inside a line or a
 * UTF-8 character); each event is fed as it completes, findings get the line it came from.
 */
import { pyLen } from "../_pytext.js";
import { loads, rawDecode, JSONDecodeError } from "../_strict_json.js";
import { StreamError, isValueError } from "./_events.js";
import { StreamState } from "./_state.js";
import { IncrementalUtf8Decoder } from "./_utf8.js";
const SSE_FIELDS = ["data:", "event:", "id:", "retry:", ":"];
const SSE_LINES = /\r\n|\r|\n/u; // SSE ends lines with CRLF, LF or a bare CR
// Python's str.isspace() characters, for strip() and lstrip()
const PY_SPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f " +
    "\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
function lstrip(text) {
    let i = 0;
    while (i < text.length && PY_SPACE.includes(text[i]))
        i++;
    return text.slice(i);
}
function strip(text) {
    let end = text.length;
    while (end > 0 && PY_SPACE.includes(text[end - 1]))
        end--;
    return lstrip(text.slice(0, end));
}
function startsWithField(text) {
    return SSE_FIELDS.some((f) => text.startsWith(f));
}
function count(text, ch, start, end) {
    let n = 0;
    for (let i = text.indexOf(ch, start); i !== -1 && i < end; i = text.indexOf(ch, i + 1))
        n++;
    return n;
}
/** feedText() and what it holds between chunks (a link of Assembler's chain). */
export class TextInput extends StreamState {
    _buf = "";
    _decoder = null;
    _line = 0;
    _pending = null;
    _mode = null; // "sse", "lines" (JSON lines) or "array"
    /**
     * Feed raw stream text in chunks split anywhere: SSE (`data:` / `event:` lines,
     * `[DONE]`), JSON lines, or one JSON array of events streamed element by element
     * (Gemini without alt=sse). Bytes are UTF-8.
     */
    feedText(chunk) {
        if (typeof chunk !== "string") {
            if (this._decoder === null) {
                this._decoder = new IncrementalUtf8Decoder();
            }
            chunk = this._decoder.decode(chunk);
        }
        let text = this._buf + chunk;
        if (this._mode === null) {
            const head = lstrip(text);
            if (!head) {
                this._buf = text;
                return [];
            }
            if (head[0] !== "[" && pyLen(head) < 6 && !SSE_LINES.test(head)) {
                this._buf = text; // too short to tell "data:" from a JSON line yet
                return [];
            }
            // SSE also ends lines with a bare CR; JSON lines only with \n (U+2028 and
            // friends, even \r, may sit inside a JSON line).
            this._mode = head[0] === "[" ? "array" : startsWithField(head) ? "sse" : "lines";
            if (this._mode === "array") {
                this._line += count(text, "\n", 0, text.length - head.length);
                text = head.slice(1);
            }
        }
        let lines;
        if (this._mode === "array") {
            if (!chunk.includes("}") && !chunk.includes("]")) {
                this._buf = text; // no element can have ended in this chunk
                return [];
            }
            return this._arrayText(text, false);
        }
        if (this._mode === "sse") {
            if (!chunk.includes("\n") && !chunk.includes("\r")) {
                this._buf = text; // no line ended in this chunk
                return [];
            }
            const held = text.endsWith("\r") ? "\r" : ""; // may be the first half of a CRLF
            lines = text.slice(0, text.length - held.length).split(SSE_LINES);
            this._buf = lines.pop() + held;
        }
        else if (!text.includes("\n")) {
            this._buf = text;
            return [];
        }
        else {
            lines = text.split("\n");
            this._buf = lines.pop();
        }
        const out = [];
        for (const line of lines) {
            this._line += 1;
            out.push(...this._textLine(line));
        }
        return out;
    }
    /** Elements of a JSON array as they complete; text starts after the '['. */
    _arrayText(text, final) {
        const out = [];
        let pos = 0;
        for (;;) {
            while (pos < text.length && " \t\r\n,]".includes(text[pos])) {
                if (text[pos] === "\n") {
                    this._line += 1;
                }
                pos += 1;
            }
            if (pos >= text.length) {
                break;
            }
            let event;
            let end;
            try {
                [event, end] = rawDecode(text, pos);
            }
            catch (exc) {
                if (exc instanceof JSONDecodeError) {
                    if (final) {
                        throw new StreamError(this.DIALECT, "", `not valid JSON: ${exc.message}`, this._line + 1);
                    }
                    break; // the element is not complete yet
                }
                if (!isValueError(exc))
                    throw exc;
                // complete, but not JSON (NaN, 1e400, too deep): more text cannot help
                throw new StreamError(this.DIALECT, "", `not valid JSON: ${exc.message}`, this._line + 1);
            }
            const line = this._line + 1;
            this._line += count(text, "\n", pos, end);
            pos = end;
            out.push(...this._feedAt(event, line));
        }
        this._buf = text.slice(pos);
        return out;
    }
    _textLine(line) {
        if (line.endsWith("\r"))
            line = line.slice(0, -1);
        if (!strip(line)) {
            return this._flushPending();
        }
        let event;
        if (line.startsWith("data:")) {
            const data = line.startsWith("data: ") ? line.slice(6) : line.slice(5);
            if (this._pending !== null) {
                this._pending[1].push(data); // parsed once, when the event ends: linear time
                return [];
            }
            if (strip(data) === "[DONE]") {
                return [];
            }
            try {
                event = loads(data);
            }
            catch (exc) {
                if (!isValueError(exc))
                    throw exc;
                // SSE allows an event's data over several lines: it runs to the next blank line.
                this._pending = [this._line, [data]];
                return [];
            }
        }
        else if (startsWithField(line)) {
            return [];
        }
        else {
            const out = this._flushPending();
            try {
                event = loads(line);
            }
            catch (exc) {
                if (!isValueError(exc))
                    throw exc;
                throw new StreamError(this.DIALECT, "", `not valid JSON: ${exc.message}`, this._line);
            }
            return out.concat(this._feedAt(event, this._line));
        }
        return this._feedAt(event, this._line);
    }
    _feedAt(event, line) {
        const reported = this.findings.length + this.notes.length;
        try {
            return this.feed(event);
        }
        catch (exc) {
            if (exc instanceof StreamError) {
                exc.line = line;
            }
            throw exc;
        }
        finally {
            if (this.findings.length + this.notes.length > reported) {
                for (const report of [...this.findings, ...this.notes]) {
                    if (!("line" in report))
                        report.line = line;
                }
            }
        }
    }
    /** The event whose data ran over several `data:` lines, now that it has ended. */
    _flushPending() {
        if (this._pending === null) {
            return [];
        }
        const [line, data] = this._pending;
        this._pending = null;
        let event;
        try {
            event = loads(data.join("\n"));
        }
        catch (exc) {
            if (!isValueError(exc))
                throw exc;
            throw new StreamError(this.DIALECT, "", `not valid JSON: ${exc.message}`, line);
        }
        return this._feedAt(event, line);
    }
    /** The text left when the stream ends: the last line, an unterminated data event. */
    _endText() {
        if (this._decoder !== null) {
            this._buf += this._decoder.decode(new Uint8Array(0), true);
        }
        if (this._mode === "array") {
            this._arrayText(this._buf, true);
        }
        else if (strip(this._buf)) {
            this._line += 1;
            const rest = this._buf;
            this._buf = "";
            this._textLine(rest);
        }
        this._flushPending();
    }
}
