#!/usr/bin/env python3
"""Circles of imports between the source files of each crate, and files too long.

Every crate under ``crates/*/src`` is read as a graph whose nodes are its
files: a file is the module it defines (``src/games/heap.rs`` is
``games::heap``, ``src/misere/mod.rs`` is ``misere``, ``src/lib.rs`` and
``src/main.rs`` are the crate root). Modules written inline inside a file
(``mod tests { ... }``) belong to that file, tests included.

An edge ``a -> b`` means the code of file ``a`` names an item of file ``b``:
a ``use`` of ``crate::...``, ``super::...`` or ``self::...``, such a path
written in the code, or a path through a child module or through a module
imported under a short name. A path to an item that a module only
re-exports (``pub use``) is followed to the file that defines it, so
``use crate::misere::Quotient`` counts as an import of ``misere::quotient``,
and the re-export itself is an edge only when its file also uses the name.
``use super::*`` counts as an import of the parent, and of each file whose
items the parent imports and the child then names.

The rule: a module and its own descendants may use each other. A parent
declares, assembles and re-exports its children, and the children use the
types the parent holds; that is how Rust modules are built, so edges
between a file and one of its ancestors (``misere`` and ``misere::play``)
are left out. Every other edge joins two files neither of which contains
the other (siblings or cousins, such as ``games::heap`` and
``misere::play``), and those must form no circle: a strongly connected
component of two files or more is reported with its edges and the lines
they come from. A circle that only closes through a parent's own code
(``a -> parent -> b -> a``) is therefore not reported.

The second check: no ``.rs`` file under ``crates/*/src`` has more than
``MAX_LINES`` lines, so that each file stays one concern a reader can hold.

Exits 1 when either check fails. Python 3 standard library only; it reads
the source as text (comments and strings blanked), not through the
compiler, so a path built by a macro is not seen.
Usage: ``scripts/import_cycles.py [repository root]``.
"""

import re
import sys
from pathlib import Path

MAX_LINES = 900

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
ITEM_RE = re.compile(
    r"^\s*(?:pub(?:\s*\([^)]*\))?\s+)?(?:(?:async|const|unsafe|default)\s+)*"
    r"(?:extern\s+\"[^\"]*\"\s+)?"
    r"(fn|struct|enum|trait|type|const|static|union|mod|macro_rules!)\s+(" + IDENT + ")",
    re.M,
)
MOD_DECL_RE = re.compile(r"(?<![\w:.])mod\s+(" + IDENT + r")\s*([;{])")
USE_RE = re.compile(r"(?<![\w:.])((?:pub(?:\s*\([^)]*\))?\s+)?)use\s+([^;]*);")
PATH_RE = re.compile(r"(?<![\w:$])((?:" + IDENT + r")(?:\s*::\s*" + IDENT + r")+)")


def strip(text):
    """The text with comments, strings and character literals blanked (lines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 20]) and not re.match(r"\w", text[i - 1:i] or " "):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j]) + '"')
            i = j + 1
        elif c == "'":
            m = re.match(r"'(?:\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_tree(tree):
    """The paths of a ``use`` tree, each as (segments, alias or None)."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+", "@", tree))
    depth, start, parts = 0, 0, []
    for k, ch in enumerate(tree):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(tree[start:k])
            start = k + 1
    parts.append(tree[start:])
    paths = []
    for part in filter(None, parts):
        brace = part.find("{")
        if brace >= 0:
            prefix = [s for s in part[:brace].split("::") if s]
            for segs, alias in split_tree(part[brace + 1:part.rindex("}")]):
                if segs == ["self"]:
                    paths.append((prefix, alias))
                else:
                    paths.append((prefix + segs, alias))
        else:
            part, _, alias = part.partition("@")
            paths.append(([s for s in part.split("::") if s], alias or None))
    return paths


