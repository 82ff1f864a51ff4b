"""Start-up cost, side by side in one run: bare Python, `import toolwire_dialects`, `toolwire --help`.

Each command runs in a fresh interpreter, the three interleaved round after round; the
best time of each is kept (noise only ever adds time). Targets: the import at most 100 ms
more than bare Python, `toolwire --help` at most 150 ms more.

    python bench/bench_startup.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COMMANDS = {
    "bare python": [sys.executable, "-c", "pass"],
    "import toolwire_dialects": [sys.executable, "-c", "import toolwire_dialects"],
    "toolwire --help": [sys.executable, "-m", "toolwire", "--help"],
}
TARGETS_MS = {"import toolwire_dialects": 100, "toolwire --help": 150}


def best_times(rounds: int) -> dict[str, float]:
    best = {name: float("inf") for name in COMMANDS}
    # This checkout's toolkit and generated package, whatever is installed.
    env = {"PYTHONPATH": f"{REPO / 'src'}:{REPO / 'generated' / 'python'}", "PATH": ""}
    for _ in range(rounds):
        for name, argv in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(argv, check=True, capture_output=True, cwd=REPO, env=env)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    best = best_times(rounds)
    bare = best["bare python"]
    print(f"best of {rounds} interleaved rounds")
    for name, seconds in best.items():
        extra = (seconds - bare) * 1000
        target = TARGETS_MS.get(name)
        verdict = "" if target is None else f"  target +{target} ms: {'met' if extra <= target else 'NOT met'}"
        print(f"{name:26} {seconds * 1000:7.1f} ms  (+{extra:6.1f} ms over bare python){verdict}")


if __name__ == "__main__":
    main()
