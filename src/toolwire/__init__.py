"""toolwire: JSON Schemas and code generation for LLM tool calls across provider dialects."""

__version__ = "0.1.0"
