"""The board's keys by their place in the players' keyboard layouts (Russian, Kazakh, Kyrgyz), as a
player meets them: the key that is ``b`` on a Latin keyboard reads the board whatever it types, the
Kazakh digit row plays pits, and the help and the keys line name the keys as the layout types them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.needs import need
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said, screen_of
from toguz_tui.board.screens.keys import footer_text, key_help_lines
from toguz_tui.files.settings import Settings
from toguz_tui.keyboards.board_keys import keyboard
from tools.build_keyboards import SYMBOLS, build, dumps, keysym_character

__all__ = ["make_app"]  # the fixture

SHIPPED = Path(__file__).resolve().parents[3] / "toguz_tui" / "keyboards" / "keyboards.json"


def layout(name: str) -> dict[str, str]:
    keys: dict[str, str] = json.loads(SHIPPED.read_text(encoding="utf-8"))["layouts"][name]["keys"]
    return keys


def test_the_shipped_tables_are_the_system_layouts() -> None:
    need(SYMBOLS.is_dir(), f"{SYMBOLS} is missing (sudo apt-get install xkb-data)")
    assert SHIPPED.read_text(encoding="utf-8") == dumps(build(SYMBOLS)), "run tools/build_keyboards.py"


def test_the_keys_of_the_russian_layout_are_the_latin_keys_at_their_places() -> None:
    russian = layout("russian")
    assert (russian["и"], russian["р"], russian["й"], russian["И"], russian["ю"]) == ("b", "h", "q", "B", ".")
    assert [russian[digit] for digit in "1234567890"] == list("1234567890")


def test_the_kazakh_digit_row_is_the_digits() -> None:
    kazakh = layout("kazakh")
    assert [kazakh[typed] for typed in '"әіңғ,.үұқ'] == list("1234567890")
    assert (kazakh["и"], kazakh["р"], kazakh["Ә"]) == ("b", "h", "@")
    assert [layout("kazakh-latin")[typed] for typed in '"áíńǵ,.úýó'] == list("1234567890")
    assert (layout("kyrgyz")["и"], layout("kyrgyz")["ү"], layout("kyrgyz")["Ң"]) == ("b", "\\", "+")


def test_keysym_names_give_their_characters() -> None:
    assert [keysym_character(name) for name in ("Cyrillic_a", "Cyrillic_SHCHA", "Cyrillic_schwa",
                                                "Cyrillic_KA_descender", "Ukrainian_i", "numerosign",
                                                "quotedbl", "U01F5", "0x01000451", "aacute", "Iacute", "q",
                                                "dead_acute")] == \
        ["а", "Щ", "ә", "Қ", "і", "№", '"', "ǵ", "ё", "á", "Í", "q", None]


def test_only_what_another_layout_types_instead_is_read_as_a_latin_key() -> None:
    russian, kazakh = keyboard("russian"), keyboard("kazakh")
    assert (russian.latin("и"), russian.latin("И"), russian.latin("р")) == ("b", "B", "h")
    assert (russian.latin("."), russian.latin(","), russian.latin("?"), russian.latin("b")) == (None,) * 4
    assert (kazakh.latin("."), kazakh.latin(","), kazakh.latin('"'), kazakh.latin("қ")) == ("7", "6", "1", "0")
    assert (kazakh.latin("ю"), kazakh.latin("б")) == (".", ",")  # next and previous, at their Latin places
    assert keyboard("latin").latin("и") is None and keyboard("unknown").latin("и") is None


def test_the_keyboard_setting_follows_the_language_unless_it_is_set() -> None:
    assert Settings(language="ru").keyboard_layout == "russian"
    assert Settings(language="kk").keyboard_layout == "kazakh"
    assert Settings(language="ky").keyboard_layout == "kyrgyz"
    assert Settings(language="en").keyboard_layout == "latin"
    assert Settings(language="kk", keyboard="latin").keyboard_layout == "latin"
    assert Settings().changed("keyboard", "Kazakh-Latin").keyboard == "kazakh-latin"
    with pytest.raises(ValueError, match="keyboard must be one of"):
        Settings().changed("keyboard", "dvorak")


def test_the_help_and_the_keys_line_name_the_keys_as_the_layout_types_them() -> None:
    assert footer_text(layout="russian") == \
        "1 to 9 pits  Enter play  и board  т new  К resign  Щ settings  р help  й quit"
    assert footer_text() == "1 to 9 pits  Enter play  b board  n new  R resign  O settings  h help  q quit"
    lines = key_help_lines("kazakh")
    assert any(line.startswith("и: ") for line in lines), lines
    assert any(line.startswith("Shift+и: ") for line in lines), lines
    assert any(line.startswith("б: ") for line in lines) and any(line.startswith("ю: ") for line in lines)
    assert any(line.startswith("р, ?, F1: ") for line in lines), lines


async def test_under_russian_the_b_key_reads_the_board_and_the_h_key_opens_help(make_app: MakeApp) -> None:
    app = make_app(language="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("и")
        await pilot.pause()
        assert said(app)[-1].startswith("Ряд Белых") and "9 9 9" in said(app)[-1], said(app)[-1]
        assert "и" in str(screen_of(app).footer.shown_text)
        await pilot.press("р")
        await pilot.pause(0.3)
        assert app.screen is not screen_of(app), "help did not open"
        assert any(line.startswith("и: ") for line in app.screen.lines), app.screen.lines  # type: ignore[attr-defined]
        await pilot.press("р")  # the key that opened it closes it
        await pilot.pause(0.3)
        assert app.screen is screen_of(app)
        await pilot.press("И")
        await pilot.pause()
        assert "Клавиша" not in said(app)[-1], said(app)[-1]
        await pilot.press("ъ")  # ] on a Latin keyboard: nothing there either
        await pilot.pause()
        assert said(app)[-1].startswith("Клавиша ъ"), said(app)[-1]


async def test_under_kazakh_the_full_stop_of_the_digit_row_plays_pit_7(make_app: MakeApp) -> None:
    app = make_app(language="kk")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ә")  # pit 2, a letter only the Kazakh layout types: it is in use (issue 34, item 7)
        await pilot.pause()
        assert screen_of(app).pit_focus[1] == 2
        await pilot.press("full_stop")
        await pilot.pause()
        assert screen_of(app).pit_focus[1] == 7
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.session.game.moves[:1] == (7,)
        assert any("7" in text and "отау" in text.lower() for text in said(app)[-3:]), said(app)[-3:]
        await pilot.press("қ")  # 0: there is no pit 0
        await pilot.pause()
        assert screen_of(app).pit_focus[1] != 0


async def test_under_kyrgyz_the_b_key_reads_the_board(make_app: MakeApp) -> None:
    app = make_app(language="ky")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("и")
        await pilot.pause()
        assert said(app)[-1].startswith("Актын катары") and "9 9 9" in said(app)[-1], said(app)[-1]


async def test_the_latin_keyboard_setting_leaves_cyrillic_keys_alone(make_app: MakeApp) -> None:
    app = make_app(language="ru", keyboard="latin")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("и")
        await pilot.pause()
        assert said(app)[-1].startswith("Клавиша и"), said(app)[-1]
        await pilot.press("full_stop")  # next, not a pit
        await pilot.pause()
        assert screen_of(app).pit_focus[1] == 1


@pytest.mark.slow
async def test_the_settings_dialog_and_set_keyboard_choose_the_layout(make_app: MakeApp, private_dirs: Path) -> None:
    app = make_app(language="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("Щ")  # Shift+O, the settings, at its place on a Russian keyboard
        await pilot.pause()
        assert said(app)[-1].startswith("Настройки"), said(app)[-1]
        for _field in range(20):  # on through the fields to the keyboard's
            if said(app)[-1].startswith("Раскладка клавиатуры"):
                break
            await pilot.press("tab")
        assert said(app)[-1].startswith("Раскладка клавиатуры: по языку"), said(app)[-1]
        await pilot.press("right", "enter")
        await pilot.pause()
        assert app.session.settings.keyboard == "latin"
        assert 'keyboard = "latin"' in (private_dirs / "config" / "settings.toml").read_text()
        await pilot.press("и")
        await pilot.pause()
        assert said(app)[-1].startswith("Клавиша и"), said(app)[-1]
        await pilot.press("colon", *"set keyboard kazakh", "enter")
        await pilot.pause()
        assert app.session.settings.keyboard == "kazakh"
        await pilot.press("и")
        await pilot.pause()
        assert said(app)[-1].startswith("Ряд Белых"), said(app)[-1]
