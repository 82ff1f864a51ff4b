// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A response's wire turn -> its canonical message, as a dialect's layout says (requests are
 * read by the generated `turnsIn`).
 *
 * One wire unit (a message, an item) becomes one canonical message, never merged, so that the
 * same dialect writes it back exactly. The dialect's generated converters read the tool parts.
 */

import type { Codecs, Spelling, Turn, TurnField } from "./_conv_layout.js";
import { decodeBlock, fieldPart, matches } from "./_conv_parts.js";
import { get, pointer, truthy, unknownInto } from "./_conv_paths.js";
import { DecodeError, describe, getOwn, hasOwn, isObject, putOwn } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { decodeAt, pyEqual } from "./_extract.js";
import type { IdMap } from "./_ids.js";

/** Python's dict.setdefault(key, {}) of an object-valued key. */
export function objectAt(container: JsonObject, key: string): JsonObject {
  if (!hasOwn(container, key)) putOwn(container, key, {});
  return getOwn(container, key) as JsonObject;
}

/** The dialect's extension object of a canonical value, made on first use. */
export function ownExtension(container: JsonObject, dialect: string): JsonObject {
  return objectAt(objectAt(container, "extensions"), dialect);
}

/** Mark a canonical value's own form (key "" of its dialect's forms), e.g. `separate`. */
export function markForm(container: JsonObject, dialect: string, form: string): void {
  objectAt(ownExtension(container, dialect), "forms")[""] = form;
}

/** Keep the wire fields and spellings a layout does not read in value's extensions. */
export function keep(value: JsonObject, dialect: string, fields: JsonObject | null, forms: JsonObject): void {
  if (truthy(fields) || truthy(forms)) {
    const own = ownExtension(value, dialect);
    if (truthy(fields)) own["fields"] = fields;
    if (truthy(forms)) own["forms"] = forms;
  }
}

const ROLES = new WeakMap<Turn["roles"], Map<string, readonly [string, number]>>();

/** [canonical role, which of its spellings] of a wire role; the table is made once per layout. */
function roleOf(turn: Turn, wireRole: unknown): readonly [string, number] | null {
  let table = ROLES.get(turn.roles);
  if (table === undefined) {
    table = new Map();
    for (const [canonical, spellings] of turn.roles) {
      spellings.forEach((spelling, i) => {
        if (!(table as Map<string, readonly [string, number]>).has(spelling)) table?.set(spelling, [canonical, i]);
      });
    }
    ROLES.set(turn.roles, table);
  }
  return typeof wireRole === "string" ? (table.get(wireRole) ?? null) : null;
}

