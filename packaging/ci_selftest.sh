#!/usr/bin/env bash
# Build the Linux one-folder app and run its --self-test headless (a local computer hand, then
# an online one through a room the app hosts on loopback); exit non-zero on failure.
#
#   bash packaging/ci_selftest.sh
#
# Works on a fresh machine: makes (or reuses) the venv, installs the project with the
# packaging extra (versions from packaging/constraints.txt), builds dist/big2/ with PyInstaller and runs dist/big2/big2 --self-test
# with SDL's dummy video and audio drivers, with HOME pointed at a throw-away folder so
# the run never touches a real user's settings. VENV=path picks another venv.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${VENV:-.venv}"
started=$(date +%s)
step() { echo "ci_selftest: $* ($(( $(date +%s) - started )) s)"; }

step "installing into $venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || { echo "ci_selftest: cannot make $venv" >&2; exit 1; }
fi
"$venv/bin/python" -m pip install -q -c packaging/constraints.txt -e '.[package]' || { echo "ci_selftest: install failed" >&2; exit 1; }

step "building the one-folder app"
"$venv/bin/python" packaging/build.py || { echo "ci_selftest: build failed" >&2; exit 1; }

app=dist/big2/big2
[ -x "$app" ] || { echo "ci_selftest: $app was not built" >&2; exit 1; }

step "running $app --self-test"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
status=0
env -u BIG2_HOME HOME="$home" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    timeout 300 "$app" --self-test >"$home/self-test.out" || status=$?
cat "$home/self-test.out"
if [ "$status" -ne 0 ]; then
    echo "ci_selftest: the built app's self-test FAILED (exit $status)" >&2
    exit 1
fi
# The online part (a room hosted in the app, a computer hand over loopback) must have run.
if ! grep -q "^self-test online ok:" "$home/self-test.out"; then
    echo "ci_selftest: the built app's self-test did not play its online hand" >&2
    exit 1
fi
step "the built app passed its self-test"
