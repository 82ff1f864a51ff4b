"""`toolwire validate`: check captured provider payloads against the schemas.

Modules, one job each: inputs (reading records), backends (parsing, compiled validators),
detect (which dialect and kind), drift (undescribed fields), explain (reference errors),
engine (one record -> Result, the pure function), report (formats, summary), runner (units,
worker processes), progress, command (the click command).
"""

from toolwire.validation.engine import Engine, Finding, Options, Result, validate_record

__all__ = ["Engine", "Finding", "Options", "Result", "validate_record"]
