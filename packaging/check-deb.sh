#!/usr/bin/env bash
# Checks the .deb that build-deb.sh made: its control fields and files, then unpacks it with `dpkg-deb -x` and runs
# the packaged command through its /usr/bin link with no DISPLAY and no JDK on the PATH. `analyze --json` on the
# sample capture must print exactly what the jar prints on the build's JDK.
#   usage: packaging/check-deb.sh [JAVA]      (after ./mvnw -B -Ppackage package -DskipTests; JAVA: the build's java)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
top="$(dirname "$here")"
java="${1:-java}"
deb=$(ls "$here"/target/rocelens_*.deb)
fail() { echo "check-deb: $*" >&2; exit 1; }

control=$(dpkg-deb -f "$deb")
grep -q '^Depends:.*\blibpcap0\.8\b' <<<"$control" || fail "Depends does not name libpcap0.8: $control"
# the window's JavaFX glass needs GTK 3; without it the window names this package (GuiLauncher.GTK_PACKAGE)
grep -q '^Recommends:.*\blibgtk-3-0\b' <<<"$control" || fail "Recommends does not name libgtk-3-0: $control"
files=$(dpkg-deb -c "$deb" | awk '{print $6}')
for path in ./usr/bin/rocelens ./opt/rocelens/bin/rocelens ./opt/rocelens/lib/app/rocelens.jar \
    ./usr/share/applications/rocelens.desktop ./usr/share/mime/packages/rocelens.xml \
    ./usr/share/icons/hicolor/256x256/apps/rocelens.png ./usr/share/icons/hicolor/scalable/apps/rocelens.svg \
    ./usr/share/man/man1/rocelens.1.gz ./usr/share/bash-completion/completions/rocelens \
    ./opt/rocelens/lib/rocelens-capture ./opt/rocelens/lib/class-archive.sh; do
  grep -qx "$path" <<<"$files" || fail "$path is missing from the package"
done
# the capture helper ships root's only: the postinst hands it to the group rocelens if the admin says so
grep -q '^-rwx------ root/root .* ./opt/rocelens/lib/rocelens-capture$' <<<"$(dpkg-deb -c "$deb")" \
  || fail "the capture helper is not root's only in the package"
for script in config postinst prerm postrm templates; do
  dpkg-deb -I "$deb" "$script" > /dev/null || fail "the package has no $script"
done
grep -q '^MimeType=.*application/vnd.tcpdump.pcap;.*application/x-pcapng;' "$here/deb/rocelens.desktop" \
  || fail "the desktop entry does not claim pcap and pcapng"

unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
[ -x "$unpacked/opt/rocelens/lib/runtime/bin/java" ] || fail "no runtime in the package"

# The packaged command alone: no display, no JAVA_HOME, a PATH without the JDK.
packaged() {
  env -i HOME="$unpacked" PATH=/usr/bin:/bin LANG=C.UTF-8 "$unpacked/usr/bin/rocelens" "$@"
}
sample="$top/sample-captures/mixed.pcapng"
packaged analyze --json "$sample" > "$unpacked/packaged.json" || fail "analyze --json failed from the package"
"$java" -jar "$top/app/target/rocelens.jar" analyze --json "$sample" > "$unpacked/jar.json"
cmp -s "$unpacked/packaged.json" "$unpacked/jar.json" || fail "the package's analyze --json differs from the jar's"
packaged decode -c 3 "$sample" > /dev/null || fail "decode failed from the package"
# the class-data archive the postinst writes, here for the unpacked files: the command must print the same with it
lib="$unpacked/opt/rocelens/lib"
"$lib/class-archive.sh" "$lib/runtime/bin/java" "$lib/app/rocelens.jar" "$lib/app/rocelens-classes.jsa" \
  -XX:+UseParallelGC || fail "class-archive.sh failed on the package's runtime"
packaged analyze --json "$sample" > "$unpacked/archived.json" || fail "analyze --json failed with the archive"
cmp -s "$unpacked/archived.json" "$unpacked/jar.json" || fail "with the archive, analyze --json differs from the jar's"
version=$(packaged --version)
[ "$version" = "$("$java" -jar "$top/app/target/rocelens.jar" --version)" ] || fail "--version: $version"
# the window, asked for without a display: one line and status 2, no stack trace
status=0
packaged "$sample" 2> "$unpacked/window.err" || status=$?
[ "$status" = 2 ] && [ "$(wc -l < "$unpacked/window.err")" = 1 ] && grep -q 'cannot open the window' "$unpacked/window.err" \
  || fail "the window without a display: status $status, $(cat "$unpacked/window.err")"
# the window from the package's trimmed runtime, where Xvfb is installed: it must open the sample
window="not tried (no xvfb-run)"
if command -v xvfb-run > /dev/null; then
  # started in the background, ended once it says it opened the file (or after 60 s)
  xvfb-run -a -s "-screen 0 1280x800x24" bash -c 'env -i HOME="$1" DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" \
      PATH=/usr/bin:/bin "$1/usr/bin/rocelens" "$2" > "$1/window.log" 2>&1 & app=$!
    for _ in $(seq 600); do grep -q "INFO .* opened " "$1/window.log" && break; sleep 0.1; done
    kill "$app"; wait "$app"' _ "$unpacked" "$sample" || true
  grep -q "INFO .* opened " "$unpacked/window.log" || fail "the window did not open the sample: $(cat "$unpacked/window.log")"
  window="opened the sample under Xvfb"
fi
echo "check-deb: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) installs $(dpkg-deb -f "$deb" Installed-Size) KiB;" \
  "headless from the package without a JDK or a display: analyze --json as the jar, decode, --version ($version); window: $window"
