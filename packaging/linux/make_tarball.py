"""Pack the built Linux one-folder app into a tarball people can install from.

``python packaging/linux/make_tarball.py`` (after ``packaging/build.py``) writes
``dist/big2-<version>-linux-<arch>.tar.gz`` holding one folder ``big2-<version>/``::

    big2/            the one-folder app (run big2/big2)
    big2.desktop     the menu entry
    icons/           big2-<N>.png for the hicolor theme sizes
    install.sh       installs for the user (or --prefix /usr/local for everyone)
    uninstall.sh     removes it again (install.sh also copies it next to the app)
    README.txt       these steps in short

Entries are owned by root:root with the build's file modes, so unpacking as any user
gives that user's files.
"""

from __future__ import annotations

import argparse
import io
import sys
import tarfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import buildinfo  # noqa: E402

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

README = """Big Two {version} for Linux

Install for yourself (adds Big Two to your applications menu, no root needed):

    ./install.sh

or for everyone on this computer:

    sudo ./install.sh --prefix /usr/local

Or run it straight from this folder: ./big2/big2

Uninstall:  ~/.local/lib/big2/uninstall.sh   (add --purge to delete your settings,
saved games and history too; they live in ~/.config/Big2 and ~/.local/share/Big2).
"""


def _owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    return info


def make(app_dir: Path, out_dir: Path, *, version: str | None = None) -> Path:
    """Write the tarball for ``app_dir`` (the folder holding ``big2``) into ``out_dir``."""
    version = version or buildinfo.version()
    if not (app_dir / buildinfo.EXE_NAME).is_file():
        raise FileNotFoundError(f"{app_dir / buildinfo.EXE_NAME} is missing: build first")
    top = f"big2-{version}"
    arch = buildinfo.platform_tag().split("-", 1)[1]
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{top}-linux-{arch}.tar.gz"
    icons = buildinfo.ICONS
    with tarfile.open(target, "w:gz") as tar:
        tar.add(app_dir, arcname=f"{top}/big2", filter=_owned_by_root)
        for name, mode in (("big2.desktop", 0o644), ("install.sh", 0o755), ("uninstall.sh", 0o755)):
            info = _owned_by_root(tar.gettarinfo(HERE / name, arcname=f"{top}/{name}"))
            info.mode = mode  # whatever the checkout's file modes are
            with open(HERE / name, "rb") as fh:
                tar.addfile(info, fh)
        for n in ICON_SIZES:
            tar.add(icons / f"big2-{n}.png", arcname=f"{top}/icons/big2-{n}.png", filter=_owned_by_root)
        readme = README.format(version=version).encode()
        info = _owned_by_root(tarfile.TarInfo(f"{top}/README.txt"))
        info.size, info.mode, info.mtime = len(readme), 0o644, int(time.time())
        tar.addfile(info, io.BytesIO(readme))
    return target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make_tarball.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--app-dir", type=Path, default=buildinfo.ROOT / "dist" / buildinfo.EXE_NAME)
    p.add_argument("--out", type=Path, default=buildinfo.ROOT / "dist")
    args = p.parse_args(argv)
    target = make(args.app_dir, args.out)
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