class File:
    def __init__(self, path, module, text):
        self.path = path
        self.module = module  # tuple of segments, () for the crate root
        self.text = strip(text)
        self.lines = text.count("\n")
        self.defined = {m.group(2) for m in ITEM_RE.finditer(self.text)}
        self.uses = []  # (scope, segments, alias, is_pub, line)
        self.paths = []  # (scope, segments, line)
        self.children = set()
        self._scan()

    def _scan(self):
        # Inline modules: the scope of each offset, by braces.
        text = self.text
        opens = {}
        for m in MOD_DECL_RE.finditer(text):
            if m.group(2) == "{":
                opens[m.end() - 1] = m.group(1)
            else:
                self.children.add(m.group(1))
        scope_at = []
        stack, depth, scope = [], 0, ()
        for k, ch in enumerate(text):
            if ch == "{":
                depth += 1
                if k in opens:
                    stack.append((depth, scope))
                    scope = scope + (opens[k],)
            elif ch == "}":
                if stack and stack[-1][0] == depth:
                    scope = stack.pop()[1]
                depth -= 1
            scope_at.append(scope)
        self.scope_at = scope_at
        spans = []
        for m in USE_RE.finditer(text):
            line = text.count("\n", 0, m.start(2)) + 1
            scope = scope_at[m.start(2)]
            for segs, alias in split_tree(m.group(2)):
                if segs and segs[0] == "$crate":
                    segs[0] = "crate"
                self.uses.append((scope, segs, alias, bool(m.group(1).strip()), line))
            spans.append((m.start(), m.end()))
        inside = set()
        for a, b in spans:
            inside.update(range(a, b))
        for m in PATH_RE.finditer(text):
            if m.start() in inside:
                continue
            segs = re.split(r"\s*::\s*", m.group(1))
            line = text.count("\n", 0, m.start()) + 1
            self.paths.append((scope_at[m.start()], segs, line))


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}
        for path in sorted(src.rglob("*.rs")):
            rel = path.relative_to(src).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "mod" or (len(parts) == 1 and parts[0] in ("lib", "main")):
                parts = parts[:-1]
            module = tuple(parts)
            if len(parts) == 0 and path.name == "main.rs" and (src / "lib.rs").exists():
                continue
            if len(parts) == 1 and parts[0] == "bin":
                continue
            if parts and parts[0] == "bin":
                continue
            self.files[module] = File(path, module, path.read_text(encoding="utf-8"))

    def file_of(self, module):
        """The file module holding a module path (inline modules belong to their file)."""
        module = tuple(module)
        while module not in self.files:
            module = module[:-1]
        return module

    def absolute(self, file, scope, segs):
        """A path as segments from the crate root, or None when it leaves the crate."""
        base = list(file.module) + list(scope)
        segs = list(segs)
        if not segs:
            return None
        head = segs[0]
        if head == "crate":
            return segs[1:]
        if head in ("self", "super"):
            while segs and segs[0] in ("self", "super"):
                if segs[0] == "super":
                    if not base:
                        return None
                    base = base[:-1]
                segs = segs[1:]
            return base + segs
        # A child module of the scope, or a module imported under a name.
        here = tuple(base)
        if here in self.files and head in self.files[here].children and not scope:
            return base + segs
        if tuple(base + [head]) in self.files:
            return base + segs
        for sc, usegs, alias, _pub, _line in file.uses:
            if sc != tuple(scope) or not usegs or usegs[-1] == "*":
                continue
            name = alias or usegs[-1]
            if name == head and usegs[0] in ("crate", "self", "super") or (
                name == head and tuple(base + [usegs[0]]) in self.files
            ):
                target = self.absolute(file, sc, usegs)
                if target is not None and tuple(target) in self.files:
                    return target + segs[1:]
        return None

    def resolve(self, segs, seen=None):
        """The files defining the item at an absolute path (following re-exports)."""
        seen = seen or set()
        key = tuple(segs)
        if key in seen:
            return set()
        seen.add(key)
        k = len(segs)
        while k > 0 and tuple(segs[:k]) not in self.files:
            k -= 1
        module = tuple(segs[:k])
        rest = segs[k:]
        if module not in self.files:
            return set()
        if not rest or rest == ["*"]:
            return {module}
        name = rest[0]
        f = self.files[module]
        if name in f.defined:
            return {module}
        found = set()
        for scope, usegs, alias, _pub, _line in f.uses:
            if scope or not usegs:
                continue
            if usegs[-1] != "*" and (alias or usegs[-1]) == name:
                target = self.absolute(f, (), usegs)
                if target is not None:
                    found |= self.resolve(target + rest[1:], seen)
        if not found:
            for scope, usegs, alias, _pub, _line in f.uses:
                if scope or not usegs or usegs[-1] != "*":
                    continue
                target = self.absolute(f, (), usegs[:-1])
                if target is not None:
                    found |= self.resolve(target + rest, seen)
        return found or {module}

    def edges(self):
        """Edges between files: {(a, b): [line numbers in a]}."""
        edges = {}

        def add(a, b, line):
            if a != b:
                edges.setdefault((a, b), []).append(line)

        for module, f in self.files.items():
            for scope, segs, alias, is_pub, line in f.uses:
                target = self.absolute(f, scope, segs)
                if target is None:
                    continue
                if segs[-1] == "*":
                    base = target[:-1]
                    for b in self.resolve(base):
                        if not is_pub:
                            add(module, b, line)
                    self._glob(f, module, base, line, add)
                    continue
                if is_pub and not scope:
                    # A re-export is followed where it is used; it is an
                    # import of this file too when the file names it.
                    name = alias or segs[-1]
                    if name == "self" or len(re.findall(r"\b" + re.escape(name) + r"\b", f.text)) < 2:
                        continue
                for b in self.resolve(target):
                    add(module, b, line)
            for scope, segs, line in f.paths:
                target = self.absolute(f, scope, segs)
                if target is None:
                    continue
                for b in self.resolve(target):
                    add(module, b, line)
        return edges

    def _glob(self, f, module, base, line, add):
        """The files behind the names a glob import brings in and the file names."""
        key = tuple(base)
        if key not in self.files:
            return
        g = self.files[key]
        words = set(re.findall(IDENT, f.text))
        for scope, usegs, alias, _pub, _line in g.uses:
            if scope or not usegs or usegs[-1] == "*":
                continue
            name = alias or usegs[-1]
            if name == "self":
                name = usegs[-2] if len(usegs) > 1 else name
            if name in words:
                target = self.absolute(g, (), usegs)
                if target is not None:
                    for b in self.resolve(target):
                        add(module, b, line)


