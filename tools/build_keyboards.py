"""Build ``toguz_tui/keyboards/keyboards.json``: for each keyboard layout the game's players use, every
character it types (plain and with Shift) and the US QWERTY character of the same key.

The layouts are read from the system's xkb symbol files (``/usr/share/X11/xkb/symbols``, Debian's
``xkb-data``), following their ``include`` lines:

- ``russian``: ``ru`` (its default section, the Windows-style ЙЦУКЕН every Russian keyboard has);
- ``kazakh``: ``kz(basic)``, the standard Kazakh layout (RST KazSSR 903-90): ә і ң ғ ү ұ қ on the
  digit row, which types no digits;
- ``kazakh-latin``: ``kz(latin)``, the Kazakh Latin alphabet's layout (á í ń ǵ ú ý ó on that row);
- ``kyrgyz``: ``kg(basic)``;
- ``czech``: ``cz(basic)``, the Czech QWERTZ layout: ``+ ě š č ř ž ý á í é`` on the digit row, which
  types no digits, and ``;`` on the key left of 1; y and z swapped;
- ``german``: ``de(basic)``, the German QWERTZ layout: y and z swapped, ä ö ü ß beside the letters;
- the reference is ``us(basic)``. Polish programmers' and Dutch players' keyboards are the US layout
  (their letters come with AltGr), so they need no table: every key is where it is in Latin.

Standard library only. Run from the repository root:

    .venv/bin/python tools/build_keyboards.py [--xkb /usr/share/X11/xkb/symbols] [--check]

``--check`` compares with the shipped file instead of writing it (exit status 1 when they differ).
``tests/toguz_tui/keyboards/test_keyboards.py`` does the same where the system has the files.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

SYMBOLS = Path("/usr/share/X11/xkb/symbols")
OUTPUT = Path(__file__).resolve().parents[1] / "toguz_tui" / "keyboards" / "keyboards.json"
REFERENCE = ("us", "basic")
# The setting's word for each layout, and its file and section ("" for the file's default section).
LAYOUTS: dict[str, tuple[str, str]] = {
    "russian": ("ru", ""),
    "kazakh": ("kz", "basic"),
    "kazakh-latin": ("kz", "latin"),
    "kyrgyz": ("kg", "basic"),
    "czech": ("cz", "basic"),
    "german": ("de", "basic"),
}

# The Cyrillic keysyms' names (lower case; the upper-case name types the capital letter).
CYRILLIC = {
    "a": "а", "be": "б", "ve": "в", "ghe": "г", "de": "д", "ie": "е", "io": "ё", "zhe": "ж", "ze": "з",
    "i": "и", "shorti": "й", "ka": "к", "el": "л", "em": "м", "en": "н", "o": "о", "pe": "п", "er": "р",
    "es": "с", "te": "т", "u": "у", "ef": "ф", "ha": "х", "tse": "ц", "che": "ч", "sha": "ш", "shcha": "щ",
    "hardsign": "ъ", "yeru": "ы", "softsign": "ь", "e": "э", "yu": "ю", "ya": "я",
    "schwa": "ә", "en_descender": "ң", "ghe_bar": "ғ", "u_straight": "ү", "u_straight_bar": "ұ",
    "ka_descender": "қ", "o_bar": "ө", "shha": "һ",
}
OTHER = {"Ukrainian_i": "і", "Ukrainian_I": "І", "numerosign": "№", "section": "§", "ssharp": "ß", "degree": "°",
         "uring": "ů", "Uring": "Ů"}
# The ASCII keysyms' names.
ASCII = {
    "space": " ", "exclam": "!", "quotedbl": '"', "numbersign": "#", "dollar": "$", "percent": "%",
    "ampersand": "&", "apostrophe": "'", "parenleft": "(", "parenright": ")", "asterisk": "*", "plus": "+",
    "comma": ",", "minus": "-", "period": ".", "slash": "/", "colon": ":", "semicolon": ";", "less": "<",
    "equal": "=", "greater": ">", "question": "?", "at": "@", "bracketleft": "[", "backslash": "\\",
    "bracketright": "]", "asciicircum": "^", "underscore": "_", "grave": "`", "braceleft": "{", "bar": "|",
    "braceright": "}", "asciitilde": "~",
}
LATIN_ACCENTS = {"acute": "ACUTE", "grave": "GRAVE", "diaeresis": "DIAERESIS", "circumflex": "CIRCUMFLEX",
                 "caron": "CARON", "breve": "BREVE", "cedilla": "CEDILLA", "tilde": "TILDE"}

_SECTION = re.compile(r'xkb_symbols\s+"([^"]+)"\s*\{')
_KEY = re.compile(r"key\s+<(\w+)>\s*\{\s*(?:type(?:\[\w+\])?\s*=\s*\"[^\"]*\"\s*,\s*)?"
                  r"(?:symbols\[\w+\]\s*=\s*)?\[([^\]]*)\]")
_INCLUDE = re.compile(r'include\s+"([^"(]+)(?:\(([^)]*)\))?"')
_HEADER = re.compile(r"^\s*((?:default|hidden|partial|alphanumeric_keys|modifier_keys|keypad_keys|"
                     r"function_keys|alternate_group|xkb_symbols)\s+)+", re.MULTILINE)


def keysym_character(name: str) -> str | None:
    """The character a keysym types (None for a dead key, a function or one not known here)."""
    if len(name) == 1:
        return name
    if name in ASCII:
        return ASCII[name]
    if name in OTHER:
        return OTHER[name]
    if name.startswith("Cyrillic_"):
        rest = name[len("Cyrillic_"):]
        if rest in CYRILLIC:
            return CYRILLIC[rest]
        if rest.lower() in CYRILLIC:
            return CYRILLIC[rest.lower()].upper()
        return None
    match = re.fullmatch(r"U([0-9A-Fa-f]{4,6})|0x01([0-9A-Fa-f]{6})", name)
    if match:
        return chr(int(match.group(1) or match.group(2), 16))
    match = re.fullmatch(r"([A-Za-z])(acute|grave|diaeresis|circumflex|caron|breve|cedilla|tilde)", name)
    if match:
        letter, accent = match.groups()
        case = "CAPITAL" if letter.isupper() else "SMALL"
        try:
            return unicodedata.lookup(f"LATIN {case} LETTER {letter.upper()} WITH {LATIN_ACCENTS[accent]}")
        except KeyError:
            return None
    return None


def _strip_comments(text: str) -> str:
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.DOTALL)


def sections(text: str) -> tuple[dict[str, str], str]:
    """The ``xkb_symbols`` sections of a symbols file by name (their bodies), and the default's name."""
    text = _strip_comments(text)
    found: dict[str, str] = {}
    default = ""
    for match in _SECTION.finditer(text):
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        found[match.group(1)] = text[match.end():end - 1]
        line_start = text.rfind("\n", 0, match.start()) + 1
        if not default and "default" in text[line_start:match.start()]:
            default = match.group(1)
    return found, default or next(iter(found), "")


