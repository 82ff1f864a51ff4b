"""--profile: a dialect's documented server quirks, for extract and assemble."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from toolwire.validation.profiles import Profile


def load_profile_or_exit(schemas: Path, dialect: str, name: str) -> Profile:
    """The profile; no such profile is a usage error (exit 2)."""
    from toolwire.validation.profiles import ProfileError, load_profile  # jsonschema: only when asked

    try:
        return load_profile(schemas, dialect, name)
    except ProfileError as exc:
        raise click.BadParameter(str(exc), param_hint="--profile") from None
