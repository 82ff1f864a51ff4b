/**
 * Citations on a text part: a wire list of citations read as canonical ones, kind by kind,
 * and written back, by the table a part spelling's field carries (its mapping's `citations`).
 *
 * A table is plain data, one entry per kind: {kind, when: [[toks, value]], has: [toks],
 * fields: [[name, toks, optional, null, type]]} (null: the wire spells "none" as null; type:
 * the canonical field's JSON type). A wire citation no kind reads, with keys its kind does not
 * read or without a field it needs, is kept whole as {kind: "wire", dialect, value}: its own dialect writes it back as
 * it came; into another it is a loss, as is a kind the target has no spelling for.
 */
import type { Toks } from "./_conv_layout.js";
import { Loss } from "./_errors.js";
/** One kind's field: [canonical name, wire toks, optional, null spells none, canonical JSON type]. */
export type CitationField = readonly [string, Toks, boolean, boolean, string];
/** One kind of citation as the wire spells it. */
export interface CitationKind {
    readonly kind: string;
    readonly when: readonly (readonly [Toks, unknown])[];
    readonly has: readonly Toks[];
    readonly fields: readonly CitationField[];
}
/** The canonical citations of a wire list at pointer at (undefined for null: none). */
export declare function citationsIn(value: unknown, table: unknown, dialect: string, shape: string, at: string): unknown;
/** The wire list of a part's canonical citations (at: the part's citations pointer); a
 * citation the target cannot write is a loss, left out. */
export declare function citationsOut(value: unknown, table: unknown, dialect: string, at: string, losses: Loss[], strict: boolean): unknown;
