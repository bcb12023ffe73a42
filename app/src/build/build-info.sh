#!/usr/bin/env bash
# Writes build.properties for `rocelens --version`: the project version and the commit the sources are at
# ("-dirty" when tracked files differ from it). Sources without their own .git (a source tarball) say "unknown",
# even inside some other repository.
#   usage: build-info.sh REPOSITORY_ROOT VERSION OUTPUT_FILE
set -euo pipefail
root="$1" version="$2" output="$3"
commit=unknown
if [ -e "$root/.git" ] && head=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null); then
  commit="$head"
  if ! git -C "$root" diff --quiet HEAD -- 2>/dev/null; then
    commit="$head-dirty"
  fi
fi
mkdir -p "$(dirname "$output")"
printf 'version=%s\ncommit=%s\n' "$version" "$commit" > "$output"
