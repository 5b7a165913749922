#!/usr/bin/env python3
"""Checks docs/design.md's layer table against the module import graph of modules/.

Reads every module interface unit modules/**/*.cppm (`export module NAME;`; implementation
units and anything before the `export module` line, the global module fragment, are ignored)
and its `import X;` / `export import X;` lines. The generated module ff.registry counts as a
top-level module (modules/) that imports ff.<name> for each line <folder>/<name> of
modules/fields.cmake, as cmake/registry.cmake writes it.

The table (under "## Layers: folder = layer = module prefix", columns folder | modules | what
it holds) must, for each folder modules/<folder>/ (one row each; rows for folders outside
modules/, such as reference/, are not checked):
  * name, backticked, every module interface unit in that folder, and
  * name no backticked `ff` / `ff.*` module that is not an interface unit in that folder.
The registry's field modules may be summarised: a modules cell containing the exact phrase
    the registry's fields
counts as naming every field module that modules/fields.cmake lists for that folder, and
    the systems registry's curves
every curve module that modules/systems.cmake lists (modules/systems/<name>.cppm). The
generated ff.binary_curves and ff.rfc7748_curves count as top-level modules importing them.

Layering (../shared/DESIGN.md: a module imports only from its own family and lower layers):
an import must go to the same folder or to a folder of lower rank in RANK below; same-rank
imports between different folders are allowed unless both folders are in FAMILIES.

Usage: check_layers.py [ROOT]   (ROOT: the repository root; default: this script's ../)
Prints one line per problem and exits 1, or a one-line summary and exits 0.
"""
import re
import sys
from pathlib import Path

# Layers, lowest first: folder under modules/ ("" = modules/ itself) -> rank.
RANK = {"core": 0, "algo": 1, "tower": 1, "binary": 2, "prime": 2, "curve": 3, "pairing": 4, "systems": 5, "": 5}
# Folders of equal rank that must not import each other.
FAMILIES = {"binary", "prime"}
HEADING = "## Layers: folder = layer = module prefix"
MARKER = "the registry's fields"
CURVE_MARKER = "the systems registry's curves"

INTERFACE = re.compile(r"^\s*export\s+module\s+([\w.]+)(:[\w.]+)?\s*;", re.M)
IMPORT = re.compile(r"^\s*(?:export\s+)?import\s+([\w.]+)\s*;", re.M)
MODULE_NAME = re.compile(r"^ff(\.\w+)*$")


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))


def folder_label(folder):
    return f"modules/{folder}/" if folder else "modules/"


def scan_modules(root, problems):
    """{module: (folder, source label, [imports])} for every interface unit, plus registry fields."""
    mods = {}
    for path in sorted((root / "modules").rglob("*.cppm")):
        text = strip_comments(path.read_text(encoding="utf-8"))
        m = INTERFACE.search(text)
        if not m:
            continue  # implementation unit or no module at all
        folder = path.parent.relative_to(root / "modules").as_posix().strip(".")
        rel = path.relative_to(root).as_posix()
        name = m.group(1) + (m.group(2) or "")  # a partition keeps its :part (not a table entry)
        if name in mods:
            problems.append(f"{rel}: module {name} is also declared in {mods[name][1]}")
        mods[name] = (folder, rel, IMPORT.findall(text, m.end()))
    # modules/fields.cmake: set(FF_FIELDS <folder>/<name> ...) -> ff.registry imports ff.<name>.
    fields = {}
    cmake = root / "modules" / "fields.cmake"
    if cmake.exists():
        text = re.sub(r"#[^\n]*", "", cmake.read_text(encoding="utf-8"))
        body = re.search(r"set\(\s*FF_FIELDS\b(.*?)\)", text, re.S)
        for folder, field in re.findall(r"([\w/]+)/(\w+)", body.group(1) if body else ""):
            fields[f"ff.{field}"] = folder
            if mods.get(f"ff.{field}", ("",))[0] != folder:
                problems.append(f"modules/fields.cmake lists {folder}/{field}, but "
                                f"modules/{folder}/ has no module ff.{field}")
        mods["ff.registry"] = ("", "modules/fields.cmake (ff.registry)", list(fields))
    # modules/systems.cmake: set(FF_<KIND>_CURVES <name>:<field> ...) -> ff.<kind>_curves.
    systems = root / "modules" / "systems.cmake"
    if systems.exists():
        text = re.sub(r"#[^\n]*", "", systems.read_text(encoding="utf-8"))
        for kind, body in re.findall(r"set\(\s*FF_(\w+)_CURVES\b(.*?)\)", text, re.S):
            curves = [f"ff.{c}" for c in re.findall(r"(\w+):[\w:]+", body)]
            for c in curves:
                fields[c] = "systems"
                if mods.get(c, ("",))[0] != "systems":
                    problems.append(f"modules/systems.cmake lists {c[3:]}, but modules/systems/ has no module {c}")
            name = f"ff.{kind.lower()}_curves"
            mods[name] = ("", f"modules/systems.cmake ({name})", curves)
    return mods, fields


