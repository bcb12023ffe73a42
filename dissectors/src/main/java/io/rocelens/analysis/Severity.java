package io.rocelens.analysis;

import java.util.Locale;

/** Expert-event severities, named as in Wireshark's Expert Info. */
public enum Severity {
    /** A packet comment (Wireshark lists each as an expert item of its own, below chats); no analysis event. */
    COMMENT,
    CHAT, NOTE, WARNING, ERROR;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
