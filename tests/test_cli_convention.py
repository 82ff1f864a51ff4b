"""One CLI convention (cli/report.py), enforced: every command exits through ExitStatus and
reports on stderr in the same shapes; the README's exit-code table is ExitStatus.

Stderr lines are `toolwire: message` (toolwire's own status and errors), `path:line: what:
/pointer: message` (a finding about the input), `note: ...` or `loss: ...`.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from toolwire.cli.report import ExitStatus, located

REPO = Path(__file__).resolve().parents[1]
CLI = REPO / "src" / "toolwire" / "cli"
SPEC = REPO / "src" / "toolwire" / "spec"

STATUS = re.compile(r"^toolwire: \S")
FINDING = re.compile(
    r"^(?!toolwire: )[^\s:][^:]*(?::\d+)?: (?:[\w./-]+: )?/\S*: \S"
)  # path[:line]: [what: ]/pointer: msg
LOCATED = re.compile(r"^(?:toolwire: )?[^\s:][^:]*:\d+: \S")  # path:line: (a TOML key has no pointer)
OTHER = re.compile(r"^(?:note|loss): \S")


def _modules(folder: Path) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(folder.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _dotted(node: ast.AST) -> str:
    """`sys.stderr.write` for the callee of a call (`?` for what is not a plain name)."""
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return node.id if isinstance(node, ast.Name) else "?"


def _call_name(node: ast.Call) -> str:
    return _dotted(node.func)


def _owners(tree: ast.Module) -> dict[ast.AST, str]:
    """The innermost function each node is in (ast.walk visits outer functions first)."""
    owner: dict[ast.AST, str] = {}
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                owner[node] = function.name
    return owner


EXITS = {"sys.exit", "exit", "quit", "os._exit", "ctx.exit", "context.exit"}


def _raises_system_exit(node: ast.AST) -> bool:
    if not isinstance(node, ast.Raise) or node.exc is None:
        return False
    raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return _dotted(raised).split(".")[-1] == "SystemExit"


def test_only_report_finish_exits() -> None:
    """No sys.exit, exit(), ctx.exit or raise SystemExit in cli/ but report.finish: every exit
    goes through fail/report/finish with an ExitStatus."""
    offences = []
    for path, tree in _modules(CLI):
        owner = _owners(tree)
        for node in ast.walk(tree):
            exiting = isinstance(node, ast.Call) and _call_name(node) in EXITS
            if (exiting or _raises_system_exit(node)) and (path.name, owner.get(node)) != ("report.py", "finish"):
                offences.append(f"{path.relative_to(REPO)}:{getattr(node, 'lineno', 0)}")
    assert offences == []


def test_no_literal_exit_codes_and_no_exit_constants() -> None:
    offences = []
    for path, tree in _modules(CLI):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in {"fail", "report", "finish"}:
                values = [*node.args, *(k.value for k in node.keywords)]
                if any(isinstance(v, ast.Constant) and type(v.value) is int for v in values):
                    offences.append(f"{path.relative_to(REPO)}:{node.lineno}: a bare exit number")
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id.startswith("EXIT_"):
                    offences.append(f"{path.relative_to(REPO)}:{node.lineno}: defines {target.id}")
    assert offences == []


def test_only_report_writes_stderr() -> None:
    """click.echo(..., err=True) and sys.stderr.write live in report.py alone: one place decides
    what a stderr line looks like."""
    offences = []
    for path, tree in _modules(CLI):
        if path.name == "report.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (
                any(k.arg == "err" for k in node.keywords) or _call_name(node).startswith("sys.stderr.")
            ):
                offences.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert offences == []


def test_the_spec_layer_has_no_command_line_parts() -> None:
    """spec/ reads and parses; options, exits and `*_or_exit` readers are the CLI's."""
    offences = []
    for path, tree in _modules(SPEC):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                offences += [f"{path.name}:{node.lineno}: imports {n}" for n in names if n.split(".")[0] == "click"]
            if isinstance(node, ast.FunctionDef) and node.name.endswith("_or_exit"):
                offences.append(f"{path.name}:{node.lineno}: defines {node.name}")
            if isinstance(node, ast.Call) and _call_name(node) in EXITS:
                offences.append(f"{path.name}:{node.lineno}: exits")
    assert offences == []


def test_exit_status_is_the_readme_table() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Exit codes", 1)[1].split("\n\n", 2)[1]
    documented = {int(m.group(1)): m.group(2) for m in re.finditer(r"^\| (\d+) \| (.+) \|$", table, re.MULTILINE)}
    assert documented, table
    assert {s.value for s in ExitStatus} == set(documented)
    assert documented[ExitStatus.OK].startswith("success")
    assert documented[ExitStatus.FINDINGS].startswith("findings")
    assert documented[ExitStatus.USAGE].startswith("usage, configuration or internal error")


def test_located_is_the_finding_shape() -> None:
    assert located("a.json", 3, "/x/0", "bad", "openai_chat/tool_call") == "a.json:3: openai_chat/tool_call: /x/0: bad"
    assert located("-", None, "", "bad") == "<stdin>: /: bad"
    assert FINDING.match(located("a.json", 3, "/x", "bad", "d/s")) and LOCATED.match(located("a.json", 3, "", "m"))


# --- every command over bad input: exit codes and stderr shapes ------------------------------

CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
ANTHROPIC = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
CONVERT = ["convert", "--from", "openai_chat", "--to", "anthropic_messages", "--shape", "tool_call"]


def _write(folder: Path, name: str, data: str | Any) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _broken_overlay(tmp: Path) -> Path:
    _write(tmp / "overlay", "dialects/openai_chat/dialect.json", '{\n  "dialect": oops\n}\n')
    return tmp / "overlay"


# name -> (arguments given the test's tmp folder, exit status, whether a line-located finding is due)
CASES: dict[str, tuple[Callable[[Path], list[Any]], ExitStatus, bool]] = {
    "convert bad JSON": (lambda t: [*CONVERT, _write(t, "bad.json", "{oops")], ExitStatus.FINDINGS, True),
    "convert another dialect": (lambda t: [*CONVERT, _write(t, "a.json", ANTHROPIC)], ExitStatus.FINDINGS, True),
    "convert a loss under --strict": (
        lambda t: [
            "convert",
            *("--from", "anthropic_messages", "--to", "openai_chat", "--shape", "tool_result", "--strict"),
            _write(t, "r.json", {"type": "tool_result", "tool_use_id": "toolu_1", "content": "x", "is_error": True}),
        ],
        ExitStatus.FINDINGS,
        False,
    ),
    "convert a missing file": (lambda t: [*CONVERT, t / "missing.json"], ExitStatus.USAGE, False),
    "convert an unknown dialect": (
        lambda t: ["convert", "--from", "nope", "--to", "gemini", "--shape", "tool_call", "-"],
        ExitStatus.USAGE,
        False,
    ),
    "extract a wrong envelope": (
        lambda t: ["extract", "--dialect", "openai_chat", _write(t, "e.json", '{\n  "choices": 5\n}\n')],
        ExitStatus.FINDINGS,
        True,
    ),
    "assemble a bad line": (
        lambda t: ["assemble", "--dialect", "openai_chat", _write(t, "s.jsonl", "{oops\n")],
        ExitStatus.FINDINGS,
        True,
    ),
    "assemble an unknown dialect": (lambda t: ["assemble", "--dialect", "nope", "-"], ExitStatus.USAGE, False),
    "validate bad JSON": (
        lambda t: ["validate", "--dialect", "openai_chat", _write(t, "v.json", "{oops")],
        ExitStatus.FINDINGS,
        True,
    ),
    "validate a missing path": (lambda t: ["validate", t / "missing.json"], ExitStatus.USAGE, False),
    "tools generate a bad definition": (
        lambda t: ["tools", "generate", _write(t, "d.json", [{"nom": "x"}]), "--out", t / "out.py"],
        ExitStatus.FINDINGS,
        True,
    ),
    "generate a broken overlay": (
        lambda t: ["generate", "--overlay", _broken_overlay(t), "--out", t / "out"],
        ExitStatus.USAGE,
        True,
    ),
    "losses a broken overlay": (lambda t: ["losses", "--overlay", _broken_overlay(t)], ExitStatus.USAGE, True),
    "breaking against nothing": (lambda t: ["breaking", "--against", t / "nowhere"], ExitStatus.USAGE, False),
    "init a keyword": (
        lambda t: ["init", "dialect", "class", "--like", "openai_chat", "--into", t / "o"],
        ExitStatus.USAGE,
        False,
    ),
    "config an unknown key": (lambda t: ["config"], ExitStatus.USAGE, True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_command_reports_the_same_way(
    case: str, cli_runner: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_args, status, located_finding = CASES[case]
    args = make_args(tmp_path)
    if case.startswith("config"):
        _write(tmp_path, "toolwire.toml", 'out = "x"\noutt = "y"\n')
        monkeypatch.chdir(tmp_path)
    result = cli_runner(args, input="")
    lines = result.stderr.splitlines()
    assert result.exit_code == status, (case, result.stderr)
    odd = [line for line in lines if not (STATUS.match(line) or FINDING.match(line) or OTHER.match(line))]
    assert odd == [], (case, result.stderr)
    said = lines + (result.stdout.splitlines() if args[0] == "validate" else [])  # validate's findings: stdout
    if status == ExitStatus.USAGE:
        assert any(STATUS.match(line) for line in lines), (case, result.stderr)  # toolwire's own error
    if located_finding:
        assert any(LOCATED.match(line) for line in said), (case, result.stderr)
    if status == ExitStatus.FINDINGS and not located_finding:
        assert any(OTHER.match(line) or FINDING.match(line) for line in lines), (case, result.stderr)


def test_usage_errors_are_one_toolwire_line(cli_runner: Callable[..., Any]) -> None:
    result = cli_runner(["convert", "--from", "openai_chat"])
    assert result.exit_code == ExitStatus.USAGE
    (line,) = result.stderr.splitlines()
    assert line.startswith("toolwire: Missing option '--to' (see '") and line.endswith(" convert --help')")


def test_an_unexpected_exception_is_one_internal_error_line(
    cli_runner: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolwire.cli.show_config as show_config

    def boom(**_: Any) -> Any:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(show_config, "resolve_or_exit", boom)
    result = cli_runner(["config"])
    assert result.exit_code == ExitStatus.USAGE
    assert result.stderr.splitlines() == ["toolwire: internal error: RuntimeError: boom second line"]
