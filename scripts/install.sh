#!/bin/sh
# Installs or removes geocache-tui's files where Debian puts them:
#
#   sh scripts/install.sh install BINARY    the binary, the man page, bash/zsh/fish completions
#   sh scripts/install.sh uninstall         removes exactly those files
#
# The binary is installed stripped. Its debug information goes to BINARY.debug beside
# BINARY (not installed), and the stripped binary names that file (.gnu_debuglink);
# gdb reads it with `gdb -s BINARY.debug -e INSTALLED-BINARY`.
#
# PREFIX (default /usr/local) and DESTDIR (for packaging) are read from the
# environment; `make install` and `make uninstall` call this script. The man page and
# the completions are generated from BINARY itself (its argument definitions and its
# key table), so they describe exactly the program installed.
set -eu

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
root="$DESTDIR$PREFIX"
bin="$root/bin/geocache-tui"
man="$root/share/man/man1/geocache-tui.1"
bash_completion="$root/share/bash-completion/completions/geocache-tui"
zsh_completion="$root/share/zsh/vendor-completions/_geocache-tui"
fish_completion="$root/share/fish/vendor_completions.d/geocache-tui.fish"

case "${1:-}" in
install)
    binary=${2:?usage: install.sh install BINARY}
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    python3 "$(dirname "$0")/make-manual.py" "$binary" > "$work/geocache-tui.1"
    for shell in bash zsh fish; do
        "$binary" --generate-completion-script "$shell" > "$work/$shell"
    done
    # A bash completion is sourced, never run: no #! line.
    sed -i '1{/^#!/d}' "$work/bash"
    # Written beside and renamed: an install running meanwhile never sees half a file.
    objcopy --only-keep-debug "$binary" "$binary.debug.$$"
    mv -f "$binary.debug.$$" "$binary.debug"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$work/geocache-tui" "$binary"
    objcopy --add-gnu-debuglink="$binary.debug" "$work/geocache-tui"
    install -D -m 0755 "$work/geocache-tui" "$bin"
    install -D -m 0644 "$work/geocache-tui.1" "$man"
    install -D -m 0644 "$work/bash" "$bash_completion"
    install -D -m 0644 "$work/zsh" "$zsh_completion"
    install -D -m 0644 "$work/fish" "$fish_completion"
    for file in "$bin" "$man" "$bash_completion" "$zsh_completion" "$fish_completion"; do
        echo "installed $file"
    done
    ;;
uninstall)
    for file in "$bin" "$man" "$bash_completion" "$zsh_completion" "$fish_completion"; do
        if [ -e "$file" ] || [ -L "$file" ]; then
            rm -f "$file"
            echo "removed $file"
        fi
    done
    ;;
*)
    echo "usage: install.sh install BINARY | install.sh uninstall   (PREFIX, DESTDIR from the environment)" >&2
    exit 64
    ;;
esac
