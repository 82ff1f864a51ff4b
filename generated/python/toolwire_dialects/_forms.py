# DO NOT EDIT the copy in a generated package: this is the toolwire runtime, copied verbatim from runtime/python/ by `toolwire generate`.
"""Forms: the spellings a dialect's own payload used, kept in its extensions so that the same
dialect writes the payload back exactly. Compiled writers read them with these two leaves."""

from __future__ import annotations

from typing import Any

__all__ = ["form_index", "form_of"]


def form_of(forms: dict[str, Any], pointer: str) -> str:
    """The form kept for pointer ("" for none)."""
    form: str = forms.get(pointer, "")
    return form


def form_index(form: str, prefix: str, count: int) -> int:
    """N of a `<prefix>N` form (`value:1`, `alias:2`) when it is below count, else 0."""
    return int(form[len(prefix) :]) if form.startswith(prefix) and int(form[len(prefix) :]) < count else 0
