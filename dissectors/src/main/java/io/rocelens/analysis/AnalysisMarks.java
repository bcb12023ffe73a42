package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;
import java.util.Arrays;

/**
 * What the ordered analysis pass found about each frame, for the display filter's {@code roce.analysis.*} fields
 * and the packet list's colours: a few bits per frame in arrays indexed by frame number, the rare
 * values (PSNs missing at a gap, NAK → retransmission and CE → CNP latencies) in sorted sparse arrays, and the flow
 * of a frame looked up from its addresses and QP (one entry per flow, nothing per frame).
 *
 * <p>Filled by the {@link RoceAnalyzer} given it, in frame order; read after the pass (or, for frames already
 * passed, during it from the same thread).
 */
public final class AnalysisMarks {

    public static final int PSN_GAP = 1;
    public static final int RETRANSMISSION = 1 << 1;
    public static final int DUPLICATE = 1 << 2;
    public static final int OUT_OF_ORDER = 1 << 3;
    public static final int NAK = 1 << 4;
    public static final int RNR_NAK = 1 << 5;
    public static final int CNP = 1 << 6;
    public static final int ECN_CE = 1 << 7;
    public static final int ICRC_BAD = 1 << 8;
    public static final int MALFORMED = 1 << 9;
    public static final int PFC_XOFF = 1 << 10;
    public static final int PFC_XON = 1 << 11;
    /** Inferred start of a new connection reusing the QP number (EventKind.NEW_CONNECTION). */
    public static final int NEW_CONNECTION = 1 << 12;
    /** A request on a PSN an earlier RDMA READ reserved (EventKind.PSN_IN_READ_RANGE). */
    public static final int PSN_IN_READ_RANGE = 1 << 13;
    /** A response for a PSN beyond any its requester sent (EventKind.UNSENT_PSN_ANSWERED). */
    public static final int UNSENT_PSN_ANSWERED = 1 << 14;
    /** An IEEE 802.1Q Congestion Notification Message (EventKind.CNM); the last bit of a frame's 16. */
    public static final int CNM = 1 << 15;

    /** Returned by the value getters for a frame without that value. */
    public static final long NONE = -1;

    /** Positions of a packet in its message ({@link #messagePosition}): First, Middle, Last, Only. */
    public static final int FIRST = 1;
    public static final int MIDDLE = 2;
    public static final int LAST = 3;
    public static final int ONLY = 4;

    /**
     * Per-frame arrays come in chunks of 16,384 frames, made when a frame of theirs first needs one: growing never
     * copies what is there (a doubled array of 100M frames was copies of hundreds of MB, made in the old generation),
     * and a capture whose marks are few pays for the chunks they fall in only.
     */
    private static final int CHUNK_BITS = 14;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;
    /** The highest frame number a per-frame array holds (the analysis numbers frames with longs, the arrays ints). */
    private static final long LAST_FRAME = Integer.MAX_VALUE - 8;

    private char[][] bits = new char[16][];
    private final Sparse missing = new Sparse();
    private final Sparse nakToRetransmission = new Sparse();
    private final Sparse ceToCnp = new Sparse();
    /**
     * Frame → its message: (index into {@link #messageNumbers} + 1) << 2 | (position − 1); 0 for a frame of no
     * message. Allocated at the first message packet, so a capture without messages pays nothing.
     */
    private int[][] messageOf = new int[16][];
    /** Per message, in the order messages start: its number within its flow (1-based). */
    private int[] messageNumbers;
    /** Per message: its payload bytes, or −1 − the bytes so far while its Last is not seen (or never will be). */
    private long[] messageSizes;
    private int messageCount;
    /** Flow key → 1-based row of the per-QP CSV, set when the pass ends. */
    private KeyIndex flowRows;
    /**
     * UDP conversation (both addresses and ports, the lower end first) → tshark's {@code udp.stream}, numbered from 0
     * in the order of first appearance: one entry per conversation.
     */
    private final KeyIndex udpStreams = new KeyIndex(64);

    /**
     * What correlating this capture with others of the same path found per frame (the {@code roce.journey.*} filter
     * fields); each answer is {@link #NONE} where nothing is known.
     */
    public interface Journeys {
        /** 1 when the packet of this frame was lost further along its way, else {@link #NONE}. */
        long lost(long frame);

        /** 1 when a hop of the packet's way marked it CE, else {@link #NONE}. */
        long ceMarked(long frame);

        /** Nanoseconds from this capture point to the next one on the packet's way, or {@link #NONE}. */
        long delay(long frame);
    }

    /** Set by the window once a correlation of this capture with others is done; read by filter threads. */
    private volatile Journeys journeys;

    /** The correlation's answers for this capture's frames, or null when none is loaded. */
    public Journeys journeys() {
        return journeys;
    }

    /** Attaches (or, with null, detaches) a correlation's answers for this capture's frames. */
    public void journeys(Journeys found) {
        journeys = found;
    }

    /**
     * What the user set on frames in the window, as Wireshark keeps it per frame: Edit › Mark, Ignore and Time
     * Reference (the {@code frame.marked}, {@code frame.ignored} and {@code frame.ref_time} filter fields).
     */
    public interface UserFlags {
        boolean marked(long frame);

        boolean ignored(long frame);

        boolean timeReference(long frame);
    }

    /** Set by the window for the capture it shows; read by filter threads. */
    private volatile UserFlags userFlags;

    /** The user's marks, ignores and time references on this capture's frames, or null when none are kept. */
    public UserFlags userFlags() {
        return userFlags;
    }

    /** Attaches (or, with null, detaches) the user's marks, ignores and time references. */
    public void userFlags(UserFlags flags) {
        userFlags = flags;
    }

    /** The marks of a frame, a combination of the constants above (0 for a frame never marked). */
    public int marks(long frame) {
        char[] chunk = chunkOf(bits, frame);
        return chunk == null ? 0 : chunk[(int) frame & MASK];
    }

    public boolean has(long frame, int mark) {
        return (marks(frame) & mark) != 0;
    }

    /** PSNs the gap at this frame skipped, or {@link #NONE}. */
    public long missing(long frame) {
        return missing.get(frame);
    }

    /** Nanoseconds from the NAK or RNR NAK to this retransmission, or {@link #NONE}. */
    public long nakToRetransmissionNanos(long frame) {
        return nakToRetransmission.get(frame);
    }

    /** Nanoseconds from the first CE mark this CNP answers to the CNP, or {@link #NONE}. */
    public long ceToCnpNanos(long frame) {
        return ceToCnp.get(frame);
    }

    /** The number (from 1, within its flow) of the message the frame is part of, or {@link #NONE}. */
    public long messageNumber(long frame) {
        int at = messageAt(frame);
        return at < 0 ? NONE : messageNumbers[at];
    }

    /** The payload bytes of the frame's message, First to Last, or {@link #NONE} when its Last was not seen. */
    public long messageSize(long frame) {
        int at = messageAt(frame);
        return at < 0 || messageSizes[at] < 0 ? NONE : messageSizes[at];
    }

    /** {@link #FIRST}, {@link #MIDDLE}, {@link #LAST} or {@link #ONLY}, or {@link #NONE} for a frame of no message. */
    public long messagePosition(long frame) {
        int at = messageAt(frame);
        return at < 0 ? NONE : (chunkOf(messageOf, frame)[(int) frame & MASK] & 3) + 1;
    }

    private int messageAt(long frame) {
        int[] chunk = chunkOf(messageOf, frame);
        return chunk == null ? -1 : (chunk[(int) frame & MASK] >>> 2) - 1;
    }

    /** Starts a message at this frame (its First or Only packet): returns its index for {@link #messagePacket}. */
    int startMessage(long frame, int number, int position, long bytes) {
        if (frame < 0 || frame > LAST_FRAME || messageCount >= (1 << 29) - 1) {
            return -1;
        }
        if (messageNumbers == null) {
            messageNumbers = new int[256];
            messageSizes = new long[256];
        } else if (messageCount == messageNumbers.length) {
            messageNumbers = Arrays.copyOf(messageNumbers, messageCount * 2);
            messageSizes = Arrays.copyOf(messageSizes, messageCount * 2);
        }
        int index = messageCount++;
        messageNumbers[index] = number;
        messageSizes[index] = -1 - bytes;
        messagePacket(index, frame, position, 0, false);
        if (position == ONLY) {
            messageSizes[index] = bytes;
        }
        return index;
    }

    /**
     * A packet of the message at {@code index}: adds its bytes, and at its Last (when {@code complete}) gives the
     * message its size. A message that will never be whole ({@code index} negative) is ignored.
     */
    void messagePacket(int index, long frame, int position, long bytes, boolean complete) {
        if (index < 0 || frame < 0 || frame > LAST_FRAME) {
            return;
        }
        int chunk = (int) (frame >>> CHUNK_BITS);
        if (chunk >= messageOf.length) {
            messageOf = Arrays.copyOf(messageOf, Math.max(chunk + 1, messageOf.length * 2));
        }
        if (messageOf[chunk] == null) {
            messageOf[chunk] = new int[CHUNK];
        }
        messageOf[chunk][(int) frame & MASK] = (index + 1) << 2 | (position - 1);
        if ((position == MIDDLE || position == LAST) && messageSizes[index] != BROKEN) {
            messageSizes[index] -= bytes;    // still open: −1 − bytes so far
            if (complete) {
                messageSizes[index] = -1 - messageSizes[index];
            }
        }
    }

    /** The message will not be whole in the capture (a PSN of it is missing): it gets no size. */
    void messageBroken(int index) {
        if (index >= 0) {
            messageSizes[index] = BROKEN;
        }
    }

    private static final long BROKEN = Long.MIN_VALUE;

    /**
     * The row (1-based, in the per-QP CSV's order) of the flow a RoCE frame belongs to, or -1 for a frame that is
     * not RoCE or before the pass has ended. It reads the flow's key from the summary: addresses, destination QP and,
     * for UD, the DETH's source QP.
     */
    public int flow(PacketSummary p) {
        if (flowRows == null || !p.isRoce() || p.opcode < 0) {
            return -1;
        }
        int row = flowRows.get(p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo,
                RoceAnalyzer.qpKey(p.destQp, RoceAnalyzer.senderQp(p)));
        return row < 0 ? -1 : row;
    }

    /**
     * tshark's {@code udp.stream} of a frame's UDP datagram (its conversation's index, from 0 in the order the pass
     * met them), or -1 for a frame without UDP or not passed yet. An encapsulated frame's is its inner datagram's.
     */
    public int udpStream(PacketSummary p) {
        if (!p.is(PacketSummary.UDP)) {
            return -1;
        }
        boolean srcFirst = lowerEnd(p);
        return srcFirst ? udpStreams.get(p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, p.udpSrcPort << 16 | p.udpDstPort)
                : udpStreams.get(p.ipDstHi, p.ipDstLo, p.ipSrcHi, p.ipSrcLo, p.udpDstPort << 16 | p.udpSrcPort);
    }

    /** Numbers the frame's UDP conversation when it is the first frame of it. */
    void udpConversation(PacketSummary p) {
        if (p.is(PacketSummary.UDP) && udpStream(p) < 0) {
            int next = udpStreams.size();
            if (lowerEnd(p)) {
                udpStreams.putNew(p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, p.udpSrcPort << 16 | p.udpDstPort, next);
            } else {
                udpStreams.putNew(p.ipDstHi, p.ipDstLo, p.ipSrcHi, p.ipSrcLo, p.udpDstPort << 16 | p.udpSrcPort, next);
            }
        }
    }

    /** True when the source end (address, then port) orders before the destination end. */
    private static boolean lowerEnd(PacketSummary p) {
        int order = p.ipSrcHi != p.ipDstHi ? Long.compareUnsigned(p.ipSrcHi, p.ipDstHi)
                : p.ipSrcLo != p.ipDstLo ? Long.compareUnsigned(p.ipSrcLo, p.ipDstLo)
                : Integer.compare(p.udpSrcPort, p.udpDstPort);
        return order <= 0;
    }

    /** Frames carrying the mark. */
    public long count(int mark) {
        long count = 0;
        for (char[] chunk : bits) {
            if (chunk != null) {
                for (char b : chunk) {
                    if ((b & mark) != 0) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    void mark(long frame, int mark) {
        if (frame < 0 || frame > LAST_FRAME) {
            return;
        }
        int chunk = (int) (frame >>> CHUNK_BITS);
        if (chunk >= bits.length) {
            bits = Arrays.copyOf(bits, Math.max(chunk + 1, bits.length * 2));
        }
        if (bits[chunk] == null) {
            bits[chunk] = new char[CHUNK];
        }
        bits[chunk][(int) frame & MASK] |= (char) mark;
    }

    void missing(long frame, long psns) {
        missing.put(frame, psns);
    }

    void nakToRetransmission(long frame, long nanos) {
        nakToRetransmission.put(frame, nanos);
    }

    void ceToCnp(long frame, long nanos) {
        ceToCnp.put(frame, nanos);
    }

    void flowRows(KeyIndex rows) {
        flowRows = rows;
    }

    /** The chunk holding the frame's entry, or null when none was made (or the frame is out of range). */
    private static <T> T chunkOf(T[] chunks, long frame) {
        long chunk = frame >>> CHUNK_BITS;
        return frame >= 0 && chunk < chunks.length ? chunks[(int) chunk] : null;
    }

    /** Frame → value for the few frames that have one, appended in frame order and found by binary search. */
    private static final class Sparse {
        private long[] frames = new long[16];
        private long[] values = new long[16];
        private int size;

        void put(long frame, long value) {
            if (size > 0 && frames[size - 1] >= frame) {
                // the analyzer marks in frame order; a second value for the same frame keeps the first
                return;
            }
            if (size == frames.length) {
                frames = Arrays.copyOf(frames, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            frames[size] = frame;
            values[size] = value;
            size++;
        }

        long get(long frame) {
            int at = Arrays.binarySearch(frames, 0, size, frame);
            return at >= 0 ? values[at] : NONE;
        }
    }
}
