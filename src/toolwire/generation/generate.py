"""Render every target into memory, then write, check or diff the generated tree.

`--check`, `--diff` and the real run share one path: everything is rendered to a dict of
{relative path: bytes} first, so a failure anywhere leaves generated/ untouched.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from pathlib import Path

from toolwire.generation import ownership, tree_swap
from toolwire.ir.errors import GenerateError
from toolwire.spec.fingerprint import package_version, sha256, spec_hash, tool_versions
from toolwire.spec.model import Spec
from toolwire.spec.overlay import label
from toolwire.targets import REGENERATE, Target, load

__all__ = [
    "REGENERATE",
    "GenerateError",
    "Rendered",
    "manifest_path",
    "plan_changes",
    "render",
    "unified_diff",
    "write",
]

DEFAULT_TARGETS = ("python",)


@dataclass
class Rendered:
    files: dict[str, bytes]  # path relative to the output folder -> content


def manifest_path(target: str) -> str:
    """Where a target's MANIFEST sits below the output folder."""
    return f"{target}/MANIFEST.json"


def render(
    spec: Spec,
    templates: Path | None = None,
    package: str | None = None,
    targets: tuple[str, ...] | list[str] = DEFAULT_TARGETS,
) -> Rendered:
    """Every generated file of every target, in memory, each below its target's folder.
    `templates` is a folder of per-target template folders (its `python/` replaces the Python
    target's own); None uses the built-in ones. `package` names the generated package (None:
    each target's default)."""
    encoded: dict[str, bytes] = {}
    for name in targets:
        target = load(name)
        folder = target.templates(templates)
        ownership.refuse_special_files(folder)
        files = target.render(spec, folder, package or target.default_package)
        mine = {f"{target.name}/{path}": text.encode("utf-8") for path, text in files.items()}
        mine[manifest_path(target.name)] = _manifest(spec, target, folder, mine)
        encoded |= mine
    return Rendered(encoded)


def _manifest(spec: Spec, target: Target, templates: Path, files: dict[str, bytes]) -> bytes:
    # Every file of the schemas folder is an input, the notes beside the schemas (SOURCE.md) too;
    # an overlay's files by their folder's name; then the target's templates and runtime.
    every = {p.relative_to(spec.root).as_posix(): p for p in spec.root.rglob("*") if p.is_file()}
    merged = {**every, **spec.sources}
    inputs = {label(spec, path): sha256(path.read_bytes()) for _, path in sorted(merged.items())}
    inputs |= {name: sha256(path.read_bytes()) for name, path in target.inputs(templates).items()}
    manifest = {
        "_comment": f"DO NOT EDIT: written by `{REGENERATE}`; lists what it generated and from what.",
        "version": package_version(spec),
        "spec_sha256": spec_hash(spec),
        "tools": tool_versions() | target.tool_versions(),
        "inputs": inputs,
        "outputs": {path: sha256(data) for path, data in sorted(files.items())},
    }
    return (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode("utf-8")


# Folders that tools put beside a package (caches, npm's installs, a wheel build's copies):
# never toolwire's outputs, even where they hold copies of them.
BESIDE_A_PACKAGE = frozenset({"__pycache__", "node_modules", "build", "dist"})


def _previous_outputs(out: Path, tops: set[str]) -> set[str]:
    """What an earlier run generated: each top folder's manifest list, and every file that says
    it was generated (a tree an older toolwire left half-written lists only part of it)."""
    found: set[str] = set()
    for top in sorted(tops):
        manifest = manifest_path(top)
        listed = ownership.listed_outputs(out, manifest)
        found |= set(listed) | ({manifest} if listed else set())
        target = _target_of(top)
        if target is None or not (out / top).is_dir():
            continue
        for path in sorted((out / top).rglob("*")):
            if (
                path.suffix in target.marked_suffixes
                and not BESIDE_A_PACKAGE.intersection(path.parts)
                and ownership.says_generated(path, target.marker)
            ):
                found.add(path.relative_to(out).as_posix())
    return found


def _target_of(top: str) -> Target | None:
    try:
        return load(top)
    except KeyError:
        return None


def _tops(rendered: Rendered) -> set[str]:
    return {path.split("/", 1)[0] for path in rendered.files}


def plan_changes(rendered: Rendered, out: Path) -> tuple[dict[str, bytes], list[str]]:
    """Files to write (new or changed, by their bytes) and stale files to remove (generated
    earlier only)."""
    changed = {}
    for path, data in rendered.files.items():
        if ownership.read_regular(out / path) != data:
            changed[path] = data
    tops = _tops(rendered)
    previous = {p for p in _previous_outputs(out, tops) if p.split("/", 1)[0] in tops and ".." not in p.split("/")}
    stale = sorted(p for p in previous - set(rendered.files) if (out / p).is_file())
    return changed, stale


def unified_diff(rendered: Rendered, out: Path) -> str:
    changed, stale = plan_changes(rendered, out)
    chunks: list[str] = []
    for path, data in changed.items():
        old = (ownership.read_regular(out / path) or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = data.decode("utf-8").splitlines(keepends=True)
        chunks.extend(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}"))
    for path in stale:
        old = (ownership.read_regular(out / path) or b"").decode("utf-8", "replace").splitlines(keepends=True)
        chunks.extend(difflib.unified_diff(old, [], f"a/{path}", "/dev/null"))
    return "".join(chunk if chunk.endswith("\n") else chunk + "\n" for chunk in chunks)


def write(rendered: Rendered, out: Path) -> tuple[int, int]:
    """Replace each top folder of the output (python/, one per target) as a whole: a run killed at any point
    leaves the old tree or the new one, and the next run cleans up after it (tree_swap).
    GenerateError, before anything is written, when a file to replace or remove is not toolwire's
    or a top folder is a symlink (ownership)."""
    out.mkdir(parents=True, exist_ok=True)
    with tree_swap.locked(out):
        tree_swap.recover(out)
        changed, stale = plan_changes(rendered, out)
        tops = sorted({path.split("/", 1)[0] for path in [*changed, *stale]})
        listed = {p: h for top in tops for p, h in ownership.listed_outputs(out, manifest_path(top)).items()}
        problems = [
            f"{out / top}: a symlink; toolwire writes only inside {out}" for top in tops if (out / top).is_symlink()
        ]
        problems += ownership.refusals(out, [*changed, *stale], listed) if not problems else []
        if problems:
            raise GenerateError(f"refusing to write {out}: {len(problems)} path(s) toolwire does not own", problems)
        try:
            for top in tops:
                inside = top + "/"
                tree_swap.replace_tree(
                    out,
                    top,
                    {p.removeprefix(inside): d for p, d in changed.items() if p.startswith(inside)},
                    {p.removeprefix(inside) for p in stale if p.startswith(inside)},
                )
        except OSError:
            tree_swap.recover(out)  # a full disk, say: the old tree stays
            raise
    return len(changed), len(stale)
