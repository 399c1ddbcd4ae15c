"""The project names no folder of one particular machine: a contributor's machine, a user's or another
CI has none of them. Paths beside the checkout (``../shared``) and in the user's home (``~/.cache``) are
written relative to where they are."""

from __future__ import annotations

import re
import subprocess

from tests.needs import REPO, need_program

# Home and work folders of a machine: Linux and macOS homes, root's, this workplace's, Windows' profiles.
MACHINE_FOLDERS = re.compile(
    "|".join((
        r"/" + r"work/",
        r"/" + r"root/",
        r"/" + r"home/[A-Za-z0-9_.-]+",
        r"/" + r"Users/[A-Za-z0-9_.-]+",
        r"[A-Za-z]:\\\\?" + r"Users\\",
        r"/" + r"tmp/bash_jobs",
    ))
)


def tracked_files() -> list[str]:
    """The files git tracks in this checkout."""
    git = need_program("git")
    listing = subprocess.run([git, "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    return [name for name in listing.stdout.decode("utf-8").split("\0") if name]


def test_no_tracked_file_names_a_folder_of_one_machine() -> None:
    found = []
    for name in tracked_files():
        path = REPO / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue  # a compiled catalogue or another binary file
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if MACHINE_FOLDERS.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


def test_the_pattern_finds_the_folders_it_is_for() -> None:
    # Written with a "~" after the first slash, taken out here, so that this file names no such folder.
    for line in ("[ -d /~work/.mirror/x ]", "open('/~root/.cache/x')", "/~home/alice/toguz",
                 "/~Users/bob/toguz", r"C:\~Users\bob\toguz"):
        assert MACHINE_FOLDERS.search(line.replace("~", "")), line
    for line in ("../shared/vendor/brltty-6.9.tar.gz", "~/.cache/toguz-brltty-6.9", "$HOME/.cache",
                 "https://github.com/brltty/brltty.git", "the work/ folder"):
        assert not MACHINE_FOLDERS.search(line), line


# What only some systems have, and may be used only in the platform seam (speech/system/).
SYSTEM_CALLS = re.compile(r"\bfcntl\b|\bkillpg\b|\bSIGKILL\b|/dev/snd|\bmsvcrt\b|\bwinreg\b|\bwindll\b|"
                          r"sys\.platform|\bstart_new_session\b|\bselect\.select\b")


def test_what_differs_by_system_is_used_in_the_platform_seam_only() -> None:
    seam = REPO / "speech" / "system"
    seam_words = REPO / "speech" / "words" / "machine_words.py"  # the seam's reasons in words: names, no calls
    found = []
    for package in ("rules", "speech", "toguz_tui"):
        for path in sorted((REPO / package).rglob("*.py")):
            if seam in path.parents or path == seam_words:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if SYSTEM_CALLS.search(code):
                    found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert found == []
