/**
 * Parameter schemas adapted per target: which wire spelling an encoder's schemaProfile asks
 * for, and OpenAI's rules (explicit properties, strict mode, and the opt-in strict-mode
 * adaptation). Gemini's OpenAPI subset is in _schema_openapi.
 *
 * Every change is reported as a loss whose pointer is into the canonical value. The public
 * names are re-exported by `_runtime`, where the generated converters find them.
 */
import type { JsonObject, Loss } from "./_errors.js";
/**
 * Python's `{form: profile}` dict, whose keys may be None (the field's own spelling): a Map,
 * or an array of [form, profile] pairs in the dict's order.
 */
export type Profiles = ReadonlyMap<string | null, string> | readonly (readonly [string | null, string])[];
/**
 * The wire spelling (an extension form; null: the field's own) that an encoder's
 * schemaProfile asks for. The current one stays when it already speaks that profile (e.g.
 * lower-case OpenAPI type names). Throws Error (Python: ValueError) for an unknown profile.
 */
export declare function schemaProfileForm(profile: string, profiles: Profiles, current: unknown): unknown;
export declare function isObjectSchema(schema: JsonObject): boolean;
/**
 * OpenAI rejects an object schema that states no `properties` ("object schema missing
 * properties"): give each one an empty `properties`, which means the same, and report it.
 * Returns schema itself when nothing needed adding (copies only what changes).
 */
export declare function withExplicitProperties(schema: unknown, losses: Loss[], strict: boolean, target: string, pointer: string): unknown;
/** Python's AttributeError (`"x".items()`): no TypeError, so no encoder's catch turns it into a
 * CanonicalError (Python's encoders catch KeyError, TypeError and IndexError). */
export declare class AttributeError extends Error {
    constructor(message: string);
}
/** Python's IndexError (`[][0]`), where a schema helper raises one itself. */
export declare class IndexError extends Error {
    constructor(message: string);
}
/**
 * Why OpenAI's strict mode would reject this schema (every object closed, every property
 * required), or null when it meets the rules.
 */
export declare function strictModeProblem(schema: unknown, pointer?: string): string | null;
/**
 * The OpenAI strict-mode adaptation users otherwise hand-write, each change reported: every
 * object gets `additionalProperties: false` and requires all its properties, and a property
 * that was optional becomes nullable (the model sends null for "left out").
 */
export declare function toStrictSchema(schema: unknown, losses: Loss[], strict: boolean, target: string, pointer: string): unknown;
/**
 * A canonical tool definition with strict: true and its parameters adapted to strict mode
 * (what an OpenAI encoder's strictSchema: true sends).
 */
export declare function strictToolDefinition(tool: JsonObject, losses: Loss[], strict: boolean, target: string): JsonObject;
