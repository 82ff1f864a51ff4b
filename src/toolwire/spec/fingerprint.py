"""What identifies a spec and the toolkit that generated from it (MANIFEST, package versions)."""

from __future__ import annotations

import hashlib
from importlib import metadata

from toolwire.spec.model import Spec


def tool_versions() -> dict[str, str]:
    versions = {}
    for dist in ("toolwire", "datamodel-code-generator", "jinja2"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "unknown"
    return versions


def spec_hash(spec: Spec) -> str:
    """One hash of every spec file's path and content: what the generated package was made from."""
    digest = hashlib.sha256()
    for rel, path in sorted(spec.sources.items()):
        digest.update(f"{rel}\0{sha256(path.read_bytes())}\n".encode())
    return digest.hexdigest()


def package_version(spec: Spec) -> str:
    """The generated package's version: the toolkit's, with the spec's hash as local label, so
    two packages generated from different specs never share a version."""
    return f"{tool_versions()['toolwire']}+spec.{spec_hash(spec)[:12]}"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
