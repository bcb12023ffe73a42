package io.rocelens.app.gui.packetlist.model;

import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureWriter;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;

/** File › Export Specified Packets: writes chosen frames, read again from the open capture, to a new file. */
public final class PacketExport {

    private PacketExport() {
    }

    /** The format a file name asks for: pcap for {@code .pcap} and {@code .cap}, else pcapng (Wireshark's default). */
    public static CaptureFormat formatOf(Path file) {
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".pcap") || name.endsWith(".cap") ? CaptureFormat.PCAP : CaptureFormat.PCAPNG;
    }

    /**
     * What was written.
     *
     * @param frames frames written (fewer than the rows when cancelled)
     */
    public record Written(long frames) {
    }

    /**
     * Writes the rows' frames in the given order, with their packet comments (as the table gives them: the user's
     * edits included) where the format holds them.
     *
     * @throws IOException when the output cannot be written or a frame cannot be read again; the message names the
     *                     file and the reason
     */
    public static Written write(PacketTable table, int[] rows, Path output, CaptureFormat format,
                                DoubleConsumer progress, BooleanSupplier cancelled) throws IOException {
        byte[] buffer = new byte[CaptureWriter.MAX_SNAPLEN];
        try (CaptureWriter writer = CaptureWriter.open(output, format, CaptureWriter.MAX_SNAPLEN)) {
            for (int i = 0; i < rows.length; i++) {
                if ((i & 0xFFF) == 0) {
                    if (cancelled.getAsBoolean()) {
                        return new Written(writer.framesWritten());
                    }
                    progress.accept((double) i / rows.length);
                }
                Frame frame = table.frame(rows[i]);
                if (frame.linkType() != LinkType.ETHERNET) {
                    // the writers make Ethernet files only
                    throw new IOException("frame " + frame.number() + " is not Ethernet (link type "
                            + LinkType.name(frame.linkType()) + "); only Ethernet frames can be exported");
                }
                ByteBuffer data = frame.data().duplicate();
                int length = data.remaining();
                data.get(buffer, 0, length);
                writer.write(frame.timestampNanos(), frame.originalLength(), buffer, 0, length, frame.comments());
            }
            progress.accept(1);
            return new Written(writer.framesWritten());
        }
    }
}
