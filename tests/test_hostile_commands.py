"""Hostile command lines, round 2 (issue #21, classes 1, 2, 7, 8 and 10): each class is one test
over every member the issue lists and the siblings found beside them.

Every run is a real `toolwire` subprocess under the network guard of test_hostile.py; whatever
the input, it ends with a clear message and the README's exit code, never a traceback, an
`internal error`, a hang or a network connection.

1. No user string reaches git as an option (`--against=--output=FILE` truncated FILE).
2. toolwire writes only what it owns: no symlink followed out of the output folder, no file
   without its DO NOT EDIT header replaced, no output over an input.
7. Configuration, paths and names that crashed a command are usage errors; `convert --shape
   stream` reports bad UTF-8 and honours --max-record-bytes as `assemble` does.
8. A FIFO among the spec's files (or the templates, or the output) is never opened.
10. One rule for dialect names, shared by `init dialect` and `generate`; the config's `package`
   shadows no module the package imports.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.test_hostile import GUARD, MEMORY_CAP
from toolwire.cli.init import _rename
from toolwire.targets import TARGETS

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
REFUSED_REF = "expected a folder or a git ref"


@pytest.fixture(scope="module")
def guard_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("guard")
    (folder / "sitecustomize.py").write_text(GUARD)
    return folder


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


@dataclass
class Run:
    guard: Path

    def __call__(
        self, *args: str | os.PathLike[str], cwd: Path, stdin: bytes | None = None, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        log = cwd / "network.log"
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(self.guard), os.environ.get("PYTHONPATH", "")]),
            "TOOLWIRE_TEST_NET_LOG": str(log),
        }
        argv = [sys.executable, "-m", "toolwire", *map(str, args)]
        proc = subprocess.run(
            argv, input=stdin, capture_output=True, cwd=cwd, env=env, timeout=timeout, preexec_fn=_cap_memory,
            check=False,
        )  # fmt: skip
        shown = " ".join(map(str, args))[:200]
        stderr = proc.stderr.decode("utf-8", "replace")
        assert "Traceback" not in stderr, f"toolwire {shown} crashed:\n{stderr}"
        assert "internal error" not in stderr, f"toolwire {shown}:\n{stderr}"
        assert not log.exists(), f"toolwire {shown} tried the network: {log.read_text()}"
        return subprocess.CompletedProcess(argv, proc.returncode, proc.stdout.decode("utf-8", "replace"), stderr)


@pytest.fixture
def run(guard_dir: Path) -> Run:
    return Run(guard_dir)


def _tree(folder: Path) -> dict[str, bytes]:
    """Every regular file below folder (links not followed), by relative path."""
    found = {}
    for here, _dirs, names in os.walk(folder):
        for name in names:
            path = Path(here) / name
            if path.is_file() and not path.is_symlink():
                found[path.relative_to(folder).as_posix()] = path.read_bytes()
    return found


def _copy_dialect(into: Path, name: str, like: str = "openai_chat") -> None:
    """The dialect `like` copied into an overlay as `name`, as `init dialect` would, but without
    its checks (a hand-made folder, or one an older toolwire scaffolded)."""
    for top in ("dialects", "vectors"):
        for path in sorted((SCHEMAS / top / like).glob("*.json")):
            if path.name == "conversation.json":
                continue
            target = into / top / name / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(_rename(path.read_text(encoding="utf-8"), like, name), encoding="utf-8")


# --- 1. option injection into git ------------------------------------------------------------


@pytest.fixture(scope="module")
def git_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository holding a copy of the spec (committed) and an overlay folder."""
    root = tmp_path_factory.mktemp("git")
    shutil.copytree(SCHEMAS, root / "schemas")
    (root / "ov").mkdir()
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-C", str(root)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "spec"], check=True)
    return root


