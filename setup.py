"""Build step: the toolwire wheel carries the built-in spec and runtime as package data.

They stay at the top of the repository (the spec is language-agnostic, not a Python
package); building a wheel copies them to toolwire/_builtin/, where `toolwire.spec.builtin`
finds them. An editable install reads the repository's folders instead.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
BUILTIN = ("schemas", "runtime")


class BuildWithBuiltins(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "toolwire" / "_builtin"
        for folder in BUILTIN:
            shutil.rmtree(target / folder, ignore_errors=True)
            shutil.copytree(HERE / folder, target / folder, ignore=shutil.ignore_patterns("__pycache__", "node_modules"))


setup(cmdclass={"build_py": BuildWithBuiltins})
