package io.rocelens.capture;

/** Capture file formats RoCE Lens reads and writes. */
public enum CaptureFormat {
    PCAP,
    PCAPNG
}
