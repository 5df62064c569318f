"""Pack this platform's builds for a release: ``python packaging/release_archives.py``.

Run after ``build.py`` and ``build.py --onefile``; writes into ``dist/release/``:

- Linux: ``big2-<v>-linux-<arch>.tar.gz`` (the one-folder app with ``.desktop`` file and
  install script, see ``linux/make_tarball.py``) and the one-file ``big2-<v>-linux-<arch>``;
- Windows: ``big2-<v>-windows-<arch>.zip`` (the one-folder app) and the one-file
  ``big2-<v>-windows-<arch>.exe``;
- macOS: ``Big2-<v>-macos-<arch>.zip`` holding ``Big2.app`` (made with ``ditto`` so the
  bundle's symlinks survive) and the one-file ``big2-<v>-macos-<arch>``.

Missing builds are skipped with a note; it fails only when there is nothing to pack.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import buildinfo  # noqa: E402


def main() -> int:
    out = build.DIST / "release"
    out.mkdir(parents=True, exist_ok=True)
    stem = f"big2-{buildinfo.version()}-{buildinfo.platform_tag()}"
    made: list[Path] = []

    app = build.output(onefile=False)
    if app.exists():
        if sys.platform.startswith("linux"):
            sys.path.insert(0, str(HERE / "linux"))
            import make_tarball

            made.append(make_tarball.make(app, out))
        elif sys.platform == "darwin":
            target = out / f"{buildinfo.APP_NAME}-{buildinfo.version()}-{buildinfo.platform_tag()}.zip"
            subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(target)], check=True)
            made.append(target)
        else:
            made.append(Path(shutil.make_archive(str(out / stem), "zip", app.parent, app.name)))
    else:
        print(f"no one-folder build at {app}", file=sys.stderr)

    single = build.output(onefile=True)
    if single.exists():
        target = out / (stem + single.suffix)
        shutil.copy2(single, target)
        made.append(target)
    else:
        print(f"no one-file build at {single}", file=sys.stderr)

    for path in made:
        print(f"{path.relative_to(buildinfo.ROOT)}  {path.stat().st_size / 1e6:.1f} MB")
    return 0 if made else 1


if __name__ == "__main__":
    sys.exit(main())
