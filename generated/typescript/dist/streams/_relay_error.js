// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * A stream's error event relayed (docs/errors.md): the source's error event is read into its
 * error body by the source's `relay.error.read` and decoded as the shape `error`; the canonical
 * error is encoded with the target's error encoder and written into the first of its
 * `relay.error.write` templates whose `when` the body holds. Within one dialect the event is
 * copied as it came. What the target's body or event cannot hold is a loss under /error; after
 * the error event the target's stream ends (no finish is invented). A target with no error event
 * keeps the error out: error.message_dropped.
 */
import { ConversionError, escape, isObject } from "../_errors.js";
import { _copy, same } from "./_events.js";
import { at, MISSING, pyStr, put } from "./_relay_blocks.js";
function specOf(dialect) {
    const relay = dialect.stream?.RELAY;
    const spec = isObject(relay) ? relay["error"] : null;
    return isObject(spec) ? spec : null;
}
function place(body, toks, value) {
    if (toks.length === 0)
        return _copy(value);
    const into = isObject(body) ? body : {}; // a copied whole that is no object: its decoding fails, as it should
    put(into, toks, _copy(value));
    return into;
}
/** The source's error event as the canonical error: its body decoded, or (an event whose body
 * the source's error decoder refuses) only what the stream said. */
function canonical(source, event, said) {
    for (const read of specOf(source)?.read ?? []) {
        if (read.has.every((p) => at(event, p) !== MISSING)) {
            let body = {};
            for (const [into, src] of read.copy) {
                const value = at(event, src);
                if (value !== MISSING)
                    body = place(body, into, value);
            }
            for (const [into, value] of read.constants)
                body = place(body, into, value);
            try {
                const decoder = source.decoders["error"];
                if (decoder !== undefined)
                    return decoder(body);
            }
            catch (exc) {
                if (!(exc instanceof ConversionError))
                    throw exc;
            }
            break;
        }
    }
    return { message: said };
}
function leaves(node, where = []) {
    if (isObject(node) && Object.keys(node).length > 0) {
        return Object.entries(node).flatMap(([k, v]) => leaves(v, [...where, k]));
    }
    return [where];
}
const under = (leaf, t) => t.length <= leaf.length && t.every((x, i) => leaf[i] === x);
/** The target's error event for its encoded body; body values it leaves out are losses. */
function written(writer, spec, body) {
    const templates = spec.write;
    let chosen = templates.find((w) => w.when.every(([p, v]) => same(at(body, p), v)));
    if (chosen === undefined) {
        chosen = templates[templates.length - 1];
        const kinds = chosen.when.map(([p]) => at(body, p)).filter((v) => v !== MISSING).map(pyStr).join(", ");
        writer.loss("error.category_dropped", "/error/category", `the error kind ${kinds} (its stream has no event for it)`);
    }
    const event = _copy(chosen.event);
    const taken = chosen.when.map(([p]) => p);
    for (const [into, slot] of chosen.set) {
        const value = slot === "sequence" ? writer.sequence : at(body, slot); // events so far
        if (slot !== "sequence")
            taken.push(slot);
        if (value !== MISSING && value !== null && value !== undefined)
            put(event, into, _copy(value));
    }
    for (const leaf of leaves(body)) {
        if (!taken.some((t) => under(leaf, t))) {
            const pointer = leaf.map((t) => "/" + escape(t)).join("");
            writer.loss("error.detail_dropped", "/error" + pointer, `the error body's ${pointer} (its stream event has no place)`);
        }
    }
    return event;
}
/** The target's events for the source's error event (none where the target has no error
 * event: the error is a loss); the target's stream ends there. */
export function relayError(writer, source, target, event, said) {
    const spec = specOf(target);
    const encoder = target.encoders["error"];
    if (spec === null || encoder === undefined) {
        writer.loss("error.message_dropped", "/error", `the source's error (${said})`);
        return [];
    }
    let out;
    if (source.name === target.name) {
        out = [_copy(event)]; // the same dialect: the event as it came
    }
    else {
        const encoded = encoder(canonical(source, event, said), { strict: writer.strict });
        for (const loss of encoded.losses)
            writer.loss(loss.code, "/error" + loss.pointer, loss.what);
        out = [written(writer, spec, encoded.value)];
    }
    writer.cut = true; // the error event is the stream's last: the relay writes nothing after it
    return out;
}
