/**
 * The customTools option of an encoder: "drop" (the default) leaves OpenAI custom (freeform)
 * tools to the target (exact where it has them, a tool.custom_dropped loss where not);
 * "function" sends each as a function of one required string parameter `input`, whatever the
 * target, so a dialect without custom tools can still offer it. The tool's description says
 * its format (a grammar's text included: no function schema can state one), its calls carry
 * their input text as arguments {"input": ...}, their results answer a function call. Each
 * tool and call so sent is a tool.custom_as_function loss, recorded even in strict mode (the
 * caller asked for it), as reasoning "drop" records its losses. The port of Python's.
 */
import { Loss } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
export declare const CUSTOM_TOOLS: readonly ["drop", "function"];
export type CustomToolsPolicy = (typeof CUSTOM_TOOLS)[number];
export declare const PARAMETER = "input";
/** The option an encoder was given (null or undefined: "drop"); a ValueError for another value. */
export declare function customToolsPolicy(value: string | null | undefined): CustomToolsPolicy;
/** A custom tool's call as the function call it is sent as: its input as arguments. */
export declare function functionCall(call: JsonObject): JsonObject;
/**
 * The canonical request or response with its custom tools, calls and results as functions'
 * under policy "function"; unchanged under "drop".
 */
export declare function customsAsFunctions(canonical: JsonObject, policy: CustomToolsPolicy, shape: string, losses: Loss[], dialect: string): JsonObject;
