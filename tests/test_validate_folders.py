"""Hostile folders: broken links, FIFOs and sockets named like payloads, names that are not UTF-8.

Each is reported on its own path (a finding, or a note for a special file that was skipped), and
the rest of the folder is still checked: never a hang, an internal error or a half-done run.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest

from toolwire.validation.folders import display
from toolwire.validation.inputs import expand

GOOD = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
BAD = {**GOOD, "id": 5}


def hostile_folder(root: Path) -> Path:
    folder = root / "capture"
    (folder / "sub").mkdir(parents=True)
    (folder / "ok.json").write_text(json.dumps(GOOD))
    (folder / "sub" / "bad.json").write_text(json.dumps(BAD))
    (folder / "dangling.json").symlink_to(root / "missing.json")
    (folder / "loop.jsonl").symlink_to("loop.jsonl")
    os.mkfifo(folder / "fifo.json")  # opening it would block until a writer comes: forever
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(folder / "sock.jsonl"))
    raw = os.fsencode(folder) + b"/caf\xe9.json"  # Latin-1, not UTF-8
    with open(raw, "wb") as f:
        f.write(json.dumps(BAD).encode())
    return folder


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return hostile_folder(tmp_path)


def test_expand_keeps_links_and_skips_special_files_with_a_note(folder: Path) -> None:
    notes: list[str] = []
    files, problems = expand([str(folder)], notes)
    names = sorted(os.path.relpath(f, folder) for f in files)
    assert names == sorted(["ok.json", "sub/bad.json", "dangling.json", "loop.jsonl", os.fsdecode(b"caf\xe9.json")])
    assert problems == []
    assert sorted(notes) == [
        f"note: skipped {folder / 'fifo.json'}: a FIFO, not a regular file",
        f"note: skipped {folder / 'sock.jsonl'}: a socket, not a regular file",
    ]


def test_display_writes_stray_bytes_as_escapes() -> None:
    assert display(os.fsdecode(b"/x/caf\xe9.json")) == "/x/caf\\xe9.json"
    assert display("/x/café.json") == "/x/café.json"


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_a_hostile_folder_is_checked_entry_by_entry(folder: Path, toolwire, repo_root: Path, fmt: str) -> None:
    proc = toolwire("validate", "--format", fmt, "--schemas", repo_root / "schemas", folder, timeout=120)
    assert proc.returncode == 1, proc.stderr  # findings, not an internal error (2) or a hang
    assert "internal error" not in proc.stderr
    assert f"skipped {folder / 'fifo.json'}: a FIFO" in proc.stderr
    assert f"skipped {folder / 'sock.jsonl'}: a socket" in proc.stderr
    assert "toolwire: 1 valid, 4 invalid, 0 undetected (2 unreadable)" in proc.stderr
    latin = f"{folder}/caf\\xe9.json"
    if fmt == "json":
        rows = {row["path"]: row for row in map(json.loads, proc.stdout.splitlines())}
        assert set(rows) == {
            str(folder / "ok.json"),
            str(folder / "sub" / "bad.json"),
            str(folder / "dangling.json"),
            str(folder / "loop.jsonl"),
            latin,
        }
        assert rows[str(folder / "ok.json")]["valid"] is True
        assert rows[latin]["errors"][0]["pointer"] == "/id"  # the file was read and checked
        dangling = rows[str(folder / "dangling.json")]
        assert (dangling["status"], dangling["errors"][0]["keyword"]) == ("unreadable", "link")
        assert "broken symbolic link to" in dangling["errors"][0]["message"]
        assert rows[str(folder / "loop.jsonl")]["errors"][0]["keyword"] == "link"
    elif fmt == "text":
        assert f"{folder / 'dangling.json'}:1: unreadable: /: broken symbolic link to " in proc.stdout
        assert f"{latin}:1: anthropic_messages/tool_call: /id:" in proc.stdout
    else:
        assert f"::error file={folder / 'dangling.json'},line=1," in proc.stdout
        assert f"::error file={latin},line=1," in proc.stdout


def test_a_named_fifo_is_still_read(toolwire, repo_root: Path, tmp_path: Path) -> None:
    """Only folder entries are skipped: a pipe given by name (as `<(...)` gives) is read."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    import threading

    def feed() -> None:
        with open(fifo, "w") as f:
            f.write(json.dumps(GOOD))

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    proc = toolwire("validate", "--schemas", repo_root / "schemas", fifo, timeout=120)
    writer.join(5)
    assert proc.returncode == 0, proc.stderr
    assert "1 valid, 0 invalid" in proc.stderr
