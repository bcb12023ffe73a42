package io.rocelens.analysis;

import java.util.Locale;

/** Expert-event severities, named as in Wireshark's Expert Info. */
public enum Severity {
    CHAT, NOTE, WARNING, ERROR;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
