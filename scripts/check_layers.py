#!/usr/bin/env python3
"""Checks the shape of core/src (see core/src/README.md): layers as folders, arrows down.

Each folder of core/src is a layer. A file uses another when it includes it or calls a
function the other defines; `X_internal.h` and `X.c` count as one file. A file may use its
own layer or a lower one, never a higher one, and no files may use each other in a circle.
Prints each violation with the line that makes it and exits 1; prints one line when the
shape holds. Usage: python3 scripts/check_layers.py [core/src]
"""
import re
import sys
from pathlib import Path

# Lowest first. Keep in step with core/src/README.md, which says what each holds.
LAYERS = ["common", "text", "formats", "measures", "run", "stats", "output"]
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', re.M)
NAME = re.compile(r"\b(ce_\w+)\s*\(")


def code_of(text):
    """The text with comments, strings and preprocessor lines blanked, lines kept."""
    pattern = r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|^[ \t]*#(?:[^\n]*\\\n)*[^\n]*'
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(pattern, blank, text, flags=re.S | re.M)


def scan(code):
    """The functions a file defines, and the ce_ names it calls with their lines."""
    defined, calls, depth, paren = set(), [], 0, 0
    for match in re.finditer(r"[{}]|" + NAME.pattern, code):
        token = match.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0:  # a declaration or a definition: look past its parameter list
            i, level = match.end(), 1
            while i < len(code) and level:
                level += {"(": 1, ")": -1}.get(code[i], 0)
                i += 1
            rest = code[i:].lstrip()
            if rest.startswith("{"):
                defined.add(match.group(1))
        else:
            calls.append((match.group(1), code.count("\n", 0, match.start()) + 1))
    return defined, calls


def main(src):
    problems = []
    files = sorted(p for p in src.rglob("*") if p.suffix in (".c", ".h"))
    unit = {}
    for path in files:
        if path.parent.parent != src or path.parent.name not in LAYERS:
            problems.append(f"{path}: every core file sits in a layer folder {LAYERS}")
        own = path.with_name(path.name[: -len("_internal.h")] + ".c")
        unit[path] = own if path.name.endswith("_internal.h") and own.exists() else path
    readme = (src / "README.md").read_text() if (src / "README.md").exists() else ""
    problems += [f"{src}/README.md: says nothing of `{l}/`" for l in LAYERS if f"`{l}/`" not in readme]

    texts = {p: p.read_text(encoding="utf-8") for p in files}
    scanned = {p: scan(code_of(t)) for p, t in texts.items()}
    definer = {}
    for path, (defined, _) in scanned.items():
        for name in defined:
            definer[name] = unit[path]

    uses = {}  # unit -> {unit it uses: the first line that says so}
    def use(path, target, where):
        a, b = unit[path], unit[target]
        here, there = path.parent.name, target.parent.name
        if here in LAYERS and there in LAYERS and LAYERS.index(there) > LAYERS.index(here):
            problems.append(f"{where}: {here}/ may not use {there}/, a higher layer")
        if a != b:
            uses.setdefault(a, {}).setdefault(b, where)

    for path, text in texts.items():
        for match in INCLUDE.finditer(text):
            name = match.group(1)
            where = f"{path}:{text.count(chr(10), 0, match.start()) + 1}: #include \"{name}\""
            if name == "clustereval.h":
                continue  # the public contract: every layer may read it
            if "/" not in name or (src / name) not in unit:
                problems.append(f"{where}: name a file of {src} as \"layer/file\"")
            else:
                use(path, src / name, where)
        for name, line in scanned[path][1]:
            if name in definer:
                use(path, definer[name], f"{path}:{line}: calls {name}")

    state, stack, circles = {}, [], set()
    def visit(node):  # depth first; a use of a file still open closes a circle
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(uses.get(node, {})):
            if state.get(nxt) == "open":
                circle = stack[stack.index(nxt):] + [nxt]
                if frozenset(circle) not in circles:
                    circles.add(frozenset(circle))
                    steps = [uses[circle[i]][circle[i + 1]] for i in range(len(circle) - 1)]
                    names = " -> ".join(str(n.relative_to(src)) for n in circle)
                    problems.append(f"circle {names}:\n    " + "\n    ".join(steps))
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = "done"
    for node in sorted(uses):
        if node not in state:
            visit(node)

    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) with the layers of {src}" if problems else
          f"layers hold: {len(set(unit.values()))} files in {len(LAYERS)} layers, no use points up, no circle")
    return 1 if problems else 0


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else root / "core" / "src"))