def read_layout(symbols: Path, name: str, section: str = "", depth: int = 0) -> dict[str, list[str | None]]:
    """Each key's characters (level 1, level 2) in a layout, its includes applied first."""
    if depth > 8:
        raise ValueError(f"includes nested too deeply at {name}({section})")
    found, default = sections((symbols / name).read_text(encoding="utf-8"))
    body = found[section or default]
    keys: dict[str, list[str | None]] = {}
    events = sorted([(match.start(), "include", match) for match in _INCLUDE.finditer(body)] +
                    [(match.start(), "key", match) for match in _KEY.finditer(body)], key=lambda item: item[0])
    for _position, kind, match in events:
        if kind == "include":
            included = read_layout(symbols, match.group(1), match.group(2) or "", depth + 1)
            keys.update(included)
            continue
        names = [part.strip() for part in match.group(2).split(",")]
        levels = [keysym_character(part) if part else None for part in names[:2]]
        while len(levels) < 2:
            levels.append(None)
        keys[match.group(1)] = levels
    return keys


def build(symbols: Path = SYMBOLS) -> dict[str, object]:
    """The file's content: per layout, each character it types and the US key's character there."""
    reference = read_layout(symbols, *REFERENCE)
    layouts: dict[str, object] = {}
    for word, (name, section) in LAYOUTS.items():
        keys = read_layout(symbols, name, section)
        mapping: dict[str, str] = {}
        for level in (0, 1):  # plain characters first: they win where Shift types one elsewhere too
            for place, typed in keys.items():
                us = reference.get(place)
                if us is None or typed[level] is None or us[level] is None:
                    continue
                character = typed[level]
                assert character is not None
                mapping.setdefault(character, us[level] or "")
        layouts[word] = {"xkb": f"{name}({section})" if section else name, "keys": mapping}
    return {
        "about": "Built by tools/build_keyboards.py from the xkb symbol files: per layout, each character it "
                 "types (plain and with Shift) and the US QWERTY character of the same key.",
        "layouts": layouts,
    }


def dumps(content: dict[str, object]) -> str:
    """The file's text, as written (one layout a few lines, readable in a diff)."""
    return json.dumps(content, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--xkb", type=Path, default=SYMBOLS, help="the xkb symbols folder")
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    options = parser.parse_args(argv)
    text = dumps(build(options.xkb))
    if options.check:
        same = OUTPUT.read_text(encoding="utf-8") == text
        print("keyboards.json is up to date" if same else "keyboards.json differs from the xkb files")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