def parse_table(root, problems):
    """[(folder cell's folders, modules cell)] of the layer table in docs/design.md."""
    lines = (root / "docs" / "design.md").read_text(encoding="utf-8").splitlines()
    if HEADING not in lines:
        problems.append(f"docs/design.md: no heading '{HEADING}'")
        return []
    rows = []
    for line in lines[lines.index(HEADING) + 1:]:
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) < 2 or cells[0] == "folder" or set(cells[0]) <= set("-: "):
            continue  # not a table line, the header, or the |---| separator
        rows.append((re.findall(r"`([^`]*)`", cells[0]), cells[1]))
    if not rows:
        problems.append("docs/design.md: the layer table has no rows")
    return rows


def check_table(rows, mods, fields, problems):
    seen = {}  # folder -> row number
    for i, (folders, cell) in enumerate(rows):
        for label in folders:
            if not label.startswith("modules"):
                continue  # reference/, testing/: outside modules/, not checked
            folder = label[len("modules"):].strip("/")
            where = f"docs/design.md: folder {folder_label(folder)}"
            if folder in seen:
                problems.append(f"{where} has two rows")
            seen[folder] = i
            named = {n for n in re.findall(r"`([^`]*)`", cell) if MODULE_NAME.match(n)}
            if MARKER in cell:
                named |= {f for f, fo in fields.items() if fo == folder and fo != "systems"}
            if CURVE_MARKER in cell:
                named |= {f for f, fo in fields.items() if fo == folder and fo == "systems"}
            for n in sorted(named):
                if n not in mods:
                    problems.append(f"{where} lists `{n}`, which does not exist")
                elif mods[n][0] != folder:
                    problems.append(f"{where} lists `{n}`, which is in {folder_label(mods[n][0])}")
            for n, (fo, src, _) in sorted(mods.items()):
                if fo == folder and ":" not in n and n not in named:
                    problems.append(f"{where} does not list `{n}` ({src})")
    for folder in sorted({fo for fo, _, _ in mods.values()} - set(seen)):
        problems.append(f"docs/design.md: no row for folder {folder_label(folder)}")


def check_layers(mods, problems):
    for name, (folder, src, imports) in sorted(mods.items(), key=lambda kv: kv[1][1]):
        top = folder.split("/")[0]
        if top not in RANK:
            problems.append(f"{src}: folder {folder_label(folder)} has no rank in {Path(__file__).name}")
            continue
        for imp in imports:
            if not MODULE_NAME.match(imp):
                continue  # std, or another library's module
            if imp not in mods:
                problems.append(f"{src} imports {imp}: no such module")
                continue
            other = mods[imp][0].split("/")[0]
            if other == top or other not in RANK:
                continue  # own folder (or an unranked one, reported above)
            if RANK[other] > RANK[top]:
                problems.append(f"{src} imports {imp}: a higher layer ({folder_label(other)})")
            elif RANK[other] == RANK[top] and {top, other} <= FAMILIES:
                problems.append(f"{src} imports {imp}: across families ({folder_label(other)})")


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    problems = []
    mods, fields = scan_modules(root, problems)
    rows = parse_table(root, problems)
    check_table(rows, mods, fields, problems)
    check_layers(mods, problems)
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"check_layers: {len(mods)} modules, {len(rows)} table rows: table and layering agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
