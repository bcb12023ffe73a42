package io.rocelens.spark;

import io.rocelens.capture.Frame;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.PacketSummary;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The columns of {@code format("rocelens")}: one row per frame (docs/spark.md lists them). A column is built only
 * when the query needs it, and the frame is dissected only when a needed column comes from its headers. Values a
 * frame does not have (no VLAN tag, not RoCE, no AETH) are null.
 */
final class FrameColumns {

    /** What a column's value is made from. */
    interface Value {
        Object of(Cell cell);
    }

    /** One frame being turned into a row: where it came from, its record, its summary (when dissected). */
    static final class Cell {
        UTF8String file;
        UTF8String point;
        int pointId;
        int fileId;
        long splitStart;
        long numberBefore = -1;
        Frame frame;
        PacketSummary summary;
        int headerBytes = Integer.MAX_VALUE;
        io.rocelens.analysis.AnalysisOptions analysis;
    }

    /** A column: name, type, whether it needs the dissection, how its value is made. */
    record Column(String name, DataType type, boolean dissected, Value value, String doc) {
    }

    static final List<Column> ALL = List.of(
            raw("file", DataTypes.StringType, c -> c.file, "absolute path of the capture file"),
            raw("point", DataTypes.StringType, c -> c.point,
                    "capture point: the first group of the pointPattern option matched on the path, else the path"),
            raw("point_id", DataTypes.IntegerType, c -> c.pointId,
                    "the point's index among the points of the input, in name order (0 = first)"),
            raw("file_id", DataTypes.IntegerType, c -> c.fileId,
                    "the file's index among the files of the input, by point then path: ordering by file_id and"
                            + " file_offset puts every point's frames in capture order"),
            raw("frame", DataTypes.LongType, c -> c.numberBefore < 0 ? null : c.numberBefore + c.frame.number(),
                    "frame number in the file, as tshark's (1 = first); costs a walk over the records before the"
                            + " split for every split but a file's first"),
            raw("split_start", DataTypes.LongType, c -> c.splitStart, "first byte of the split that read the frame"),
            raw("split_frame", DataTypes.LongType, c -> c.frame.number(),
                    "frame number within its split (1 = the split's first): frame = frames of earlier splits + it"),
            raw("file_offset", DataTypes.LongType, c -> c.frame.fileOffset(),
                    "byte offset of the frame's record in the file: orders the frames of a file at no cost"),
            raw("timestamp_ns", DataTypes.LongType, c -> c.frame.timestampNanos(), "capture time, ns since 1970"),
            raw("time", DataTypes.TimestampType, c -> Math.floorDiv(c.frame.timestampNanos(), 1000L),
                    "capture time as a Spark timestamp (microseconds)"),
            raw("captured_length", DataTypes.IntegerType, c -> c.frame.capturedLength(), "bytes captured"),
            raw("original_length", DataTypes.IntegerType, c -> c.frame.originalLength(), "length on the wire"),
            raw("link_type", DataTypes.IntegerType, c -> c.frame.linkType(), "LINKTYPE_ value (1 = Ethernet)"),
            raw("interface_id", DataTypes.IntegerType, c -> c.frame.interfaceId() < 0 ? null : c.frame.interfaceId(),
                    "pcapng interface id; null for pcap"),
            raw("data", DataTypes.BinaryType, FrameColumns::bytes,
                    "the captured bytes (at most headerBytes of them with headersOnly=true)"),
            cooked("protocols", DataTypes.StringType, FrameColumns::protocols,
                    "what the frame is: roce, pfc, pause, udp, tcp, arp, other, with malformed/encapsulated flags"),
            cooked("eth_src", DataTypes.StringType, c -> c.summary.ethSrc < 0 ? null : utf(Addresses.mac(c.summary.ethSrc)),
                    "source MAC (the inner frame's when encapsulated)"),
            cooked("eth_dst", DataTypes.StringType, c -> c.summary.ethDst < 0 ? null : utf(Addresses.mac(c.summary.ethDst)),
                    "destination MAC"),
            cooked("vlan_id", DataTypes.IntegerType, c -> nonNegative(c.summary.vlanId), "outer VLAN id"),
            cooked("vlan_pcp", DataTypes.IntegerType, c -> nonNegative(c.summary.vlanPcp), "VLAN priority (PCP)"),
            cooked("src_ip", DataTypes.StringType, c -> ip(c, true), "source IPv4/IPv6 address (or LID)"),
            cooked("dst_ip", DataTypes.StringType, c -> ip(c, false), "destination IPv4/IPv6 address (or LID)"),
            cooked("dscp", DataTypes.IntegerType, c -> nonNegative(c.summary.dscp), "IP DSCP"),
            cooked("ecn", DataTypes.IntegerType, c -> nonNegative(c.summary.ecn), "IP ECN (3 = CE)"),
            cooked("priority", DataTypes.IntegerType, FrameColumns::priority,
                    "the analysis's priority of a RoCE frame: VLAN PCP, else DSCP through the dscpMap option"),
            cooked("udp_src_port", DataTypes.IntegerType, c -> c.summary.is(PacketSummary.UDP) ? c.summary.udpSrcPort : null,
                    "UDP source port (RoCEv2 entropy)"),
            cooked("udp_dst_port", DataTypes.IntegerType, c -> c.summary.is(PacketSummary.UDP) ? c.summary.udpDstPort : null,
                    "UDP destination port"),
            cooked("opcode", DataTypes.IntegerType, c -> c.summary.isRoce() ? c.summary.opcode : null,
                    "BTH opcode (0x81 = CNP)"),
            cooked("dest_qp", DataTypes.IntegerType, c -> c.summary.isRoce() ? c.summary.destQp : null, "BTH destination QP"),
            cooked("src_qp", DataTypes.IntegerType, c -> nonNegative(c.summary.dethSrcQp),
                    "source QP where the frame says it (DETH of UD)"),
            cooked("psn", DataTypes.IntegerType, c -> c.summary.isRoce() ? c.summary.psn : null, "BTH PSN"),
            cooked("ack_req", DataTypes.BooleanType, c -> c.summary.isRoce() ? c.summary.ackRequest : null, "BTH AckReq"),
            cooked("pkey", DataTypes.IntegerType, c -> c.summary.isRoce() ? c.summary.pkey : null, "BTH P_Key"),
            cooked("aeth_syndrome", DataTypes.IntegerType, c -> nonNegative(c.summary.aethSyndrome), "AETH syndrome byte"),
            cooked("aeth_msn", DataTypes.IntegerType, c -> c.summary.aethSyndrome >= 0 ? c.summary.aethMsn : null,
                    "AETH MSN"),
            cooked("reth_length", DataTypes.LongType, c -> c.summary.rethDmaLength >= 0 ? c.summary.rethDmaLength : null,
                    "RETH DMA length"),
            cooked("payload_length", DataTypes.IntegerType, c -> nonNegative(c.summary.payloadLength),
                    "RDMA payload bytes (from the UDP length: whole even in header-only captures)"),
            cooked("icrc", DataTypes.StringType, FrameColumns::icrc, "ICRC status: good, bad, unchecked (cut by the snap length)"),
            cooked("encapsulation", DataTypes.StringType,
                    c -> c.summary.encapsulation == PacketSummary.ENCAP_NONE ? null
                            : utf(PacketSummary.ENCAPSULATION_NAMES.get(c.summary.encapsulation)),
                    "how a mirrored or tunnelled frame came: gre, erspan1, erspan2, erspan3, vxlan"),
            cooked("malformed", DataTypes.BooleanType, c -> c.summary.is(PacketSummary.MALFORMED), "a header is broken"),
            cooked("malformed_reason", DataTypes.StringType,
                    c -> c.summary.malformedReason == null ? null : utf(c.summary.malformedReason), "why"),
            cooked("pfc_class_enable", DataTypes.IntegerType, c -> nonNegative(c.summary.pfcClassEnable),
                    "PFC class-enable vector (bit n = priority n)"),
            cooked("pause_quanta", DataTypes.IntegerType, c -> nonNegative(c.summary.pauseQuanta), "802.3x PAUSE time"),
            cooked("conversation", DataTypes.LongType, FrameColumns::conversation,
                    "a hash of the two hosts of a RoCE frame, the same both ways: the key the analysis job "
                            + "partitions by (requests, responses and CNPs of two hosts meet); null when not RoCE"));

