#!/usr/bin/env bash
# docs-check.sh — check the /docs API reference page in headless Chromium.
#
# Usage: scripts/docs-check.sh http://127.0.0.1:PORT
#
# Against a running server, loads $URL/docs, lets the page fetch and render
# the OpenAPI document, and asserts the rendered DOM contains operation
# entries (elements with class "op") and the text of an expected path.
# It also takes a screenshot and prints the PNG's path.
#
# Environment:
#   DOCS_CHECK_PATH     path text that must appear (default: /api/v2/user)
#   DOCS_CHECK_TIMEOUT  seconds allowed per Chromium run (default: 90)
#   CHROMIUM            Chromium binary (default: chromium on PATH, then /usr/bin/chromium)
#
# Installs nothing. Needs the Debian package "chromium".
set -euo pipefail

die() { echo "docs-check: FAIL: $*" >&2; exit 1; }

# show_log FILE prints the interesting tail of a Chromium log (its D-Bus
# complaints in containers are noise).
show_log() { grep -v -e 'dbus/' -e 'Fontconfig' -e 'mojo/' "$1" 2>/dev/null | tail -n 8 >&2 || true; }

if [[ $# -ne 1 || -z "$1" || "$1" == -h || "$1" == --help ]]; then
  echo "usage: $0 http://127.0.0.1:PORT" >&2
  exit 2
fi
base="${1%/}"
page="$base/docs"
expect_path="${DOCS_CHECK_PATH:-/api/v2/user}"
run_timeout="${DOCS_CHECK_TIMEOUT:-90}"

chromium="${CHROMIUM:-}"
if [[ -z "$chromium" ]]; then
  chromium="$(command -v chromium || true)"
  [[ -z "$chromium" && -x /usr/bin/chromium ]] && chromium=/usr/bin/chromium
fi
if [[ -z "$chromium" || ! -x "$chromium" ]]; then
  die "chromium not found. Install the Debian package 'chromium' (apt-get install -y chromium), which provides /usr/bin/chromium, or set CHROMIUM=/path/to/chromium."
fi

work="$(mktemp -d -t docs-check.XXXXXX)"
shot="$(mktemp -t docs-check.XXXXXX.png)"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

# chromium_run ARGS... runs headless Chromium with a fresh, throwaway profile
# and no background network activity; stdout is the command's output.
chromium_run() {
  local profile
  profile="$(mktemp -d -p "$work")"
  timeout --kill-after=10 "$run_timeout" "$chromium" \
    --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" \
    "$@"
}

echo "docs-check: loading $page with $chromium"
if ! chromium_run --virtual-time-budget=10000 --dump-dom "$page" >"$work/dom.html" 2>"$work/dump.log"; then
  show_log "$work/dump.log"
  die "chromium --dump-dom failed for $page"
fi
[[ -s "$work/dom.html" ]] || { show_log "$work/dump.log"; die "chromium dumped an empty DOM for $page (is the server running?)"; }

grep -q 'id="apidocs"' "$work/dom.html" || { show_log "$work/dump.log"; die "$page did not load the API reference page (no #apidocs element; is the server running?)"; }

if grep -q 'class="load-error"' "$work/dom.html"; then
  msg="$(grep -o 'class="load-error"[^<]*<strong>[^<]*</strong><p>[^<]*' "$work/dom.html" | sed 's/.*<p>//' | head -n 1)"
  die "the page reported an error: ${msg:-see the DOM}"
fi

ops="$(grep -oE 'class="op( [^"]*)?"' "$work/dom.html" | wc -l | tr -d ' ')"
[[ "$ops" -gt 0 ]] || die "no rendered operations (elements with class \"op\") in the DOM of $page"

grep -qF -- "$expect_path" "$work/dom.html" || die "path text '$expect_path' not found in the rendered DOM of $page"

if ! chromium_run --hide-scrollbars --window-size=1440,1000 --virtual-time-budget=10000 \
    --screenshot="$shot" "$page" >"$work/shot.log" 2>&1; then
  show_log "$work/shot.log"
  die "chromium --screenshot failed for $page"
fi
[[ -s "$shot" ]] || die "screenshot $shot is empty"

echo "docs-check: OK: $ops operation entries rendered, '$expect_path' present"
echo "docs-check: screenshot: $shot"
