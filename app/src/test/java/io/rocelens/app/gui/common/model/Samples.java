package io.rocelens.app.gui.common.model;

import java.nio.file.Path;

/** The sample capture the tests open, and what tshark 4.0.17 says about it (command beside each number). */
public final class Samples {

    public static final Path MIXED = Path.of("../sample-captures/mixed.pcapng");
    /** tshark -r mixed.pcapng | wc -l */
    public static final int MIXED_FRAMES = 401;

    private Samples() {
    }
}
