"""Compiling the rendered TypeScript package with its pinned tsc, in a scratch folder, so the
compiled JavaScript and declarations are rendered output like any other file (hashed in the
MANIFEST, checked by `--check`) and nothing is written below generated/ before they exist.

tsc comes from the package's own lockfile: `npm ci --prefix generated/typescript` installs it
into generated/typescript/node_modules (never generated, never removed by a run). Outside a
checkout there is no lockfile, so `setup_command()` installs the pinned tsc into a per-user
folder that is searched too (`user_folder()`). The environment variable TOOLWIRE_NODE_MODULES
names another node_modules folder instead of all of these."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from toolwire.ir.errors import GenerateError

TYPESCRIPT_VERSION = "5.9.3"  # the devDependency package.json pins; another tsc changes dist/
_CHECKOUT = Path(__file__).resolve().parents[4]
_LIMIT = "or limit the run with --target python"


def user_folder() -> Path:
    """The per-user folder `setup_command()` installs the pinned tsc into outside a checkout;
    one per version, so another toolwire's pin never replaces this one's."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "toolwire" / f"typescript-{TYPESCRIPT_VERSION}"


def setup_command() -> str:
    """The one command that installs the pinned tsc where `tsc_script()` finds it: the
    package's lockfile in a checkout, else the version itself into `user_folder()`."""
    if (Path.cwd() / "generated" / "typescript" / "package-lock.json").is_file():
        return "npm ci --prefix generated/typescript"
    return f"npm install --prefix {shlex.quote(str(user_folder()))} typescript@{TYPESCRIPT_VERSION}"


def _setup() -> str:
    """How to install the pinned tsc where the next run looks (TOOLWIRE_NODE_MODULES, when set,
    replaces every other place: installing elsewhere would not help)."""
    named = os.environ.get("TOOLWIRE_NODE_MODULES")
    if not named:
        return f"run `{setup_command()}` (or set TOOLWIRE_NODE_MODULES to a node_modules folder holding it)"
    fill = f"npm install --prefix {shlex.quote(str(Path(named).parent))} typescript@{TYPESCRIPT_VERSION}"
    fill = f"run `{fill}`, or " if Path(named).name == "node_modules" else ""
    return f"{fill}point TOOLWIRE_NODE_MODULES at a node_modules folder holding it, or unset it"


def _node_modules() -> list[Path]:
    """Where tsc may be installed, first match wins."""
    named = os.environ.get("TOOLWIRE_NODE_MODULES")
    if named:
        return [Path(named)]
    return [
        Path.cwd() / "generated" / "typescript" / "node_modules",
        _CHECKOUT / "generated" / "typescript" / "node_modules",  # a checkout's, from any folder
        user_folder() / "node_modules",
    ]


def _find_tsc() -> tuple[Path | None, str]:
    """The pinned tsc's entry script, or None and why not (how to install it included)."""
    for folder in _node_modules():
        script = folder / "typescript" / "lib" / "tsc.js"
        if script.is_file():
            version = _installed_version(folder / "typescript" / "package.json")
            if version != TYPESCRIPT_VERSION:
                found = script.parent.parent
                return (
                    None,
                    f"{found} is TypeScript {version}; the TypeScript target needs {TYPESCRIPT_VERSION}: {_setup()}",
                )
            return script, ""
    named = os.environ.get("TOOLWIRE_NODE_MODULES")
    if named:
        return None, f"TOOLWIRE_NODE_MODULES={named} holds no tsc {TYPESCRIPT_VERSION}: {_setup()}"
    return None, f"the TypeScript target compiles with tsc {TYPESCRIPT_VERSION}, which is not installed: {_setup()}"


def toolchain_problem() -> str | None:
    """Why this machine cannot compile the target (how to fix it included), or None."""
    if shutil.which("node") is None:
        return f"the TypeScript target needs Node.js 20 or newer on PATH: install it, then {_setup()}"
    return _find_tsc()[1] or None


def tsc_script() -> Path:
    """The pinned tsc's entry script (GenerateError saying how to install it when absent or
    of another version)."""
    script, why = _find_tsc()
    if script is None:
        raise GenerateError(f"{why}, {_LIMIT}")
    return script


def _installed_version(package_json: Path) -> str:
    try:
        return str(json.loads(package_json.read_text(encoding="utf-8")).get("version"))
    except (OSError, ValueError, AttributeError):
        return "unknown"


_COMPILED: dict[str, dict[str, str]] = {}  # by the hash of the sources: --check after a write, in one process
_KEPT = 8  # compiled trees kept on disk beside tsc (each about 2 MB)


def compile_typescript(sources: dict[str, str]) -> dict[str, str]:
    """The `dist/` files tsc writes for the package whose `tsconfig.json` and `src/**.ts` are
    given by path; GenerateError with tsc's messages when it does not compile.

    tsc's output depends on nothing but its inputs and its version, so a tree once compiled is
    kept in `node_modules/.cache/toolwire-tsc/` beside that tsc, by the hash of both: the next
    run with the same sources (`--check` after a write, CI, the suite's runs) reads it back."""
    inputs = {
        p: t for p, t in sorted(sources.items()) if p == "tsconfig.json" or (p.startswith("src/") and p.endswith(".ts"))
    }
    script = tsc_script()
    key = hashlib.sha256(repr([TYPESCRIPT_VERSION, sorted(inputs.items())]).encode("utf-8")).hexdigest()
    if key not in _COMPILED:
        cache = script.parents[2] / ".cache" / "toolwire-tsc"
        _COMPILED[key] = _cached(cache, key) or _store(cache, key, _run_tsc(script, inputs))
    return dict(_COMPILED[key])


def _cached(cache: Path, key: str) -> dict[str, str] | None:
    try:
        found = json.loads((cache / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # none yet, or a broken one: compile again
    ok = isinstance(found, dict) and all(isinstance(v, str) for v in found.values())
    return found if ok else None


def _store(cache: Path, key: str, files: dict[str, str]) -> dict[str, str]:
    """Keep files under key (written whole, then renamed), dropping all but the newest few."""
    with contextlib.suppress(OSError):  # a read-only node_modules: no cache, same output
        cache.mkdir(parents=True, exist_ok=True)
        partial = cache / f"{key}.{os.getpid()}.partial"
        partial.write_text(json.dumps(files), encoding="utf-8")
        partial.replace(cache / f"{key}.json")
        for old in sorted(cache.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[_KEPT:]:
            old.unlink()
    return files


def _run_tsc(script: Path, sources: dict[str, str]) -> dict[str, str]:
    node = shutil.which("node")
    if node is None:
        raise GenerateError(f"the TypeScript target needs Node.js 20 or newer on PATH: install it, {_LIMIT}")
    with tempfile.TemporaryDirectory(prefix="toolwire-tsc-") as scratch:
        root = Path(scratch)
        # An ES module package, as the generated package.json says: module NodeNext then emits ESM.
        (root / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
        for path, text in sources.items():
            file = root / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(text, encoding="utf-8", newline="\n")
        done = subprocess.run(
            [node, str(script), "-p", str(root / "tsconfig.json"), "--pretty", "false"],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            messages = (done.stdout + done.stderr).strip().replace(scratch + os.sep, "")
            problems = [f"typescript/{line}" if line.startswith("src/") else line for line in messages.splitlines()]
            raise GenerateError(f"the generated TypeScript does not compile (tsc {TYPESCRIPT_VERSION})", problems)
        dist = root / "dist"
        return {
            path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(dist.rglob("*"))
            if path.is_file()
        }
