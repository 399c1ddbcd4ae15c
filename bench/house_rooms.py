"""The rooms (issue 36), counted for ``bench/house.py`` (standard library only): whether each file of the
program's packages (``rules``, ``speech``, ``toguz_tui``) is named for what it holds.

- twin basenames: a file name (``records.py``) that stands in two folders or more of the program's
  packages, ``__init__.py`` left out (``twin_basenames``);
- renaming imports: an import in the program's packages that gives what it imports another name
  (``import x as y``, ``from m import x as y``), left out the community's own names for numpy
  (``numpy as np``, ``numpy.typing as npt``), which every reader of numpy code knows (``renaming_imports``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from bench.house_seams import Place, place_figures
from tests.import_graph import PACKAGES, modules_of

MOST_TWINS = 0  # issue 36's targets
MOST_RENAMING_IMPORTS = 3
NUMPY_NAMES = {("numpy", "np"), ("numpy.typing", "npt")}


def twin_basenames(root: Path) -> dict[str, list[str]]:
    """Each file name that stands in two folders or more of the program's packages, with its files."""
    found: dict[str, list[str]] = {}
    for path in modules_of(root, PACKAGES).values():
        if path.name != "__init__.py":
            found.setdefault(path.name, []).append(path.relative_to(root).as_posix())
    return {name: sorted(files) for name, files in sorted(found.items()) if len(files) > 1}


def renaming_imports(root: Path) -> list[Place]:
    """Each import in the program's packages that gives what it imports another name (numpy's own left out)."""
    found: list[Place] = []
    for path in modules_of(root, PACKAGES).values():
        file = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for alias in node.names:
                if alias.asname is None or alias.asname == alias.name:
                    continue
                whole = alias.name if isinstance(node, ast.Import) else f"{node.module or ''}.{alias.name}"
                if isinstance(node, ast.Import) and (alias.name, alias.asname) in NUMPY_NAMES:
                    continue
                found.append(Place(file, node.lineno, f"{whole} as {alias.asname}"))
    return sorted(found, key=lambda place: (place.file, place.line))


def room_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on the rooms (twin basenames, renaming imports), and the targets missed."""
    twins = twin_basenames(root)
    lines = [f"Twin basenames in {', '.join(PACKAGES)}: {len(twins)} (target: at most {MOST_TWINS})"]
    lines += [f"  {name}: {', '.join(files)}" for name, files in twins.items()]
    missed = [f"{len(twins)} twin basenames"] if len(twins) > MOST_TWINS else []
    rename_lines, renames_missed = place_figures(f"Renaming imports in {', '.join(PACKAGES)} (numpy as np left out)",
                                                 renaming_imports(root), MOST_RENAMING_IMPORTS, "renaming imports")
    return lines + rename_lines, missed + renames_missed