/** One wire turn as a canonical message. (Internal: Python's parameters, positionally.) */
export function decodeTurn(
  unit: unknown,
  turn: Turn,
  parts: readonly Spelling[],
  codecs: Codecs,
  idMap: IdMap,
  dialect: string,
  shape: string,
  at: string,
  keepUnknown: boolean = true,
): JsonObject {
  if (!isObject(unit)) throw new DecodeError(dialect, shape, at, `expected an object, got ${describe(unit)}`);
  const forms: JsonObject = {};
  const wireRole = get(unit, turn.role);
  let found = roleOf(turn, wireRole);
  if (found === null && wireRole === undefined && turn.absentRole !== null) {
    found = [turn.absentRole, 0];
    putOwn(forms, pointer(turn.role), "absent");
  }
  if (found === null) {
    const known = turn.roles.flatMap(([, spellings]) => spellings).join(", ");
    throw new DecodeError(
      dialect, shape, at + pointer(turn.role), `expected a role (${known}), got ${describe(wireRole)}`
    );
  }
  const [role, alias] = found;
  if (alias) putOwn(forms, pointer(turn.role), `alias:${alias}`);
  const out: JsonObject[] = [];
  const message: JsonObject = { role, parts: out };
  for (const tf of turn.fields) {
    if (tf.before) fieldParts(unit, tf, codecs, idMap, dialect, shape, at, out, forms);
  }
  const content = get(unit, turn.content);
  const where = at + pointer(turn.content);
  if (typeof content === "string" && turn.string !== "no") {
    if (content || turn.empty !== "string") out.push({ type: "text", text: content });
    if (!content) putOwn(forms, pointer(turn.content), "string");
  } else if (Array.isArray(content) && turn.string !== "only") {
    if (content.length === 0) putOwn(forms, pointer(turn.content), "empty");
    else if (turn.string === "yes" && content.length === 1) putOwn(forms, pointer(turn.content), "blocks");
    content.forEach((block, i) => {
      out.push(decodeBlock(block, parts, codecs, idMap, dialect, shape, `${where}/${i}`));
    });
  } else if (content === null) {
    putOwn(forms, pointer(turn.content), "null");
  } else if (content === undefined) {
    if (turn.empty !== "omit") putOwn(forms, pointer(turn.content), "absent");
  } else {
    throw new DecodeError(dialect, shape, where, `expected the turn's content, got ${describe(content)}`);
  }
  for (const tf of turn.fields) {
    if (!tf.before) fieldParts(unit, tf, codecs, idMap, dialect, shape, at, out, forms);
  }
  const unknown = keepUnknown ? unknownInto(unit, turn.known, "", null) : null;
  for (const [toks, value] of turn.defaults) {
    // a default written out says nothing; its absence is kept
    const place = pointer(toks);
    if (get(unit, toks) === undefined) putOwn(forms, place, "absent");
    else if (truthy(unknown) && pyEqual(getOwn(unknown as JsonObject, place), value)) delete (unknown as JsonObject)[
      place
    ];
  }
  keep(message, dialect, unknown, forms);
  return message;
}

function fieldParts(
  unit: JsonObject,
  tf: TurnField,
  codecs: Codecs,
  idMap: IdMap,
  dialect: string,
  shape: string,
  at: string,
  out: JsonObject[],
  forms: JsonObject,
): void {
  const value = get(unit, tf.toks);
  if (value === undefined) return;
  if (value === null) {
    putOwn(forms, pointer(tf.toks), "null");
    return;
  }
  if (tf.many) {
    if (!Array.isArray(value)) {
      throw new DecodeError(dialect, shape, at + pointer(tf.toks), `expected an array, got ${describe(value)}`);
    }
    if (value.length === 0) putOwn(forms, pointer(tf.toks), "empty");
  }
  const values: unknown[] = tf.many ? (value as unknown[]) : [value];
  values.forEach((item, i) => {
    const where = at + pointer(tf.toks) + (tf.many ? `/${i}` : "");
    if (otherKind(item, tf.kinds)) {
      out.push({ type: "wire", dialect, value: item as JsonObject, field: pointer(tf.toks) });
    } else if (tf.part === "tool_call" || tf.part === "tool_result") {
      const part: JsonObject = { type: tf.part };
      part[tf.part === "tool_call" ? "call" : "result"] = decodeAt(
        codecs.decode[tf.part] as NonNullable<Codecs["decode"][string]>, item, where, idMap
      );
      out.push(part);
    } else {
      out.push(fieldPart(tf.part, tf.value, item, dialect));
    }
  });
}

/** Whether a turn field's element names a kind its shape does not read (a Chat custom tool
 * call): its kind key holds a string no variant has. A missing or non-string kind is the
 * field's own kind, malformed: its codec says what is wrong. */
export function otherKind(item: unknown, kinds: TurnField["kinds"]): boolean {
  if (kinds === null || !isObject(item)) return false;
  const kind = get(item, kinds[0]);
  return typeof kind === "string" && !kinds[1].includes(kind);
}

/** A wire unit that is one part on its own (a Chat tool message), as a canonical message. */
export function unitPart(
  unit: unknown,
  units: readonly Spelling[],
  codecs: Codecs,
  idMap: IdMap,
  dialect: string,
  shape: string,
  at: string,
): JsonObject | null {
  for (const sp of units) {
    if (matches(unit, sp)) {
      const part = decodeBlock(unit, [sp], codecs, idMap, dialect, shape, at);
      return { role: sp.role || "user", parts: [part] };
    }
  }
  return null;
}
