"""Layer 1, the spec: reading and checking the JSON Schemas, mappings and vectors (and the
JSON, pointer and schema helpers every layer above shares). Imports nothing above it."""
