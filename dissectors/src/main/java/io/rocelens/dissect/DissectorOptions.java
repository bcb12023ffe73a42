package io.rocelens.dissect;

import java.util.Set;

/**
 * Dissector preferences.
 *
 * @param rocePorts UDP destination ports decoded as RoCEv2 (IANA assigns 4791; some deployments add others)
 */
public record DissectorOptions(Set<Integer> rocePorts) {

    public static final int ROCE_V2_PORT = 4791;

    public DissectorOptions {
        rocePorts = Set.copyOf(rocePorts);
        for (int port : rocePorts) {
            if (port < 0 || port > 0xFFFF) {
                throw new IllegalArgumentException("not a UDP port: " + port);
            }
        }
    }

    public static DissectorOptions defaults() {
        return new DissectorOptions(Set.of(ROCE_V2_PORT));
    }
}
