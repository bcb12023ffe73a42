/*
 * rocelens-capture: RoCE Lens's capture helper, the only program that holds the capabilities to capture, as dumpcap
 * is for Wireshark. Installed root:GROUP, mode 0750, with the file capabilities cap_net_raw,cap_net_admin=p, it
 * raises those two as ambient capabilities (Linux 4.3, capabilities(7)) and executes a fixed java on a fixed,
 * root-owned class path with the capture helper's main class, under an empty environment: the capabilities reach the
 * capture engine and nothing the user chooses (no JAVA_TOOL_OPTIONS, no class path, no JVM option). The java it runs
 * has no file capabilities of its own, so the loader is not in secure-execution mode and java finds its libraries
 * as usual. The user's arguments go to the main class, which only captures, into files the user may write.
 *
 * Built by packaging/capture-helper/install.sh (from source) or packaging/build-deb.sh, with
 *   -DROCELENS_JAVA='"/path/to/bin/java"' -DROCELENS_CLASSPATH='"/path/to/rocelens.jar"'
 */
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef ROCELENS_JAVA
#error "define ROCELENS_JAVA, the java to run"
#endif
#ifndef ROCELENS_CLASSPATH
#error "define ROCELENS_CLASSPATH, the class path holding io.rocelens.live.CaptureHelperMain"
#endif

static const int capabilities[] = { CAP_NET_RAW, CAP_NET_ADMIN };

int main(int argc, char **argv) {
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    if (syscall(SYS_capget, &header, data) != 0) {
        fprintf(stderr, "rocelens-capture: cannot read its capabilities: %s\n", strerror(errno));
        return 2;
    }
    for (size_t i = 0; i < sizeof capabilities / sizeof capabilities[0]; i++) {
        data[0].inheritable |= data[0].permitted & (1u << capabilities[i]);
    }
    if (syscall(SYS_capset, &header, data) != 0) {
        fprintf(stderr, "rocelens-capture: cannot set its capabilities: %s\n", strerror(errno));
        return 2;
    }
    for (size_t i = 0; i < sizeof capabilities / sizeof capabilities[0]; i++) {
        if ((data[0].permitted & (1u << capabilities[i]))
                && prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, capabilities[i], 0, 0) != 0) {
            fprintf(stderr, "rocelens-capture: cannot pass on its capabilities: %s\n", strerror(errno));
            return 2;
        }
    }
    const char *fixed[] = { ROCELENS_JAVA, "-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+UseSerialGC",
                            "-cp", ROCELENS_CLASSPATH, "io.rocelens.live.CaptureHelperMain" };
    size_t count = sizeof fixed / sizeof fixed[0];
    char **arguments = calloc(count + (size_t) argc, sizeof(char *));
    if (arguments == NULL) {
        return 2;
    }
    for (size_t i = 0; i < count; i++) {
        arguments[i] = (char *) fixed[i];
    }
    for (int i = 1; i < argc; i++) {
        arguments[count + (size_t) i - 1] = argv[i];
    }
    char *environment[] = { "PATH=/usr/bin:/bin", "LANG=C.UTF-8", NULL };
    execve(ROCELENS_JAVA, arguments, environment);
    fprintf(stderr, "rocelens-capture: cannot run %s: %s\n", ROCELENS_JAVA, strerror(errno));
    return 2;
}
