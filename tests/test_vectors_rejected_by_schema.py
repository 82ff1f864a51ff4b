"""Invalid vectors marked `rejected_by: validate`: a block or field decode carries verbatim,
unread (a server tool block, a source, an extension field). The dialect's schema, as `toolwire
validate` applies it, finds an error at the vector's pointer; decode does not look inside. A
case decode does reject must say so (rejected_by decode, the default), so the marking stays true."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from toolwire_dialects import DIALECTS, DecodeError

from toolwire.spec.loader import load_spec
from toolwire.validation.backends import Validators

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_spec(ROOT / "schemas")
VALIDATORS = Validators(SPEC.documents, SPEC.registry)


def _cases() -> list[Any]:
    found = []
    for vf in SPEC.conversation_vectors:
        for case in vf.invalid:
            if case.get("rejected_by") == "validate":
                found.append((vf.dialect, case["shape"], case["wire"], case["pointer"], case["description"]))
    for vector in SPEC.vectors:
        for case in vector.cases:
            if case.get("error", {}).get("rejected_by") == "validate":
                found.append(
                    (vector.dialect, vector.shape, case["wire"], case["error"]["pointer"], case["description"])
                )
    return [pytest.param(*c[:4], id=f"{c[0]}/{c[1]}: {c[4]}") for c in found]


CASES = _cases()


def _pointers(errors: Iterable[Any]) -> set[str]:
    """Where each error sits (and each alternative's, inside anyOf/oneOf), as JSON Pointers."""
    out: set[str] = set()
    for error in errors:
        out.add("".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in error.absolute_path))
        out |= _pointers(error.context or ())
    return out


@pytest.mark.parametrize(("dialect", "shape", "wire", "pointer"), CASES)
def test_the_schema_rejects_it_at_the_pointer_and_decode_carries_it(
    dialect: str, shape: str, wire: Any, pointer: str
) -> None:
    validator = VALIDATORS.reference(SPEC.dialects[dialect].all_schemas()[shape]["$id"])
    found = _pointers(validator.iter_errors(wire))
    assert pointer in found, f"the schema's errors are at {sorted(found)}"
    try:
        getattr(DIALECTS[dialect], f"decode_{shape}")(copy.deepcopy(wire))
    except DecodeError as exc:
        pytest.fail(f"decode rejects it ({exc}): mark it rejected_by decode, pointer {exc.pointer}")


def test_there_are_such_cases_in_several_dialects() -> None:
    assert len({c.values[0] for c in CASES}) >= 3
