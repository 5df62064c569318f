#!/bin/sh
# Install Big Two from this unpacked tarball into your own menu (no root needed).
#
#   ./install.sh                    # for you: ~/.local/lib/big2, ~/.local/bin/big2, menu entry
#   sudo ./install.sh --prefix /usr/local    # for everyone on this computer
#
# Installing again upgrades in place. Remove with uninstall.sh (copied next to the app).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
prefix="${HOME}/.local"
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

[ -x "$here/big2/big2" ] || { echo "install.sh: $here/big2/big2 is missing; run me from the unpacked tarball" >&2; exit 1; }

appdir="$prefix/lib/big2"
bindir="$prefix/bin"
share="$prefix/share"

# the app folder, replaced whole so an upgrade leaves no stale files
mkdir -p "$prefix/lib"
rm -rf "$appdir.new"
cp -R "$here/big2" "$appdir.new"
cp "$here/uninstall.sh" "$appdir.new/uninstall.sh"
chmod 755 "$appdir.new/uninstall.sh"
rm -rf "$appdir"
mv "$appdir.new" "$appdir"

# a command on the PATH
mkdir -p "$bindir"
ln -sf "$appdir/big2" "$bindir/big2"

# icons in the hicolor theme, then the menu entry pointing at the installed program
for png in "$here"/icons/big2-*.png; do
    n=$(basename "$png" .png); n=${n#big2-}
    mkdir -p "$share/icons/hicolor/${n}x${n}/apps"
    cp "$png" "$share/icons/hicolor/${n}x${n}/apps/big2.png"
done
mkdir -p "$share/applications"
sed "s|^Exec=.*|Exec=\"$appdir/big2\"|" "$here/big2.desktop" > "$share/applications/big2.desktop"
chmod 644 "$share/applications/big2.desktop"

# refresh the menu and icon caches where the desktop has the tools
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true

echo "Big Two is installed in $appdir"
echo "Start it from your applications menu (Games), or run: $bindir/big2"
case ":$PATH:" in *":$bindir:"*) ;; *) echo "(Add $bindir to your PATH to type just 'big2'.)" ;; esac
echo "Uninstall with: $appdir/uninstall.sh"
