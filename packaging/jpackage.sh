#!/usr/bin/env bash
# Builds a self-contained RoCE Lens app image (the jar plus a Java runtime) with jpackage.
#   usage: packaging/jpackage.sh [--type app-image|deb|rpm]     (default app-image; deb needs dpkg-deb)
# Output: target/package/
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
type="app-image"
if [ "${1:-}" = "--type" ]; then type="$2"; fi
(cd "$top" && ./mvnw -q -B -ntp -DskipTests install)
rm -rf "$top/target/package"
jpackage --type "$type" --name rocelens --app-version 0.1.0 \
  --description "Analyzer for RoCEv2 (RDMA over Converged Ethernet) captures" \
  --input "$top/app/target" --main-jar rocelens.jar --main-class io.rocelens.app.Main \
  --java-options "-XX:+UseParallelGC" --java-options "-XX:FreqInlineSize=150" --java-options "-Xmn64m" \
  --dest "$top/target/package"
echo "built $type in $top/target/package"
