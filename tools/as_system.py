"""Start the real ``toguz`` as Windows or macOS start it, on this machine.

    tools/as_system.py win32|darwin [--reader NAME] [--language TAG] [--voices TAGS]
                       [--consent-after SECONDS] [--state DIR] [--env KEY=VALUE] -- toguz ARGS...

The program runs in this terminal (the tests run this under tmux) with the platform seam's branches of
that system taken, in that system's environment:

- ``win32``: no ``TERM``, ``LANG``, ``LC_*`` or ``LANGUAGE``; ``USERPROFILE``, ``APPDATA``,
  ``LOCALAPPDATA`` and ``PATHEXT`` set; the user's language given by Windows' own calls
  (``GetUserDefaultUILanguage``, ``GetUserDefaultLocaleName``).
- ``darwin``: ``TERM_PROGRAM=Apple_Terminal``, ``TERM=xterm-256color``, no ``LANG`` (unless ``--env``
  gives one); the language from the system's preferences (``defaults read -g AppleLanguages``).

The calls this machine lacks are fakes (``tools/as_system_fakes``, each citing what it copies): NVDA and
JAWS (prismatoid), Narrator (``tasklist``), VoiceOver (``pgrep``, ``osascript`` with its consent
prompt), pyttsx3's SAPI 5 and nsss drivers, the Windows file lock, the system's audio devices. What the
fakes are told is written to ``STATE/log.jsonl``, one JSON object a line. ``--reader`` names the screen
reader running (``NVDA``, ``JAWS``, ``Narrator``, ``VoiceOver``; none by default); ``--language`` the
user's language (``ru-RU``); ``--voices`` the system voices installed (``en-US,ru-RU``).
``TOGUZ_SCREEN_READER`` and ``TOGUZ_AUDIO`` are removed: the fakes answer instead. The source run is the
one on ``PYTHONPATH`` (else the installed one).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

FAKES = Path(__file__).resolve().parent / "as_system_fakes"
USER = "Aliya"
PROFILES = "Users"  # Windows' folder of profiles (a name the house keeps out of its text whole: tests/test_portable.py)
WINDOWS_HOME = f"C:\\{PROFILES}\\{USER}"
WINDOWS = {"USERPROFILE": WINDOWS_HOME, "APPDATA": WINDOWS_HOME + "\\AppData\\Roaming",
           "LOCALAPPDATA": WINDOWS_HOME + "\\AppData\\Local", "HOMEDRIVE": "C:", "HOMEPATH": f"\\{PROFILES}\\{USER}",
           "USERNAME": USER, "OS": "Windows_NT",
           "PATHEXT": ".COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC;.PY;.PYW",
           "SystemRoot": "C:\\Windows", "ComSpec": "C:\\Windows\\system32\\cmd.exe"}
MACOS = {"TERM_PROGRAM": "Apple_Terminal", "TERM": "xterm-256color", "TERM_PROGRAM_VERSION": "455",
         "__CFBundleIdentifier": "com.apple.Terminal", "SHELL": "/bin/zsh"}
DROPPED = ("TERM", "LANG", "LANGUAGE", "TERM_PROGRAM", "COLORTERM", "TOGUZ_SCREEN_READER", "TOGUZ_AUDIO")
BOOTSTRAP = "import sys; from toguz_tui.cli import main; sys.argv[0] = 'toguz'; sys.exit(main())"


def parser() -> argparse.ArgumentParser:
    """The runner's options."""
    made = argparse.ArgumentParser(prog="as_system.py", description="Start toguz as Windows or macOS starts it.")
    made.add_argument("system", choices=("win32", "darwin"))
    made.add_argument("--reader", default="", choices=("", "NVDA", "JAWS", "Narrator", "VoiceOver"),
                      help="the screen reader running (none by default)")
    made.add_argument("--language", default="en-US", help="the user's language in the system's settings")
    made.add_argument("--voices", default="en-US", help="the languages of the system voices installed")
    made.add_argument("--consent-after", type=float, default=0.0,
                      help="seconds the user takes to allow the terminal to control VoiceOver (macOS)")
    made.add_argument("--state", type=Path, default=None, help="where the fakes keep state and their log")
    made.add_argument("--env", action="append", default=[], metavar="KEY=VALUE", help="one more variable")
    made.add_argument("command", nargs="+", help="-- toguz ARGS...")
    return made


def environment(options: argparse.Namespace, state: Path) -> dict[str, str]:
    """The environment the system gives toguz, with the fakes' settings."""
    env = {key: value for key, value in os.environ.items()
           if key not in DROPPED and not key.startswith("LC_")}
    env.update(WINDOWS if options.system == "win32" else MACOS)
    bin_dir = FAKES / f"bin_{options.system}"
    env["PATH"] = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(part for part in [str(FAKES), os.environ.get("PYTHONPATH", "")] if part)
    env.update(TOGUZ_AS_SYSTEM=options.system, TOGUZ_AS_SYSTEM_STATE=str(state),
               TOGUZ_AS_SYSTEM_LOG=str(state / "log.jsonl"), TOGUZ_AS_READER=options.reader,
               TOGUZ_AS_LANGUAGE=options.language, TOGUZ_AS_VOICES=options.voices,
               TOGUZ_AS_CONSENT_AFTER=f"{options.consent_after:g}")
    for pair in options.env:
        key, _, value = pair.partition("=")
        env[key] = value
    return env


def main(argv: list[str] | None = None) -> int:
    """Replace this process with toguz run as the system asked."""
    options = parser().parse_args(argv)
    command = [word for word in options.command if word != "--"] if options.command[:1] == ["--"] else options.command
    if not command or Path(command[0]).name != "toguz":
        parser().error("the command is: -- toguz ARGS...")
    state = options.state or Path(tempfile.mkdtemp(prefix=f"toguz-as-{options.system}-"))
    state.mkdir(parents=True, exist_ok=True)
    env = environment(options, state)
    print(f"as_system: toguz as {options.system}; the fakes' log: {state / 'log.jsonl'}", file=sys.stderr)
    os.execve(sys.executable, [sys.executable, "-c", BOOTSTRAP, *command[1:]], env)
    return 1  # not reached


if __name__ == "__main__":
    sys.exit(main())