    static final Map<String, Column> BY_NAME;

    static {
        Map<String, Column> byName = new LinkedHashMap<>();
        for (Column c : ALL) {
            byName.put(c.name(), c);
        }
        BY_NAME = byName;
    }

    static StructType schema() {
        return schema(ALL);
    }

    static StructType schema(List<Column> columns) {
        StructField[] fields = new StructField[columns.size()];
        for (int i = 0; i < fields.length; i++) {
            Column c = columns.get(i);
            fields[i] = new StructField(c.name(), c.type(), true, Metadata.empty()).withComment(c.doc());
        }
        return new StructType(fields);
    }

    private FrameColumns() {
    }

    private static Column raw(String name, DataType type, Value value, String doc) {
        return new Column(name, type, false, value, doc);
    }

    private static Column cooked(String name, DataType type, Value value, String doc) {
        return new Column(name, type, true, value, doc);
    }

    static UTF8String utf(String s) {
        return UTF8String.fromString(s);
    }

    private static Object nonNegative(int value) {
        return value < 0 ? null : value;
    }

    private static byte[] bytes(Cell c) {
        ByteBuffer data = c.frame.data().duplicate();
        data.position(0);
        byte[] out = new byte[Math.min(data.limit(), c.headerBytes)];
        data.get(out);
        return out;
    }

