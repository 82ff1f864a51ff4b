"""The one registry of the mapping vocabulary: every term of meta/dialect.schema.json and
meta/stream.schema.json, with the line that says what it means.

Key spelling: where the term is written, from its context (the mapping's root, `dialect` or
`stream`, or a vocabulary `$def`: `shape`, `variant`, `field`, `envelope`, `stream.rules[]`,
`stream.events[]`), `.name` for a property, `[]` for the elements of an array, `{}` for the
values of a map; a value term adds `=value` (`field.encoding=json_text`, `field.string=true`).
Other `$defs` (pointer, constants, values, the id policy) are written where they are used.

Term-valued enums (each value names behaviour the generator or runtime implements, and is a
term): field encodings, part-field encodings, schema profiles, fallbacks, the `string` forms of
content, part kinds (`parts[].canonical.type`), stream framings, rule roles and the JSON types of
an event kind's `types`: terms_walk.TERM_VALUED. Structural enums name things defined elsewhere
and are not terms: the shape of an envelope location (terms_walk.STRUCTURAL), and every
`propertyNames` (shape names, envelope kinds, canonical field names in tools_fields and
choice_fields). An enum in neither list makes the walk fail: each new one needs that decision.

A term no built-in mapping writes names the test that exercises it (`tested_by`) and why.
`python -m toolwire.ir.terms` prints docs/vocabulary.md (a test keeps the two equal).
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from toolwire.ir.terms_conversation import CONVERSATION_CONTEXTS, CONVERSATION_TERMS
from toolwire.ir.terms_walk import DIALECT_META, STREAM_META, mapping_usage, meta_schema_terms, spell, term_vectors
from toolwire.spec.model import Spec

__all__ = [
    "TERMS",
    "Term",
    "by_key",
    "ir_nodes",
    "mapping_usage",
    "meta_schema_terms",
    "render_markdown",
    "term_vectors",
]

# The contexts a key starts with, in the order docs/vocabulary.md lists them, and what they are.
CONTEXT_DOCS: Final[Mapping[str, str]] = {
    "dialect": "the root of a dialect.json",
    "shape": "one shape of `shapes` (tool_definition, tool_choice, tool_call, tool_result)",
    "variant": "one element of a shape's `variants`: a spelling of the shape on the wire",
    "field": "one canonical field of a variant's `fields`",
    "envelope": "one whole payload of `envelopes` (request, response, stream_event)",
    **CONVERSATION_CONTEXTS,
    "stream": "the root of a stream.json",
    "stream.rules[]": "one assembly rule of a stream.json",
    "stream.events[]": "one event kind of a stream.json's `events`",
}
_TEST_GENERATE = "tests/test_terms.py::test_spelling_out_a_default_changes_no_generated_code"
_TEST_TYPES = "tests/test_terms.py::test_event_kind_types_object_and_string_tell_events_apart"
_DEFAULT = "the default: built-in mappings say it by leaving the keyword out"


@dataclass(frozen=True)
class Term:
    """One vocabulary term: its key (see the module docstring) and what it means, in one line."""

    key: str
    doc: str
    tested_by: str = ""  # "tests/<file>.py::<test>", for a term no built-in mapping writes
    why: str = ""  # why tested_by stands in for the vectors
    no_ir: str = ""  # why no IR field carries it (a term only for readers or editors)

    @property
    def context(self) -> str:
        """The longest context the key starts with (`field.parts[].has` -> `field`)."""
        found = [c for c in CONTEXT_DOCS if self.key.startswith((c + ".", c + "="))]
        return max(found, key=len)

    @property
    def value(self) -> str | None:
        """The enum value of a value term (`field.encoding=id` -> `id`), else None."""
        return self.key.partition("=")[2] if "=" in self.key else None

    @property
    def meta_schema(self) -> str:
        return STREAM_META if self.context.startswith("stream") else DIALECT_META


T = Term
# One term per line, so that the registry reads as a table.
# fmt: off
_TOOL_TERMS: Final[tuple[Term, ...]] = (
    # --- dialect: the root of dialect.json ---
    T("dialect.$schema", "The meta-schema this mapping is written against (for editors); the loader checks every mapping against it regardless.", no_ir="editors only"),
    T("dialect.dialect", "The dialect's name: the generated module's name and every report's prefix; must equal its folder's name."),
    T("dialect.title", "The provider API's human name, used in the generated docstrings and as TITLE."),
    T("dialect.ids", "The id policy: which call ids the wire accepts; others go through the id map, missing ones are minted."),
    T("dialect.ids.pattern", "A regex every wire call id must match; a canonical id that does not is rewritten, reversibly, through the id map."),
    T("dialect.ids.why", "Why the provider restricts ids (the limit it enforces): documentation for readers of the mapping.", no_ir="documentation only"),
    T("dialect.ids.mint", "How a new id is made for a call that has none or whose id must be rewritten."),
    T("dialect.ids.mint.prefix", "The fixed start of a minted id (call_, toolu_)."),
    T("dialect.ids.mint.length", "How many random alphanumeric characters follow the prefix of a minted id (6 to 64)."),
    T("dialect.proto_json", "The wire is proto3 JSON: snake_case spellings and single values for repeated fields are read too and kept as forms."),
    T("dialect.shapes", "The tool shapes this dialect has, by canonical shape name; a shape left out is one the dialect cannot carry."),
    T("dialect.envelopes", "The whole payloads (request, response, stream_event) and where the shapes sit in them, for extract and inject."),
    # --- shape ---
    T("shape.schema", "The shape's wire JSON Schema file, beside dialect.json; models and validation come from it."),
    T("shape.variants", "The shape's wire spellings: decode takes the first whose constants match, encode the first carrying every present field."),
    T("shape.absent", "The canonical value the wire says by leaving the whole shape out: encoding it gives nothing and no loss."),
    T("shape.derivable", "Canonical fields the dialect omits because the other side can derive them (value: why); omitting them is no loss."),
    # --- variant ---
    T("variant.constants", "Wire values (pointer -> value) that identify the variant: required and equal on decode, written on encode."),
    T("variant.optional_constants", "Wire values a server may leave out but that must equal these when present; their absence is kept for the round trip."),
    T("variant.canonical", "Canonical field values this variant implies (tool_choice mode auto): set on decode, required to pick it on encode."),
    T("variant.closed", "The variant is recognised only when the value has no key it does not know (for a spelling with nothing else to go by)."),
    T("variant.equivalent", "Canonical values the variant says by having no field for them (strict false): no loss on encode, left out on decode."),
    T("variant.meaning", "What this spelling says beyond its canonical values; other dialects report it as a loss when converting."),
    T("variant.fields", "The canonical fields the variant carries, by canonical name, each with its wire pointer and encoding."),
    # --- field ---
    T("field.pointer", 'The JSON Pointer of the field in the wire value ("" is the value itself).'),
    T("field.encoding", "How the canonical value is spelled on the wire (default value); each encoding has one decoder and one encoder."),
    T("field.encoding=value", "The value is copied as is, checked against the canonical field's type."),
    T("field.encoding=id", "A call id under the dialect's id policy: rewritten through the id map when it does not fit, minted when optional and absent."),
    T("field.encoding=json_text", "An arguments object carried as JSON text: parsed on decode (never repaired), serialised on encode."),
    T("field.encoding=object", "An arguments object carried as a JSON object."),
    T("field.encoding=object_or_json_text", "An arguments object the wire sends either as an object or as JSON text; the form received is kept."),
    T("field.encoding=parameters", "A JSON Schema of parameters, adapted to and from the field's schema_profile."),
    T("field.encoding=negated", "A boolean carried inverted (Anthropic's disable_parallel_tool_use is canonical parallel's negation)."),
    T("field.encoding=single_name", "A list of exactly one tool name carried as one string; more names cannot be carried."),
    T("field.encoding=name_list", "A list of tool names carried as a list of objects, each name at the field's item pointer."),
    T("field.encoding=string_list", "A list of tool names carried as a list of strings."),
    T("field.encoding=content", "Result content carried as wire blocks spelled by parts, or as one string where `string` allows."),
    T("field.encoding=result_object", "Result content and error flag carried as one JSON object, under output_key and error_key."),
    T("field.optional", "The wire may leave the field out; on json_text, a call without argument text is one without arguments ({}), kept absent."),
    T("field.default", "The canonical value an absent wire field means; encode leaves the field out when the value equals it."),
    T("field.values", "[canonical, wire] pairs for an enumeration spelled differently; a value not listed cannot be carried (a loss)."),
    T("field.aliases", "Other pointers the wire may use for the field: decode reads the first present, encode keeps the spelling it came with."),
    T("field.aliases[].pointer", "Where an alias spelling of the field sits in the wire value."),
    T("field.aliases[].schema_profile", "The schema language of a parameters field spelled under this alias (Gemini's /parameters speaks openapi_subset)."),
    T("field.strict_mode_field", "parameters only: the canonical boolean field whose true value switches the schema to OpenAI's strict-mode profile (openai_chat: strict)."),
    T("field.schema_profile", "Which schema language a parameters field speaks (default json_schema); the encoder adapts to it and reports each change."),
    T("field.schema_profile=json_schema", "JSON Schema as is: the schema passes through unchanged both ways.", _TEST_GENERATE, _DEFAULT),
    T("field.schema_profile=openapi_subset", "Gemini's OpenAPI 3.0 subset: $refs inlined, unions to nullable/anyOf, const to enum; unsayable keywords dropped and reported."),
    T("field.schema_profile=openai_json_schema", "JSON Schema as OpenAI takes it: every object states properties; strict is sent true only for a strict-mode-valid schema."),
    T("field.non_empty", "The wire rejects an empty string here: encode leaves an empty value out and reports it."),
    T("field.empty_error_text", "content only: the wire refuses an error result without content; one is sent with this text as its content, reported."),
    T("field.empty_means_absent", "string_list, optional: [] means the field left out; decoding [] gives it absent with the form kept, so encode sends [] again."),
    T("field.otherwise", "values: the wire value sent for a canonical value the table lacks, or for none; reported."),
    T("field.from_status", "values, with otherwise: [canonical, HTTP status] pairs; a wire value the table lacks is read as the category of the body's own status (its status field, before it), still kept whole."),
    T("field.fallback", "Where a missing canonical value is taken from before the field counts as absent."),
    T("field.fallback=call_name", "A result's missing name is the name of the call it answers, from the id map; unknown, a loss (optional: left out, unless the result names no call id either; required: the result is not sent)."),
    T("field.no_arguments_text", "json_text only: texts servers send for a call without arguments; they decode to {} and keep their spelling."),
    T("field.item", "name_list only: how each list element holds its name, and the element's constants."),
    T("field.item.pointer", "name_list only: where the name sits in each list element."),
    T("field.item.constants", "name_list only: wire values every list element has (checked on decode, written on encode)."),
    T("field.item.custom", "name_list only: how an element naming a custom (freeform) tool is spelled (pointer, constants); its names are the canonical choice's custom_names too."),
    T("field.item.custom.pointer", "name_list only: where the name sits in an element naming a custom tool."),
    T("field.item.custom.constants", "name_list only: wire values an element naming a custom tool has."),
    T("field.output_key", "result_object only: the key of the object that holds the result's output."),
    T("field.error_key", "result_object only: the key that holds error details; its presence means is_error."),
    T("field.string", "content only: whether the wire takes a plain string for content instead of blocks (true, false, or only)."),
    T("field.string=true", "A plain string is accepted too (one text part); a single text part is encoded as a string unless it came as blocks."),
    T("field.string=false", "Blocks only: a plain string is not this field's content and is refused on decode.", _TEST_GENERATE, _DEFAULT),
    T("field.string=only", "Nothing but a string: text parts are joined, JSON parts sent as their text, other parts lost; each reported."),
    T("field.object", "content only: one JSON object is the whole content too (Interactions' function_result result): decoded, one json part; one json part holding an object is encoded as that object."),
    T("field.media", "result_object only: where the wire keeps the result's media beside its object (Gemini's functionResponse.parts), each block spelled as one of the field's parts; decoded after the object's parts, encoded there (a wire block of the dialect's own too)."),
    T("field.structured", "content only: a key beside the content blocks holding the result's structured value (MCP structuredContent); canonically a json part, in the place of the text block that repeats its JSON text (else after the blocks, form apart); encode writes the first json part there, with its JSON text as a block unless it came apart."),
    T("field.parts", "content only: how each canonical part kind is spelled as a wire block; a part without constants is known by its fields' keys."),
    T("field.parts[].canonical", "The canonical part this wire block is: its type."),
    T("field.parts[].canonical.type", "The canonical part kind the block carries (text, json or image)."),
    T("field.parts[].canonical.type=text", "A text part: {type: text, text}."),
    T("field.parts[].canonical.type=json", "A JSON part: {type: json, json}, a structured value rather than text."),
    T("field.parts[].canonical.type=image", "An image part: {type: image} with media_type and data, or a url."),
    T("field.parts[].canonical.type=document", "A document part: {type: document} with media_type and data, a url, or text; name its title or file name."),
    T("field.parts[].constants", "Wire values the block must have to be this part (its type tag), written on encode."),
    T("field.parts[].has", "Keys the block must have too, when two parts share their constants (OpenAI's input_image: image_url or file_id)."),
    T("field.parts[].fields", "The canonical part's fields, by name, each with its pointer into the block."),
    T("field.parts[].fields{}.pointer", "Where this part field sits in the wire block."),
    T("field.parts[].fields{}.values", "[canonical, wire] pairs for a part field spelled differently (Bedrock's image format: png for image/png)."),
    T("field.parts[].fields{}.encoding", "How the part field is spelled (default value)."),
    T("field.parts[].fields{}.wire_type", "The JSON type(s) the wire value must have for the block to be this part (Mistral's image_url: a string, not its {url, detail} object); a json part of another type is sent as JSON text, reported."),
    T("field.parts[].fields{}.encoding=value", "The part field is copied as is.", _TEST_GENERATE, _DEFAULT),
    T("field.parts[].fields{}.encoding=data_url", "The field data is a data:<media_type>;base64,<data> URL carrying media_type and data; only such a value is this part."),
    # --- envelope ---
    T("envelope.schema", "The whole payload's JSON Schema file, beside dialect.json; validate and extract check against it."),
    T("envelope.closed", "extract() refuses root keys the envelope schema does not name (the provider's clients do), so no foreign payload reads as empty; or, given paths, the keys an object there has that the schema names nowhere for it (a message's)."),
    T("envelope.checked", "Paths where no shape sits but extract() still checks the schema's types, required keys and enumerated values, to refuse a foreign payload."),
    T("envelope.locations", "Where each shape sits in the payload, with the conditions an element must meet to be it."),
    T("envelope.locations[].shape", "Which shape sits at this location."),
    T("envelope.locations[].path", "The location: a JSON Pointer in which * stands for every element of an array."),
    T("envelope.locations[].when", "Constants an element must have to be this shape (its type tag)."),
    T("envelope.locations[].has", "Keys an element must have to be this shape."),
    T("envelope.locations[].where", "Constants the whole payload must have for the location to apply (a JSON-RPC method)."),
    T("envelope.locations[].unless", "Constants that make an element not this shape although the rest matches (a server tool's call)."),
    T("envelope.finish_reason", "Where the payload says why the output stopped; * as in locations."),
    T("envelope.tools_fields", "Canonical tool_definition fields carried once for all tools (Cohere's strict_tools): extracted into each, injected when all agree."),
    T("envelope.choice_fields", "Canonical tool_choice fields carried beside the choice (parallel_tool_calls): extracted into it, injected back, removed with the tools."),
    # --- stream: the root of stream.json ---
    T("stream.$schema", "The meta-schema this stream mapping is written against (for editors); the loader checks every stream.json against it.", no_ir="editors only"),
    T("stream.dialect", "The dialect this stream mapping belongs to (its folder names it for the generator).", no_ir="the folder names the dialect"),
    T("stream.framing", "How emit_text frames events as text; feed_text reads either framing whatever this says."),
    T("stream.framing=sse", "Server-sent events: `data: <json>` blocks, with `event: <name>` lines when event_name is set."),
    T("stream.framing=ndjson", "Newline-delimited JSON: one event object per line."),
    T("stream.event_name", "sse only: the pointer, into each emitted event, of the name written on its `event:` line."),
    T("stream.done_sentinel", "sse only: the data line that ends the stream ([DONE]): feed_text skips it, emit_text writes it last."),
    T("stream.events", "Alternatives one of which every event must match (rule 10): tells this dialect's events from another dialect's."),
    T("stream.rules", "The assembly rules, in order; every event is offered to every rule (rule 1)."),
    T("stream.truncated", "Finish values that mean the output was cut off: every call still open becomes incomplete."),
    T("stream.stop_before_truncation", "The dialect stops a cut block before its truncated finish: with no call open, the last call is made incomplete too."),
    T("stream.no_arguments_text", "For calls carried as objects but streamed as text: argument texts that mean no arguments, {}."),
    T("stream.emit", "What emit() adds around the events of the rules marked for emission."),
    T("stream.emit.before", "Events emitted first, as they are (Anthropic's message_start)."),
    T("stream.emit.after", "Events emitted last, as they are (Anthropic's message_stop)."),
    T("stream.emit.finish", "The finish value emitted when the caller gives none and every call is complete."),
    T("stream.emit.key_prefix", "Keys are item ids: an emitted call without its own key gets this prefix plus its index (else keys are indexes)."),
    T("stream.emit.sequence", "The pointer, in every emitted event, of its sequence number 0, 1, 2, ... (Responses' sequence_number)."),
    # --- stream.rules[]: one assembly rule ---
    T("stream.rules[].role", "What the rule's items do to the calls being assembled."),
    T("stream.rules[].role=delta", "An OpenAI-style item with key, id, name and fragment: starts a call (rules 3, 4) or continues the one at its key."),
    T("stream.rules[].role=start", "Opens a new call at its key with its id and name, and an optional first fragment or arguments."),
    T("stream.rules[].role=fragment", "Appends argument text to the call at its key, or replaces it with the complete text (full)."),
    T("stream.rules[].role=stop", "Completes the call at its key; a stop for no open call, or a second one, is ignored (rule 5)."),
    T("stream.rules[].role=call", "A whole call, decoded with the dialect's decode_tool_call; with a key it replaces the call at that key."),
    T("stream.rules[].role=json_path_args", "Vertex AI partialArgs: typed values at JSONPaths, strings continued across items, building the latest call's arguments."),
    T("stream.rules[].role=finish", "The finish value (why the message ended); a truncated one makes the open calls incomplete."),
    T("stream.rules[].role=skip", "A server-side tool's block: its key is held until its stop so its text is not stray; a note names it, no call comes out."),
    T("stream.rules[].role=error", "An error event (rule 11): a finding with the provider's message and code; the stream ends, open calls incomplete."),
    T("stream.rules[].event", "Constants the whole event must hold for the rule to apply (its type)."),
    T("stream.rules[].path", 'Where the rule\'s items sit in the event: a pointer with * for every array element (default "", the event).'),
    T("stream.rules[].when", "Constants each item must hold; rules with the same event and path are alternatives, first match wins."),
    T("stream.rules[].has", "Pointers each item must hold, with any value."),
    T("stream.rules[].key", "The item's call key (an index or item id), relative to the item."),
    T("stream.rules[].event_key", "The call key relative to the event, for events whose items sit below the key (Cohere, Anthropic, Bedrock)."),
    T("stream.rules[].id", "The call id (the one results answer), relative to the item."),
    T("stream.rules[].name", "The tool name, relative to the item."),
    T("stream.rules[].fragment", "A piece of argument JSON text, relative to the item, appended to the call's text."),
    T("stream.rules[].arguments", "start only: arguments the item already carries; they stand unless argument text follows, which must not contradict them."),
    T("stream.rules[].full", "The complete argument text so far, relative to the item; it replaces what arrived."),
    T("stream.rules[].partial_args", "json_path_args only: the list of {jsonPath, typed value, willContinue} items, relative to the item."),
    T("stream.rules[].continues", "A boolean, relative to the item: unless true, the call is stopped after this item (Vertex's willContinue)."),
    T("stream.rules[].finish", "finish only: the finish value, relative to the item; null means not finished yet."),
    T("stream.rules[].message", "error only: the provider's error message, relative to the item (written as JSON when not a string)."),
    T("stream.rules[].code", "error only: the provider's error code or type, relative to the item."),
    T("stream.rules[].alt_message", "error only: where the message sits when `message` holds no string (a nested error.message), relative to the item."),
    T("stream.rules[].alt_code", "error only: where the code sits when `code` is absent (a nested error.code), relative to the item."),
    T("stream.rules[].position", "The event's output position of the call (output_index): emit writes the index; assembly finds the call there when an item has no key."),
    T("stream.rules[].as_call", "start and delta only: the item is the dialect's tool_call wire shape, so the call decodes from it with its extensions."),
    T("stream.rules[].custom", "as_call only: the call is an OpenAI custom tool's, its text plain input at the rule's name and fragment pointers; relayed by custom_* writes."),
    T("stream.rules[].drop", "as_call and call rules: stream-only keys of the item removed before the call is decoded (index, willContinue)."),
    T("stream.rules[].emit", "Marks the rule for emission, with the constants (relative to the event) emit() writes into its events."),
    # --- stream.events[]: one event kind ---
    T("stream.events[].has", "Pointers the event holds, with any value."),
    T("stream.events[].types", "Pointers the event holds, each with the JSON type its value must have."),
    T("stream.events[].types{}=array", "The value at the pointer is a JSON array."),
    T("stream.events[].types{}=object", "The value at the pointer is a JSON object.", _TEST_TYPES, "no built-in events term asks for an object"),
    T("stream.events[].types{}=string", "The value at the pointer is a JSON string.", _TEST_TYPES, "no built-in events term asks for a string"),
    T("stream.events[].in", "Pointers whose value must be one of these strings (the event types the dialect sends)."),
    T("stream.events[].match", "Pointers whose whole string value must match this regular expression."),
    # --- stream.relay: canonical stream events both ways, for convert_stream ---
    T("stream.relay", "How the events carry canonical stream events (text, reasoning, calls, finish, usage), read and written, for convert_stream."),
    T("stream.relay.reads", "What the events carry besides calls and finish; rules with the same event and path are alternatives, first match wins."),
    T("stream.relay.reads[].kind", "The canonical event the read's items give."),
    T("stream.relay.reads[].kind=start", "The message start: its id and model, read from the stream's first event only."),
    T("stream.relay.reads[].kind=text", "A text delta: the string at `text` (an empty one gives nothing)."),
    T("stream.relay.reads[].kind=reasoning", "A reasoning delta (thinking, a reasoning summary, a tool plan): the string at `text`."),
    T("stream.relay.reads[].kind=signature", "An opaque reasoning signature or encrypted content at `text`: only the same dialect replays it."),
    T("stream.relay.reads[].kind=redacted", "Redacted reasoning at `text` (Anthropic's redacted_thinking data, Bedrock's redactedContent): opaque, replayed only where a signature of its source replays."),
    T("stream.relay.reads[].kind=refusal", "A refusal delta: the model's refusal text at `text` (OpenAI's refusal), carried only where the target has one."),
    T("stream.relay.reads[].kind=finish_detail", "The detail that tells apart the finish reasons one finish value spells (Responses' incomplete_details.reason), at `text`: the finish is read as the dialect.json finish_reason detail says."),
    T("stream.relay.reads[].kind=citation", "A citation on the text (Anthropic's citations_delta, Bedrock's delta citation) at `text`: not relayed yet, one loss per stream."),
    T("stream.relay.reads[].kind=usage", "Token counts: canonical usage field -> pointer; later counts of a field replace earlier ones."),
    T("stream.relay.reads[].event", "Constants the whole event must hold for the read to apply (its type)."),
    T("stream.relay.reads[].path", 'Where the read\'s items sit in the event: a pointer with * for every array element (default "", the event).'),
    T("stream.relay.reads[].when", "Constants each item of the read must hold."),
    T("stream.relay.reads[].has", "Pointers each item of the read must hold, with any value."),
    T("stream.relay.reads[].text", "text, reasoning, refusal and signature reads: the string, relative to the item."),
    T("stream.relay.reads[].id", "start reads: the message id, relative to the item."),
    T("stream.relay.reads[].model", "start reads: the model, relative to the item."),
    T("stream.relay.reads[].usage", "usage reads: canonical usage field -> the pointer of its integer, relative to the item."),
    T("stream.relay.stop_means_calls", "The dialect ends a message with calls with its plain stop value: read after calls, it is the canonical tool_calls."),
    T("stream.relay.whole_response", "Where a whole (non-streaming) response holds its message whole where an event holds a delta: such a body given as a stream is refused, not read as empty."),
    T("stream.relay.whole_response.path", "Where the items sit in the event: a pointer with * for every array element."),
    T("stream.relay.whole_response.whole", "The key of an item's whole message (a response's)."),
    T("stream.relay.whole_response.delta", "The key of an item's delta (a stream event's)."),
    T("stream.relay.item_ids", "Prefixes of the ids the events name blocks by (text, reasoning, refusal, call): the item_id slot is prefix + block position."),
    T("stream.relay.error", "The error event both ways: `read` builds the dialect's error body from its error event (decoded as the shape error), `write` the templates its encoded error body is written into (first whose `when` holds)."),
    T("stream.relay.error.read", "Ways to read the error event as the dialect's error body: the first whose `has` pointers the event holds."),
    T("stream.relay.error.read[].has", "Pointers the error event must hold for this read."),
    T("stream.relay.error.read[].copy", "Body pointer -> event pointer: the event's values copied into the error body (\"\" the whole)."),
    T("stream.relay.error.read[].constants", "Body pointer -> value: constants the error body takes (Bedrock's __type by the exception's name)."),
    T("stream.relay.error.write", "The error event templates: the first whose `when` the encoded error body holds is written (else the last, the kind a loss)."),
    T("stream.relay.error.write[].event", "The error event as written, before its sets."),
    T("stream.relay.error.write[].when", "Constants the encoded error body must hold for this template (taken: no loss for them)."),
    T("stream.relay.error.write[].set", "Event pointer -> body pointer (or `sequence`); a body value no pointer takes is error.detail_dropped."),
    T("stream.relay.writes", "Per canonical event kind (each, start, text_open ... refusal_close, call_open ... call_close, finish, usage, end), the templates written."),
    T("stream.relay.writes{}[].event", "The event as written, before its sets (constants the target requires stay as given)."),
    T("stream.relay.writes{}[].set", "Pointer -> slot: where the event takes a value of the relay's state; a slot with no value leaves the pointer out."),
    T("stream.relay.writes{}[].cases", "finish templates: canonical finish reason -> constants overlaid (Responses' response.incomplete); one not listed is a loss."),
    T("stream.relay.writes{}[].set{}=id", "The message id (from the source's start; the template's constant when it has none)."),
    T("stream.relay.writes{}[].set{}=model", "The model (from the source's start; the template's constant when it has none)."),
    T("stream.relay.writes{}[].set{}=block", "The open block's position among all blocks of the message, from 0 (Anthropic's index, Responses' output_index)."),
    T("stream.relay.writes{}[].set{}=kind_index", "The open block's position among the blocks of its kind, from 0 (Cohere's content and tool-call indexes)."),
    T("stream.relay.writes{}[].set{}=item_id", "The open block's item id: its kind's item_ids prefix plus its block position."),
    T("stream.relay.writes{}[].set{}=sequence", "The written event's number in the stream, from 0 (Responses' sequence_number)."),
    T("stream.relay.writes{}[].set{}=call_index", "The call's position among the message's calls, from 0 (Chat's tool_calls index)."),
    T("stream.relay.writes{}[].set{}=call_id", "The call's id, through the target's id policy and the relay's id map (minted when the source has none)."),
    T("stream.relay.writes{}[].set{}=name", "The call's tool name."),
    T("stream.relay.writes{}[].set{}=arguments_delta", "One fragment of the call's argument text, as it came."),
    T("stream.relay.writes{}[].set{}=arguments", "The call's whole argument text (held while the call is open)."),
    T("stream.relay.writes{}[].set{}=call", "The whole call as the target's wire tool_call (encode_tool_call), for targets that stream calls whole."),
    T("stream.relay.writes{}[].set{}=text", "One text or reasoning delta, as it came."),
    T("stream.relay.writes{}[].set{}=text_so_far", "The open block's whole text so far (held while it is open, for done events that repeat it)."),
    T("stream.relay.writes{}[].set{}=signature", "The reasoning block's opaque signature or encrypted content, when it is the target's own."),
    T("stream.relay.writes{}[].set{}=data", "Redacted reasoning's opaque data (a redacted block of its own), when the target replays its source's signatures."),
    T("stream.relay.writes{}[].set{}=caller", "The call's caller (Anthropic's programmatic tool calling), when the source is the target's own dialect."),
    T("stream.relay.writes{}[].set{}=finish_reason", "The finish reason as the target spells it (finish_reason_out; the wire value itself in a same-dialect relay)."),
    T("stream.relay.writes{}[].set{}=usage.input_tokens", "Usage: input tokens."),
    T("stream.relay.writes{}[].set{}=usage.output_tokens", "Usage: output tokens."),
    T("stream.relay.writes{}[].set{}=usage.total_tokens", "Usage: total tokens."),
    T("stream.relay.writes{}[].set{}=usage.cached_input_tokens", "Usage: input tokens read from a cache."),
    T("stream.relay.writes{}[].set{}=usage.cache_write_input_tokens", "Usage: input tokens written to a cache."),
    T("stream.relay.writes{}[].set{}=usage.tool_input_tokens", "Usage: input tokens of tool-use prompts."),
    T("stream.relay.writes{}[].set{}=usage.reasoning_tokens", "Usage: reasoning (thinking) tokens."),
)
# fmt: on
TERMS: Final[tuple[Term, ...]] = _TOOL_TERMS + tuple(T(*fields) for fields in CONVERSATION_TERMS)
del T


def by_key() -> dict[str, Term]:
    return {term.key: term for term in TERMS}


def _enum_types(hint: object) -> list[type[enum.Enum]]:
    """The Enum classes a field's type names, through `X | None`, Optional, tuple[X, ...]."""
    if isinstance(hint, type):
        return [hint] if issubclass(hint, enum.Enum) else []
    return [e for arg in typing.get_args(hint) for e in _enum_types(arg)]