INJECTED_REFS = {
    "output_truncates_a_file": "--output={victim}",
    "remote_over_tcp": "--remote=git://127.0.0.1:9/x",
    "remote_over_ssh": "--remote=toolwire-test.invalid:/x",
    "list_makes_no_tree": "--list",
    "exec_option": "--exec=touch {victim}.ran",
    "a_lone_dash": "-",
    "a_control_character": "HEAD\x01",
}


@pytest.mark.parametrize("layered", [False, True], ids=["spec", "with_overlay"])
@pytest.mark.parametrize("name", sorted(INJECTED_REFS))
def test_no_user_string_reaches_git_as_an_option(
    run: Run, git_project: Path, tmp_path: Path, name: str, layered: bool
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    ref = INJECTED_REFS[name].format(victim=victim)
    overlay = ["--overlay", "ov"] if layered else []
    proc = run("breaking", f"--against={ref}", "--schemas", "schemas", *overlay, cwd=git_project)
    assert proc.returncode == 2, proc.stderr
    assert REFUSED_REF in proc.stderr and "never starts with '-'" in proc.stderr, proc.stderr
    assert "unable to connect" not in proc.stderr and "ssh" not in proc.stderr
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["victim.txt"]
    # The refusal is one guard; each git call also ends its options before the ref, so a ref
    # that got past it is still only a name git does not know.
    assert run("breaking", "--against=HEAD", "--schemas", "schemas", *overlay, cwd=git_project).returncode == 0


def test_each_git_call_ends_its_options_before_the_ref(git_project: Path, tmp_path: Path) -> None:
    """Past the refusal (a caller of these functions that forgot it), git still reads the
    ref as a ref: `--output=FILE` is a name it does not know, and FILE stays as it was."""
    from toolwire.cli import breaking

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    ref = f"--output={victim}"
    with pytest.raises(SystemExit) as exited:  # git archive: not a valid object name
        breaking._spec_at_ref(git_project / "schemas", ref, tmp_path / "a")
    assert exited.value.code == 2
    assert breaking._layer_at_ref(git_project / "schemas", ref, tmp_path / "b") == git_project / "schemas"
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["victim.txt"]


# --- 2. writing where toolwire does not own the files ----------------------------------------


@pytest.fixture(scope="module")
def generated_once(tmp_path_factory: pytest.TempPathFactory, guard_dir: Path) -> Path:
    """A fresh `generate --target python` output, copied by each case."""
    root = tmp_path_factory.mktemp("gen")
    proc = Run(guard_dir)("generate", "--target", "python", "--out", root / "out", cwd=root)
    assert proc.returncode == 0, proc.stderr
    return root / "out"


FOREIGN_PYPROJECT = b'[project]\nname = "mine"\n'


def _symlinked_top(out: Path, elsewhere: Path) -> None:
    elsewhere.mkdir()
    (elsewhere / "pyproject.toml").write_bytes(FOREIGN_PYPROJECT)
    shutil.rmtree(out / "python")
    (out / "python").symlink_to(elsewhere, target_is_directory=True)


def _foreign_pyproject(out: Path, elsewhere: Path) -> None:
    (out / "python" / "pyproject.toml").write_bytes(FOREIGN_PYPROJECT)


def _symlinked_subfolder(out: Path, elsewhere: Path) -> None:
    shutil.move(out / "python" / "toolwire_dialects", elsewhere)
    (elsewhere / "convert.py").unlink()  # so the run has something to write through the link
    (out / "python" / "toolwire_dialects").symlink_to(elsewhere, target_is_directory=True)


def _symlinked_file(out: Path, elsewhere: Path) -> None:
    elsewhere.mkdir()
    (elsewhere / "notes.py").write_bytes(b"# mine\n")
    target = out / "python" / "toolwire_dialects" / "convert.py"
    target.unlink()
    target.symlink_to(elsewhere / "notes.py")


def _fifo_at_a_generated_path(out: Path, elsewhere: Path) -> None:
    target = out / "python" / "toolwire_dialects" / "convert.py"
    target.unlink()
    os.mkfifo(target)


def _edited_data_file(out: Path, elsewhere: Path) -> None:
    """A vector file (JSON: no header) changed by hand: its MANIFEST lists other bytes."""
    path = out / "python" / "tests" / "vectors" / "openai_chat" / "tool_call.json"
    path.write_text('{"mine": true}\n', encoding="utf-8")


def _folder_at_a_generated_path(out: Path, elsewhere: Path) -> None:
    target = out / "python" / "toolwire_dialects" / "convert.py"
    target.unlink()
    target.mkdir()
    (target / "notes.txt").write_text("mine\n", encoding="utf-8")


NOT_OURS: dict[str, Callable[[Path, Path], None]] = {
    "symlinked_target_folder": _symlinked_top,
    "foreign_pyproject": _foreign_pyproject,
    "symlinked_subfolder": _symlinked_subfolder,
    "symlinked_file": _symlinked_file,
    "fifo_at_a_generated_path": _fifo_at_a_generated_path,
    "edited_data_file": _edited_data_file,
    "folder_at_a_generated_path": _folder_at_a_generated_path,
}


def _suggest_is_an_input(root: Path) -> list[str]:
    return ["validate", "--strict", "--suggest", "cap.jsonl", "cap.jsonl"]


def _suggest_is_an_input_by_another_name(root: Path) -> list[str]:
    (root / "alias.jsonl").symlink_to(root / "cap.jsonl")
    return ["validate", "--strict", "--suggest", "alias.jsonl", "cap.jsonl"]


def _suggest_inside_an_input_folder(root: Path) -> list[str]:
    (root / "captures").mkdir()
    shutil.copy(root / "cap.jsonl", root / "captures" / "cap.jsonl")
    return ["validate", "--strict", "--suggest", "captures/patch.json", "captures"]


def _suggest_into_the_spec(root: Path) -> list[str]:
    return ["validate", "--strict", "--suggest", "schemas/patch.json", "--schemas", "schemas", "cap.jsonl"]


def _suggest_into_an_overlay(root: Path) -> list[str]:
    (root / "ov").mkdir()
    return ["validate", "--strict", "--suggest", "ov/patch.json", "--overlay", "ov", "cap.jsonl"]


def _out_is_the_spec(root: Path) -> list[str]:
    return ["generate", "--schemas", "schemas", "--out", "schemas"]


def _out_inside_the_spec(root: Path) -> list[str]:
    return ["generate", "--schemas", "schemas", "--out", "schemas/generated"]


def _out_holds_the_spec(root: Path) -> list[str]:
    return ["generate", "--schemas", "schemas", "--out", "."]


def _out_inside_an_overlay(root: Path) -> list[str]:
    (root / "ov").mkdir()
    return ["generate", "--schemas", "schemas", "--overlay", "ov", "--out", "ov/out"]


def _out_holds_the_templates(root: Path) -> list[str]:
    shutil.copytree(REPO / "src/toolwire/targets/python/templates", root / "gen" / "templates" / "python")
    return ["generate", "--schemas", "schemas", "--templates", "gen/templates", "--out", "gen"]


def _out_from_the_config(root: Path) -> list[str]:
    (root / "toolwire.toml").write_text('schemas = "schemas"\nout = "schemas/dialects"\n', encoding="utf-8")
    return ["generate"]


def _tools_out_is_its_definitions(root: Path) -> list[str]:
    definition = {"name": "f", "description": "d", "parameters": {"type": "object", "properties": {}}}
    (root / "defs.json").write_text(json.dumps([definition]), encoding="utf-8")
    return ["tools", "generate", "defs.json", "--out", "defs.json"]


OVER_AN_INPUT: dict[str, Callable[[Path], list[str]]] = {
    "suggest_is_an_input": _suggest_is_an_input,
    "suggest_is_an_input_by_another_name": _suggest_is_an_input_by_another_name,
    "suggest_inside_an_input_folder": _suggest_inside_an_input_folder,
    "suggest_into_the_spec": _suggest_into_the_spec,
    "suggest_into_an_overlay": _suggest_into_an_overlay,
    "out_is_the_spec": _out_is_the_spec,
    "out_inside_the_spec": _out_inside_the_spec,
    "out_holds_the_spec": _out_holds_the_spec,
    "out_inside_an_overlay": _out_inside_an_overlay,
    "out_holds_the_templates": _out_holds_the_templates,
    "out_from_the_config": _out_from_the_config,
    "tools_out_is_its_definitions": _tools_out_is_its_definitions,
}
CAPTURE = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}, "extra": 1}


