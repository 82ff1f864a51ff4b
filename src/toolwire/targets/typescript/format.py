"""The TypeScript target's formatter: no line over 120 characters, without an npm dependency.

The templates lay the code out; this only breaks the lines they make too long, the way a
person would: a bracket group that overflows opens onto its own lines (one item a line, a
trailing comma), a long condition breaks after its && and ||, a long comment is re-wrapped.
A line it cannot break (one long string, say) is left as it is: the line-limit test names it.
"""

from __future__ import annotations

import re
from itertools import pairwise

LINE_LENGTH = 120
INDENT = "  "
_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")", "]", "}"}
# After these a `/` starts a regular expression, not a division.
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}


def format_typescript(text: str) -> str:
    """text with every overlong line broken (the rest byte for byte)."""
    out: list[str] = []
    for line, state in _lines_with_state(text):
        if len(line) <= LINE_LENGTH or state == "template":
            out.append(line)
        elif state == "comment":
            out.extend(_wrap_comment(line, block=True))
        else:
            out.extend(_wrap_code(line, 0))
    return "\n".join(out)


def _lines_with_state(text: str) -> list[tuple[str, str]]:
    """Each line with what it starts inside: code, a block comment or a template literal."""
    result: list[tuple[str, str]] = []
    state = "code"
    for line in text.split("\n"):
        result.append((line, state))
        _, state = _scan(line, state)
    return result


def _scan(line: str, state: str = "code") -> tuple[list[tuple[int, str, int]], str]:
    """The code tokens of a line that matter for breaking it: (position, token, depth) of
    brackets, commas, && and || and a trailing // comment; and the state the line ends in.
    Strings, template literals, regular expressions and comments are skipped whole."""
    tokens: list[tuple[int, str, int]] = []
    depth, i, n = 0, 0, len(line)
    last = ""  # the last significant character of code (for telling a regex from a division)
    while i < n:
        if state == "comment":
            end = line.find("*/", i)
            if end < 0:
                return tokens, "comment"
            i, state = end + 2, "code"
            continue
        if state == "template":
            while i < n and line[i] != "`":
                i += 2 if line[i] == "\\" else 1
            if i >= n:
                return tokens, "template"
            i, state, last = i + 1, "code", "`"
            continue
        c = line[i]
        if c in "\"'":
            end = _string_end(line, i)
            tokens.append((i, "str", end))  # a string: its end, in place of a depth
            i, last = end, c
            continue
        if c == "`":
            i, state = i + 1, "template"
            continue
        if line.startswith("//", i):
            tokens.append((i, "//", depth))
            return tokens, "code"
        if line.startswith("/*", i):
            i, state = i + 2, "comment"
            continue
        if c == "/" and last in _REGEX_AFTER:
            i = _regex_end(line, i)
            last = "/"
            continue
        if c in _OPEN:
            tokens.append((i, c, depth))
            depth += 1
        elif c in _CLOSE:
            depth -= 1
            tokens.append((i, c, depth))
        elif c == ",":
            tokens.append((i, c, depth))
        elif line.startswith("&&", i) or line.startswith("||", i):
            tokens.append((i, line[i : i + 2], depth))
            i += 2
            last = "&"
            continue
        elif c == "|" and line.startswith(" | ", i - 1):  # a union type's bar
            tokens.append((i, c, depth))
        if not c.isspace():
            last = c
        i += 1
    return tokens, state


def _string_end(line: str, i: int) -> int:
    quote, i = line[i], i + 1
    while i < len(line) and line[i] != quote:
        i += 2 if line[i] == "\\" else 1
    return i + 1