def ir_nodes(modules: Iterable[types.ModuleType]) -> dict[str, list[str]]:
    """Term key -> the IR dataclass fields (`module.Class.field`) that implement it.

    An IR field binds terms by `dataclasses.field(metadata=nodes.term(key, ...))`; when the field's
    type is an Enum (or `Enum | None`, `tuple[Enum, ...]`), each member binds the value term
    `key=member.value` too, so an IR `Encoding` enum answers for every `field.encoding=...`.
    """
    out: dict[str, list[str]] = {}
    for module in modules:
        for name, obj in sorted(vars(module).items()):
            if not (isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__):
                continue
            hints = typing.get_type_hints(obj)
            for f in dataclasses.fields(obj):
                keys = f.metadata.get("term", ())
                where = f"{module.__name__}.{name}.{f.name}"
                for key in (keys,) if isinstance(keys, str) else keys:
                    out.setdefault(key, []).append(where)
                    for enum_type in _enum_types(hints.get(f.name)):
                        for member in enum_type:
                            out.setdefault(f"{key}={spell(member.value)}", []).append(where)
    return out


def _dialects_cell(names: list[str], every: set[str]) -> str:
    if not names:
        return "(none)"
    if set(names) == every:
        return "all"
    return ", ".join(names)


def render_markdown(spec: Spec) -> str:
    """docs/vocabulary.md: a table per context of every term, its meaning and the dialects using it."""
    usage = mapping_usage(spec)
    dialect_names = set(spec.dialects)
    stream_names = {name for name, d in spec.dialects.items() if d.stream is not None}
    lines = [
        "# The mapping vocabulary",
        "",
        "Every term of `schemas/meta/dialect.schema.json` and `schemas/meta/stream.schema.json`, from the",
        "registry `toolwire.ir.terms` (this file is its output: `python -m toolwire.ir.terms`, and a test",
        "keeps the two equal). A key says where the term is written: `.name` a property, `[]` each array",
        "element, `{}` each map value, `=value` a value of a term-valued enum. *Dialects* are the built-in",
        'mappings that write the term ("all": every dialect, or every one with a stream.json); their',
        "vector files exercise it.",
    ]
    for context, about in CONTEXT_DOCS.items():
        every = stream_names if context.startswith("stream") else dialect_names
        lines += ["", f"## `{context}`: {about}", "", "| term | meaning | dialects |", "| --- | --- | --- |"]
        for term in TERMS:
            if term.context != context:
                continue
            doc = term.doc.replace("|", "\\|")
            if term.tested_by:
                doc += f" (tested by `{term.tested_by}`: {term.why})"
            lines.append(f"| `{term.key}` | {doc} | {_dialects_cell(usage.get(term.key, []), every)} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    from toolwire.spec.builtin import builtin_folder
    from toolwire.spec.loader import load_spec

    sys.stdout.write(render_markdown(load_spec(builtin_folder("schemas"))))


if __name__ == "__main__":
    main()