@pytest.mark.parametrize("member", sorted(NOT_OURS) + sorted(OVER_AN_INPUT))
def test_toolwire_writes_only_what_it_owns(run: Run, generated_once: Path, tmp_path: Path, member: str) -> None:
    if member in NOT_OURS:
        out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
        shutil.copytree(generated_once, out, symlinks=True)
        NOT_OURS[member](out, elsewhere)
        before, outside = _tree(out), _tree(elsewhere)
        proc = run("generate", "--target", "python", "--out", out, cwd=tmp_path, timeout=120)
        assert proc.returncode == 2, proc.stderr
        assert "toolwire does not own" in proc.stderr and "nothing was generated" in proc.stderr, proc.stderr
        assert _tree(out) == before and _tree(elsewhere) == outside  # nothing written, here or there
        assert not [p for p in out.iterdir() if p.name.startswith(".toolwire-")]
        return
    shutil.copytree(SCHEMAS, tmp_path / "schemas")
    (tmp_path / "cap.jsonl").write_text(json.dumps(CAPTURE) + "\n", encoding="utf-8")
    args = OVER_AN_INPUT[member](tmp_path)
    before = _tree(tmp_path)
    proc = run(*args, cwd=tmp_path, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert re.search(r"overlaps|it is the input|inside the spec folder|it is the definitions file", proc.stderr)
    assert "expected" in proc.stderr, proc.stderr
    assert _tree(tmp_path) == before  # the capture, the spec, the definitions: untouched, nothing added


def test_a_generated_tree_is_still_replaced(run: Run, generated_once: Path, tmp_path: Path) -> None:
    """The control: a file toolwire wrote, edited by hand (its header kept), and a data file
    as MANIFEST lists it are replaced; a hand-written file beside them stays."""
    out = tmp_path / "out"
    shutil.copytree(generated_once, out)
    convert = out / "python" / "toolwire_dialects" / "convert.py"
    convert.write_bytes(convert.read_bytes() + b"# edited by hand\n")
    (out / "python" / "NOTES.md").write_text("mine\n", encoding="utf-8")
    (out / "python" / "tests" / "vectors" / "openai_chat" / "tool_call.json").unlink()
    proc = run("generate", "--target", "python", "--out", out, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "wrote 2 file(s)" in proc.stderr
    assert _tree(out) == {**_tree(generated_once), "python/NOTES.md": b"mine\n"}


# --- 7. internal errors: configuration, paths, names, stream input ---------------------------

DEEP_TOML = "a = " + "[" * 5000 + "]" * 5000 + "\n"
CHUNK = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}


def _stream(*deltas: str) -> bytes:
    events = [{**CHUNK, "choices": [{"index": 0, "delta": {"content": d}}]} for d in deltas]
    return b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in events) + b"data: [DONE]\n\n"


