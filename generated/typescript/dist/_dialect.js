// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A dialect as one typed object: what the package's own modules pass each other instead of a
 * dialect's name (the generated `dialects.ts` builds one per dialect, when first asked).
 *
 * Nothing here finds a module by its name: each object holds its converters, its id policy
 * and its stream module (Python: a loader of it).
 */
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";
/** The dialect's stream module; a ValueError when it has no stream mapping. */
export function streamOf(dialect) {
    if (dialect.stream === null)
        throw new ValueError(`dialect ${pyRepr(dialect.name)} has no stream mapping`);
    return dialect.stream;
}
/**
 * The canonical finish reason of a wire value, told apart by its detail where the dialect has
 * one (undefined: none came); "other": the dialect maps no conversations.
 */
export function finishReasonIn(dialect, wire, detail) {
    return dialect.conversation !== null ? dialect.conversation.finishReasonIn(wire, detail) : "other";
}
/** The wire value a dialect writes for a canonical finish reason (null: it has none). */
export function finishReasonOut(dialect, canonical) {
    const value = dialect.conversation !== null ? dialect.conversation.finishReasonOut(canonical) : null;
    return typeof value === "string" ? value : null;
}
/**
 * The dialects by name, each object built the first time it is asked for (Python's
 * Registry): `get` for a name the types know, `lookup` for any string.
 */
export class Registry {
    #loaders;
    #made = new Map();
    constructor(loaders) {
        this.#loaders = loaders;
    }
    /** The dialect names, in order. */
    names() {
        return Object.keys(this.#loaders);
    }
    has(name) {
        return Object.prototype.hasOwnProperty.call(this.#loaders, name);
    }
    /** The dialect of a known name. */
    get(name) {
        let found = this.#made.get(name);
        if (found === undefined) {
            found = this.#loaders[name]();
            this.#made.set(name, found);
        }
        return found;
    }
    /** The dialect of this name; a ValueError names the known ones. */
    lookup(name) {
        if (!this.has(name))
            throw new ValueError(`unknown dialect ${pyRepr(name)}; known: ${this.names().join(", ")}`);
        return this.get(name);
    }
}
