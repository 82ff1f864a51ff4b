/**
 * Prompt-cache breakpoints in whole requests, as a dialect's layout marks them (dialect.json
 * `conversation.request.cache`). Canonically a breakpoint is `cache: {ttl?}` on the part or tool
 * that ends a cached prefix, or on the request (the automatic form). A `field` marker (Anthropic
 * cache_control) sits on that block: the compiled readers keep it as an extension field, which
 * cacheIn lifts out and cacheOut puts back. A `block` marker (Bedrock cachePoint) is a block of
 * its own after it: kept as a wire part or, in the tool list, as a request extension field, each
 * folded into the part or tool before it. A dialect without a marker reports each as a loss.
 */
import type { RequestLayout } from "./_conv_layout.js";
import type { Out } from "./_conv_out.js";
import type { JsonObject } from "./_errors.js";
export declare function cacheIn(wire: unknown, request: JsonObject, layout: RequestLayout): JsonObject;
/** A canonical request whose cache values are the target's markers (a copy when it has any);
 * each one the target has no marker for is a loss (out.lose). */
export declare function cacheOut(canonical: JsonObject, layout: RequestLayout, out: Out): JsonObject;
/** A written request with each block cacheOut marked followed by its marker block (the marker
 * travels inside the block, so losses keep pointing at the canonical parts). */
export declare function cacheBlocks(wire: JsonObject, layout: RequestLayout): JsonObject;