def contains(a, b):
    return len(a) <= len(b) and tuple(b[: len(a)]) == tuple(a)


def components(nodes, edges):
    """Strongly connected components (Tarjan), each a list of nodes."""
    succ = {n: [] for n in nodes}
    for a, b in edges:
        succ[a].append(b)
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        work = [(v, iter(succ[v]))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ[w])))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    out.append(comp)

    for n in nodes:
        if n not in index:
            visit(n)
    return out


def name(module):
    return "::".join(module) or "(crate root)"


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    failed = False
    for src in sorted(root.glob("crates/*/src")):
        crate = Crate(src)
        crate_name = src.parent.name
        for module, f in sorted(crate.files.items()):
            if f.lines > MAX_LINES:
                print(f"{f.path.relative_to(root)}: {f.lines} lines, over {MAX_LINES}")
                failed = True
        edges = {
            (a, b): lines
            for (a, b), lines in crate.edges().items()
            if not contains(a, b) and not contains(b, a)
        }
        for comp in components(list(crate.files), edges):
            if len(comp) < 2:
                continue
            failed = True
            members = set(comp)
            print(f"{crate_name}: a circle of imports among {', '.join(sorted(name(m) for m in comp))}")
            for a, b in sorted((a, b) for (a, b) in edges if a in members and b in members):
                lines = ", ".join(str(n) for n in sorted(set(edges[(a, b)]))[:6])
                print(f"    {name(a)} -> {name(b)}: {crate.files[a].path.relative_to(root)} line {lines}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
