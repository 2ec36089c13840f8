#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, or says exactly how to.
#   libsecret-1-dev          keytar (Theia's credential store) builds against it
#   libx11-dev libxkbfile-dev native-keymap (@theia/electron) builds against them
#   chromium                 the browser the end-to-end tests drive (no browser download is possible)
#   dbus gnome-keyring libsecret-1-0 libsecret-tools
#                            a private Secret Service for the chat's API-key e2e (dbus-run-session,
#                            gnome-keyring-daemon; keytar loads libsecret; secret-tool reads the key back)
#   build-essential python3  node-gyp for the native modules
set -euo pipefail
needed=(libsecret-1-dev libx11-dev libxkbfile-dev build-essential python3)
if [ "${1:-}" = "--with-browser" ]; then
    needed+=(chromium dbus gnome-keyring libsecret-1-0 libsecret-tools)
fi
missing=()
for pkg in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
    echo "Missing Debian packages: ${missing[*]}" >&2
    echo "Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
