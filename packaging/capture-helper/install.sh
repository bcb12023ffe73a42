#!/usr/bin/env bash
# Installs RoCE Lens's capture helper (rocelens-capture.c beside this script) so that the members of one group may
# capture without root, and nothing else gains a privilege: the system's java is only run, never changed. Run once,
# as root, from a built clone:
#   sudo packaging/capture-helper/install.sh [--prefix DIR] [--group GROUP] [--java JAVA] [--classpath CP]
# Defaults: --prefix /usr/local/lib/rocelens (where RoCE Lens looks for the helper), --group rocelens, --java the
# java on the PATH, --classpath a root-owned copy of app/target/rocelens.jar made in the prefix. Then add users to
# the group: sudo usermod -aG rocelens USER (they log in again). Needs gcc and setcap (Debian: gcc libc6-dev
# libcap2-bin). Undo: sudo rm -r /usr/local/lib/rocelens; sudo groupdel rocelens.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "$0")")" && pwd)"
top="$(dirname "$(dirname "$here")")"
prefix=/usr/local/lib/rocelens
group=rocelens
java=""
classpath=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --group) group="$2"; shift 2 ;;
    --java) java="$2"; shift 2 ;;
    --classpath) classpath="$2"; shift 2 ;;
    *) echo "install.sh: unknown option $1 (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
fail() { echo "install.sh: $*" >&2; exit 2; }
[ "$(id -u)" = 0 ] || fail "run it as root: sudo $0"
command -v gcc >/dev/null || fail "gcc is missing: sudo apt install gcc libc6-dev"
command -v setcap >/dev/null || fail "setcap is missing: sudo apt install libcap2-bin"
if [ -z "$java" ]; then
  java="$(command -v java)" || fail "no java on the PATH: name one with --java"
fi
java="$(readlink -f "$java")"
[ -x "$java" ] || fail "$java is not an executable java"

# Whatever the helper runs must be changeable by root only, or a user could put code under the capabilities.
root_only() {
  local path
  for path in "$@"; do
    [ -e "$path" ] || fail "$path does not exist"
    [ "$(stat -c %u "$path")" = 0 ] || fail "$path is not owned by root"
    [ $(( 0$(stat -c %a "$path") & 022 )) = 0 ] || fail "$path is writable by others than root"
  done
}
install -d -m 755 "$prefix"
if [ -z "$classpath" ]; then
  jar="$top/app/target/rocelens.jar"
  [ -f "$jar" ] || fail "$jar is missing: build it first (./mvnw -B -DskipTests package)"
  install -m 644 "$jar" "$prefix/rocelens.jar"
  classpath="$prefix/rocelens.jar"
fi
root_only "$java" "$prefix"
IFS=: read -r -a entries <<< "$classpath"
for entry in "${entries[@]}"; do
  root_only "${entry%/\*}"
done

getent group "$group" >/dev/null || groupadd --system "$group"
helper="$prefix/rocelens-capture"
gcc -O2 -Wall -Wextra -Werror -DROCELENS_JAVA="\"$java\"" -DROCELENS_CLASSPATH="\"$classpath\"" \
  -o "$helper.new" "$here/rocelens-capture.c"
chown "root:$group" "$helper.new"
chmod 0750 "$helper.new"
setcap cap_net_raw,cap_net_admin=p "$helper.new"
mv -f "$helper.new" "$helper"
echo "installed $helper: the members of the group '$group' may capture; add one with: sudo usermod -aG $group USER (then log in again)"
