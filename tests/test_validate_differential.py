"""The fast validator (jsonschema-rs) and the reference (jsonschema) agree on every verdict:
every vector's wire value, every corpus payload and generated instances, against every schema.

Generated instances come from hypothesis-jsonschema (valid by construction, per schema) and
from mutations of them (a key dropped, a value replaced), so both verdicts are exercised.
"""

from __future__ import annotations

import copy
import functools
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolwire.spec import fast_schema
from toolwire.spec.loader import load_spec
from toolwire.validation.backends import Validators, loads
from toolwire.validation.detect import targets
from toolwire.validation.inputs import plan
from toolwire.validation.reader import Reader

pytestmark = pytest.mark.skipif(not fast_schema.available, reason="jsonschema-rs (extra 'fast') not installed")

REPO = Path(__file__).resolve().parents[1]
SPEC = load_spec(REPO / "schemas")
TARGETS = targets(SPEC)
IDS = [t.label for t in TARGETS]


def _corpus() -> Path | None:
    configured = os.environ.get("TOOLWIRE_CORPUS")
    folder = Path(configured) if configured else REPO.parent / "shared" / "corpus"
    return folder if folder.is_dir() else None


@pytest.fixture(scope="module")
def validators() -> Validators:
    v = Validators(SPEC.documents, SPEC.registry, fast=True)
    assert v.backend == "jsonschema-rs"
    return v


def assert_agree(validators: Validators, value: Any, what: str, only: Any = None) -> None:
    for target in [only] if only else TARGETS:
        fast = validators.fast(target.schema_id).is_valid(value)
        reference = validators.reference(target.schema_id).is_valid(value)
        assert fast == reference, (
            f"{what} against {target.label}: jsonschema-rs says {fast}, jsonschema says {reference}"
        )


def test_vectors(validators: Validators) -> None:
    count = 0
    for vector in SPEC.vectors:
        for case in vector.cases:
            assert_agree(validators, case["wire"], f"{vector.path.name}: {case['description']}")
            for target in case.get("to", {}).values():
                if target["wire"] is not None:
                    assert_agree(validators, target["wire"], f"{vector.path.name}: {case['description']} (converted)")
            count += 1
    assert count


@pytest.mark.skipif(_corpus() is None, reason="corpus not found")
def test_corpus(validators: Validators) -> None:
    corpus = _corpus()
    assert corpus is not None
    files = sorted(str(p) for p in corpus.rglob("*") if p.suffix in (".json", ".jsonl"))
    count = 0
    for unit in plan(files, 1 << 30):
        for record in Reader(unit, max_bytes=1 << 26, split_arrays=False):
            assert record.data is not None
            assert_agree(validators, loads(record.data), f"{record.path}:{record.line}")
            count += 1
    assert count


# -- generated instances -------------------------------------------------------------------------


_CONDITIONALS = ("if", "then", "else", "not", "dependentSchemas")


def _inline(schema: Any, resolver: Any, seen: tuple[int, ...] = ()) -> Any:
    """The schema for generation: every $ref replaced by its target (hypothesis-jsonschema
    resolves no references across files), conditionals dropped (drawing under if/then/else
    is too slow) and sizes bounded, so instances land on both sides of the conditionals; the
    verdicts are then compared, not assumed."""
    if isinstance(schema, list):
        return [_inline(s, resolver, seen) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("$id", "$schema", "$defs", "title", "description", *_CONDITIONALS):
            continue
        if key == "$ref":
            resolved = resolver.lookup(value)
            if id(resolved.contents) in seen:
                return {}  # a recursive reference: unconstrained below this point
            out.setdefault("allOf", []).append(
                _inline(resolved.contents, resolved.resolver, (*seen, id(resolved.contents)))
            )
        elif key in ("properties", "patternProperties"):
            out[key] = {k: _inline(v, resolver, seen) for k, v in value.items()}
        elif key in ("const", "enum", "required", "type", "pattern"):
            out[key] = copy.deepcopy(value)
        else:
            out[key] = _inline(value, resolver, seen)
    # Small instances: only described keys, short arrays (extra keys are the mutations' job).
    if "properties" in out and "additionalProperties" not in out and "patternProperties" not in out:
        out["additionalProperties"] = False
    if "items" in out and "maxItems" not in out:
        out["maxItems"] = 3
    if list(out) == ["allOf"] and len(out["allOf"]) == 1:
        return out["allOf"][0]  # a bare $ref: its target
    return out


@functools.cache
def _strategy(target_id: str) -> st.SearchStrategy[Any] | None:
    from hypothesis_jsonschema import from_schema

    inlined = _inline(SPEC.documents[target_id], SPEC.registry.resolver(base_uri=target_id))
    try:
        return from_schema(inlined)
    except Exception:  # a construct hypothesis-jsonschema does not support
        return None


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def _mutate(data: st.DataObject, value: Any) -> Any:
    """Drop a key or replace a value somewhere in value (often making it invalid)."""
    value = copy.deepcopy(value)
    containers: list[Any] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict | list) and node:
            containers.append(node)
            for child in node.values() if isinstance(node, dict) else node:
                collect(child)

    collect(value)
    if not containers:
        return data.draw(JSON)
    node = data.draw(st.sampled_from(containers))
    key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
    if isinstance(node, dict) and data.draw(st.booleans()):
        del node[key]
    else:
        node[key] = data.draw(JSON)
    return value


@pytest.mark.parametrize("target", TARGETS, ids=IDS)
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_generated_instances(target: Any, data: st.DataObject, validators: Validators) -> None:
    pytest.importorskip("hypothesis_jsonschema")
    strategy = _strategy(target.schema_id)
    if strategy is None:
        pytest.skip(f"hypothesis-jsonschema cannot generate {target.label}")
    value = data.draw(strategy)
    assert_agree(validators, value, f"generated {target.label}", target)
    assert_agree(validators, _mutate(data, value), f"mutated {target.label}", target)


@settings(max_examples=100, deadline=None)
@given(value=JSON)
def test_arbitrary_json(value: Any, validators: Validators) -> None:
    assert_agree(validators, value, "arbitrary JSON")
