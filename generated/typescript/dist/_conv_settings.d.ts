/**
 * Generation settings, canonical -> wire: each mapped where the dialect has it (a stop list
 * as one string where the wire took one, values renamed), a required one written with its
 * documented default, and every canonical setting the dialect has no place for a loss.
 */
import type { Setting } from "./_conv_layout.js";
import type { JsonObject } from "./_errors.js";
/** (Internal: Python's parameters, positionally; `lose` is the encode's Run.lose.) */
export declare function encodeSettings(wire: JsonObject, settings: JsonObject, layout: readonly Setting[], forms: JsonObject, lose: (at: string, what: string) => void): void;
