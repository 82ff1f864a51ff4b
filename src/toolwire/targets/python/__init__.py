"""The Python target: the `toolwire_dialects` package, its pydantic models and its suite."""