def _regex_end(line: str, i: int) -> int:
    i, in_class = i + 1, False
    while i < len(line):
        c = line[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            i += 1
            while i < len(line) and line[i].isalpha():
                i += 1
            return i
        i += 1
    return i


def _wrap_code(line: str, level: int) -> list[str]:
    if len(line) <= LINE_LENGTH or level > 40:
        return [line]
    if line.lstrip().startswith("/*"):
        return _wrap_comment(line, block=True)
    tokens, _ = _scan(line)
    comment = next((pos for pos, tok, _depth in tokens if tok == "//"), None)
    indent = line[: len(line) - len(line.lstrip())]
    if comment is not None and line[:comment].strip():  # a trailing comment goes on its own line above
        code = line[:comment].rstrip()
        return [*_wrap_comment(indent + line[comment:], block=False), *_wrap_code(code, level + 1)]
    if comment is not None:
        return _wrap_comment(line, block=False)
    group = _overflowing_group(line, tokens)
    if group is not None:
        return _break_group(line, tokens, group, indent, level)
    return _break_operators(line, tokens, indent, level)


def _overflowing_group(line: str, tokens: list[tuple[int, str, int]]) -> tuple[int, int] | None:
    """The outermost bracket pair (open, close positions) that holds the overflow, with
    content to break; else the first outermost one long enough to be worth opening."""
    stack: list[tuple[int, int]] = []
    pairs: list[tuple[int, int, int]] = []
    for pos, tok, depth in tokens:
        if tok == "str":
            continue
        if tok in _OPEN:
            stack.append((pos, depth))
        elif tok in _CLOSE and stack:
            start, d = stack.pop()
            if pos > start + 1:
                pairs.append((start, pos, d))
    pairs.sort(key=lambda p: (p[2], p[0]))
    for start, end, _d in pairs:
        if start < LINE_LENGTH - 1 and end >= LINE_LENGTH - 1:
            return start, end
    for start, end, _d in pairs:
        if end - start > 20 and start < LINE_LENGTH:
            return start, end
    return None


def _break_group(
    line: str, tokens: list[tuple[int, str, int]], group: tuple[int, int], indent: str, level: int
) -> list[str]:
    start, end = group
    inner_depth = next(depth for pos, _tok, depth in tokens if pos == start) + 1
    inner = indent + INDENT
    body = line[start + 1 : end]
    commas = [
        pos - start - 1 for pos, tok, depth in tokens if tok == "," and depth == inner_depth and start < pos < end
    ]
    items = _split(body, commas)
    lines = [line[: start + 1]]
    if len(items) > 1 and len(inner + ", ".join(items)) <= LINE_LENGTH:  # the items fit on one line
        lines.append(inner + ", ".join(items))
    elif len(items) > 1:
        trailing = not _no_trailing_comma(line, start, items)
        for k, item in enumerate(items):
            comma = "," if k < len(items) - 1 or trailing else ""
            lines.extend(_wrap_code(inner + item + comma, level + 1))
    else:
        ops = [
            (pos - start - 1, tok)
            for pos, tok, depth in tokens
            if tok in ("&&", "||", "|") and depth == inner_depth and start < pos < end
        ]
        if ops:
            cut = [0, *(p + len(tok) for p, tok in ops), len(body)]
            parts = [body[a:b].strip() for a, b in pairwise(cut)]
            if len(inner + " ".join(parts)) <= LINE_LENGTH:  # the condition fits on a line of its own
                parts = [" ".join(parts)]
            lines.extend(line for part in parts if part for line in _wrap_code(inner + part, level + 1))
        else:
            lines.extend(_wrap_code(inner + body.strip(), level + 1))
    lines.extend(_wrap_code(indent + line[end:].lstrip(), level + 1))
    return lines


def _no_trailing_comma(line: str, start: int, items: list[str]) -> bool:
    """Where TypeScript refuses a trailing comma: after a rest element or parameter, and
    in a for (;;) header or a type's generic arguments (never met here, but kept safe)."""
    return items[-1].startswith("...") or re.search(r"\bfor\s*$", line[:start]) is not None


def _split(body: str, commas: list[int]) -> list[str]:
    cut = [-1, *commas, len(body)]
    items = [body[a + 1 : b].strip() for a, b in pairwise(cut)]
    return [item for item in items if item] or [body.strip()]


def _break_operators(line: str, tokens: list[tuple[int, str, int]], indent: str, level: int) -> list[str]:
    """A line whose overflow is in no bracket: broken after its last && or || that fits
    (after an operator, so no semicolon is inserted), the rest indented once more."""
    ops = [
        pos + len(tok)
        for pos, tok, depth in tokens
        if tok in ("&&", "||", "|") and depth == 0 and pos < LINE_LENGTH - 2
    ]
    if not ops:
        ops = [pos + 1 for pos, tok, depth in tokens if tok == "," and depth == 0 and pos < LINE_LENGTH - 1]
    if not ops:
        return _break_string(line, tokens, indent, level)
    cut = ops[-1]
    rest = line[cut:].strip()
    if not rest:
        return [line]
    return [line[:cut].rstrip(), *_wrap_code(indent + INDENT * 2 + rest, level + 1)]


def _wrap_comment(line: str, *, block: bool) -> list[str]:
    """A comment line re-wrapped at word boundaries, each line with the same leader."""
    if len(line) <= LINE_LENGTH:
        return [line]
    match = re.match(r"(\s*(?://+|/\*\*|\*)?\s?)(.*)", line)
    assert match is not None
    leader, words = match.group(1), _comment_words(match.group(2), LINE_LENGTH - len(match.group(1)))
    if leader.strip() == "/**":
        leader = leader.replace("/**", " *")
        first = match.group(1)
    else:
        first = leader
    out: list[str] = []
    current = first
    for word in words:
        candidate = (
            current
            + (" " if current.strip() not in ("", "//", "*", "/**") and not current.endswith(" ") else "")
            + word
        )
        if len(candidate) > LINE_LENGTH and current.strip() not in ("//", "*", "/**", ""):
            out.append(current.rstrip())
            current = leader + word
        else:
            current = candidate
    out.append(current.rstrip())
    return out


def _break_string(line: str, tokens: list[tuple[int, str, int]], indent: str, level: int) -> list[str]:
    """A string value that crosses the limit, as two joined with + (at a space inside it)."""
    for start, tok, end in tokens:
        if tok != "str" or not start < LINE_LENGTH < end or not re.search(r"(^|=|\(|,|\+|return)\s*$", line[:start]):
            continue
        space = line.rfind(" ", start + 1, LINE_LENGTH - 3)
        if space < 0 or line[space - 1] == "\\":
            continue
        quote = line[start]
        head = line[: space + 1] + quote + " +"
        return [head, *_wrap_code(indent + INDENT * 2 + quote + line[space + 1 :], level + 1)]
    return [line]


def _comment_words(text: str, room: int) -> list[str]:
    """The words of a comment; a word longer than a line (a long path) cut after a '/'."""
    words: list[str] = []
    for word in text.split(" "):
        while len(word) > room and "/" in word[1:room]:
            cut = word.rfind("/", 1, room) + 1
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    return words
