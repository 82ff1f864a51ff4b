// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * The import surface of the generated conversation converters: `import * as conv from
 * "./_conversation.js"`, then `conv.<name>`. Only re-exports live here, no logic:
 *
 *     _conv_layout      a dialect's conversation layout as data (built by the generated module)
 *     _conv_paths       values at paths of keys; the keys a layout knows; extension fields put back
 *     _conv_parts       message parts: spellings read and written, tool parts through their shapes
 *     _conv_decode      a response's wire turn -> its canonical message
 *     _conv_links       leaves of the compiled turns readers: result linkage, kept fields
 *     _conv_encode      canonical messages -> wire turns
 *     _conv_response    a whole response, both ways (turn, finish reason, usage)
 *     _forms            the spellings a round trip keeps, as compiled writers read them
 *     _conv_guard       a setting's value against its canonical type
 *     _conv_tools       a request's tools and tool choice, canonical -> wire
 *     _conv_out         the leaves of the compiled request writers (losses, extensions, call links)
 *     _cache            prompt-cache breakpoints: wire markers <-> canonical cache values
 *     _reasoning        the reasoning policy an encoder was given (keep, text, drop)
 *     _custom_tools     the customTools option: OpenAI custom tools sent as functions when asked
 */

export type {
  CacheMarker,
  Codecs,
  PartField,
  RequestLayout,
  ResponseLayout,
  Lose,
  SystemIn,
  ToolsIn,
  Spelling,
  SystemField,
  Toks,
  Turn,
  TurnField,
} from "./_conv_layout.js";
export { cacheBlocks, cacheIn, cacheOut } from "./_cache.js";
export { citationsIn } from "./_citations.js";
export { Links, keptFields } from "./_conv_links.js";
export { decodeBlock, sniffMediaType } from "./_conv_parts.js";
export { get, knownTree, put as putPath, truthy, unknownInto } from "./_conv_paths.js";
export { below, checkCanonical, settingProblem } from "./_conv_guard.js";
export { Out, article, dataUrlOf, formsOf, joinTexts, mediaOf, shown, wireWhat, withoutPrefix } from "./_conv_out.js";
export { encodeTools } from "./_conv_tools.js";
export { formIndex, formOf, keyOf } from "./_forms.js";
export { decodeResponse, encodeResponse, finishIn } from "./_conv_response.js";
export { reasoningPolicy } from "./_reasoning.js";
export { customToolsPolicy, customsAsFunctions } from "./_custom_tools.js";
export { signedOut, type Signing } from "./_reasoning_claude.js";
