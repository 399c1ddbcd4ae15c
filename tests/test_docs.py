"""The README and the guide in docs/: a README a newcomer reads in five minutes, every chapter of the guide
reachable from it, every relative link and anchor leading somewhere, and the README's keys those of the
command table."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.needs import REPO
from tests.toguz_tui.conftest import environment, toguz_command
from toguz_tui.commands.table import COMMANDS
from toguz_tui.keyboards.board_keys import key_label

README = REPO / "README.md"
GUIDE = REPO / "docs"
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    """The README and every chapter of the guide."""
    return [README, *sorted(GUIDE.glob("*.md"))]


def prose(page: Path) -> str:
    """A page's Markdown without its code, where brackets are not links."""
    return FENCE.sub("", page.read_text(encoding="utf-8"))


def links(page: Path) -> list[str]:
    """The targets of a page's links."""
    return LINK.findall(INLINE_CODE.sub("code", prose(page)))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, a
    repeated heading numbered."""
    slugs = [re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
             for heading in re.findall(r"^#{1,6} +(.+)$", prose(page), re.MULTILINE)]
    return {f"{slug}-{slugs[:place].count(slug)}" if slug in slugs[:place] else slug
            for place, slug in enumerate(slugs)}


def broken(page: Path, target: str) -> str | None:
    """Why a relative link of a page leads nowhere, or None where it leads to a file (and its heading)."""
    path, _, anchor = target.partition("#")
    destination = (page.parent / path).resolve() if path else page
    if not destination.is_file():
        return f"{page.name}: {target}: no such file"
    if anchor and destination.suffix == ".md" and anchor not in anchors(destination):
        return f"{page.name}: {target}: no such heading"
    return None


def test_the_readme_opens_with_make_run_and_make_test_and_is_under_300_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 300, len(lines)
    opening = "\n".join(lines[:40])
    assert "make run" in opening and "make test" in opening


def test_every_chapter_of_the_guide_is_linked_from_the_readme() -> None:
    chapters = {page.name for page in GUIDE.glob("*.md")}
    assert {"playing.md", "screen-readers-and-braille.md", "languages-and-keyboards.md", "clocks-and-sounds.md",
            "online.md", "learning.md", "files-and-records.md", "development.md"} <= chapters
    linked = {Path(target.partition("#")[0]).name for target in links(README) if target.startswith("docs/")}
    assert chapters - linked == set()
    assert [page.name for page in GUIDE.iterdir() if page.suffix != ".md"] == []


def test_every_relative_link_of_the_readme_and_the_guide_leads_to_a_file_and_heading() -> None:
    relative = [(page, target) for page in pages() for target in links(page)
                if not re.match(r"[a-z]+:", target)]
    assert len(relative) > len(pages())
    faults = [fault for page, target in relative if (fault := broken(page, target)) is not None]
    assert faults == []


def test_a_link_to_a_missing_file_or_heading_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# A page\n\n## The board at a glance\n\n```\n## not a heading\n```\n", encoding="utf-8")
    assert broken(page, "#the-board-at-a-glance") is None
    assert broken(page, "page.md#a-page") is None
    assert broken(page, "#not-a-heading") == "page.md: #not-a-heading: no such heading"
    assert broken(page, "other.md") == "page.md: other.md: no such file"


def test_the_readmes_keys_that_matter_are_those_of_the_command_table() -> None:
    words = {word: command for command in COMMANDS for word in command.words}
    table = README.read_text(encoding="utf-8").partition("| key on the board |")[2]
    rows = [[cell.strip() for cell in row.strip().strip("|").split("|")]
            for row in table.split("\n\n")[0].splitlines() if row.startswith("| `")]
    typed = [(keys, [re.split(r"\s", word)[0] for word in re.findall(r"`([^`]+)`", said)])
             for keys, said, _ in rows if said]
    assert len(typed) >= 10
    all_keys = {key_label(key) for command in COMMANDS for key in command.keys}
    for keys, said in typed:
        assert all(word in words for word in said if word != "N"), said
        named = [words[word] for word in said if word != "N"]
        assert named, keys
        theirs = {key_label(key) for command in named for key in command.keys}
        shown = set(re.findall(r"`([^`]+)`", keys)) & all_keys
        assert shown <= theirs, (keys, said)


# The short page (docs/cs.md, de.md, pl.md, nl.md) a Czech, German, Polish or Dutch player starts from: each
# word it gives to type in the line mode is one that toguz takes in that language (a key, a program's command
# line or the keyboard's digit row aside), with no reply that a word is unknown.
START_PAGES = {"cs": "Neznám", "de": "Unbekannt", "pl": "Nieznan", "nl": "Onbekend"}


@pytest.mark.parametrize("code", sorted(START_PAGES))
def test_each_word_a_start_page_gives_to_type_is_taken_in_its_language(tmp_path: Path, code: str) -> None:
    page = GUIDE / f"{code}.md"
    typed = [code_text.strip("`") for code_text in INLINE_CODE.findall(page.read_text(encoding="utf-8"))]
    words = [text for text in typed
             if len(text) > 1 and not text.startswith(("toguz", "pipx", "sudo", "+ "))]
    assert len(words) >= 8, words  # the language setting and the line mode's commands
    done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", "--language", code, "--new",
                           "--opponent", "human"], input="\n".join(words) + "\n", capture_output=True, text=True,
                          timeout=120, env=environment(tmp_path))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    replies = done.stdout.splitlines()
    assert not [line for line in replies if START_PAGES[code].lower() in line.lower()], replies
    assert len(replies) >= len(words), replies  # each word answered
    assert page.name in README.read_text(encoding="utf-8")
