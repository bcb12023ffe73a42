package io.rocelens.live;

import java.io.IOException;
import java.nio.file.Path;

/** The java executable running this JVM, with symbolic links resolved: setcap needs the real file. */
final class JavaBinary {

    private JavaBinary() {
    }

    static String path() {
        Path binary = ProcessHandle.current().info().command().map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
        try {
            return binary.toRealPath().toString();
        } catch (IOException unresolvable) {
            return binary.toString();
        }
    }
}
