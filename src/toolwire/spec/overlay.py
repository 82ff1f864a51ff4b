"""The layered spec: a base spec folder (the built-in one by default) with overlay folders on top.

Layering is file by file by relative path, a later folder winning, so an overlay adds a dialect
or replaces one built-in file without copying the rest. load_spec reads the merged
{relative path: file} map, so every problem names the user's real file; overlay paths are kept
as given (relative to the working directory, as the configuration resolves them).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from toolwire.spec.files import spec_files
from toolwire.spec.loader import load_spec
from toolwire.spec.model import Spec, SpecError


def layered_files(base: Path, overlays: Sequence[Path] = ()) -> dict[str, Path]:
    """{relative path: file} of the base folder with each overlay laid over it in order."""
    root = base.resolve()
    missing = [f"{folder}:1: /: overlay folder not found" for folder in overlays if not folder.is_dir()]
    # An overlay holding the base (`/`, a parent folder) would list the base's files again under
    # other names, and everything else below it besides: never walked.
    missing += [
        f"{folder}:1: /: overlay folder holds the schemas folder {base}; expected a folder of its own"
        for folder in overlays
        if folder.is_dir() and root.is_relative_to(folder.resolve())
    ]
    if missing:
        raise SpecError(missing)
    files = spec_files(root)
    for folder in overlays:
        files.update(spec_files(folder))
    return files


def load_layered(base: Path, overlays: Sequence[Path] = ()) -> Spec:
    """load_spec of the layered view; without overlays exactly load_spec(base)."""
    if not overlays:
        return load_spec(base)
    if not base.is_dir():
        return load_spec(base)  # its "schemas folder not found"
    return load_spec(base, layered_files(base, overlays))


def layer_of(rel: str, path: Path) -> Path:
    """The folder a layered file comes from: path with rel's parts taken off."""
    return path.parents[len(PurePosixPath(rel).parts) - 1]


def _under(path: Path, folder: Path) -> bool:
    return path.is_relative_to(folder)


def shown_path(spec: Spec, path: Path) -> str:
    """A spec file as problems name it: below the base's parent folder, or an overlay's as given."""
    return path.relative_to(spec.root.parent).as_posix() if _under(path, spec.root.parent) else str(path)


def label(spec: Spec, path: Path) -> str:
    """How generated headers and the manifest name a spec file: `schemas/<rel>` for the base's,
    `<overlay folder name>/<rel>` for an overlay's (the same from any working directory)."""
    if _under(path, spec.root):
        return "schemas/" + path.relative_to(spec.root).as_posix()
    rel = next(rel for rel, source in spec.sources.items() if source == path)
    return f"{layer_of(rel, path).resolve().name}/{rel}"


@contextmanager
def materialized(spec: Spec) -> Iterator[Path]:
    """A folder holding every spec file at its relative path. datamodel-code-generator resolves a
    schema's sibling $refs on disk, so an overlay's file must sit beside the base's files; the
    spec is checked already, so no message ever names this copy."""
    if all(_under(path, spec.root) for path in spec.sources.values()):
        yield spec.root
        return
    with tempfile.TemporaryDirectory(prefix="toolwire-layered-") as tmp:
        folder = Path(tmp) / "schemas"
        for rel, path in spec.sources.items():
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, folder / rel)
        yield folder
