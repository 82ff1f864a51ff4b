"""TypeScript's pyRepr escapes exactly the characters Python's repr() escapes, for every code
point: node's regexes know a later Unicode than Python's unicodedata, so a character assigned
since (unprintable to Python) must be escaped by a table, not by the regex alone."""

from __future__ import annotations

import subprocess
import unicodedata

from tests.test_typescript_json import node_or_skip, ts_dist

_BITMAP = """
const { pyRepr } = await import(process.argv[1]);
const out = new Uint8Array(0x110000);
for (let c = 0; c < 0x110000; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;  // lone surrogates: not text
  const char = String.fromCodePoint(c);
  const quoted = char === "'" ? '"' + char + '"' : "'" + char + "'";
  out[c] = pyRepr(char) === quoted ? 1 : 0;
}
process.stdout.write(out);
"""


def test_pyrepr_escapes_what_python_repr_escapes_for_every_code_point() -> None:
    node = node_or_skip()
    module = (ts_dist() / "_pytext.js").as_uri()
    run = subprocess.run([node, "--input-type=module", "-e", _BITMAP, module], capture_output=True, timeout=300)
    assert run.returncode == 0, run.stderr.decode()
    typescript = run.stdout
    assert len(typescript) == 0x110000
    differ = []
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        raw = repr(char) in (f"'{char}'", f'"{char}"')
        if raw != bool(typescript[code]):
            differ.append(f"U+{code:04X} (Python {'raw' if raw else 'escaped'})")
    assert not differ, (
        f"{len(differ)} code points differ, from {differ[0]}; Python's Unicode {unicodedata.unidata_version}"
    )
