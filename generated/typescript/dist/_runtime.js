// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The import surface of the generated converters: `import * as rt from "./_runtime.js"`, then
 * `rt.<name>`. Only re-exports live here, no logic: each name is defined in the module that
 * does its one job, and no runtime module imports this one (so there is no import cycle).
 *
 *     _errors          errors, losses, MISSING, JSON Pointer tokens, value descriptions,
 *                      and the own-key object helpers (isObject, hasOwn, getOwn, putOwn, getKey)
 *     _pytext          text as Python builds it (repr, json.dumps, sorted, len, slices, ==)
 *     _strict_json     the strict JSON reader (NaN, Infinity, 1e400, lone surrogates, depth)
 *     _arguments       argument text: parsed strictly, never repaired; its original spelling kept
 *     _coercion        input coercion: JSON text and SDK objects as plain objects
 *     _explain         decode errors: the pointer of the first failed check
 *     _ids             the id map (rewrite, mint, link by position) and encodeId
 *     _extensions      wire fields a mapping does not describe, kept for the round trip
 *     _canonical       one spelling for one meaning; canonical values in loss messages
 *     _content         content as one string, results as one object, data URLs
 *     _structured      a result's structured value beside its blocks, as a json part
 *     _schema_openapi  parameter schemas in Gemini's OpenAPI subset
 *     _schema_profiles parameter schema profiles: OpenAI's explicit properties and strict mode
 *     _extract         reading an envelope: paths with '*', conditions, settings beside the tools
 *     _inject          writing parts back into an envelope
 *     _allow           allow-lists of loss codes (Python keeps them in _errors)
 *
 * The names are Python's `_runtime.__all__` in camelCase, then (marked below) the helpers
 * that TypeScript needs where Python has syntax (own keys, repr, ==).
 */
export { allowing, refuseUnallowed } from "./_allow.js";
export { argumentsText, dumpArguments, notAnObject, parseArguments } from "./_arguments.js";
export { describeChoice, describePart, isAbsent, normalizeChoice } from "./_canonical.js";
export { asCanonical, asWire, held, heldCanonical, heldFields, hold, holdCanonical, toPlain } from "./_coercion.js";
export { base64Text, contentAsString, dataUrlTypeIn, mediaTypeIn, textBase64, dataUrl, documentFormat, documentMediaType, isDataUrl, isImageType, reportDropped, resultFromObject, resultToObject, splitDataUrl, textOfJson, } from "./_content.js";
export { mediaIn, mediaOut, putMedia } from "./_media.js";
export { structuredIn, structuredOut } from "./_structured.js";
export { MISSING, CanonicalError, ConversionError, DecodeError, Encoded, Invalid, Loss, LossError, RequiredValueError, describe, escape, need, report, } from "./_errors.js";
export { explain, stringList } from "./_explain.js";
export { applyFields, extension, foreignExtensions, unknownFields } from "./_extensions.js";
export { choiceFieldIn, decodeAt, elements, firstAt, lookup, toolsFieldIn, where } from "./_extract.js";
export { CANONICAL_IDS, IdMap, IdPolicy, Note, encodeId, idChecker, notePosition } from "./_ids.js";
export { inject } from "./_inject.js";
export { OPENAPI_KEYWORDS, openapiTypesLowerCase, schemaFromOpenapi, schemaToOpenapi } from "./_schema_openapi.js";
export { isObjectSchema, schemaProfileForm, strictModeProblem, strictToolDefinition, toStrictSchema, withExplicitProperties, } from "./_schema_profiles.js";
export { MAX_DEPTH, checked, loads, rawDecode } from "./_strict_json.js";
// TypeScript only: what Python says with syntax (`k in d`, `d[k]`, repr(), ==, sorted()).
export { MissingKey, getKey, getOwn, hasOwn, isObject, putOwn, unescape } from "./_errors.js";
export { fullmatch } from "./_ids.js";
export { compactJson, pyDumps, pyEquals, pyLen, pyRepr, pySlice, pySorted, pyStr, pyTruthy } from "./_pytext.js";
export { JSONDecodeError, StrictJsonError } from "./_strict_json.js";
