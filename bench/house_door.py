"""The one door to the machine (issue 53), counted for ``bench/house.py`` (standard library only): the seam
(``speech.system``) is one package that imports nothing of ours outside itself, and no two packages import
each other.

- modules that call themselves the seam (``seam_self_descriptions``): a module of the program's packages
  (``rules``, ``speech``, ``toguz_tui``) whose docstring's first sentence names "the seam" or "the one seam"
  as what the module is. The first sentence is the docstring up to the first ``.``, ``!`` or ``?`` followed
  by white space or the end (so that ``speech.system`` does not end it), lower-cased, its white space made
  single spaces. It names the seam as what it is when "the seam" or "the one seam" stands at the sentence's
  start, right after a colon, a semicolon or a dash, or after "is" or "as" ("What differs by system: the
  seam, ..."; "This package is the one seam"), and is not the possessive or the plural ("the seam's", "the
  seams"). A mention ("spoken through the seam", "behind the seam", "the words of X, the seam") is not
  such a name. They are counted by package (a module's folder; an ``__init__.py``'s is its
  own package), each module listed: the target is one package at most, named so by one module (a tree
  without a seam has none; ``tests/test_house_door.py`` checks that the house's is ``speech.system``);
- seam modules importing anything of ours outside the seam (``seam_imports_outward``): the modules of
  ``speech.system`` with an import of a module of the program's packages that is not in ``speech.system``
  (``speech.words.i18n`` among them; imports inside functions and under ``if TYPE_CHECKING:`` counted, as
  ``tests/import_graph.py`` reads them), each import listed;
- package pairs importing each other (``package_pairs``): two packages (a module's folder: ``speech.voices``,
  ``toguz_tui.keyboards``) where a module of each imports a module of the other (every import counted, as
  above), a pair where one package holds the other (``speech`` and ``speech.words``) left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bench.house_seams import Place
from tests.import_graph import PACKAGES, all_imports, modules_of

SEAM = "speech.system"  # the package that is the one door to the machine
MOST_SEAM_PACKAGES = 1  # issue 53's targets
MOST_OUTWARD_MODULES = 0
MOST_PAIRS = 0
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
SELF_NAMED = re.compile(r"(?:^|[:;\u2013\u2014-]|\bis|\bas)\s*the (?:one )?seam(?![\w'\u2019])")


def first_sentence(docstring: str) -> str:
    """The docstring's first sentence, lower-cased, its white space made single spaces."""
    words = " ".join(docstring.split()).lower()
    end = SENTENCE_END.search(words)
    return words[:end.start() + 1] if end else words


def calls_itself_the_seam(docstring: str | None) -> bool:
    """Whether a module's docstring names the seam as what the module is, in its first sentence."""
    return docstring is not None and SELF_NAMED.search(first_sentence(docstring)) is not None


def _package_of(name: str, path: Path) -> str:
    """The package of module ``name``: its folder (an ``__init__.py``'s is its own package)."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _inside(name: str, package: str) -> bool:
    return (name + ".").startswith(package + ".")


def seam_self_descriptions(root: Path) -> list[Place]:
    """Each module of the program's packages whose docstring's first sentence says it is the seam, with its
    package and that sentence."""
    found: list[Place] = []
    for name, path in modules_of(root, PACKAGES).items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstring = ast.get_docstring(tree)
        if calls_itself_the_seam(docstring):
            assert docstring is not None
            found.append(Place(path.relative_to(root).as_posix(), tree.body[0].lineno,
                               f"{_package_of(name, path)}: {first_sentence(docstring)}"))
    return sorted(found, key=lambda place: place.file)


def seam_imports_outward(root: Path) -> list[Place]:
    """Each import, in a module of the seam, of a module of ours outside the seam."""
    modules = modules_of(root, PACKAGES)
    return sorted((Place(modules[found.source].relative_to(root).as_posix(), found.line,
                         f"{found.source} imports {found.target} ({found.kind})")
                   for found in all_imports(root, PACKAGES)
                   if _inside(found.source, SEAM) and not _inside(found.target, SEAM)),
                  key=lambda place: (place.file, place.line))


def package_pairs(root: Path) -> list[Place]:
    """Each pair of packages that import each other (neither holding the other): where the first of them
    imports the second, and one import each way."""
    modules = modules_of(root, PACKAGES)
    ways: dict[tuple[str, str], list[Place]] = {}
    for found in all_imports(root, PACKAGES):
        source = _package_of(found.source, modules[found.source])
        target = _package_of(found.target, modules[found.target])
        if _inside(source, target) or _inside(target, source):
            continue
        ways.setdefault((source, target), []).append(Place(modules[found.source].relative_to(root).as_posix(),
                                                           found.line, f"{found.source} -> {found.target}"))
    pairs: list[Place] = []
    for (first, second), there in sorted(ways.items()):
        back = ways.get((second, first))
        if first < second and back:
            forth = min(there, key=lambda place: (place.file, place.line))
            returned = min(back, key=lambda place: (place.file, place.line))
            pairs.append(Place(forth.file, forth.line,
                               f"{first} <-> {second}: {forth.what}; "
                               f"{returned.what} ({returned.file}:{returned.line})"))
    return pairs


def door_figures(root: Path) -> tuple[list[str], list[str]]:
    """The lines on the one door to the machine (the seam named once, importing nothing of ours outside it,
    no package pair importing each other), and the targets missed."""
    named = seam_self_descriptions(root)
    packages = sorted({place.what.split(":", 1)[0] for place in named})
    lines = [f"Modules that call themselves the seam: {len(packages)} packages (target: at most "
             f"{MOST_SEAM_PACKAGES}, named by one module)"]
    lines.extend(f"  {place.file}:{place.line}: {place.what}" for place in named)
    missed: list[str] = []
    if len(packages) > MOST_SEAM_PACKAGES:  # none at all is a small tree's: the house's own test asks for one
        missed.append(f"{len(packages)} packages calling themselves the seam")
    elif len(named) > MOST_SEAM_PACKAGES:
        missed.append(f"{len(named)} modules calling themselves the seam")
    outward = seam_imports_outward(root)
    outward_modules = sorted({place.file for place in outward})
    lines.append(f"Seam modules importing speech.words (or anything of ours outside the seam): "
                 f"{len(outward_modules)} (target: {MOST_OUTWARD_MODULES})")
    lines.extend(f"  {place.file}:{place.line}: {place.what}" for place in outward)
    if len(outward_modules) > MOST_OUTWARD_MODULES:
        missed.append(f"{len(outward_modules)} seam modules importing outside the seam")
    pairs = package_pairs(root)
    lines.append(f"Package pairs importing each other: {len(pairs)} (target: {MOST_PAIRS})")
    lines.extend(f"  {place.file}:{place.line}: {place.what}" for place in pairs)
    if len(pairs) > MOST_PAIRS:
        missed.append(f"{len(pairs)} package pairs importing each other")
    return lines, missed
