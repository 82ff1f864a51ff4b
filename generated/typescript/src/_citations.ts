// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
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

import { get, put, putFresh } from "./_conv_paths.js";
import type { Toks } from "./_conv_layout.js";
import { DecodeError, Loss, describe, escape, getOwn, hasOwn, isObject, report } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { pyEqual } from "./_extract.js";

/** One kind's field: [canonical name, wire toks, optional, null spells none, canonical JSON type]. */
export type CitationField = readonly [string, Toks, boolean, boolean, string];

/** One kind of citation as the wire spells it. */
export interface CitationKind {
  readonly kind: string;
  readonly when: readonly (readonly [Toks, unknown])[];
  readonly has: readonly Toks[];
  readonly fields: readonly CitationField[];
}

const ARTICLES: { readonly [type: string]: string } = { integer: "an integer", string: "a string" };

function place(toks: Toks): string {
  return toks.map((t) => "/" + escape(t)).join("");
}

/** The wire places a kind reads (its constants, keys and fields). */
function known(spec: CitationKind): Set<string> {
  const places = [...spec.when.map(([t]) => t), ...spec.has, ...spec.fields.map((f) => f[1])];
  return new Set(places.map(place));
}

/** value (at pointer at) holds something no known place reads. */
function unread(value: unknown, at: string, places: Set<string>): boolean {
  if (places.has(at)) return false;
  if (Array.isArray(value) && value.length > 0) return value.some((item, i) => unread(item, `${at}/${i}`, places));
  if (isObject(value) && Object.keys(value).length > 0) {
    return Object.keys(value).some((key) => unread(value[key], `${at}/${escape(key)}`, places));
  }
  return true;
}

function typed(value: unknown, type: string): boolean {
  return type === "integer" ? typeof value === "number" && Number.isInteger(value) : typeof value === "string";
}

/** The canonical citations of a wire list at pointer at (undefined for null: none). */
export function citationsIn(value: unknown, table: unknown, dialect: string, shape: string, at: string): unknown {
  if (value === null) return undefined;
  if (!Array.isArray(value)) throw new DecodeError(dialect, shape, at, `expected an array, got ${describe(value)}`);
  const kinds = table as readonly CitationKind[];
  return value.map((item, i) => citationIn(item, kinds, dialect, shape, `${at}/${i}`));
}

function citationIn(item: unknown, table: readonly CitationKind[], dialect: string, shape: string,
  at: string): JsonObject {
  if (!isObject(item)) throw new DecodeError(dialect, shape, at, `expected an object, got ${describe(item)}`);
  for (const spec of table) {
    if (spec.when.some(([t, v]) => !pyEqual(get(item, t), v))) continue;
    if (spec.has.some((t) => get(item, t) === undefined)) continue;
    // keys its kind does not read, or without a field it needs: kept whole
    if (unread(item, "", known(spec)) || spec.fields.some((f) => !f[2] && get(item, f[1]) === undefined)) break;
    const out: JsonObject = { kind: spec.kind };
    for (const [name, toks, , nullable, type] of spec.fields) {
      const value = get(item, toks);
      const where = at + place(toks);
      if (value === undefined || (value === null && nullable)) continue;
      if (!typed(value, type)) {
        throw new DecodeError(dialect, shape, where, `expected ${ARTICLES[type] ?? type}, got ${describe(value)}`);
      }
      out[name] = value;
    }
    return out;
  }
  return { kind: "wire", dialect, value: item };
}

/** The wire list of a part's canonical citations (at: the part's citations pointer); a
 * citation the target cannot write is a loss, left out. */
export function citationsOut(value: unknown, table: unknown, dialect: string, at: string, losses: Loss[],
  strict: boolean): unknown {
  if (!Array.isArray(value)) {
    report(losses, strict, "part.field_dropped", at, dialect, "the citations of a text part (not a list)");
    return undefined;
  }
  const out: unknown[] = [];
  value.forEach((citation, i) => {
    const block = citationOut(citation, table as readonly CitationKind[], dialect, `${at}/${i}`, losses, strict);
    if (block !== undefined) out.push(block);
  });
  return out;
}

function citationOut(citation: unknown, table: readonly CitationKind[], dialect: string, at: string,
  losses: Loss[], strict: boolean): unknown {
  const kind = isObject(citation) ? getOwn(citation, "kind") : null;
  if (kind === "wire" && isObject(citation)) {
    const source = getOwn(citation, "dialect");
    if (source === dialect) return getOwn(citation, "value");
    const wire = getOwn(citation, "value");
    const named = isObject(wire) ? getOwn(wire, "type") : undefined;
    const whose = typeof source === "string" ? source : "another dialect's";
    const shown = typeof named === "string" ? ` (${named})` : "";
    const what = `a citation${shown} from ${whose}, a kind the target has none for`;
    report(losses, strict, "part.field_dropped", at, dialect, what);
    return undefined;
  }
  const spec = table.find((s) => s.kind === kind);
  if (spec === undefined || !isObject(citation)) {
    const what = typeof kind === "string" ? `a ${kind} citation the target has no kind for` : "a citation of no kind";
    report(losses, strict, "part.field_dropped", at, dialect, what);
    return undefined;
  }
  for (const [name, , optional, nullable] of spec.fields) {
    if (!optional && !nullable && !hasOwn(citation, name)) {
      const what = `a ${String(kind)} citation without its ${name}, which the target requires`;
      report(losses, strict, "part.field_dropped", at, dialect, what);
      return undefined;
    }
  }
  const block: JsonObject = {};
  for (const [toks, constant] of spec.when) putFresh(block, toks, constant);
  for (const [name, toks, , nullable] of spec.fields) {
    const field = getOwn(citation, name);
    if (field !== undefined) put(block, toks, field);
    else if (nullable) put(block, toks, null);
  }
  for (const toks of spec.has) if (get(block, toks) === undefined) put(block, toks, {});
  const names = new Set(["kind", ...spec.fields.map((f) => f[0])]);
  for (const key of Object.keys(citation).filter((k) => !names.has(k)).sort()) {
    report(losses, strict, "part.field_dropped", `${at}/${key}`, dialect, `the ${key} of a ${String(kind)} citation`);
  }
  return block;
}
