// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * Generation settings, canonical -> wire: each mapped where the dialect has it (a stop list
 * as one string where the wire took one, values renamed), a required one written with its
 * documented default, and every canonical setting the dialect has no place for a loss.
 */

import { nth, pyInt } from "./_conv_encode.js";
import { settingProblem } from "./_conv_guard.js";
import type { Setting, Toks } from "./_conv_layout.js";
import { get, pointer, put, truthy } from "./_conv_paths.js";
import { CanonicalError, getOwn, hasOwn, isObject } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { pyEqual } from "./_extract.js";
import { pyRepr } from "./_pytext.js";

/** (Internal: Python's parameters, positionally; `lose` is the encode's Run.lose.) */
export function encodeSettings(
  wire: JsonObject,
  settings: JsonObject,
  layout: readonly Setting[],
  forms: JsonObject,
  lose: (at: string, what: string) => void,
): void {
  const roots = byRoot(layout);
  for (const key of Object.keys(settings)) {
    if (!roots.has(key)) lose("/settings" + pointer([key]), `the ${key} setting`);
  }
  for (const s of layout) {
    let value = hasOwn(settings, s.name[0] as string) ? get(settings, s.name) : undefined;
    if (value === undefined) {
      if (getOwn(forms, pointer(s.toks)) === "null") {
        put(wire, s.toks, null); // the dialect's own payload sent null
      } else if (s.required !== undefined) {
        put(wire, s.toks, s.required);
        lose(
          "/settings" + pointer(s.name),
          `a request without ${s.name.join(".")} (sent the documented default ${pyRepr(s.required)})`,
        );
      }
      continue;
    }
    const problem = settingProblem(value, s.rule);
    if (problem !== null) throw new CanonicalError("request", new Error(`/settings${pointer(s.name)}: ${problem}`));
    const found = truthy(forms) ? getOwn(forms, pointer(s.toks)) : undefined;
    // Python: no startswith
    if (found !== undefined && typeof found !== "string") throw new TypeError("a form is not a string");
    const form = found === undefined ? "" : found;
    if (s.values.length > 0) {
      const spelled = s.values.filter(([c]) => pyEqual(c, value)).map(([, w]) => w);
      if (spelled.length === 0) {
        lose("/settings" + pointer(s.name), `the ${s.name.join(".")} setting ${pyRepr(value)}`);
        continue;
      }
      value = spelled[nth(form, "value:", spelled.length)];
    }
    if (s.encoding === "string_or_list" && form === "string" && Array.isArray(value) && value.length === 1) {
      value = value[0];
    }
    let toks: Toks = s.toks;
    if (typeof form === "string" && form.startsWith("alias:") && pyInt(form.slice(6)) <= s.aliases.length) {
      const alias = s.aliases.at(pyInt(form.slice(6)) - 1); // Python's index: 0 is the last one
      if (alias === undefined) throw new Error("tuple index out of range");
      toks = alias;
    }
    put(wire, toks, value);
  }
  for (const [key, names] of roots) {
    // a nested setting's fields the dialect has no place for
    const value = getOwn(settings, key);
    if (isObject(value) && !names.has(JSON.stringify([key]))) {
      for (const name of Object.keys(value)) {
        if (!names.has(JSON.stringify([key, name]))) lose(
          "/settings" + pointer([key, name]), `the ${key}.${name} setting`
        );
      }
    }
  }
}

const ROOTS = new WeakMap<readonly Setting[], Map<string, Set<string>>>();

/** Canonical setting -> the names (as JSON text) the dialect maps under it (layouts live as
 * long as their module: remembered by identity). */
function byRoot(layout: readonly Setting[]): Map<string, Set<string>> {
  let known = ROOTS.get(layout);
  if (known === undefined) {
    known = new Map();
    for (const s of layout) {
      const root = s.name[0] as string;
      if (!known.has(root)) known.set(root, new Set());
      known.get(root)?.add(JSON.stringify(s.name));
    }
    ROOTS.set(layout, known);
  }
  return known;
}
