#!/usr/bin/env bash
# Build BRLTTY 6.9 for the braille-window tests (tests/tui/test_braille_window.py): its TTY braille driver
# and its Tmux screen driver (new in 6.9; Debian 12's brltty 6.5 has none), nothing else. Prints the path
# of the brltty program (run in place, with the tables of its build tree); a build that is there already
# is used again. Needs git, gcc, make, autoconf, automake, pkg-config and libncurses-dev; some two
# minutes on two cores.
set -euo pipefail
home="${BRLTTY_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/toguz-brltty-6.9}"
program="$home/src/Programs/brltty"
if [ -x "$program" ]; then
    echo "$program"
    exit 0
fi
mkdir -p "$home"
# The source: BRLTTY_REPOSITORY, else this machine's mirror of github:brltty/brltty where there is one
# (CI runs here without access to GitHub), else GitHub.
repository="${BRLTTY_REPOSITORY:-}"
if [ -z "$repository" ] && [ -d /work/.mirror/brltty+brltty/repo ]; then
    repository=/work/.mirror/brltty+brltty/repo
fi
repository="${repository:-https://github.com/brltty/brltty.git}"
if [ ! -d "$home/src" ]; then
    git clone -q --depth 1 --branch BRLTTY-6.9 "file://${repository#file://}" "$home/src" 2>"$home/clone.log" ||
        git clone -q --depth 1 --branch BRLTTY-6.9 "$repository" "$home/src" 2>>"$home/clone.log" ||
        { cat "$home/clone.log" >&2; exit 1; }
fi
cd "$home/src"
{
    ./autogen
    ./configure --with-braille-driver=tt,-all --with-screen-driver=tx,-all --without-speech-driver \
        --disable-speech-support --disable-x --disable-gpm --disable-polkit --disable-i18n --without-libbraille \
        --disable-emacs-bindings --disable-java-bindings --disable-lisp-bindings --disable-lua-bindings \
        --disable-ocaml-bindings --disable-python-bindings --disable-tcl-bindings --with-curses=ncursesw
    make -j"$(nproc)" -C Programs brltty
} >"$home/build.log" 2>&1 || { tail -n 30 "$home/build.log" >&2; exit 1; }
echo "$program"
