package io.rocelens.app.gui.model;

import java.nio.file.Path;

/** The sample capture the tests open, and what tshark 4.0.17 says about it (command beside each number). */
final class Samples {

    static final Path MIXED = Path.of("../sample-captures/mixed.pcapng");
    /** tshark -r mixed.pcapng | wc -l */
    static final int MIXED_FRAMES = 401;

    private Samples() {
    }
}
