// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
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

import { Loss, isObject } from "./_errors.js";
import type { JsonObject } from "./_errors.js";
import { pyRepr } from "./_pytext.js";
import { ValueError } from "./streams/_events.js";

export const CUSTOM_TOOLS = ["drop", "function"] as const;
export type CustomToolsPolicy = (typeof CUSTOM_TOOLS)[number];
export const PARAMETER = "input";

function parameters(): JsonObject {
  return {
    type: "object",
    properties: { [PARAMETER]: { type: "string", description: "The tool's whole input, as plain text." } },
    required: [PARAMETER],
    additionalProperties: false,
  };
}

/** A loss the caller asked for: recorded, never thrown (strict mode or not). */
function loss(code: string, at: string, dialect: string, what: string): Loss {
  return new Loss(code, at, dialect, what);
}

/** The option an encoder was given (null or undefined: "drop"); a ValueError for another value. */
export function customToolsPolicy(value: string | null | undefined): CustomToolsPolicy {
  if (value === undefined || value === null) return "drop";
  if (!(CUSTOM_TOOLS as readonly string[]).includes(value)) {
    throw new ValueError(`unknown custom_tools option ${pyRepr(value)}; known: ${CUSTOM_TOOLS.join(", ")}`);
  }
  return value as CustomToolsPolicy;
}

/** The function's description: the custom tool's, then what its input must be. */
function described(tool: JsonObject): string {
  const note = tool["format"] === "grammar"
    ? `Its input is plain text matching this ${String(tool["syntax"])} grammar, passed whole as the` +
      ` string parameter ${PARAMETER}:\n${String(tool["grammar"])}`
    : `Its input is plain text, passed whole as the string parameter ${PARAMETER}.`;
  const description = tool["description"];
  return typeof description === "string" && description !== "" ? `${description}\n\n${note}` : note;
}

function without(value: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

/** A custom tool's call as the function call it is sent as: its input as arguments. */
export function functionCall(call: JsonObject): JsonObject {
  return { ...without(call, ["input"]), arguments: { [PARAMETER]: call["input"] } };
}

function asFunction(tool: unknown): unknown {
  if (!isObject(tool) || !Object.hasOwn(tool, "format")) return tool;
  const kept = without(tool, ["format", "syntax", "grammar", "description"]);
  return { ...kept, description: described(tool), parameters: parameters() };
}

function parts(given: unknown, at: string, losses: Loss[], dialect: string): unknown {
  if (!Array.isArray(given)) return given;
  return given.map((part: unknown, p) => {
    const kind = isObject(part) ? part["type"] : undefined;
    const call = kind === "tool_call" ? (part as JsonObject)["call"] : undefined;
    const result = kind === "tool_result" ? (part as JsonObject)["result"] : undefined;
    if (isObject(call) && Object.hasOwn(call, "input")) {
      const what = `the call of custom tool ${pyRepr(call["name"] ?? null)}, sent as a function call` +
        ` (its input as arguments.${PARAMETER})`;
      losses.push(loss("tool.custom_as_function", `${at}/${p}/call`, dialect, what));
      return { ...(part as JsonObject), call: functionCall(call) };
    }
    if (isObject(result) && Object.hasOwn(result, "custom")) {
      return { ...(part as JsonObject), result: without(result, ["custom"]) };
    }
    return part;
  });
}

function message(given: unknown, at: string, losses: Loss[], dialect: string): unknown {
  if (!isObject(given) || !Object.hasOwn(given, "parts")) return given;
  return { ...given, parts: parts(given["parts"], `${at}/parts`, losses, dialect) };
}

/**
 * The canonical request or response with its custom tools, calls and results as functions'
 * under policy "function"; unchanged under "drop".
 */
export function customsAsFunctions(
  canonical: JsonObject, policy: CustomToolsPolicy, shape: string, losses: Loss[], dialect: string,
): JsonObject {
  if (policy !== "function") return canonical;
  const out: JsonObject = { ...canonical };
  if (shape === "response") {
    if (!Object.hasOwn(canonical, "message")) return canonical;
    out["message"] = message(canonical["message"], "/message", losses, dialect);
    return out;
  }
  const tools = canonical["tools"];
  if (Array.isArray(tools)) {
    const sent = tools.map(asFunction);
    out["tools"] = sent;
    tools.forEach((tool: unknown, i) => {
      if (sent[i] !== tool) {
        const what = `custom tool ${pyRepr((tool as JsonObject)["name"] ?? null)}, sent as a function of one` +
          ` string parameter ${PARAMETER}`;
        losses.push(loss("tool.custom_as_function", `/tools/${i}`, dialect, what));
      }
    });
  }
  const messages = canonical["messages"];
  if (Array.isArray(messages)) {
    out["messages"] = messages.map((m: unknown, i) => message(m, `/messages/${i}`, losses, dialect));
  }
  const choice = canonical["tool_choice"];
  if (isObject(choice) && Object.hasOwn(choice, "custom_names")) out["tool_choice"] = without(choice, ["custom_names"]);
  return out;
}
