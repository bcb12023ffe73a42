#!/usr/bin/env bash
# Builds the project twice, each time from a fresh copy of the sources in its own directory, and compares every jar
# byte for byte: the build is reproducible when they are identical (project.build.outputTimestamp in the root pom).
#   usage: packaging/check-reproducible.sh      (takes two builds without tests: a few minutes)
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for build in one two; do
  mkdir "$work/$build"
  tar -C "$top" --exclude=./packaging/target --exclude='./*/target' --exclude=./target -cf - . | tar -C "$work/$build" -xf -
  (cd "$work/$build" && ./mvnw -B -ntp -q -DskipTests package) > "$work/$build.log" 2>&1 \
    || { cat "$work/$build.log"; exit 1; }
done
status=0
for jar in $(cd "$work/one" && ls ./*/target/*.jar); do
  if cmp -s "$work/one/$jar" "$work/two/$jar"; then
    echo "same: $jar $(sha256sum < "$work/one/$jar" | cut -c1-16)"
  else
    echo "DIFFERENT: $jar; the entries that differ:"
    diff <(unzip -lv "$work/one/$jar") <(unzip -lv "$work/two/$jar") | grep '^[<>]' | head -20 || true
    status=1
  fi
done
exit $status
