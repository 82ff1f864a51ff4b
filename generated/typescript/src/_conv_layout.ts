// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
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
  readonly mediaTypes: readonly string[]; // the media types the spelling takes (empty: any)
  readonly citations?: readonly CitationKind[]; // a list of citations: each kind's spelling (_citations)
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
  readonly signed: string | null; // a key (pointer into the block) only the part's own extension fields supply
  readonly known: Tree; // the spelling's keys, as a tree (knownTree)
}

/** Parts a turn holds in a field of its own instead of its content (Chat tool_calls). */
export interface TurnField {
  readonly toks: Toks;
  readonly part: string;
  readonly many: boolean; // the field is a list, one part per element
  readonly value: string | null; // the canonical field the wire value is (a part written as one value)
  readonly before: boolean; // the field's parts come before the content's
  readonly roles: readonly string[];
  readonly withPart: string | null; // only in a turn that also has a part of this kind
  // a tool part's field: the key naming an element's kind, and the kinds its shape reads;
  // an element naming another kind (a Chat custom tool call) is kept as a wire part
  readonly kinds: readonly [Toks, readonly string[]] | null;
}

export interface Turn {
  readonly role: Toks;
  readonly roles: readonly (readonly [string, readonly string[]])[]; // canonical role -> wire spellings (first encodes)
  readonly content: Toks;
  readonly string: string; // "no", "yes" (one string may stand for one text part) or "only"
  readonly empty: string; // how a turn spells content when every part lives in fields: null, omit, string, list
  readonly fields: readonly TurnField[];
  readonly known: Tree;
  readonly absentRole: string | null; // the role of a turn without a role field (Gemini: user)
  readonly defaults: Constants; // values written unless the turn left them out
}

/** A top-level field holding the system instructions (Anthropic system, Gemini
 * systemInstruction, Responses instructions). */
export interface SystemField {
  readonly toks: Toks;
  readonly string: string; // "no", "yes" or "only"
  readonly parts: Toks | null; // the field is an object whose parts list is here (Gemini)
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
  readonly decode: { readonly [shape: string]: Decoder };
  readonly encode: { readonly [shape: string]: Encoder };
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
  readonly block: Constants | null; // the marker's values without a ttl, one per leaf
  readonly value: Constants | null;
  readonly ttl: Toks | null;
  readonly tools: Toks | null;
  readonly request: Toks | null;
  readonly notOn: readonly string[]; // part kinds whose blocks cannot hold the marker
}

export interface RequestLayout {
  readonly dialect: string;
  readonly turns: Toks;
  readonly model: Toks | null;
  readonly system: SystemField | null;
  readonly systemIn: SystemIn | null; // the compiled reader of the system field (generated)
  readonly toolsIn: ToolsIn; // the compiled reader of the tools and the tool choice (generated)
  readonly turn: Turn;
  readonly units: readonly Spelling[];
  readonly parts: readonly Spelling[];
  readonly alternating: boolean;
  readonly settingsIn: SettingsIn; // the compiled settings reader of the dialect (generated)
  readonly settingsOut: SettingsOut; // and its writer
  readonly known: Tree; // every request key the layout reads (the rest is kept as extensions)
  readonly modelRequired: boolean; // the request schema requires the model
  readonly cache: CacheMarker | null; // how the wire marks a prompt-cache breakpoint
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
  readonly (readonly [readonly Matcher[], readonly Matcher[], string])[],
];

export interface ResponseLayout {
  readonly dialect: string;
  readonly message: Toks | null; // the assistant turn ([] = the response itself)
  readonly turns: Toks | null; // or a list of units making up the assistant turn (Responses output)
  readonly id: Toks | null;
  readonly model: Toks | null;
  readonly finish: Toks | null;
  readonly finishValues: readonly (readonly [string, unknown])[];
  readonly finishDetail: Toks | null; // a second field telling apart reasons one wire value spells
  readonly finishDetails: readonly (readonly [string, unknown])[]; // [canonical, detail]
  readonly usage: readonly (readonly [string, Toks])[];
  // count -> the parts its wire count leaves out
  readonly usageExcludes: readonly (readonly [string, readonly string[]])[];
  readonly constants: Constants;
  readonly required: Constants;
  readonly itemIds: readonly (readonly [string, string])[]; // a turn list item's type -> its id's prefix
  readonly turn: Turn;
  readonly units: readonly Spelling[];
  readonly parts: readonly Spelling[];
  readonly known: Tree;
  readonly emptyBlocks: EmptyBlocks; // the non_empty rules a block of the turn keeps
  readonly blockRules: BlockRules; // the signature and part_order rules its blocks keep
}
