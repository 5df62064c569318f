"""Measure start-up to first frame of a build, as a person would see it (Linux, X11).

``python packaging/measure_startup.py [--runs N] PROGRAM [ARGS...]`` starts a private
Xvfb screen (black root window), launches PROGRAM on it with no window manager, and
reads the pixel at the screen's centre through libX11 every couple of milliseconds.
The first frame is the moment that pixel stops being black: the title screen paints
green felt over the whole window, and SDL's fresh window is black until then. Prints
each run and the median/best, in seconds from process launch.

Example: ``python packaging/measure_startup.py dist/big2/big2`` or, for the source
install, ``python packaging/measure_startup.py .venv/bin/python -m big2``.
Needs Xvfb and libX11 (Debian: ``apt-get install xvfb``).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SCREEN = (1400, 800)


class _Screen:
    """Reads one pixel of an X display's root window through libX11."""

    def __init__(self, display: str) -> None:
        x = ctypes.CDLL("libX11.so.6")
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.c_void_p
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XGetPixel.restype = ctypes.c_ulong
        x.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        x.XDestroyImage.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x = x
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open display {display}")
        self.root = x.XDefaultRootWindow(self.dpy)

    def pixel(self, px: int, py: int) -> int:
        img = self.x.XGetImage(self.dpy, self.root, px, py, 1, 1, 0xFFFFFFFF, 2)  # ZPixmap
        try:
            return int(self.x.XGetPixel(img, 0, 0)) & 0xFFFFFF
        finally:
            self.x.XDestroyImage(img)

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    for n in range(90, 120):
        if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
            continue
        proc = subprocess.Popen(
            ["Xvfb", f":{n}", "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-br", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        for _ in range(200):
            if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                return proc, f":{n}"
            time.sleep(0.01)
        proc.terminate()
    raise RuntimeError("could not start Xvfb")


def first_frame(cmd: list[str], screen: _Screen, display: str, *, timeout: float = 30.0) -> float:
    """Seconds from launching ``cmd`` until the screen's centre pixel is not black."""
    cx, cy = SCREEN[0] // 4, SCREEN[1] // 4  # inside a 1280x720 window placed anywhere sane
    home = tempfile.mkdtemp(prefix="big2-startup-")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("BIG2_HOME", None)
    assert screen.pixel(cx, cy) == 0, "screen not black before launch"
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - started < timeout:
            if screen.pixel(cx, cy) != 0:
                return time.perf_counter() - started
            if proc.poll() is not None:
                raise RuntimeError(f"{cmd[0]} exited with {proc.returncode} before its first frame")
            time.sleep(0.002)
        raise RuntimeError("no frame within the timeout")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(home, ignore_errors=True)
        deadline = time.perf_counter() + 5
        while screen.pixel(cx, cy) != 0 and time.perf_counter() < deadline:
            time.sleep(0.01)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="measure_startup.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("command", nargs=argparse.REMAINDER)
    args = p.parse_args(argv)
    if not args.command:
        p.error("give the program to start")
    xvfb, display = _start_xvfb()
    try:
        screen = _Screen(display)
        times = []
        for i in range(args.runs):
            t = first_frame(args.command, screen, display)
            times.append(t)
            print(f"run {i + 1}: {t:.3f} s")
        screen.close()
    finally:
        xvfb.terminate()
        xvfb.wait()
    print(f"start-up to first frame of {' '.join(args.command)}: "
          f"median {statistics.median(times):.3f} s, best {min(times):.3f} s over {len(times)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
