"""A reference validator whose findings follow the closest reading of if/then/else.

Standard if/then/else reports the else branch's errors whenever the `if` fails, so an object
meant for the then branch but with one wrong discriminator (type "functon") is blamed for
lacking what the else branch wants, at the object, not at the wrong field. Here a failing `if`
is weighed against the else branch: when forcing the then branch (the `if`'s own errors
included) is closer, by wrong places and then by errors, its errors are reported instead.
Validity never changes: the `if` failed, so the forced reading has errors too, and an else
without errors is still taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError


def places(errors: list[ValidationError]) -> int:
    """How many instance locations the errors blame (one wrong field often fails several keywords)."""
    return len({tuple(error.absolute_path) for error in errors})


def _closest_if(validator: Any, if_schema: Any, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    if validator.evolve(schema=if_schema).is_valid(instance):
        if "then" in schema:
            yield from validator.descend(instance, schema["then"], schema_path="then")
        return
    otherwise = list(validator.descend(instance, schema["else"], schema_path="else")) if "else" in schema else []
    if otherwise and "then" in schema:
        forced = [
            *validator.descend(instance, if_schema, schema_path="if"),
            *validator.descend(instance, schema["then"], schema_path="then"),
        ]
        if (places(forced), len(forced)) < (places(otherwise), len(otherwise)):
            otherwise = forced
    yield from otherwise


ClosestValidator: Any = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"if": _closest_if})
