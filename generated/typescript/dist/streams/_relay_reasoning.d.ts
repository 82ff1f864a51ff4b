/**
 * A relay's reasoning events written as the target's (RelayWriter.write hands them here).
 *
 * Reasoning text goes wherever the target has reasoning events (else it is text when the
 * policy says text, or a loss). An opaque artifact (a signature, redacted or encrypted data) is
 * bound to the model that produced it: it is replayed only by the dialect it came from, or by
 * another of its signing family (Anthropic and Bedrock carry the same signatures and redacted
 * blocks: _reasoning_claude), and is a loss elsewhere. Redacted data is a block of its own.
 * A Chat target written under a reasoning profile takes reasoning as the profile's deltas.
 */
import type { Profile } from "../_chat_reasoning.js";
import { type JsonObject } from "../_errors.js";
import { type Signing } from "../_reasoning_claude.js";
import { type Block } from "./_relay_blocks.js";
/** What of a RelayWriter its reasoning is written with (the writer's own state and helpers). */
export interface ReasoningHost {
    readonly dialect: string;
    readonly reasoning: string;
    readonly profile: Profile | null;
    readonly signing: Signing;
    readonly writes: ReadonlyMap<string, readonly unknown[]>;
    block(): Block | null;
    hasSlot(slot: string): boolean;
    loss(code: string, pointer: string, what: string): void;
    late(kind: string): boolean;
    text(kind: string, text: string, out: JsonObject[]): void;
    open(kind: string, out: JsonObject[], values?: JsonObject): Block;
    write(kind: string, values: JsonObject, out: JsonObject[]): void;
}
/** One reasoning_delta event as the target's events (or its losses). */
export declare function writeReasoning(w: ReasoningHost, event: JsonObject, out: JsonObject[]): void;
