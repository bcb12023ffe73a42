#!/usr/bin/env bash
# Writes the headless commands' class-data archive: generates a small capture and runs analyze, decode (plain,
# -T fields with a filter, -T json) on it, each run listing the classes it loads (-XX:DumpLoadedClassList), and dumps
# the merged list as one static archive (-Xshare:dump: the JDK's classes and ours). A JVM given
# -XX:SharedArchiveFile=ARCHIVE maps those classes instead of loading and verifying them again: `rocelens analyze` of
# the bundled sample starts in 0.20 s instead of 0.36 s (docs/speed.md). The archive records JAR's path, size and
# time: runs must name the same file, unchanged.
# Used by the development launcher (./rocelens, after each build) and by the .deb's postinst.
#   usage: class-archive.sh JAVA JAR ARCHIVE [JVM OPTION...]
# Takes about 3 s; exits non-zero and leaves no archive when a step fails.
set -uo pipefail
java=$1
jar=$2
archive=$3
shift 3
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work" "$archive.$$"' EXIT

run() {   # NAME ARGUMENTS...: rocelens run with the arguments, the classes it loads listed in $work/NAME.classes
  local name=$1
  shift
  "$java" "${options[@]}" -XX:DumpLoadedClassList="$work/$name.classes" -cp "$jar" io.rocelens.app.Main "$@" \
    > /dev/null 2>&1 < /dev/null
}
options=("$@")
sample="$work/sample.pcapng"
run generate generate mixed -o "$sample" \
  && run analyze analyze "$sample" \
  && run decode decode "$sample" \
  && run fields decode "$sample" -T fields -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn \
    -Y 'infiniband.bth.destqp == 1 || ip.src == 10.0.0.1' \
  && run json decode "$sample" -T json -c 50 \
  && cat "$work"/*.classes | awk '!/^#/ && !seen[$0]++' > "$work/all" \
  && "$java" "${options[@]}" -Xshare:dump -XX:SharedClassListFile="$work/all" -XX:SharedArchiveFile="$archive.$$" \
    -cp "$jar" > /dev/null 2>&1 < /dev/null \
  && mv -f "$archive.$$" "$archive"
