// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/ by `toolwire generate`.
/**
 * The relay writer's small pieces: an open block's state, values put at pointers into a
 * written event, wire values kept in extensions, usage that loses nothing.
 *
 * Also (TypeScript only) the modules the relay reads: Python imports a dialect's stream
 * module and dialect module by name; here the generated `streams/index.ts` hands them over
 * once with registerStreams(STREAMS), and streamModule(dialect) finds them.
 */
import { getOwn, hasOwn, isObject, putOwn } from "../_errors.js";
export const USAGE_FIELDS = ["input_tokens", "output_tokens", "total_tokens", "cached_input_tokens", "reasoning_tokens"];
const STREAM_MODULES = new Map();
/** The generated streams/index.ts calls this with STREAMS (every dialect's stream module). */
export function registerStreams(streams) {
    for (const name of Object.keys(streams)) {
        STREAM_MODULES.set(name, streams[name]);
    }
}
/** The stream module of a dialect, or null (Python: the import fails). */
export function streamModule(dialect) {
    return STREAM_MODULES.get(dialect) ?? null;
}
/** The converter module of a dialect that streams, or null. */
export function dialectModule(dialect) {
    return STREAM_MODULES.get(dialect)?.DIALECT_MODULE ?? null;
}
/** Write value at toks into event, making the objects on the way (list indexes grow the list). */
export function put(event, toks, value) {
    let node = event;
    const last = toks.length - 1;
    for (let i = 0; i < last; i++) {
        const t = toks[i];
        if (isObject(node)) {
            let nxt = getOwn(node, t);
            if (!isObject(nxt) && !Array.isArray(nxt)) {
                nxt = {};
                putOwn(node, t, nxt);
            }
            node = nxt;
        }
        else {
            const list = node;
            const k = Number.parseInt(t, 10);
            while (list.length <= k)
                list.push({});
            node = list[k];
        }
    }
    const t = toks[last];
    if (isObject(node)) {
        putOwn(node, t, value);
    }
    else {
        const list = node;
        const k = Number.parseInt(t, 10);
        while (list.length <= k)
            list.push({});
        list[k] = value;
    }
}
/** A total that is the sum of the input and output counts the target carries loses nothing. */
export function derivable(name, usage) {
    return name === "total_tokens" && (usage.get("input_tokens") ?? -1) + (usage.get("output_tokens") ?? -1) === usage.get(name);
}
/** A wire value kept in a dialect's extensions (extensions.<dialect>.fields.<pointer>); null when none. */
export function field(extension, pointer) {
    const fields = isObject(extension) ? getOwn(extension, "fields") : undefined;
    if (!isObject(fields) || !hasOwn(fields, pointer))
        return null;
    return getOwn(fields, pointer);
}
/** One open block of the target: its kind, positions, call, and what it holds. */
export class Block {
    kind;
    index;
    kindIndex;
    call; // the call's state (call blocks)
    text = [];
    signature = null;
    constructor(kind, index, kindIndex, call) {
        this.kind = kind;
        this.index = index;
        this.kindIndex = kindIndex;
        this.call = call;
    }
}
