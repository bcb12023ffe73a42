#!/usr/bin/env bash
# Builds the self-contained app image and the .deb from what the Maven build left in app/target (the shaded jar, the
# man page and the bash completion). Run by `./mvnw -B -Ppackage package` (module packaging/); needs JDK 17+ with its
# jmods (jdeps, jlink, jpackage), dpkg-deb and gcc (the capture helper).
#   usage: packaging/build-deb.sh VERSION OUTPUT_TIMESTAMP
# Output in packaging/target/: app-image/rocelens (the image), rocelens_VERSION_ARCH.deb
#
# jpackage makes the image: the launcher, the jar and a runtime that jlink trims to the modules jdeps finds in the
# jar. The .deb is laid out here and packed by dpkg-deb, not by `jpackage --type deb`: JDK 17's jpackage installs
# only under /opt/rocelens (no --app-content before JDK 18) and does its desktop integration in maintainer scripts
# with xdg-utils, which dpkg does not track. Here every file (the command on the PATH, the desktop entry, icons, MIME
# types, man page, completion) belongs to the package, and dpkg's triggers refresh the desktop, MIME, icon and man
# databases.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
top="$(dirname "$here")"
version="$1"
timestamp="$2"
app="$top/app/target"
out="$here/target"
jar="$app/rocelens.jar"

# reproducible: file times in the .deb come from the build's timestamp, not from now
export SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH=$(date -d "$timestamp" +%s)

rm -rf "$out/app-image" "$out/runtime" "$out/input" "$out/deb" "$out"/rocelens_*.deb
mkdir -p "$out/input"
cp "$jar" "$out/input/"

# The modules the jar's classes use (JavaFX, JNA and the rest are on the class path inside the jar).
# jdk.crypto.ec and the like are not needed: nothing here speaks TLS.
modules=$(jdeps --print-module-deps --ignore-missing-deps --multi-release 17 "$jar")
echo "runtime modules: $modules"
jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 \
  --output "$out/runtime"

# The launcher runs the JVM as ./rocelens does (the flags are explained there).
numeric_version="${version%%-*}"
jpackage --type app-image --name rocelens --app-version "$numeric_version" \
  --description "Analyzer for RoCEv2 (RDMA over Converged Ethernet) captures" \
  --input "$out/input" --main-jar rocelens.jar --main-class io.rocelens.app.Main \
  --runtime-image "$out/runtime" --icon "$here/icons/rocelens-256.png" \
  --java-options "-XX:+UseParallelGC" --java-options "-XX:GCTimeLimit=90" --java-options "-XX:GCHeapFreeLimit=10" \
  --java-options "-XX:FreqInlineSize=150" --java-options "-Xmn64m" --java-options "-XX:+UseTransparentHugePages" \
  --java-options "-Xlog:pagesize*=off" --java-options "-XX:SharedArchiveFile=\$APPDIR/rocelens-classes.jsa" \
  --dest "$out/app-image"

# The Debian package: 0.1.0-SNAPSHOT becomes 0.1.0~snapshot, which sorts before the release 0.1.0.
deb_version=$(echo "$version" | sed 's/-SNAPSHOT$/~snapshot/')
arch=$(dpkg --print-architecture)
root="$out/deb"
mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/mime/packages" \
  "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" "$root/usr/share/doc/rocelens" \
  "$root/DEBIAN"
cp -a "$out/app-image/rocelens" "$root/opt/rocelens"
# The capture helper (packaging/capture-helper/rocelens-capture.c) on the package's own runtime and jar. It ships
# root-only; the maintainer scripts give it to the group rocelens with its capabilities when the admin says yes.
gcc -O2 -s -Wall -Wextra -Werror -DROCELENS_JAVA='"/opt/rocelens/lib/runtime/bin/java"' \
  -DROCELENS_CLASSPATH='"/opt/rocelens/lib/app/rocelens.jar"' \
  -o "$root/opt/rocelens/lib/rocelens-capture" "$here/capture-helper/rocelens-capture.c"
chmod 0700 "$root/opt/rocelens/lib/rocelens-capture"
# The commands' class-data archive is written by the postinst (lib/app/rocelens-classes.jsa, which the launcher's
# options name; a JVM without it starts as before): it records the installed jar's path and time, and a dump is not
# the same bytes twice, so it cannot ship in a reproducible package.
install -m 755 "$here/class-archive.sh" "$root/opt/rocelens/lib/class-archive.sh"
ln -s ../../opt/rocelens/bin/rocelens "$root/usr/bin/rocelens"
install -m 644 "$here/deb/rocelens.desktop" "$root/usr/share/applications/rocelens.desktop"
install -m 644 "$here/deb/rocelens-mime.xml" "$root/usr/share/mime/packages/rocelens.xml"
for size in 48 64 128 256; do
  install -D -m 644 "$here/icons/rocelens-$size.png" "$root/usr/share/icons/hicolor/${size}x${size}/apps/rocelens.png"
done
install -D -m 644 "$here/icons/rocelens.svg" "$root/usr/share/icons/hicolor/scalable/apps/rocelens.svg"
gzip -9n < "$app/docs/rocelens.1" > "$root/usr/share/man/man1/rocelens.1.gz"
install -m 644 "$app/docs/rocelens.bash-completion" "$root/usr/share/bash-completion/completions/rocelens"
install -m 644 "$here/deb/copyright" "$root/usr/share/doc/rocelens/copyright"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$deb_version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" "$here/deb/control" \
  > "$root/DEBIAN/control"
for script in config postinst prerm postrm; do
  install -m 755 "$here/deb/$script" "$root/DEBIAN/$script"
done
install -m 644 "$here/deb/templates" "$root/DEBIAN/templates"
find "$root" -type d -exec chmod 755 {} +
# --root-owner-group: files owned by root in the package without fakeroot
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/rocelens_${deb_version}_${arch}.deb"
ls -l "$out"/rocelens_*.deb
