/**
 * JSONPath arguments (Vertex AI partialArgs): typed values at JSONPaths (an RFC 9535 subset:
 * $, .name, ['name'], [index]), string values continued across items; read into a call's
 * arguments object on assembly, and written from an arguments object on emission. A path is
 * at most MAX_DEPTH names and indexes long, and an index at most one past its array's end.
 */
import { type JsonObject } from "../_errors.js";
import type { Call } from "./_state.js";
import { TextInput } from "./_text.js";
export type PathToken = string | number;
export declare function jsonPath(path: string): PathToken[];
export declare function getPath(root: unknown, toks: readonly PathToken[]): unknown;
export declare function setPath(root: JsonObject, toks: readonly PathToken[], value: unknown): void;
/** Arguments as Vertex partialArgs: one list per leaf value; long strings in pieces. */
export declare function partialArgs(argumentsObject: unknown, size: number | null | undefined): JsonObject[][];
/** The assembler's json_path_args role (a link of Assembler's chain). */
export declare abstract class PathArgs extends TextInput {
    _pathArgs(c: Call, partial: unknown, event: unknown, item: unknown, pointer: string): void;
}
