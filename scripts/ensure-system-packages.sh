#!/usr/bin/env bash
# The system packages the platform and its tests drive: ffmpeg (video), nginx
# with the RTMP module (the media gateway's RTMP ingest), srt-tools (its SRT
# listener, srt-live-transmit) and, for the tests,
# Chromium. Installed from Debian's packages when missing and we are root with
# apt; otherwise says what to install.
#   ensure-system-packages.sh          everything the test suite needs
#   ensure-system-packages.sh platform what `npm start` needs (no browser)
set -euo pipefail
missing=()
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v srt-live-transmit >/dev/null 2>&1 || missing+=(srt-tools)
{ [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_rtmp_module.so ]; } || missing+=(nginx-light libnginx-mod-rtmp)
if [ "${1:-tests}" != "platform" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fi
((${#missing[@]} == 0)) && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} (Debian packages) for video, the media gateway and the browser tests"
  apt-get update -qq
  # The nginx package must not start a system-wide nginx on port 80: the gateway runs its own.
  own_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && own_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" fonts-dejavu-core >/dev/null
  if [ -n "$own_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
else
  echo "Please install: ${missing[*]} (e.g. sudo apt-get install ${missing[*]}); video, the media gateway and the browser tests need them." >&2
  exit 1
fi
