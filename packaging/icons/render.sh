#!/usr/bin/env bash
# Renders rocelens.svg to the PNG sizes the desktop uses (needs rsvg-convert, Debian package librsvg2-bin).
# The PNGs are committed, so the build does not need it.
set -euo pipefail
cd "$(dirname "$0")"
for size in 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" rocelens.svg -o "rocelens-$size.png"
done