STREAM = ["convert", "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "stream"]
BAD_UTF8 = _stream("fine").replace(b"fine", b"fi\xffne", 1)
TRUNCATED_UTF8 = _stream("fine") + b"data: \xe2\x82"


@dataclass
class Member:
    config: str | None  # toolwire.toml
    args: list[str]
    code: int
    says: str  # a regular expression stderr matches
    stdin: bytes | None = None
    files: dict[str, bytes] | None = None  # written below the run's folder first
    overlay: dict[str, str] | None = None  # dialect name -> dialect copied into ov/


INTERNAL_ERRORS: dict[str, Member] = {
    "deep_toolwire_toml": Member(DEEP_TOML, ["config"], 2, r"toolwire\.toml:1: not valid TOML: nested too deeply"),
    "deep_pyproject_toml": Member(
        None, ["config"], 2, r"pyproject\.toml:1: not valid TOML: nested too deeply",
        files={"pyproject.toml": ("[tool.toolwire]\n" + DEEP_TOML).encode()},
    ),
    "nul_in_schemas": Member('schemas = "a\\u0000b"\n', ["validate", "cap.jsonl"], 2, r"schemas must be a path .*no NUL"),
    "nul_in_out": Member('out = "a\\u0000b"\n', ["generate"], 2, r"out must be a path .*no NUL"),
    "nul_in_templates": Member('templates = "a\\u0000b"\n', ["generate"], 2, r"templates must be a path .*no NUL"),
    "nul_in_overlays": Member('overlays = ["a\\u0000b"]\n', ["validate", "cap.jsonl"], 2, r"overlays must be .*no NUL"),
    "empty_path": Member('schemas = ""\n', ["validate", "cap.jsonl"], 2, r"schemas must be a path"),
    "overlay_is_the_root": Member(
        'overlays = ["/"]\n', ["validate", "cap.jsonl"], 2, r"overlay folder holds the schemas folder"
    ),
    "overlay_holds_the_spec": Member(
        'schemas = "schemas"\noverlays = ["."]\n', ["validate", "cap.jsonl"], 2, r"overlay folder holds the schemas"
    ),
    "against_list": Member(None, ["breaking", "--against=--list"], 2, REFUSED_REF),
    "long_dialect_name_by_init": Member(
        'overlays = ["ov"]\n', ["init", "dialect", "a" * 300, "--like", "openai_chat"], 2, r"at most 64 characters"
    ),
    "long_dialect_folder_in_an_overlay": Member(
        'overlays = ["ov"]\n', ["validate", "cap.jsonl"], 2,
        r"ov/dialects/a{200}/dialect\.json:\d+: /dialect: dialect name 'a{200}': expected at most 64 characters",
        overlay={"a" * 200: "openai_chat"},
    ),
    "overlay_dialect_named_print": Member(
        'overlays = ["ov"]\n', ["generate", "--target", "python", "--out", "out"], 2,
        r"ov/dialects/print/dialect\.json:\d+: /dialect: 'print' cannot name a generated Python module: a Python builtin",
        overlay={"print": "openai_chat"},
    ),
    "overlay_dialect_named_types": Member(
        'overlays = ["ov"]\n', ["generate", "--target", "typescript", "--out", "out"], 2,
        r"ov/dialects/types/dialect\.json:\d+: /dialect: 'types' cannot name a generated TypeScript module",
        overlay={"types": "openai_chat"},
    ),
    "stream_bad_utf8_file": Member(
        None, [*STREAM, "in.sse"], 1, r"^in\.sse:1: openai_chat/stream_event: /: invalid UTF-8 at byte \d+$",
        files={"in.sse": BAD_UTF8},
    ),
    "stream_bad_utf8_stdin": Member(
        None, [*STREAM, "-"], 1, r"^<stdin>:1: openai_chat/stream_event: /: invalid UTF-8 at byte \d+$", stdin=BAD_UTF8
    ),
    "stream_bad_utf8_after_a_bom": Member(
        None, [*STREAM, "in.sse"], 1, r"^in\.sse:1: openai_chat/stream_event: /: invalid UTF-8 at byte \d+$",
        files={"in.sse": b"\xef\xbb\xbf" + BAD_UTF8},
    ),
    "stream_utf8_cut_at_the_end": Member(
        None, [*STREAM, "in.sse"], 1, r"^in\.sse:5: openai_chat/stream_event: /: invalid UTF-8 at byte \d+$",
        files={"in.sse": TRUNCATED_UTF8},
    ),
    "stream_max_record_bytes": Member(
        None, [*STREAM, "--max-record-bytes", "1000", "in.sse"], 1,
        r"^in\.sse:1: openai_chat/stream_event: /: a line is over the limit of 1000 bytes \(--max-record-bytes\)$",
        files={"in.sse": _stream("x" * 2000)},
    ),
}  # fmt: skip


def _prepare(root: Path, member: Member) -> None:
    (root / "cap.jsonl").write_text(json.dumps(CAPTURE) + "\n", encoding="utf-8")
    if member.config is not None:
        (root / "toolwire.toml").write_text(member.config, encoding="utf-8")
    for name, data in (member.files or {}).items():
        (root / name).write_bytes(data)
    if "schemas" in (member.config or ""):
        shutil.copytree(SCHEMAS, root / "schemas")
    (root / "ov").mkdir()
    for name, like in (member.overlay or {}).items():
        _copy_dialect(root / "ov", name, like)


@pytest.mark.parametrize("name", sorted(INTERNAL_ERRORS))
def test_no_input_is_an_internal_error(run: Run, tmp_path: Path, name: str) -> None:
    member = INTERNAL_ERRORS[name]
    _prepare(tmp_path, member)
    before = _tree(tmp_path)
    proc = run(*member.args, cwd=tmp_path, stdin=member.stdin, timeout=60)
    assert proc.returncode == member.code, proc.stderr
    assert re.search(member.says, proc.stderr, re.MULTILINE), proc.stderr
    assert _tree(tmp_path) == before and not (tmp_path / "out").exists()  # nothing written
    if name.startswith("stream_") and "max_record" not in name:  # the finding assemble gives
        source = member.stdin if member.stdin is not None else (tmp_path / member.args[-1]).read_bytes()
        assembled = run("assemble", "--dialect", "openai_chat", member.args[-1], cwd=tmp_path, stdin=member.stdin)
        assert assembled.returncode == 1
        finding = next(line for line in proc.stderr.splitlines() if "invalid UTF-8" in line)
        assert finding in assembled.stderr.splitlines(), assembled.stderr
        assert source  # the input is the same bytes for both
    if name == "stream_max_record_bytes":  # the control: without the limit it converts
        assert run(*STREAM, "in.sse", cwd=tmp_path).returncode == 0


# --- 8. FIFOs in the folders a command reads -------------------------------------------------


def _fifo_in_an_overlay(root: Path) -> None:
    (root / "toolwire.toml").write_text('overlays = ["ov"]\n', encoding="utf-8")
    os.mkfifo(root / "ov" / "x.json")


def _fifo_deep_in_an_overlay(root: Path) -> None:
    (root / "toolwire.toml").write_text('overlays = ["ov"]\n', encoding="utf-8")
    _copy_dialect(root / "ov", "acme_chat")
    os.mkfifo(root / "ov" / "dialects" / "acme_chat" / "extra.json")


def _fifo_in_the_spec(root: Path) -> None:
    shutil.copytree(SCHEMAS, root / "schemas")
    (root / "toolwire.toml").write_text('schemas = "schemas"\noverlays = ["ov"]\n', encoding="utf-8")
    os.mkfifo(root / "schemas" / "dialects" / "openai_chat" / "extra.json")


FIFOS: dict[str, Callable[[Path], None]] = {
    "overlay": _fifo_in_an_overlay,
    "deep_in_an_overlay": _fifo_deep_in_an_overlay,
    "spec": _fifo_in_the_spec,
}
SPEC_COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "cap.jsonl"],
    "generate": ["generate", "--target", "python", "--out", "out"],
    "breaking_against_it": ["breaking", "--against", "ov", "--schemas", str(SCHEMAS), "--overlay", "empty"],
    "init_dialect": ["init", "dialect", "acme_two", "--like", "openai_chat", "--into", "ov"],
}


@pytest.mark.parametrize("command", sorted(SPEC_COMMANDS))
@pytest.mark.parametrize("where", sorted(FIFOS))
def test_a_fifo_among_the_spec_files_is_never_opened(run: Run, tmp_path: Path, where: str, command: str) -> None:
    (tmp_path / "ov").mkdir()
    (tmp_path / "empty").mkdir()
    (tmp_path / "cap.jsonl").write_text(json.dumps(CAPTURE) + "\n", encoding="utf-8")
    FIFOS[where](tmp_path)
    args = SPEC_COMMANDS[command]
    if command == "breaking_against_it" and where == "spec":
        args = ["breaking", "--against", "schemas", "--schemas", str(SCHEMAS)]
    proc = run(*args, cwd=tmp_path, timeout=60)  # a read of the FIFO would block until the timeout
    assert proc.returncode == 2, proc.stderr
    assert re.search(r"\.json:1: /: not a regular file \(a FIFO\)", proc.stderr), proc.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / "ov" / "dialects" / "acme_two").exists()


def test_a_fifo_among_the_templates_is_never_opened(run: Run, tmp_path: Path) -> None:
    shutil.copytree(REPO / "src/toolwire/targets/python/templates", tmp_path / "t" / "python")
    os.mkfifo(tmp_path / "t" / "python" / "package" / "extra.py.j2")
    proc = run("generate", "--target", "python", "--templates", "t", "--out", "out", cwd=tmp_path, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "extra.py.j2: not a regular file" in proc.stderr and "nothing was generated" in proc.stderr
    assert not (tmp_path / "out").exists()


# --- 10. names -------------------------------------------------------------------------------

# Each refused by the spec's rule (any target), or by a target's words.
SPEC_RULE_NAMES = ["DIALECTS", "_private", "__pycache__", "café", "ｏｐｅｎａｉ_chat", "1chat", "a" * 65]
PYTHON_NAMES = ["print", "class", "get_dialect", "models"]
TYPESCRIPT_NAMES = ["types"]


def test_init_and_generate_share_one_rule_for_dialect_names(run: Run, tmp_path: Path) -> None:
    from toolwire.targets import dialect_name_problem

    (tmp_path / "toolwire.toml").write_text('overlays = ["ov"]\n', encoding="utf-8")
    (tmp_path / "ov").mkdir()
    for name in SPEC_RULE_NAMES + PYTHON_NAMES + TYPESCRIPT_NAMES:
        why = dialect_name_problem(name, tuple(TARGETS), None)
        assert why, name
        proc = run("init", "dialect", name, "--like", "openai_chat", cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr == f"toolwire: dialect name {name!r}: {why}\n"
        assert list((tmp_path / "ov").iterdir()) == []
    # generate refuses each of them too, each at its dialect.json's /dialect
    for names, target in ((SPEC_RULE_NAMES, "python"), (PYTHON_NAMES, "python"), (TYPESCRIPT_NAMES, "typescript")):
        shutil.rmtree(tmp_path / "ov")
        for name in names:
            _copy_dialect(tmp_path / "ov", name)
        proc = run("generate", "--target", target, "--out", "out", cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        for name in names:
            assert re.search(rf"^ov/dialects/{re.escape(name)}/dialect\.json:\d+: /dialect: ", proc.stderr, re.M), name
        assert not (tmp_path / "out").exists()
    shutil.rmtree(tmp_path / "ov")
    (tmp_path / "ov").mkdir()
    assert run("init", "dialect", "acme_chat", "--like", "openai_chat", cwd=tmp_path).returncode == 0  # the control


PACKAGES = ["os", "typing", "json", "pydantic", "pydantic_core", "toolwire", "jsonschema", "print", "class"]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_shadows_no_module_it_imports(run: Run, tmp_path: Path, package: str) -> None:
    (tmp_path / "toolwire.toml").write_text(f'package = "{package}"\n', encoding="utf-8")
    proc = run("config", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert f"toolwire.toml:1: package {package!r}: expected a" in proc.stderr and "of your own" in proc.stderr
    (tmp_path / "toolwire.toml").write_text('package = "acme_dialects"\n', encoding="utf-8")
    assert run("config", cwd=tmp_path).returncode == 0  # the control
