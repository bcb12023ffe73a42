package io.rocelens.live;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds and loads the system's libpcap and binds {@link PcapNative} to it. Debian and Ubuntu ship only {@code
 * libpcap.so.0.8} in the runtime package ({@code libpcap.so} comes with {@code -dev}), so unless the system property
 * {@value #LIBRARY_PROPERTY} names the library, the usual directories are searched for the versioned file.
 */
public final class Libpcap {

    /**
     * The system property naming the library file, read once by the first {@link #load()}. Its name is pcap4j's,
     * which RoCE Lens used before it bound libpcap itself, so that settings made for it keep working.
     */
    public static final String LIBRARY_PROPERTY = "org.pcap4j.core.pcapLibName";

    private static final List<String> DIRECTORIES = List.of(
            "/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
            "/lib/aarch64-linux-gnu", "/usr/lib/arm-linux-gnueabihf", "/usr/lib/powerpc64le-linux-gnu",
            "/usr/lib/s390x-linux-gnu", "/usr/lib/riscv64-linux-gnu", "/usr/lib64", "/lib64", "/usr/lib", "/lib",
            "/usr/local/lib", "/opt/homebrew/lib");
    private static final List<String> NAMES = List.of("libpcap.so.0.8", "libpcap.so.1", "libpcap.so",
            "libpcap.A.dylib", "libpcap.dylib");

    private static String version;

    private Libpcap() {
    }

    /**
     * Loads libpcap if not loaded yet and returns its version text ("libpcap version 1.10.3 ...").
     *
     * @throws CaptureException of kind {@link CaptureException.Kind#LIBPCAP_MISSING} when it is not installed
     */
    public static synchronized String load() throws CaptureException {
        if (version != null) {
            return version;
        }
        if (System.getProperty(LIBRARY_PROPERTY) == null) {
            Path found = find();
            if (found == null) {
                throw missing("no libpcap.so.0.8 or libpcap.so in /usr/lib/<arch>-linux-gnu, /usr/lib64, /usr/lib or"
                        + " /usr/local/lib");
            }
            System.setProperty(LIBRARY_PROPERTY, found.toString());
        }
        try {
            Native.register(PcapNative.class, NativeLibrary.getInstance(System.getProperty(LIBRARY_PROPERTY)));
            version = PcapNative.pcap_lib_version();
        } catch (UnsatisfiedLinkError | NoClassDefFoundError | ExceptionInInitializerError failure) {
            // JNA's message lists every place it looked, over several lines: its first line says enough
            throw missing("cannot load " + System.getProperty(LIBRARY_PROPERTY) + ": "
                    + String.valueOf(failure.getMessage()).lines().findFirst().orElse("").strip());
        }
        return version;
    }

    private static Path find() {
        for (String directory : DIRECTORIES) {
            for (String name : NAMES) {
                Path candidate = Path.of(directory, name);
                if (Files.isReadable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    private static CaptureException missing(String detail) {
        return new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, "libpcap is not installed (" + detail
                + "): install it with 'apt-get install libpcap0.8' on Debian and Ubuntu, 'dnf install libpcap' on"
                + " Fedora and RHEL");
    }
}
