/**
 * A dialect's conversation layout as plain data: where the turns, the system instructions,
 * the settings and the response fields are, how a turn holds its parts, and how each part is
 * spelled. The generated dialect modules build these from the mapping (dialect.json
 * `conversation`) as typed constants; the conversation runtime (_conv_decode, _conv_encode)
 * reads them. Pointers are arrays of keys; a list index is a key of digits.
 *
 * Python's NamedTuples are readonly interfaces here (the generated modules write object
 * literals, field by field); Python's MISSING (a setting without a required value) is a
 * field left out.
 */
import type { CitationKind } from "./_citations.js";
import type { Decoder } from "./_extract.js";
import type { Encoder, FieldPlace, Location } from "./_inject.js";
import type { JsonObject } from "./_errors.js";
import type { IdMap } from "./_ids.js";
export type Toks = readonly string[];
export type Constants = readonly (readonly [Toks, unknown])[];
/** The keys a layout knows, as a tree (_conv_paths.knownTree); LEAF marks a value read whole. */
export type Tree = ReadonlyMap<string, Tree>;
/** One canonical field of a part spelling: where it is and how its value is encoded
 * (value, data_url, media_format). */
export interface PartField {
    readonly name: string;
    readonly toks: Toks;
    readonly encoding: string;
    readonly optional: boolean;
    readonly mediaTypes: readonly string[];
    readonly citations?: readonly CitationKind[];
}
/** One way the wire spells a part: its kind, the constants and keys that tell it apart, its
 * fields, the roles it is written for (empty: any), values written when absent, and for a
 * unit (a part that is a wire turn of its own) the canonical role it speaks in. */
export interface Spelling {
    readonly part: string;
    readonly when: Constants;
    readonly has: readonly Toks[];
    readonly fields: readonly PartField[];
    readonly roles: readonly string[];
    readonly defaults: Constants;
    readonly role: string | null;
    readonly signed: string | null;
    readonly known: Tree;
}
/** Parts a turn holds in a field of its own instead of its content (Chat tool_calls). */
export interface TurnField {
    readonly toks: Toks;
    readonly part: string;
    readonly many: boolean;
    readonly value: string | null;
    readonly before: boolean;
    readonly roles: readonly string[];
    readonly withPart: string | null;
    readonly kinds: readonly [Toks, readonly string[]] | null;
}
export interface Turn {
    readonly role: Toks;
    readonly roles: readonly (readonly [string, readonly string[]])[];
    readonly content: Toks;
    readonly string: string;
    readonly empty: string;
    readonly fields: readonly TurnField[];
    readonly known: Tree;
    readonly absentRole: string | null;
    readonly defaults: Constants;
}
/** A top-level field holding the system instructions (Anthropic system, Gemini
 * systemInstruction, Responses instructions). */
export interface SystemField {
    readonly toks: Toks;
    readonly string: string;
    readonly parts: Toks | null;
}
/** Report a loss: (its code, canonical pointer, what the target cannot carry). */
export type Lose = (code: string, at: string, what: string) => void;
/** A dialect's compiled settings reader: (wire, forms, fields) -> canonical settings. */
export type SettingsIn = (wire: JsonObject, forms: JsonObject, fields: JsonObject) => JsonObject;
/** A dialect's compiled system-field reader: (the field's value, codecs, id map) -> a system turn. */
export type SystemIn = (value: unknown, codecs: Codecs, idMap: IdMap) => JsonObject;
/** A dialect's compiled tools reader: (wire, id map, fields, forms) -> the request's tools and tool_choice. */
export type ToolsIn = (wire: JsonObject, idMap: IdMap, fields: JsonObject, forms: JsonObject) => JsonObject;
/** Its writer: (wire, canonical settings, forms, lose) -> wire. */
export type SettingsOut = (wire: JsonObject, settings: JsonObject, forms: JsonObject, lose: Lose) => JsonObject;
/** A setting's canonical JSON types (none: not checked), minimum (null: any) and list item types. */
export type Rule = readonly [readonly string[], number | null, readonly string[]];
/** The dialect's generated part converters and where its tools sit in a request. */
export interface Codecs {
    readonly dialect: string;
    readonly decode: {
        readonly [shape: string]: Decoder;
    };
    readonly encode: {
        readonly [shape: string]: Encoder;
    };
    readonly locations: readonly Location[];
    readonly choiceFields: readonly FieldPlace[];
    readonly toolsFields: readonly FieldPlace[];
}
/**
 * How the wire marks a prompt-cache breakpoint (read by _cache): a field of the block ending the
 * cached prefix (at, its value) or a block of its own after it (block), the ttl's place in
 * either, the tool list's place (block) and the request's own marker.
 */
export interface CacheMarker {
    readonly at: Toks | null;
    readonly block: Constants | null;
    readonly value: Constants | null;
    readonly ttl: Toks | null;
    readonly tools: Toks | null;
    readonly request: Toks | null;
    readonly notOn: readonly string[];
}
export interface RequestLayout {
    readonly dialect: string;
    readonly turns: Toks;
    readonly model: Toks | null;
    readonly system: SystemField | null;
    readonly systemIn: SystemIn | null;
    readonly toolsIn: ToolsIn;
    readonly turn: Turn;
    readonly units: readonly Spelling[];
    readonly parts: readonly Spelling[];
    readonly alternating: boolean;
    readonly settingsIn: SettingsIn;
    readonly settingsOut: SettingsOut;
    readonly known: Tree;
    readonly modelRequired: boolean;
    readonly cache: CacheMarker | null;
}
/** non_empty rules on a block: [the key's tokens from the block, constants, refused forms, the loss's what]. */
export type EmptyBlocks = readonly (readonly [Toks, Constants, readonly string[], string])[];
/** A block of a kind: [these keys present, these constants]. */
export type Matcher = readonly [readonly Toks[], Constants];
/**
 * signature rules: [key, its other spellings, the turn's constants, the kinds, the placeholder, the loss's what];
 * part_order rules (one at most): [the earlier kinds, the later kinds, the loss's what after the part's type].
 */
export type BlockRules = readonly [
    readonly (readonly [string, readonly string[], Constants, readonly Matcher[], string, string])[],
    readonly (readonly [readonly Matcher[], readonly Matcher[], string])[]
];
export interface ResponseLayout {
    readonly dialect: string;
    readonly message: Toks | null;
    readonly turns: Toks | null;
    readonly id: Toks | null;
    readonly model: Toks | null;
    readonly finish: Toks | null;
    readonly finishValues: readonly (readonly [string, unknown])[];
    readonly finishDetail: Toks | null;
    readonly finishDetails: readonly (readonly [string, unknown])[];
    readonly usage: readonly (readonly [string, Toks])[];
    readonly usageExcludes: readonly (readonly [string, readonly string[]])[];
    readonly constants: Constants;
    readonly required: Constants;
    readonly itemIds: readonly (readonly [string, string])[];
    readonly turn: Turn;
    readonly units: readonly Spelling[];
    readonly parts: readonly Spelling[];
    readonly known: Tree;
    readonly emptyBlocks: EmptyBlocks;
    readonly blockRules: BlockRules;
}
