#!/usr/bin/env bash
# Installs the Debian packages aasa-check builds and tests with, when missing:
# libcurl4-openssl-dev (the HTTP layer), pkg-config, openssl and nginx-light (the local
# HTTPS test harness). Needs root (or sudo) on a machine without them.
set -euo pipefail
need=()
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    echo "install-deps: installing ${need[*]}" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi
