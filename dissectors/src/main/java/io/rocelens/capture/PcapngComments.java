package io.rocelens.capture;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code opt_comment} options (code 1, UTF-8 text) of a pcapng packet block: the packet comments Wireshark shows
 * under "Packet comments" and filters as {@code frame.comment}. Only enhanced and obsolete packet blocks carry
 * options; a simple packet block has none.
 *
 * @see <a href="https://datatracker.ietf.org/doc/draft-ietf-opsawg-pcapng/">draft-ietf-opsawg-pcapng</a>, 3.5 and 4.3
 */
final class PcapngComments {

    static final int OPT_COMMENT = 1;
    private static final int OPT_END = 0;

    private PcapngComments() {
    }

    /** Where a packet block's options start: after the header and the captured bytes padded to 32 bits. */
    static long optionsStart(long blockStart, int headerLength, long captured) {
        return blockStart + headerLength + ((captured + 3) & ~3L);
    }

    /**
     * The comments among the options in {@code options}, from its position to its limit (in the section's byte
     * order), in the order written; an option running past the end ends the list (the frame itself is sound).
     */
    static List<String> read(ByteBuffer options) {
        List<String> comments = null;
        int at = options.position();
        int end = options.limit();
        while (end - at >= 4) {
            int code = Short.toUnsignedInt(options.getShort(at));
            int length = Short.toUnsignedInt(options.getShort(at + 2));
            if (code == OPT_END || at + 4 + length > end) {
                break;
            }
            if (code == OPT_COMMENT) {
                byte[] text = new byte[length];
                options.get(at + 4, text);
                if (comments == null) {
                    comments = new ArrayList<>(1);
                }
                comments.add(new String(text, StandardCharsets.UTF_8));
            }
            at += 4 + ((length + 3) & ~3);
        }
        return comments == null ? List.of() : comments;
    }
}
