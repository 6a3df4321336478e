#!/usr/bin/env bash
# The system packages the test suite drives: Chromium (browser tests) and
# ffmpeg (real HLS video). Installed from Debian's packages when missing and
# we are root with apt; otherwise says what to install.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
((${#missing[@]} == 0)) && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} (Debian packages) for the browser and video tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" fonts-dejavu-core >/dev/null
else
  echo "Please install: ${missing[*]} (e.g. sudo apt-get install ${missing[*]}); browser and video tests need them." >&2
  exit 1
fi
