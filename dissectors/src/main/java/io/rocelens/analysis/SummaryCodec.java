package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of a {@link PacketSummary} that the analysis ({@link RoceAnalyzer}, so {@link PartialAnalysis}) reads,
 * packed into a byte array, frame after frame: a capture dissected in one place (a Spark map task) and analysed in
 * another moves about 6 to 40 bytes a RoCE frame instead of its headers, and is not dissected again.
 *
 * <p>What is kept, exactly: {@code number}, {@code timestampNanos}, {@code originalLength}, {@code kinds},
 * {@code notDissected}, {@code malformedReason}, {@code encapsulation}, {@code innerLength}, {@code vlanPcp},
 * {@code lrhSl}, {@code dscp}, {@code ecn}, the IP addresses, the BTH's {@code opcode}, {@code destQp}, {@code psn}
 * and {@code ackRequest}, {@code icrcStatus}, {@code payloadLength}, {@code aethSyndrome}, {@code dethSrcQp},
 * {@code rethDmaLength}, {@code pfcClassEnable} and {@code pfcTime}, {@code pauseQuanta}, the QCN fields, the DCBX
 * fields and the CM fields ({@code madAttributeId}, {@code cm*}); and {@code ethSrc} and {@code ethDst} of every frame
 * without a BTH ({@link PacketSummary#isRoce()} false): the analysis reads MAC addresses only of PFC, PAUSE, CNM and
 * DCBX frames, and keys RoCE frames by their IP addresses and QPs. Every other field is read back cleared.
 *
 * <p>The layout, per frame: the frame number and the timestamp as differences from the previous frame of the batch,
 * a head, then the body: the kinds, the original length and the groups present; numbers as LEB128 varints (signed
 * ones zigzag), addresses in their bytes, strings by their index in the batch's own table (written in full the first
 * time). The head of most frames is the mask of the groups present. A frame with a BTH whose addresses and
 * destination QP are those of an earlier frame of the batch (its flow's) has instead a head naming that flow by its
 * index in the batch's table of flows (the first {@value #FLOWS} met, in order), then its PSN as the difference from
 * the flow's previous one, then its body with its mask first: as 0 and the bytes, or, when the same bytes came before
 * in the batch, as the index + 1 of that body in the batch's table of bodies (the first {@value #BODIES} met, in
 * order). The frames of a flow's messages differ in little but their number, time and PSN, and the flows of a
 * capture in little but their addresses and QPs, so a few bodies serve a whole batch: a bulk capture's RoCE frames
 * take about 6 bytes (16 with each body written, 28 with the flows' addresses too). So a batch is read from its
 * start.
 */
public final class SummaryCodec {

    // the groups of a frame, in the mask; those of most RoCE frames of a known flow in its first 7 bits (one byte of
    // varint), of the others in its first 14 (two)
    private static final int PRIORITY = 1;
    /** The addresses and destination QP of a flow met before in the batch: named by the frame's head. */
    private static final int FLOW = 1 << 1;
    /** Opcode, destination QP and PSN within their header widths, in 7 bytes (the opcode and FLOW's, with FLOW). */
    private static final int BTH = 1 << 2;
    private static final int PAYLOAD = 1 << 3;
    private static final int ACK_REQUEST = 1 << 4;
    /** {@code icrcStatus} in two bits. */
    private static final int ICRC_SHIFT = 5;
    private static final int SRC_V4 = 1 << 7;
    private static final int DST_V4 = 1 << 8;
    private static final int AETH = 1 << 9;
    private static final int RETH = 1 << 10;
    private static final int DETH = 1 << 11;
    private static final int ETH_SRC = 1 << 12;
    private static final int ETH_DST = 1 << 13;
    private static final int NOT_DISSECTED = 1 << 14;
    private static final int MALFORMED_REASON = 1 << 15;
    private static final int ENCAPSULATION = 1 << 16;
    private static final int SRC_V6 = 1 << 17;
    private static final int DST_V6 = 1 << 18;
    /** Opcode, destination QP and PSN when one of them is not within its width (-1): three varints. */
    private static final int BTH_OTHER = 1 << 19;
    private static final int PFC = 1 << 20;
    private static final int PAUSE = 1 << 21;
    private static final int CNM = 1 << 22;
    private static final int QCN_FLOW = 1 << 23;
    private static final int DCBX = 1 << 24;
    private static final int CM = 1 << 25;

    /** The flows a batch's table holds: the first met; the frames of later ones are written in full. */
    static final int FLOWS = 4096;
    /** The flows a batch's table has room for at first; it doubles as they come, up to {@link #FLOWS}. */
    private static final int FIRST_FLOWS = 64;
    /** In a frame's head: a frame of a flow of the table (else the head is the frame's mask, shifted by one). */
    private static final int FLOW_FRAME = 1;
    /**
     * The groups of the frames of RoCE data and acknowledgements, whose bodies the writer and the reader keep as
     * values beside their bytes (see {@link Writer#bodyKeys}).
     */
    private static final int COMMON_GROUPS = PRIORITY | FLOW | BTH | PAYLOAD | ACK_REQUEST | 3 << ICRC_SHIFT | AETH
            | RETH | DETH;
    /** The bodies of flows' frames a batch's table holds: the first met; later ones are written each time. */
    static final int BODIES = 256;
    private static final int PSN_MASK = 0xFF_FFFF;

    private static final long MAC_LIMIT = 1L << 48;
    private static final long IPV4_MAPPED = 0xFFFFL << 32;
    /** The most bytes a frame takes besides its strings. */
    private static final int MAX_FRAME = 512;

    private SummaryCodec() {
    }

    /**
     * A batch's table of flows (addresses and destination QP) by index, with each flow's last PSN: the writer and the
     * reader fill it alike, frame by frame, so an index written is the index read.
     */
    private static final class BatchFlows {
        long[] srcHi = new long[FIRST_FLOWS];
        long[] srcLo = new long[FIRST_FLOWS];
        long[] dstHi = new long[FIRST_FLOWS];
        long[] dstLo = new long[FIRST_FLOWS];
        int[] qp = new int[FIRST_FLOWS];
        int[] psn = new int[FIRST_FLOWS];
        int count;

        /** Adds the frame's flow while there is room; false when the table is full. */
        boolean add(PacketSummary s) {
            if (count == qp.length) {
                if (count == FLOWS) {
                    return false;
                }
                int room = Math.min(FLOWS, count * 2);
                srcHi = Arrays.copyOf(srcHi, room);
                srcLo = Arrays.copyOf(srcLo, room);
                dstHi = Arrays.copyOf(dstHi, room);
                dstLo = Arrays.copyOf(dstLo, room);
                qp = Arrays.copyOf(qp, room);
                psn = Arrays.copyOf(psn, room);
            }
            srcHi[count] = s.ipSrcHi;
            srcLo[count] = s.ipSrcLo;
            dstHi[count] = s.ipDstHi;
            dstLo[count] = s.ipDstLo;
            qp[count] = s.destQp;
            psn[count++] = s.psn;
            return true;
        }
    }

    /**
     * The writer's table of the bodies of flows' frames met in the batch, by index (the first {@value #BODIES}, in
     * order; the reader adds them alike): where each lies in the batch, found by a hash of its bytes.
     */
    private static final class Bodies {
        private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.LITTLE_ENDIAN);
        final int[] start = new int[BODIES];
        final int[] end = new int[BODIES];
        /** An open-addressing table of the bodies' indices + 1 by their bytes' hash. */
        final int[] slots = new int[BODIES * 2];
        int count;
        private int freeSlot;

        /** The index of a body equal to the bytes {@code from} to {@code to}, or -1 (noting where it would go). */
        int find(byte[] buf, int from, int to) {
            long h = to - from;
            if (to - from >= 8) {
                // a body is a few bytes: its first and last 8 make its hash, much faster than a byte at a time
                h = h * 0x9E37_79B9_7F4A_7C15L + (long) LONG.get(buf, from);
                h = h * 0x9E37_79B9_7F4A_7C15L + (long) LONG.get(buf, to - 8);
            } else {
                for (int i = from; i < to; i++) {
                    h = h * 31 + buf[i];
                }
            }
            int slot = (int) ((h * 0x9E37_79B9_7F4A_7C15L) >>> 40) & slots.length - 1;
            for (int index; (index = slots[slot] - 1) >= 0; slot = slot + 1 & slots.length - 1) {
                if (Arrays.equals(buf, from, to, buf, start[index], end[index])) {
                    return index;
                }
            }
            freeSlot = slot;
            return -1;
        }

        /** Adds the body {@link #find} did not find, while there is room. */
        void add(byte[] buf, int from, int to) {
            if (count < BODIES) {
                start[count] = from;
                end[count] = to;
                slots[freeSlot] = ++count;
            }
        }

        void clear() {
            if (count > 0) {
                Arrays.fill(slots, 0);
                count = 0;
            }
        }
    }

    /** Packs summaries, one after the other, into a growing array; {@link #reset()} starts the next batch. */
    public static final class Writer {
        private byte[] buf;
        private int pos;
        private int frames;
        private long number;
        private long timestamp;
        private final Map<String, Integer> strings = new HashMap<>();
        private final BatchFlows flows = new BatchFlows();
        /** The flows' indices in {@link #flows} by their key. */
        private final KeyIndex flowIndex = new KeyIndex(FIRST_FLOWS);
        private final Bodies bodies = new Bodies();
        /**
         * The indices in {@link #bodies} of the bodies with only {@link #COMMON_GROUPS}, by their values: a frame of
         * a flow whose body came before is then written without making its bytes to look them up, which took most of
         * the writer's time.
         */
        private final KeyIndex bodyKeys = new KeyIndex(BODIES);

        public Writer(int initialCapacity) {
            buf = new byte[Math.max(MAX_FRAME, initialCapacity)];
        }

        /** Bytes written to the batch so far. */
        public int size() {
            return pos;
        }

        /** Frames written to the batch so far. */
        public int frames() {
            return frames;
        }

        /** The batch as written so far: a copy. */
        public byte[] toByteArray() {
            return Arrays.copyOf(buf, pos);
        }

        /** Empties the writer for the next batch (the array is kept). */
        public void reset() {
            pos = 0;
            frames = 0;
            number = 0;
            timestamp = 0;
            strings.clear();
            if (flows.count > 0) {
                flowIndex.clear();
                flows.count = 0;
            }
            bodies.clear();
            if (bodyKeys.size() > 0) {
                bodyKeys.clear();
            }
        }

        /**
         * Appends the analysed fields of a summary (it is only read).
         *
         * @throws IllegalArgumentException for a value the dissector never gives a field (a MAC address beyond 48
         *                                  bits, a PCP, SL, DSCP or ECN beyond its header field)
         */
        public void write(PacketSummary s) {
            int mask = 0;
            if (s.notDissected != null) {
                mask |= NOT_DISSECTED;
            }
            if (s.malformedReason != null) {
                mask |= MALFORMED_REASON;
            }
            if (s.encapsulation != PacketSummary.ENCAP_NONE || s.innerLength != -1) {
                mask |= ENCAPSULATION;
            }
            boolean roce = s.isRoce();
            if (!roce && s.ethSrc != -1) {
                mask |= ETH_SRC;
            }
            if (!roce && s.ethDst != -1) {
                mask |= ETH_DST;
            }
            if (s.vlanPcp != -1 || s.lrhSl != -1 || s.dscp != -1 || s.ecn != -1) {
                mask |= PRIORITY;
            }
            mask |= address(s.ipSrcHi, s.ipSrcLo, SRC_V4, SRC_V6);
            mask |= address(s.ipDstHi, s.ipDstLo, DST_V4, DST_V6);
            int flow = -1;
            if (s.opcode >= 0 && s.opcode <= 0xFF && s.destQp >= 0 && s.destQp <= 0xFFFFFF && s.psn >= 0
                    && s.psn <= 0xFFFFFF) {
                mask |= BTH;
                flow = flow(s);
                if (flow >= 0) {
                    mask = mask & ~(SRC_V4 | SRC_V6 | DST_V4 | DST_V6) | FLOW;
                }
            } else if (s.opcode != -1 || s.destQp != -1 || s.psn != -1) {
                mask |= BTH_OTHER;
            }
            if (s.ackRequest) {
                mask |= ACK_REQUEST;
            }
            if (s.icrcStatus < 0 || s.icrcStatus > 3) {
                throw new IllegalArgumentException("ICRC status " + s.icrcStatus);
            }
            mask |= s.icrcStatus << ICRC_SHIFT;
            if (s.payloadLength != -1) {
                mask |= PAYLOAD;
            }
            if (s.aethSyndrome != -1) {
                mask |= AETH;
            }
            if (s.dethSrcQp != -1) {
                mask |= DETH;
            }
            if (s.rethDmaLength != -1) {
                mask |= RETH;
            }
            if (s.pfcClassEnable != -1 || anyPfcTime(s)) {
                mask |= PFC;
            }
            if (s.pauseQuanta != -1) {
                mask |= PAUSE;
            }
            if (s.qcnQfb != -1 || s.qcnCpid != -1 || s.qcnQOffset != 0 || s.qcnQDelta != 0 || s.qcnPriority != -1
                    || s.qcnEncapDmac != -1) {
                mask |= CNM;
            }
            if (s.qcnFlowId != -1) {
                mask |= QCN_FLOW;
            }
            if (s.dcbxPfcEnable != -1 || s.dcbxEtsTcOfPriority != -1 || s.dcbxEtsBandwidth != -1
                    || s.dcbxEtsTsa != -1) {
                mask |= DCBX;
            }
            if (s.madAttributeId != -1 || s.cmLocalCommId != -1 || s.cmRemoteCommId != -1 || s.cmQpn != -1
                    || s.cmStartingPsn != -1 || s.cmServiceId != 0 || s.cmSourcePort != -1 || s.cmRejectReason != -1
                    || s.cmRejectedMessage != -1) {
                mask |= CM;
            }

            ensure(MAX_FRAME);
            signed(s.number - number);
            number = s.number;
            signed(s.timestampNanos - timestamp);
            timestamp = s.timestampNanos;
            if (flow < 0) {
                unsigned((long) mask << 1);
                body(s, mask);
            } else {
                unsigned((long) flow << 1 | FLOW_FRAME);
                // the difference in 24 bits, from -2^23 to 2^23 - 1
                signed((s.psn - flows.psn[flow]) << 8 >> 8);
                flows.psn[flow] = s.psn;
                boolean common = (mask & ~COMMON_GROUPS) == 0;
                long kindsAndMask = 0;
                long lengthAndPriority = 0;
                long opcodeAndPayload = 0;
                long aethAndDeth = 0;
                if (common) {
                    // every value the body holds (a group's fields are -1 when it is not in the mask)
                    kindsAndMask = (long) mask << 32 | s.kinds & 0xFFFF_FFFFL;
                    lengthAndPriority = (long) s.originalLength << 32 | priority(s);
                    opcodeAndPayload = (long) s.opcode << 32 | s.payloadLength & 0xFFFF_FFFFL;
                    aethAndDeth = (long) s.aethSyndrome << 32 | s.dethSrcQp & 0xFFFF_FFFFL;
                    int known = bodyKeys.get(kindsAndMask, lengthAndPriority, opcodeAndPayload, aethAndDeth,
                            s.rethDmaLength);
                    if (known >= 0) {
                        unsigned(known + 1);
                        frames++;
                        return;
                    }
                }
                int bodiesBefore = bodies.count;
                int start = pos;
                unsigned(mask);
                body(s, mask);
                int index = (mask & (NOT_DISSECTED | MALFORMED_REASON)) != 0 ? -1 : bodies.find(buf, start, pos);
                if (index >= 0) {
                    pos = start;
                    unsigned(index + 1);
                } else {
                    // 0 and the body: room for the 0 made by moving the body, which is a few bytes
                    System.arraycopy(buf, start, buf, start + 1, pos - start);
                    buf[start] = 0;
                    pos++;
                    if ((mask & (NOT_DISSECTED | MALFORMED_REASON)) == 0) {
                        bodies.add(buf, start + 1, pos);
                    }
                    if (common && bodies.count > bodiesBefore) {
                        bodyKeys.putNew(kindsAndMask, lengthAndPriority, opcodeAndPayload, aethAndDeth,
                                s.rethDmaLength, bodies.count - 1);
                    }
                }
            }
            frames++;
        }

        /** PCP, SL, DSCP and ECN each + 1 (0 for none) in one number; DSCP and ECN first, the fields most set. */
        private static int priority(PacketSummary s) {
            return field(s.dscp, 64, "DSCP") | field(s.ecn, 4, "ECN") << 7 | field(s.vlanPcp, 8, "PCP") << 10
                    | field(s.lrhSl, 16, "SL") << 14;
        }

        /** A frame's body: its kinds and length, then the groups of its mask. */
        private void body(PacketSummary s, int mask) {
            unsigned(s.kinds);
            signed(s.originalLength);
            if ((mask & NOT_DISSECTED) != 0) {
                string(s.notDissected);
            }
            if ((mask & MALFORMED_REASON) != 0) {
                string(s.malformedReason);
            }
            if ((mask & ENCAPSULATION) != 0) {
                signed(s.encapsulation);
                signed(s.innerLength);
            }
            if ((mask & ETH_SRC) != 0) {
                mac(s.ethSrc);
            }
            if ((mask & ETH_DST) != 0) {
                mac(s.ethDst);
            }
            if ((mask & PRIORITY) != 0) {
                // an untagged RoCEv2 frame's take two bytes
                unsigned(priority(s));
            }
            address(mask, s.ipSrcHi, s.ipSrcLo, SRC_V4, SRC_V6);
            address(mask, s.ipDstHi, s.ipDstLo, DST_V4, DST_V6);
            if ((mask & FLOW) != 0) {
                buf[pos++] = (byte) s.opcode;
            } else if ((mask & BTH) != 0) {
                buf[pos++] = (byte) s.opcode;
                three(s.destQp);
                three(s.psn);
            } else if ((mask & BTH_OTHER) != 0) {
                signed(s.opcode);
                signed(s.destQp);
                signed(s.psn);
            }
            if ((mask & PAYLOAD) != 0) {
                signed(s.payloadLength);
            }
            if ((mask & AETH) != 0) {
                signed(s.aethSyndrome);
            }
            if ((mask & DETH) != 0) {
                signed(s.dethSrcQp);
            }
            if ((mask & RETH) != 0) {
                signed(s.rethDmaLength);
            }
            if ((mask & PFC) != 0) {
                signed(s.pfcClassEnable);
                for (int t : s.pfcTime) {
                    signed(t);
                }
            }
            if ((mask & PAUSE) != 0) {
                signed(s.pauseQuanta);
            }
            if ((mask & CNM) != 0) {
                signed(s.qcnQfb);
                signed(s.qcnCpid);
                signed(s.qcnQOffset);
                signed(s.qcnQDelta);
                signed(s.qcnPriority);
                signed(s.qcnEncapDmac);
            }
            if ((mask & QCN_FLOW) != 0) {
                signed(s.qcnFlowId);
            }
            if ((mask & DCBX) != 0) {
                signed(s.dcbxPfcEnable);
                signed(s.dcbxEtsTcOfPriority);
                signed(s.dcbxEtsBandwidth);
                signed(s.dcbxEtsTsa);
            }
            if ((mask & CM) != 0) {
                signed(s.madAttributeId);
                signed(s.cmLocalCommId);
                signed(s.cmRemoteCommId);
                signed(s.cmQpn);
                signed(s.cmStartingPsn);
                signed(s.cmServiceId);
                signed(s.cmSourcePort);
                signed(s.cmRejectReason);
                signed(s.cmRejectedMessage);
            }
        }

        /**
         * The index of the frame's flow (addresses and destination QP) in the batch's table, or -1 when it is not
         * there: then it is added while there is room, as the reader adds it.
         */
        private int flow(PacketSummary s) {
            int index = flowIndex.get(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo, s.destQp);
            if (index < 0 && flows.add(s)) {
                flowIndex.putNew(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo, s.destQp, flows.count - 1);
            }
            return index;
        }

        private static boolean anyPfcTime(PacketSummary s) {
            for (int t : s.pfcTime) {
                if (t != 0) {
                    return true;
                }
            }
            return false;
        }

        /** The mask bit of an address: IPv4-mapped (4 bytes), other (16), or none for ::, the cleared value. */
        private static int address(long hi, long lo, int v4, int v6) {
            if (hi == 0 && lo == 0) {
                return 0;
            }
            return hi == 0 && (lo & 0xFFFF_FFFF_0000_0000L) == IPV4_MAPPED ? v4 : v6;
        }

        private void address(int mask, long hi, long lo, int v4, int v6) {
            if ((mask & v4) != 0) {
                four((int) lo);
            } else if ((mask & v6) != 0) {
                eight(hi);
                eight(lo);
            }
        }

        /** A small field with -1 for absent, as value + 1 below a limit. */
        private static int field(int value, int limit, String name) {
            if (value < -1 || value >= limit) {
                throw new IllegalArgumentException(name + " " + value);
            }
            return value + 1;
        }

        private void mac(long mac) {
            if (mac < 0 || mac >= MAC_LIMIT) {
                throw new IllegalArgumentException("MAC address of more than 48 bits: " + Long.toHexString(mac));
            }
            for (int shift = 40; shift >= 0; shift -= 8) {
                buf[pos++] = (byte) (mac >>> shift);
            }
        }

        private void string(String s) {
            Integer index = strings.get(s);
            if (index != null) {
                unsigned(index);
                return;
            }
            strings.put(s, strings.size());
            unsigned(strings.size() - 1);
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            ensure(MAX_FRAME + bytes.length);
            unsigned(bytes.length);
            System.arraycopy(bytes, 0, buf, pos, bytes.length);
            pos += bytes.length;
        }

        private void ensure(int more) {
            if (buf.length - pos < more) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
            }
        }

        private void three(int v) {
            buf[pos++] = (byte) (v >>> 16);
            buf[pos++] = (byte) (v >>> 8);
            buf[pos++] = (byte) v;
        }

        private void four(int v) {
            buf[pos++] = (byte) (v >>> 24);
            three(v);
        }

        private void eight(long v) {
            four((int) (v >>> 32));
            four((int) v);
        }

        private void signed(long v) {
            unsigned((v << 1) ^ (v >> 63));
        }

        private void unsigned(long v) {
            while ((v & ~0x7FL) != 0) {
                buf[pos++] = (byte) (v | 0x80);
                v >>>= 7;
            }
            buf[pos++] = (byte) v;
        }
    }

    /** Reads a batch back, frame by frame, into a summary the caller reuses. */
    public static final class Reader {
        /** The cleared values, for the fields a frame's groups set (no copy of {@link PacketSummary#clear()}'s). */
        private static final PacketSummary CLEARED = new PacketSummary();
        /** A kept body's ints: its mask, then the fields {@link #keep} lists. */
        private static final int BODY_VALUES = 11;

        static {
            CLEARED.clear();
        }

        private byte[] buf;
        private int pos;
        private int end;
        private long number;
        private long timestamp;
        private final List<String> strings = new ArrayList<>();
        private final BatchFlows flows = new BatchFlows();
        /** Where the bodies of flows' frames the batch has named by index start, and how many there are. */
        private final int[] bodyAt = new int[BODIES];
        private int bodies;
        /**
         * The values of the bodies with only {@link #COMMON_GROUPS} by index, {@link #BODY_VALUES} ints and the RETH
         * length each, as their first frame was read (a mask of 0 for the others): the frames that name such a body
         * take them from here instead of decoding its bytes again.
         */
        private final int[] bodyValues = new int[BODIES * BODY_VALUES];
        private final long[] bodyReth = new long[BODIES];
        /** The summary the last frame was read into, and that frame's groups: only those need clearing. */
        private PacketSummary filled;
        private int filledMask;

        /** Starts reading a batch: {@code length} bytes of {@code batch} from {@code offset}. */
        public void reset(byte[] batch, int offset, int length) {
            buf = batch;
            pos = offset;
            end = offset + length;
            number = 0;
            timestamp = 0;
            strings.clear();
            flows.count = 0;
            bodies = 0;
        }

        /** Starts reading a whole array as a batch. */
        public void reset(byte[] batch) {
            reset(batch, 0, batch.length);
        }

        /**
         * Clears the summary and fills it with the batch's next frame; false, leaving it alone, after the last. The
         * summary the previous call filled is cleared only in the fields that frame set, so it must come back as that
         * call left it (as the analysis leaves it: it only reads); any other summary is cleared whole.
         *
         * @throws IllegalArgumentException when the bytes are no {@link Writer}'s
         */
        public boolean next(PacketSummary s) {
            if (pos >= end) {
                return false;
            }
            if (s == filled) {
                clearGroups(s, filledMask);
            } else {
                s.clear();
            }
            // a frame read in part leaves fields no mask names: the next call clears the summary whole
            filled = null;
            try {
                filledMask = read(s);
            } catch (IndexOutOfBoundsException cut) {
                throw new IllegalArgumentException("not a batch of summaries, or cut short", cut);
            }
            if (pos > end) {
                throw new IllegalArgumentException("not a batch of summaries, or cut short");
            }
            filled = s;
            return true;
        }

        /**
         * Back to their cleared values, the fields of the groups of a mask: a bulk capture's frames set a tenth of the
         * summary, which clearing whole took as long as reading them. The fields every frame sets are left.
         */
        private static void clearGroups(PacketSummary s, int mask) {
            if ((mask & NOT_DISSECTED) != 0) {
                s.notDissected = null;
            }
            if ((mask & MALFORMED_REASON) != 0) {
                s.malformedReason = null;
            }
            if ((mask & ENCAPSULATION) != 0) {
                s.encapsulation = CLEARED.encapsulation;
                s.innerLength = CLEARED.innerLength;
            }
            if ((mask & ETH_SRC) != 0) {
                s.ethSrc = CLEARED.ethSrc;
            }
            if ((mask & ETH_DST) != 0) {
                s.ethDst = CLEARED.ethDst;
            }
            if ((mask & PRIORITY) != 0) {
                s.dscp = CLEARED.dscp;
                s.ecn = CLEARED.ecn;
                s.vlanPcp = CLEARED.vlanPcp;
                s.lrhSl = CLEARED.lrhSl;
            }
            if ((mask & (SRC_V4 | SRC_V6 | FLOW)) != 0) {
                s.ipSrcHi = CLEARED.ipSrcHi;
                s.ipSrcLo = CLEARED.ipSrcLo;
            }
            if ((mask & (DST_V4 | DST_V6 | FLOW)) != 0) {
                s.ipDstHi = CLEARED.ipDstHi;
                s.ipDstLo = CLEARED.ipDstLo;
            }
            if ((mask & (FLOW | BTH | BTH_OTHER)) != 0) {
                s.opcode = CLEARED.opcode;
                s.destQp = CLEARED.destQp;
                s.psn = CLEARED.psn;
            }
            if ((mask & PAYLOAD) != 0) {
                s.payloadLength = CLEARED.payloadLength;
            }
            if ((mask & AETH) != 0) {
                s.aethSyndrome = CLEARED.aethSyndrome;
            }
            if ((mask & DETH) != 0) {
                s.dethSrcQp = CLEARED.dethSrcQp;
            }
            if ((mask & RETH) != 0) {
                s.rethDmaLength = CLEARED.rethDmaLength;
            }
            if ((mask & PFC) != 0) {
                s.pfcClassEnable = CLEARED.pfcClassEnable;
                System.arraycopy(CLEARED.pfcTime, 0, s.pfcTime, 0, s.pfcTime.length);
            }
            if ((mask & PAUSE) != 0) {
                s.pauseQuanta = CLEARED.pauseQuanta;
            }
            if ((mask & CNM) != 0) {
                s.qcnQfb = CLEARED.qcnQfb;
                s.qcnCpid = CLEARED.qcnCpid;
                s.qcnQOffset = CLEARED.qcnQOffset;
                s.qcnQDelta = CLEARED.qcnQDelta;
                s.qcnPriority = CLEARED.qcnPriority;
                s.qcnEncapDmac = CLEARED.qcnEncapDmac;
            }
            if ((mask & QCN_FLOW) != 0) {
                s.qcnFlowId = CLEARED.qcnFlowId;
            }
            if ((mask & DCBX) != 0) {
                s.dcbxPfcEnable = CLEARED.dcbxPfcEnable;
                s.dcbxEtsTcOfPriority = CLEARED.dcbxEtsTcOfPriority;
                s.dcbxEtsBandwidth = CLEARED.dcbxEtsBandwidth;
                s.dcbxEtsTsa = CLEARED.dcbxEtsTsa;
            }
            if ((mask & CM) != 0) {
                s.madAttributeId = CLEARED.madAttributeId;
                s.cmLocalCommId = CLEARED.cmLocalCommId;
                s.cmRemoteCommId = CLEARED.cmRemoteCommId;
                s.cmQpn = CLEARED.cmQpn;
                s.cmStartingPsn = CLEARED.cmStartingPsn;
                s.cmServiceId = CLEARED.cmServiceId;
                s.cmSourcePort = CLEARED.cmSourcePort;
                s.cmRejectReason = CLEARED.cmRejectReason;
                s.cmRejectedMessage = CLEARED.cmRejectedMessage;
            }
        }

        /** Reads the next frame into a cleared summary; its mask. */
        private int read(PacketSummary s) {
            number += signed();
            s.number = number;
            timestamp += signed();
            s.timestampNanos = timestamp;
            long head = unsigned();
            if ((head & FLOW_FRAME) == 0) {
                int mask = (int) (head >>> 1);
                if ((mask & FLOW) != 0) {
                    throw new IllegalArgumentException("a flow's fields in a frame of no flow");
                }
                body(s, mask, -1);
                return mask;
            }
            long index = head >>> 1;
            if (index >= flows.count) {
                throw new IllegalArgumentException("flow " + index + " of " + flows.count);
            }
            int flow = (int) index;
            int psn = flows.psn[flow] + (int) signed() & PSN_MASK;
            flows.psn[flow] = psn;
            long body = unsigned();
            int mask;
            if (body == 0) {
                int at = pos;
                mask = (int) unsigned();
                if ((mask & FLOW) == 0) {
                    throw new IllegalArgumentException("a frame of flow " + flow + " without its fields");
                }
                body(s, mask, flow);
                if ((mask & (NOT_DISSECTED | MALFORMED_REASON)) == 0 && bodies < BODIES) {
                    keep(s, mask, bodies);
                    bodyAt[bodies++] = at;
                }
            } else {
                if (body > bodies) {
                    throw new IllegalArgumentException("body " + body + " of " + bodies);
                }
                int kept = ((int) body - 1) * BODY_VALUES;
                if (bodyValues[kept] != 0) {
                    mask = restore(s, (int) body - 1, flow);
                    s.psn = psn;
                    return mask;
                }
                int after = pos;
                pos = bodyAt[(int) body - 1];
                mask = (int) unsigned();
                body(s, mask, flow);
                pos = after;
            }
            s.psn = psn;
            return mask;
        }

        /** Keeps the values of body {@code index}, just read into the summary, if it has only the common groups. */
        private void keep(PacketSummary s, int mask, int index) {
            int at = index * BODY_VALUES;
            if ((mask & ~COMMON_GROUPS) != 0) {
                bodyValues[at] = 0;
                return;
            }
            bodyValues[at] = mask;
            bodyValues[at + 1] = s.kinds;
            bodyValues[at + 2] = s.originalLength;
            bodyValues[at + 3] = s.dscp;
            bodyValues[at + 4] = s.ecn;
            bodyValues[at + 5] = s.vlanPcp;
            bodyValues[at + 6] = s.lrhSl;
            bodyValues[at + 7] = s.opcode;
            bodyValues[at + 8] = s.payloadLength;
            bodyValues[at + 9] = s.aethSyndrome;
            bodyValues[at + 10] = s.dethSrcQp;
            bodyReth[index] = s.rethDmaLength;
        }

        /** What {@link #body} sets, from the values {@link #keep} kept of body {@code index}; its mask. */
        private int restore(PacketSummary s, int index, int flow) {
            int at = index * BODY_VALUES;
            int mask = bodyValues[at];
            s.kinds = bodyValues[at + 1];
            s.originalLength = bodyValues[at + 2];
            s.dscp = bodyValues[at + 3];
            s.ecn = bodyValues[at + 4];
            s.vlanPcp = bodyValues[at + 5];
            s.lrhSl = bodyValues[at + 6];
            s.opcode = bodyValues[at + 7];
            s.payloadLength = bodyValues[at + 8];
            s.aethSyndrome = bodyValues[at + 9];
            s.dethSrcQp = bodyValues[at + 10];
            s.rethDmaLength = bodyReth[index];
            s.ipSrcHi = flows.srcHi[flow];
            s.ipSrcLo = flows.srcLo[flow];
            s.ipDstHi = flows.dstHi[flow];
            s.ipDstLo = flows.dstLo[flow];
            s.destQp = flows.qp[flow];
            s.ackRequest = (mask & ACK_REQUEST) != 0;
            s.icrcStatus = mask >>> ICRC_SHIFT & 3;
            return mask;
        }

        /** A frame's body, as the writer wrote it, into the summary; {@code flow}, the frame's flow or -1. */
        private void body(PacketSummary s, int mask, int flow) {
            s.kinds = (int) unsigned();
            s.originalLength = (int) signed();
            if ((mask & NOT_DISSECTED) != 0) {
                s.notDissected = string();
            }
            if ((mask & MALFORMED_REASON) != 0) {
                s.malformedReason = string();
            }
            if ((mask & ENCAPSULATION) != 0) {
                s.encapsulation = (int) signed();
                s.innerLength = (int) signed();
            }
            if ((mask & ETH_SRC) != 0) {
                s.ethSrc = mac();
            }
            if ((mask & ETH_DST) != 0) {
                s.ethDst = mac();
            }
            if ((mask & PRIORITY) != 0) {
                int packed = (int) unsigned();
                s.dscp = (packed & 0x7F) - 1;
                s.ecn = (packed >>> 7 & 0x7) - 1;
                s.vlanPcp = (packed >>> 10 & 0xF) - 1;
                s.lrhSl = (packed >>> 14 & 0x1F) - 1;
            }
            if ((mask & SRC_V4) != 0) {
                s.ipSrcLo = IPV4_MAPPED | four() & 0xFFFF_FFFFL;
            } else if ((mask & SRC_V6) != 0) {
                s.ipSrcHi = eight();
                s.ipSrcLo = eight();
            }
            if ((mask & DST_V4) != 0) {
                s.ipDstLo = IPV4_MAPPED | four() & 0xFFFF_FFFFL;
            } else if ((mask & DST_V6) != 0) {
                s.ipDstHi = eight();
                s.ipDstLo = eight();
            }
            if ((mask & FLOW) != 0) {
                s.opcode = buf[pos++] & 0xFF;
                s.ipSrcHi = flows.srcHi[flow];
                s.ipSrcLo = flows.srcLo[flow];
                s.ipDstHi = flows.dstHi[flow];
                s.ipDstLo = flows.dstLo[flow];
                s.destQp = flows.qp[flow];
            } else if ((mask & BTH) != 0) {
                s.opcode = buf[pos++] & 0xFF;
                s.destQp = three();
                s.psn = three();
                flows.add(s);
            } else if ((mask & BTH_OTHER) != 0) {
                s.opcode = (int) signed();
                s.destQp = (int) signed();
                s.psn = (int) signed();
            }
            s.ackRequest = (mask & ACK_REQUEST) != 0;
            s.icrcStatus = mask >>> ICRC_SHIFT & 3;
            if ((mask & PAYLOAD) != 0) {
                s.payloadLength = (int) signed();
            }
            if ((mask & AETH) != 0) {
                s.aethSyndrome = (int) signed();
            }
            if ((mask & DETH) != 0) {
                s.dethSrcQp = (int) signed();
            }
            if ((mask & RETH) != 0) {
                s.rethDmaLength = signed();
            }
            if ((mask & PFC) != 0) {
                s.pfcClassEnable = (int) signed();
                for (int i = 0; i < s.pfcTime.length; i++) {
                    s.pfcTime[i] = (int) signed();
                }
            }
            if ((mask & PAUSE) != 0) {
                s.pauseQuanta = (int) signed();
            }
            if ((mask & CNM) != 0) {
                s.qcnQfb = (int) signed();
                s.qcnCpid = signed();
                s.qcnQOffset = (int) signed();
                s.qcnQDelta = (int) signed();
                s.qcnPriority = (int) signed();
                s.qcnEncapDmac = signed();
            }
            if ((mask & QCN_FLOW) != 0) {
                s.qcnFlowId = (int) signed();
            }
            if ((mask & DCBX) != 0) {
                s.dcbxPfcEnable = (int) signed();
                s.dcbxEtsTcOfPriority = (int) signed();
                s.dcbxEtsBandwidth = signed();
                s.dcbxEtsTsa = signed();
            }
            if ((mask & CM) != 0) {
                s.madAttributeId = (int) signed();
                s.cmLocalCommId = signed();
                s.cmRemoteCommId = signed();
                s.cmQpn = (int) signed();
                s.cmStartingPsn = (int) signed();
                s.cmServiceId = signed();
                s.cmSourcePort = (int) signed();
                s.cmRejectReason = (int) signed();
                s.cmRejectedMessage = (int) signed();
            }
        }

        private String string() {
            int index = (int) unsigned();
            if (index < strings.size()) {
                return strings.get(index);
            }
            if (index != strings.size()) {
                throw new IllegalArgumentException("string " + index + " before string " + strings.size());
            }
            int length = (int) unsigned();
            if (length < 0 || length > end - pos) {
                throw new IllegalArgumentException("string of " + length + " bytes, " + (end - pos) + " left");
            }
            String s = new String(buf, pos, length, StandardCharsets.UTF_8);
            pos += length;
            strings.add(s);
            return s;
        }

        private long mac() {
            long mac = 0;
            for (int i = 0; i < 6; i++) {
                mac = mac << 8 | buf[pos++] & 0xFF;
            }
            return mac;
        }

        private int three() {
            int v = (buf[pos] & 0xFF) << 16 | (buf[pos + 1] & 0xFF) << 8 | buf[pos + 2] & 0xFF;
            pos += 3;
            return v;
        }

        private int four() {
            int v = (buf[pos] & 0xFF) << 24 | (buf[pos + 1] & 0xFF) << 16 | (buf[pos + 2] & 0xFF) << 8
                    | buf[pos + 3] & 0xFF;
            pos += 4;
            return v;
        }

        private long eight() {
            long hi = four() & 0xFFFF_FFFFL;
            return hi << 32 | four() & 0xFFFF_FFFFL;
        }

        private long signed() {
            long v = unsigned();
            return (v >>> 1) ^ -(v & 1);
        }

        private long unsigned() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = buf[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
                if (shift > 63) {
                    throw new IllegalArgumentException("varint longer than 10 bytes");
                }
            }
        }
    }
}
