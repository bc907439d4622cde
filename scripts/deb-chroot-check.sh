#!/bin/sh
# Installs a geocache-tui .deb with apt into a fresh Debian chroot that has no Swift
# toolchain, then runs the commands and the form there:
#
#   sudo sh scripts/deb-chroot-check.sh geocache-tui_VERSION_ARCH.deb [CHROOT]
#
# CHROOT (default .build/deb-chroot) is made with `debootstrap --variant=minbase` from
# the release this machine runs, the first time; later runs reuse it after removing
# the package. Needs root, debootstrap, tmux and Debian's mirror. `make deb-check`
# builds the package and runs this. Exits non-zero at the first step that fails.
set -eu

deb=${1:?usage: deb-chroot-check.sh PACKAGE.deb [CHROOT]}
root=${2:-.build/deb-chroot}
here=$(cd "$(dirname "$0")/.." && pwd)
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")

if [ ! -x "$root/usr/bin/apt-get" ]; then
    echo "debootstrap $suite into $root"
    debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian >/dev/null
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mounted=""
cleanup() {
    tmux -L geocache-deb-check kill-server 2>/dev/null || true
    for point in $mounted; do umount "$root$point" 2>/dev/null || true; done
}
trap cleanup EXIT
for point in /proc /dev /dev/pts; do
    if [ "$point" = /proc ]; then mount -t proc proc "$root/proc"; else mount --bind "$point" "$root$point"; fi
    mounted="$point $mounted"
done

in_root() { chroot "$root" env HOME=/root LANG=C.UTF-8 PATH=/usr/bin:/bin:/usr/sbin:/sbin "$@"; }

if in_root sh -c 'command -v swift' >/dev/null; then echo "the chroot has a Swift toolchain" >&2; exit 1; fi
in_root sh -c 'dpkg -r geocache-tui >/dev/null 2>&1 || true; rm -rf /root/.local/share/geocache-tui /root/work'
cp "$deb" "$root/root/package.deb"
mkdir -p "$root/root/work"
cp "$here/Tests/GeoModelTests/Fixtures/gsak-1.1.gpx" "$root/root/work/"
echo "apt install the package"
in_root sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /root/package.deb >/dev/null'

echo "the commands"
in_root sh -c 'cd /root/work && set -e
    geocache-tui --version
    geocache-tui add --title "Old Oak" --details "Behind the tree" --creator ana --reward "Travel bug"
    geocache-tui import gsak-1.1.gpx
    geocache-tui list | grep -q "Big Clock"
    geocache-tui export --format gpx -o out.gpx && grep -q "<gpx" out.gpx
    geocache-tui list --json | grep -q "Old Oak"'

echo "the form in tmux"
tmux -L geocache-deb-check -f /dev/null new-session -d -x 80 -y 24 \
    "chroot $root env HOME=/root LANG=C.UTF-8 TERM=tmux-256color geocache-tui; echo \"[exited \$?]\"; sleep 30"
wait_for() {
    tries=0
    until tmux -L geocache-deb-check capture-pane -p -t 0 | grep -qF "$1"; do
        tries=$((tries + 1))
        if [ "$tries" -gt 250 ]; then
            echo "timed out waiting for '$1'; the screen was:" >&2
            tmux -L geocache-deb-check capture-pane -p -t 0 >&2
            exit 1
        fi
        sleep 0.04
    done
}
wait_for "Cache 1 of 3"
wait_for "Old Oak"
tmux -L geocache-deb-check send-keys -t 0 C-n
wait_for "Cache 2 of 3"
tmux -L geocache-deb-check send-keys -t 0 C-q
wait_for "[exited 0]"
echo "the package installs and runs without a Swift toolchain: $deb"
