// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The import surface of the generated stream modules: `import * as _c from "./_common.js"`,
 * then `_c.<name>`. Only re-exports live here, no logic: the behaviour that is the same for
 * every dialect is in this package, one job per module, and no runtime module imports this one.
 *
 *     _events     StreamError, events read as objects, pointers, private copies of wire calls
 *     _state      Call (one call in flight) and StreamState (the fields and dialect hooks)
 *     _canonical  a finished call as canonical: decoded, invalid or incomplete
 *     _lifecycle  calls started, stopped, cut off, whole; finish reasons
 *     _calls      CallStates: the above, with findings and notes (errors, strays, server tools)
 *     _jsonpath   Vertex AI JSONPath arguments (PathArgs, and partialArgs for emission)
 *     _text       feedText: SSE, JSON lines, a streamed JSON array
 *     _assembler  Assembler: all of it in one class chain, and finish()/result()
 *     _emit       emission: argument text in fragments, keys, SSE / JSON-lines framing
 *
 * Everything dialect-specific (which events carry what, at which pointers) is unrolled into
 * the dialect modules beside this one.
 */

export { dumpArguments } from "../_arguments.js";
export { isObject, type JsonObject } from "../_errors.js";
export { IdMap } from "../_ids.js";
import type { IdMap } from "../_ids.js";
import type { Loss } from "../_errors.js";
export { loads } from "../_strict_json.js";
export { Assembler, type AssembledStream } from "./_assembler.js";
export { CallStates } from "./_calls.js";
export { emitKey, pieces, textOf, toText, valueAt } from "./_emit.js";
export {
  ENDED,
  SHAPE,
  StreamError,
  asEvent,
  fullmatch,
  get,
  isDict,
  has,
  isValueError,
  itemCopy,
  overlay,
  put,
  putDefault,
  same,
  truthy,
  ValueError,
  where,
} from "./_events.js";
export { PathArgs, getPath, jsonPath, partialArgs, setPath } from "./_jsonpath.js";
export { COMPACT as _COMPACT, Call, type AssemblerOptions, type Key } from "./_state.js";

/** emit()'s options: fragmentSize, idMap, losses (appended to). */
export type EmitOptions = { fragmentSize?: number | null; idMap?: IdMap | null; losses?: Loss[] | null };
