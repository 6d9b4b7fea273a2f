#!/usr/bin/env bash
# Idempotent install of Debian's Chromium and ChromeDriver, for the browser tests (nbs/test_ui.ipynb) and bench/ui.py.
# Must run as root on Debian 12 (apt-get). Exits non-zero with a clear message when they cannot be had.
set -euo pipefail
if command -v chromium > /dev/null && command -v chromedriver > /dev/null; then
  echo "chromium and chromedriver already installed"; exit 0
fi
[ "$(id -u)" -eq 0 ] || { echo "browser_setup.sh: ERROR: run as root (apt-get install chromium chromium-driver)" >&2
                         exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -q > /dev/null
apt-get install -y -q chromium chromium-driver > /dev/null
chromium --version && chromedriver --version
