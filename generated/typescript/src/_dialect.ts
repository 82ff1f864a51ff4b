// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A dialect as one typed object: what the package's own modules pass each other instead of a
 * dialect's name (the generated `dialects.ts` builds one per dialect, when first asked).
 *
 * Nothing here finds a module by its name: each object holds its converters, its id policy
 * and its stream module (Python: a loader of it).
 */

import type { Encoded, JsonObject } from "./_errors.js";
import type { IdMap, IdPolicy } from "./_ids.js";
import { pyRepr } from "./_pytext.js";
import type { Assembler } from "./streams/_assembler.js";
import { ValueError } from "./streams/_events.js";
import type { AssemblerOptions } from "./streams/_state.js";

/** A decode<Shape> function: a wire value in, the canonical object out. */
export type Decoder = (payload: unknown, options?: { idMap?: IdMap | null }) => JsonObject;

/** The options any encode<Shape> function may take. */
export interface EncodeOptions {
  strict?: boolean;
  idMap?: IdMap | null;
  schemaProfile?: string | null;
  strictSchema?: boolean;
  /** The reasoning policy of a whole request or response (keep, the default; text; drop). */
  reasoning?: "keep" | "text" | "drop" | null;
  /** Deprecated: reasoning "text". */
  reasoningAsText?: boolean;
  model?: string | null;
  /** OpenAI custom tools of a whole request or response: "drop" (the default) or "function". */
  customTools?: "drop" | "function" | null;
}

/**
 * An encode<Shape> function: a canonical value in, the wire value and its losses out. Declared
 * as a method so its parameter is checked bivariantly: each dialect's encodeToolCall takes a
 * ToolCall, and is still an Encoder in the tables that hold every shape's.
 */
export type Encoder = { encode(value: unknown, options?: EncodeOptions): Encoded }["encode"];

/** A dialect's inject(): canonical parts put back into a copy of a whole payload. */
export type Injector = (
  payload: unknown, parts: JsonObject, options?: { strict?: boolean; idMap?: IdMap | null }
) => Encoded;

/** What the relay uses of a dialect's generated stream module (`src/streams/<dialect>.ts`). */
export interface RelayStreamModule {
  readonly DIALECT: string;
  readonly FRAMING: string;
  readonly EVENT_NAME: readonly string[] | null;
  readonly DONE_SENTINEL: string | null;
  readonly RELAY: JsonObject | null;
  readonly RELAY_EVENTS: { readonly [kind: string]: readonly (() => JsonObject)[] } | null;
  readonly Assembler: new (options?: AssemblerOptions) => Assembler;
}

/** A dialect's whole requests and responses (where it maps conversations). */
export interface Conversation {
  readonly decodeRequest: Decoder;
  readonly encodeRequest: Encoder;
  readonly decodeResponse: Decoder;
  readonly encodeResponse: Encoder;
  readonly finishReasonIn: (wire: unknown, detail?: unknown) => string; // detail: undefined when none came
  readonly finishReasonOut: (canonical: string) => unknown;
}

/**
 * One dialect. decoders and encoders hold every shape it converts: its tool parts and, where
 * it maps conversations, `request` and `response`.
 */
export interface Dialect<Name extends string = string> {
  readonly name: Name;
  readonly title: string;
  /** Its tool-part shapes. */
  readonly shapes: readonly string[];
  readonly decoders: { readonly [shape: string]: Decoder };
  readonly encoders: { readonly [shape: string]: Encoder };
  /** How its call ids look and are minted; null: ids pass as they are. */
  readonly idPolicy: IdPolicy | null;
  readonly conversation: Conversation | null;
  /** A whole payload's canonical parts (where its shapes sit in envelopes), and back. */
  readonly extract: Decoder | null;
  readonly inject: Injector | null;
  /** Its stream module; null: it has no stream mapping. */
  readonly stream: RelayStreamModule | null;
}

/** The dialect's stream module; a ValueError when it has no stream mapping. */
export function streamOf(dialect: Dialect): RelayStreamModule {
  if (dialect.stream === null) throw new ValueError(`dialect ${pyRepr(dialect.name)} has no stream mapping`);
  return dialect.stream;
}

/**
 * The canonical finish reason of a wire value, told apart by its detail where the dialect has
 * one (undefined: none came); "other": the dialect maps no conversations.
 */
export function finishReasonIn(dialect: Dialect, wire: unknown, detail?: unknown): string {
  return dialect.conversation !== null ? dialect.conversation.finishReasonIn(wire, detail) : "other";
}

/** The wire value a dialect writes for a canonical finish reason (null: it has none). */
export function finishReasonOut(dialect: Dialect, canonical: string): string | null {
  const value = dialect.conversation !== null ? dialect.conversation.finishReasonOut(canonical) : null;
  return typeof value === "string" ? value : null;
}

/**
 * The dialects by name, each object built the first time it is asked for (Python's
 * Registry): `get` for a name the types know, `lookup` for any string.
 */
export class Registry<Name extends string> {
  readonly #loaders: { readonly [N in Name]: () => Dialect<N> };
  readonly #made = new Map<string, Dialect>();

  constructor(loaders: { readonly [N in Name]: () => Dialect<N> }) {
    this.#loaders = loaders;
  }

  /** The dialect names, in order. */
  names(): Name[] {
    return Object.keys(this.#loaders) as Name[];
  }

  has(name: string): name is Name {
    return Object.prototype.hasOwnProperty.call(this.#loaders, name);
  }

  /** The dialect of a known name. */
  get<N extends Name>(name: N): Dialect<N> {
    let found = this.#made.get(name);
    if (found === undefined) {
      found = this.#loaders[name]();
      this.#made.set(name, found);
    }
    return found as Dialect<N>;
  }

  /** The dialect of this name; a ValueError names the known ones. */
  lookup(name: string): Dialect {
    if (!this.has(name)) throw new ValueError(`unknown dialect ${pyRepr(name)}; known: ${this.names().join(", ")}`);
    return this.get(name);
  }
}
