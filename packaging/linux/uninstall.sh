#!/bin/sh
# Remove Big Two installed by install.sh.
#
#   ~/.local/lib/big2/uninstall.sh            # keeps your settings, saved games and history
#   ~/.local/lib/big2/uninstall.sh --purge    # removes them too
#   sudo /usr/local/lib/big2/uninstall.sh     # a system-wide install (--prefix /usr/local)
#
# The prefix is found from where this script sits (PREFIX/lib/big2/uninstall.sh) unless
# --prefix DIR is given.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
if [ "$(basename "$here")" = big2 ] && [ "$(basename "$(dirname "$here")")" = lib ]; then
    prefix=$(dirname "$(dirname "$here")")
else
    prefix="${HOME}/.local"
fi
purge=no
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --purge) purge=yes; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "uninstall.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

appdir="$prefix/lib/big2"
share="$prefix/share"

# the command, only if it is ours
if [ -L "$prefix/bin/big2" ] && [ "$(readlink "$prefix/bin/big2")" = "$appdir/big2" ]; then
    rm -f "$prefix/bin/big2"
fi
rm -f "$share/applications/big2.desktop"
for icon in "$share"/icons/hicolor/*/apps/big2.png; do
    if [ -e "$icon" ]; then rm -f "$icon"; fi
done
rm -rf "$appdir"

command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$share/applications" 2>/dev/null || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
echo "Big Two is uninstalled from $prefix"

# the player's own files: the same folders platformdirs gives the game (app name Big2)
config="${XDG_CONFIG_HOME:-$HOME/.config}/Big2"
data="${XDG_DATA_HOME:-$HOME/.local/share}/Big2"
state="${XDG_STATE_HOME:-$HOME/.local/state}/Big2"
if [ "$purge" = yes ]; then
    rm -rf "$config" "$data" "$state"
    echo "Removed your settings, saved games and history ($config, $data, $state)"
else
    echo "Your settings, saved games and history are kept in $config and $data"
    echo "(run again with --purge to remove them)."
fi