    private static Object ip(Cell c, boolean source) {
        PacketSummary s = c.summary;
        if (!s.is(PacketSummary.IPV4) && !s.is(PacketSummary.IPV6) && !s.is(PacketSummary.INFINIBAND)
                && !s.is(PacketSummary.ROCEV1)) {
            return null;
        }
        return utf(source ? Addresses.ip(s.ipSrcHi, s.ipSrcLo) : Addresses.ip(s.ipDstHi, s.ipDstLo));
    }

    private static Object priority(Cell c) {
        PacketSummary s = c.summary;
        if (!s.isRoce()) {
            return null;
        }
        // the analysis's rule; a RoCE frame with neither tag nor DSCP counts in priority 0, as the analysis counts it
        return Math.max(0, c.analysis.priorityOf(s.lrhSl, s.vlanPcp, s.dscp));
    }

    private static Object icrc(Cell c) {
        return switch (c.summary.icrcStatus) {
            case PacketSummary.ICRC_GOOD -> utf("good");
            case PacketSummary.ICRC_BAD -> utf("bad");
            case PacketSummary.ICRC_UNCHECKED -> utf("unchecked");
            default -> null;
        };
    }

    private static Object protocols(Cell c) {
        PacketSummary s = c.summary;
        if (s.notDissected != null) {
            return utf("not dissected");
        }
        String what = s.isRoce() ? "roce" : s.is(PacketSummary.PFC) ? "pfc" : s.is(PacketSummary.PAUSE) ? "pause"
                : s.is(PacketSummary.UDP) ? "udp" : s.is(PacketSummary.TCP) ? "tcp" : s.is(PacketSummary.ARP) ? "arp"
                : "other";
        if (s.encapsulation != PacketSummary.ENCAP_NONE) {
            what += ",encapsulated";
        }
        if (s.is(PacketSummary.MALFORMED)) {
            what += ",malformed";
        }
        return utf(what);
    }

    /** The unordered pair of the frame's two addresses, hashed; null when the frame is not RoCE. */
    static Object conversation(Cell c) {
        return conversation(c.summary);
    }

    static Long conversation(PacketSummary s) {
        if (!s.isRoce()) {
            return null;
        }
        return conversation(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo);
    }

    /**
     * The hash of two addresses (each high and low word), the same whichever comes first: each word spread by one
     * multiply and summed. The analysis job partitions every frame by it, so it is kept cheap (two chains of
     * mixes, ordered, and a division there took a twelfth of a warm job's time: docs/spark.md).
     */
    static long conversation(long srcHi, long srcLo, long dstHi, long dstLo) {
        return spread(srcHi) + spread(srcLo) + spread(dstHi) + spread(dstLo);
    }

    private static long spread(long word) {
        long z = word * 0xBF58_476D_1CE4_E5B9L;
        return z ^ z >>> 31;
    }
}
