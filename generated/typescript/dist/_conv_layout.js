// DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/typescript/
// by `toolwire generate`.
/**
 * A dialect's conversation layout as plain data: where the turns, the system instructions,
 * the settings and the response fields are, how a turn holds its parts, and how each part is
 * spelled. The generated dialect modules build these from the mapping (dialect.json
 * `conversation`) as typed constants; the conversation runtime (_conv_decode, _conv_encode)
 * reads them. Pointers are arrays of keys; a list index is a key of digits.
 *
 * Python's NamedTuples are readonly interfaces here (the generated modules write object
 * literals, field by field); Python's MISSING (a setting without a required value) is a
 * field left out.
 */
export {};
