// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * How a finished call becomes canonical: decoded by the dialect's own decodeToolCall from
 * the wire call it amounts to, or kept invalid (arguments null, the text that arrived, why),
 * or incomplete when the stream ended first.
 */
import { dumpArguments, notAnObject } from "../_arguments.js";
import { DecodeError, isObject } from "../_errors.js";
import { pyRepr } from "../_pytext.js";
import { loads } from "../_strict_json.js";
import { equal, isValueError } from "./_events.js";
import { PathArgs } from "./_jsonpath.js";
/** The canonical call a finished (or cut off) Call stands for. */
export class CanonicalCalls extends PathArgs {
    _id(c) {
        if (c.id === null && this.ID_OPTIONAL) {
            return this._ids.mintCall();
        }
        return c.id;
    }
    /** A finished call, decoded by the dialect's own decodeToolCall. */
    _complete(c) {
        if (c.custom)
            return this._decoded(c, c.text()); // a custom tool's input is plain text, whatever it holds
        if (c.start !== null) {
            const text = c.text();
            if (!text || this.NO_ARGUMENTS_TEXT.includes(text)) {
                // no fragment: the start's arguments
                const start = c.start;
                return this._decoded(c, this.ARGS === "object" || typeof start === "string" ? start : dumpArguments(start));
            }
            if (!sameArguments(text, c.start)) {
                const why = "conflicting arguments: the start block carries arguments and different argument text followed";
                this._report(this.findings, "", `the call at index ${c.index} (${pyRepr(c.name)}) is invalid: ${why}`);
                return this._invalid(c, text, why);
            }
        }
        let value;
        if (c.args !== null) {
            value = c.args;
        }
        else if (this.ARGS_OPTIONAL && !c.parts.length) {
            value = undefined; // nothing arrived: sent whole, the call would have no arguments
        }
        else {
            const text = c.text();
            if (this.ARGS === "text") {
                value = text;
            }
            else if (this.NO_ARGUMENTS_TEXT.includes(text)) {
                value = {};
            }
            else {
                try {
                    value = loads(text);
                }
                catch (exc) {
                    if (!isValueError(exc))
                        throw exc;
                    return this._invalid(c, text, "not valid JSON: " + exc.message);
                }
                if (!isObject(value)) {
                    return this._invalid(c, text, notAnObject(value));
                }
            }
        }
        return this._decoded(c, value);
    }
    /**
     * The call rebuilt as the wire call, decoded; one that does not decode (no name, no id
     * where the dialect needs one) is kept invalid, with a finding.
     */
    _decoded(c, value) {
        try {
            return this._decodeCall(this._wire(c, value), this._ids);
        }
        catch (exc) {
            if (!(exc instanceof DecodeError))
                throw exc;
            const why = `it does not decode as a ${this.DIALECT} tool call: ${exc.pointer || "/"}: ${exc.detail}`;
            this._report(this.findings, "", `the call at index ${c.index} is invalid: ${why}`);
            return this._invalid(c, c.text(), why);
        }
    }
    /**
     * A call that must not run: argument text that is not a JSON object (in a dialect whose
     * calls carry objects), conflicting arguments, or a call that does not decode.
     */
    _invalid(c, text, why) {
        return {
            id: this._id(c),
            name: c.name || "",
            arguments: null,
            raw_arguments: text,
            arguments_error: why,
        };
    }
    _incomplete(c, why) {
        const start = c.start;
        return {
            id: this._id(c),
            name: c.name || "",
            arguments: null,
            raw_arguments: c.text() || (isObject(start) ? dumpArguments(start) : start || ""),
            arguments_error: why,
            incomplete: true,
        };
    }
}
/** Whether streamed argument text says what the start block's arguments say. */
function sameArguments(text, start) {
    try {
        return equal(loads(text), typeof start === "string" ? loads(start) : start);
    }
    catch (exc) {
        if (!isValueError(exc))
            throw exc;
        return false;
    }
}
