#!/usr/bin/env bash
# Build BRLTTY 6.9 for the braille-window tests (tests/toguz_tui/board/test_braille_window.py): its TTY braille driver
# and its Tmux screen driver (new in 6.9; Debian 12's brltty 6.5 has none), nothing else. Prints the path
# of the brltty program (run in place, with the tables of its build tree); a build that is there already
# is used again. Needs tar, git, gcc, make, autoconf, automake, pkg-config and libncurses-dev; some one to
# two minutes on two cores.
#
# The source, the first of:
#   BRLTTY_SOURCE   a tarball of tag BRLTTY-6.9 (as `git archive` writes it), or a repository (a folder or
#                   an address) holding that tag;
#   ../shared/vendor/brltty-6.9.tar.gz beside this checkout, where there is one (no network needed);
#   the tag BRLTTY-6.9 cloned from https://github.com/brltty/brltty.git.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
home="${BRLTTY_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/toguz-brltty-6.9}"
program="$home/src/Programs/brltty"
if [ -x "$program" ]; then
    echo "$program"
    exit 0
fi
mkdir -p "$home"
source="${BRLTTY_SOURCE:-}"
if [ -z "$source" ] && [ -f "$here/../shared/vendor/brltty-6.9.tar.gz" ]; then
    source="$here/../shared/vendor/brltty-6.9.tar.gz"
fi
source="${source:-https://github.com/brltty/brltty.git}"
if [ ! -d "$home/src" ]; then
    rm -rf "$home/unpacked"
    case "$source" in
        *.tar.gz | *.tgz | *.tar)
            mkdir -p "$home/unpacked"
            tar -xf "$source" -C "$home/unpacked" 2>"$home/fetch.log" || { cat "$home/fetch.log" >&2; exit 1; }
            # git archive writes one top folder (brltty-6.9/): that folder is the source.
            top=("$home"/unpacked/*)
            if [ "${#top[@]}" -ne 1 ] || [ ! -d "${top[0]}" ]; then
                echo "brltty.sh: $source does not hold one top folder of BRLTTY's source" >&2
                exit 1
            fi
            mv "${top[0]}" "$home/src"
            rm -rf "$home/unpacked"
            ;;
        *)
            if [ -d "$source" ]; then
                source="file://$(cd "$source" && pwd)"
            fi
            git clone -q --depth 1 --branch BRLTTY-6.9 "$source" "$home/src" 2>"$home/fetch.log" ||
                { cat "$home/fetch.log" >&2; rm -rf "$home/src"; exit 1; }
            ;;
    esac
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
