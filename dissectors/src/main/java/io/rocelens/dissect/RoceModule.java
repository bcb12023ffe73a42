package io.rocelens.dissect;

import io.rocelens.ksy.FieldSink;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.AethLayout;
import io.rocelens.ksy.layout.BthLayout;
import io.rocelens.ksy.layout.DethLayout;
import io.rocelens.ksy.layout.IbExtendedHeadersLayout;
import io.rocelens.ksy.layout.ImmdtLayout;
import io.rocelens.ksy.layout.RethLayout;
import io.rocelens.ksy.layout.XrcethLayout;
import io.rocelens.ksy.pos.Aeth;
import io.rocelens.ksy.pos.Bth;
import io.rocelens.ksy.pos.IbExtendedHeaders;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.function.Predicate;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The InfiniBand transport as RoCE carries it: the BTH, the extended transport headers its opcode selects, the
 * payload and the invariant CRC (and, on native InfiniBand, the variant CRC), as Wireshark's packet-infiniband.c shows
 * them. The fields the headers read come from {@code bth.ksy} and the extended headers' specs ({@code xrceth.ksy} ...
 * {@code ieth.ksy}, in the order {@code ib_extended_headers.ksy} gives them), and so do their describers; what is
 * hand-written here is only what no spec field is: the AETH syndrome and its parts (an instance of aeth.ksy, named by
 * its type), the CNP's reserved bytes as one text, the payload's length and the CRCs with their status (computed by
 * the walk). Its step hangs on the RoCE ports; {@link #transport} serves RoCEv1 and native InfiniBand too (their
 * steps are {@link InfinibandLinkModule}'s), with the network layer's bytes the ICRC covers; it marks the headers
 * ({@link #BTH} ... {@link #VCRC}).
 */
final class RoceModule implements ProtocolModule {

    /** What the syndrome's low five bits are, by its type (bits 6-5): ACK, RNR NAK, reserved, NAK. */
    private static final List<FieldDef> AETH_VALUE_BY_TYPE = List.of(Fields.AETH_CREDIT_COUNT, Fields.AETH_TIMER,
            Fields.AETH_RESERVED_VALUE, Fields.AETH_ERROR_CODE);

    /** The headers the walk marks for this module ({@link LayerMark#part()}). */
    static final int BTH = 0;
    static final int EXTENDED_HEADERS = 1;
    static final int PAYLOAD = 2;
    static final int ICRC = 3;
    static final int VCRC = 4;

    /** Marks a protocol whose summary inputs the packet index keeps. */
    private static final boolean IN_INDEX = true;

    private final List<Protocol> protocols = List.of(
            Protocol.known(IN_INDEX, "roce", "RoCE, v1 or v2: UDP to a RoCE port or EtherType 0x8915 (with a BTH or too short for one)",
                    null, p -> p.is(PacketSummary.ROCE_TRANSPORT) ? 1 : 0),
            Protocol.known(IN_INDEX, "bth", "Base Transport Header", "bth", p -> p.isRoce() ? 1 : 0),
            extended(false, "xrceth", "XRC Extended Transport Header", p -> p.xrcSrq >= 0),
            extended(false, "feth", "FLUSH Extended Transport Header", p -> p.opcode == IbOpcodes.FLUSH),
            extended(IN_INDEX, "rdeth", "Reliable Datagram Extended Transport Header",
                    p -> p.opcode >= 0 && IbOpcodes.transport(p.opcode) == IbOpcodes.RD),
            extended(false, "deth", "Datagram Extended Transport Header", p -> p.dethSrcQp >= 0),
            extended(false, "reth", "RDMA Extended Transport Header", p -> p.rethDmaLength >= 0),
            extended(IN_INDEX, "atomic", "Atomic Extended Transport Header",
                    p -> IbOpcodes.hasAtomics(p.opcode) && (IbOpcodes.operation(p.opcode) == IbOpcodes.COMPARE_SWAP
                            || IbOpcodes.operation(p.opcode) == IbOpcodes.FETCH_ADD)),
            extended(IN_INDEX, "aeth", "ACK Extended Transport Header", p -> p.aethSyndrome >= 0),
            extended(IN_INDEX, "atomicack", "Atomic ACK Extended Transport Header", p -> IbOpcodes.hasAtomics(p.opcode)
                    && IbOpcodes.operation(p.opcode) == IbOpcodes.ATOMIC_ACKNOWLEDGE),
            extended(IN_INDEX, "ieth", "Invalidate Extended Transport Header",
                    p -> p.opcode >= 0 && IbOpcodes.transport(p.opcode) == IbOpcodes.RC
                            && (IbOpcodes.operation(p.opcode) == IbOpcodes.SEND_LAST_INVALIDATE
                            || IbOpcodes.operation(p.opcode) == IbOpcodes.SEND_ONLY_INVALIDATE)),
            extended(IN_INDEX, "cnp", "Congestion Notification Packet", p -> p.opcode == IbOpcodes.CNP),
            extended(false, "payload", "RDMA payload", p -> p.payloadLength + p.padCount > 0));

    /**
     * An extended header: the summary tells it from the opcode on a well-formed RoCE frame; on a malformed one, or one
     * cut by the snap length (a header is there only when all its bytes are), the detail says how far decoding got.
     */
    private static Protocol extended(boolean indexed, String name, String title,
                                     java.util.function.Predicate<PacketSummary> has) {
        return Protocol.known(indexed, name, title, name, p -> !p.isRoce() ? 0
                : p.is(PacketSummary.MALFORMED) || p.capturedLength < p.originalLength ? -1 : has.test(p) ? 1 : 0);
    }

    private static final int BTH_LENGTH = 12;
    private static final int ICRC_LENGTH = 4;
    private static final int UD_SEND_ONLY = 0x64;
    /** QP 1, the General Services Interface; QP 0, the Subnet Management Interface, below it. */
    private static final int GSI_QP = 1;

    @Override
    public void handOff(HandOff tables) {
        tables.rocePorts((walker, offset) -> transport(walker, PacketSummary.ROCEV2, offset, walker.udpEnd(),
                walker.l3Offset(), walker.l3Kind()));
    }

    /**
     * The BTH at {@code offset}, its extended headers, payload and ICRC, which ends at {@code end}; the ICRC covers
     * the network header from {@code l3Offset} of kind {@code l3Kind} ({@link Icrc}).
     *
     * @param roceKind ROCEV2, ROCEV1 or INFINIBAND, set once a BTH is read
     */
    void transport(FrameWalker walker, int roceKind, int offset, int end, int l3Offset, int l3Kind) {
        walker.layer("BTH");
        PacketSummary summary = walker.summary();
        summary.kinds |= PacketSummary.ROCE_TRANSPORT;
        if (end - offset < BTH_LENGTH + ICRC_LENGTH) {
            walker.malformed("RoCE payload of " + (end - offset)
                    + " bytes is too short for a BTH and an ICRC (16 bytes)");
        }
        walker.need(offset, BTH_LENGTH);
        byte[] b = walker.bytes();
        int opcode = BthLayout.opcode(b, offset);
        summary.kinds |= roceKind;
        summary.opcode = opcode;
        summary.solicitedEvent = BthLayout.se(b, offset);
        summary.migReq = BthLayout.migreq(b, offset);
        summary.padCount = BthLayout.padCount(b, offset);
        summary.pkey = BthLayout.pkey(b, offset);
        summary.fecn = BthLayout.fecn(b, offset);
        summary.becn = BthLayout.becn(b, offset);
        summary.destQp = BthLayout.destQp(b, offset);
        summary.ackRequest = BthLayout.ackReq(b, offset);
        summary.psn = BthLayout.psn(b, offset);
        summary.bthVersion = BthLayout.tver(b, offset);
        walker.mark(this, BTH, offset, BTH_LENGTH);
        if (IbOpcodes.isReserved(opcode)) {
            walker.malformed(String.format("BTH opcode 0x%02x is reserved", opcode));
        }
        if (summary.bthVersion != 0) {
            walker.malformed("BTH header version " + summary.bthVersion + " is not 0");
        }

        walker.layer("extended transport");
        int extendedOffset = offset + BTH_LENGTH;
        ByteBuffer data = walker.data();
        int captured = data.limit();
        int extendedLength = IbExtendedHeadersLayout.lenHeaders(opcode);
        if (!walker.cutBySnapLength()) {
            walker.readable(extendedOffset, extendedLength);   // cut by the snap length, only what was captured is read
        }
        if (extendedOffset + extendedLength + ICRC_LENGTH > end) {
            walker.malformed("RoCE payload is too short for the extended headers of " + IbOpcodes.name(opcode));
        }
        if (extendedLength > 0 && extendedOffset < captured) {
            walker.mark(this, EXTENDED_HEADERS, extendedOffset, Math.min(extendedLength, captured - extendedOffset));
        }
        extendedHeaders(summary, b, opcode, extendedOffset, captured);

        int payloadOffset = extendedOffset + extendedLength;
        int icrcOffset = end - ICRC_LENGTH;
        int payloadLength = icrcOffset - summary.padCount - payloadOffset;
        if (payloadLength < 0) {
            walker.malformed("pad count " + summary.padCount + " is longer than the payload");
        }
        summary.payloadLength = payloadLength;
        if (payloadLength + summary.padCount > 0) {
            int from = Math.min(payloadOffset, captured);
            walker.mark(this, PAYLOAD, from, Math.max(0, Math.min(icrcOffset, captured) - from));
        }
        if (opcode == UD_SEND_ONLY && summary.destQp <= GSI_QP && payloadLength > 0
                && payloadOffset + payloadLength <= captured) {
            walker.madPayload(payloadOffset);   // a MAD, wholly captured; summary.payloadLength is its length
        }
        if (end > captured) {
            summary.icrcStatus = PacketSummary.ICRC_UNCHECKED;
            walker.mark(this, ICRC, Math.min(icrcOffset, captured), 0);   // nothing of it was captured
            return;
        }
        walker.mark(this, ICRC, icrcOffset, ICRC_LENGTH);
        int stored = Integer.reverseBytes(data.getInt(icrcOffset));
        int computed = walker.icrc().compute(data, l3Offset, l3Kind, offset, icrcOffset);
        summary.icrcStatus = stored == computed ? PacketSummary.ICRC_GOOD : PacketSummary.ICRC_BAD;
        summary.icrc = stored & 0xFFFF_FFFFL;
    }

    /**
     * The values of the extended headers that are wholly captured (all of them unless the snap length cut the
     * frame: a header is then present exactly when its bytes are there, as in Wireshark), at the places the opcode
     * gives them in {@code ib_extended_headers.ksy}.
     */
    private static void extendedHeaders(PacketSummary summary, byte[] b, int opcode, int at, int captured) {
        if (IbExtendedHeadersLayout.hasXrceth(opcode)) {
            int xrceth = IbExtendedHeadersLayout.xrcethAt(b, at, opcode);
            if (xrceth + XrcethLayout.SIZE <= captured) {
                summary.xrcSrq = XrcethLayout.xrcSrq(b, xrceth);
            }
        }
        if (IbExtendedHeadersLayout.hasDeth(opcode)) {
            int deth = IbExtendedHeadersLayout.dethAt(b, at, opcode);
            if (deth + DethLayout.SIZE <= captured) {
                summary.dethQkey = DethLayout.qkey(b, deth);
                summary.dethSrcQp = DethLayout.srcQp(b, deth);
            }
        }
        if (IbExtendedHeadersLayout.hasReth(opcode)) {
            int reth = IbExtendedHeadersLayout.rethAt(b, at, opcode);
            if (reth + RethLayout.SIZE <= captured) {
                summary.rethVa = RethLayout.va(b, reth);
                summary.rethRkey = RethLayout.rkey(b, reth);
                summary.rethDmaLength = RethLayout.dmaLength(b, reth);
            }
        }
        if (IbExtendedHeadersLayout.hasAeth(opcode)) {
            int aeth = IbExtendedHeadersLayout.aethAt(b, at, opcode);
            if (aeth + AethLayout.SIZE <= captured) {
                summary.aethSyndrome = AethLayout.syndrome(b, aeth);
                summary.aethMsn = AethLayout.msn(b, aeth);
            }
        }
        if (IbExtendedHeadersLayout.hasImmDt(opcode)) {
            int immDt = IbExtendedHeadersLayout.immDtAt(b, at, opcode);
            if (immDt + ImmdtLayout.SIZE <= captured) {
                summary.hasImmediate = true;
                summary.immediate = (int) ImmdtLayout.data(b, immDt);
            }
        }
    }

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.concat(Stream.of(SpecFields.BTH_KSY, SpecFields.XRCETH_KSY, SpecFields.FETH_KSY,
                                SpecFields.RDETH_KSY, SpecFields.DETH_KSY, SpecFields.RETH_KSY, SpecFields.ATOMIC_ETH_KSY,
                                SpecFields.AETH_KSY, SpecFields.ATOMIC_ACK_ETH_KSY, SpecFields.IMMDT_KSY,
                                SpecFields.IETH_KSY).flatMap(List::stream).map(Fields::of),
                        Stream.of(Fields.AETH_SYNDROME, Fields.AETH_RESERVED, Fields.AETH_OPCODE,
                                Fields.AETH_CREDIT_COUNT, Fields.AETH_TIMER, Fields.AETH_RESERVED_VALUE,
                                Fields.AETH_ERROR_CODE, Fields.AETH_TYPE, Fields.AETH_CODE, Fields.CNP_RESERVED,
                                Fields.PAYLOAD_LEN, Fields.ICRC, Fields.ICRC_STATUS, Fields.ICRC_COMPUTED, Fields.VCRC,
                                Fields.VCRC_STATUS))
                .toList();
    }

    /** The BTH, the extended headers' values and the ICRC status the summary keeps. */
    @Override
    public void getters(SummaryFields.Registry out) {
        Predicate<PacketSummary> bth = PacketSummary::isRoce;
        out.number(IN_INDEX, Fields.of(SpecFields.BTH_OPCODE), bth, p -> p.opcode);
        out.number(Fields.of(SpecFields.BTH_SE), bth, p -> p.solicitedEvent ? 1 : 0);
        out.number(Fields.of(SpecFields.BTH_M), bth, p -> p.migReq ? 1 : 0);
        out.number(Fields.of(SpecFields.BTH_TVER), bth, p -> p.bthVersion);
        out.number(Fields.of(SpecFields.BTH_PADCNT), bth, p -> p.padCount);
        out.number(Fields.of(SpecFields.BTH_PKEY), bth, p -> p.pkey);
        out.number(Fields.of(SpecFields.BTH_FECN), bth, p -> p.fecn ? 1 : 0);
        out.number(Fields.of(SpecFields.BTH_BECN), bth, p -> p.becn ? 1 : 0);
        out.number(IN_INDEX, Fields.of(SpecFields.BTH_DQPN), bth, p -> p.destQp);
        out.number(Fields.of(SpecFields.BTH_ACKREQ), bth, p -> p.ackRequest ? 1 : 0);
        out.number(IN_INDEX, Fields.of(SpecFields.BTH_PSN), bth, p -> p.psn);

        Predicate<PacketSummary> reth = p -> p.rethDmaLength >= 0;
        out.number(Fields.of(SpecFields.RETH_VA), reth, p -> p.rethVa);
        out.number(Fields.of(SpecFields.RETH_RKEY), reth, p -> p.rethRkey);
        out.number(Fields.of(SpecFields.RETH_DMALEN), reth, p -> p.rethDmaLength);
        Predicate<PacketSummary> aeth = p -> p.aethSyndrome >= 0;
        out.number(IN_INDEX, Fields.AETH_SYNDROME, aeth, p -> p.aethSyndrome);
        out.number(IN_INDEX, Fields.AETH_CODE, aeth, p -> AethText.value(p.aethSyndrome));
        out.number(Fields.of(SpecFields.AETH_MSN), aeth, p -> p.aethMsn);
        out.add(IN_INDEX, Fields.AETH_TYPE, SummaryFields.ALWAYS, aeth, p -> 0, null, p -> AethText.type(p.aethSyndrome));
        // the syndrome's parts, as the detail splits the byte: which field the low five bits are depends on the type
        out.number(Fields.AETH_RESERVED, aeth, p -> p.aethSyndrome >>> 7 & 1);
        out.number(Fields.AETH_OPCODE, aeth, p -> AethText.typeCode(p.aethSyndrome));
        for (int type = 0; type < AETH_VALUE_BY_TYPE.size(); type++) {
            int of = type;
            out.number(AETH_VALUE_BY_TYPE.get(type), p -> aeth.test(p) && AethText.typeCode(p.aethSyndrome) == of,
                    p -> AethText.value(p.aethSyndrome));
        }
        Predicate<PacketSummary> deth = p -> p.dethSrcQp >= 0;
        out.number(Fields.of(SpecFields.DETH_QKEY), deth, p -> p.dethQkey);
        out.number(Fields.of(SpecFields.DETH_SRCQP), deth, p -> p.dethSrcQp);
        out.number(Fields.of(SpecFields.IMMDT), p -> p.hasImmediate, p -> Integer.toUnsignedLong(p.immediate));
        out.add(IN_INDEX, Fields.ICRC_STATUS, SummaryFields.ALWAYS, p -> p.icrcStatus != PacketSummary.ICRC_NONE, p -> 0, null,
                p -> PacketColumns.icrcStatus(p.icrcStatus));
        out.number(Fields.of(SpecFields.XRCETH_XRCSRQ), p -> p.xrcSrq >= 0, p -> p.xrcSrq);
        // the payload's layer is there when it or its pad has a byte
        out.number(Fields.PAYLOAD_LEN, p -> p.payloadLength >= 0 && p.payloadLength + p.padCount > 0,
                p -> p.payloadLength);
        out.number(Fields.ICRC, p -> p.icrcStatus == PacketSummary.ICRC_GOOD || p.icrcStatus == PacketSummary.ICRC_BAD,
                p -> Integer.toUnsignedLong(Integer.reverseBytes((int) p.icrc)));   // held as the CRC register reads it
        out.add(Fields.VCRC_STATUS, SummaryFields.ALWAYS, p -> p.vcrcStatus != PacketSummary.ICRC_NONE, p -> 0, null,
                p -> PacketColumns.icrcStatus(p.vcrcStatus));
    }

    /** Wireshark's names: RRoCE for RoCEv2 (CNP for its congestion notification), RoCE for RoCEv1, InfiniBand. */
    @Override
    public String column(PacketSummary p) {
        if (p.is(PacketSummary.INFINIBAND)) {
            return "InfiniBand";
        }
        if (p.is(PacketSummary.ROCEV2)) {
            return p.opcode == IbOpcodes.CNP ? "CNP" : "RRoCE";
        }
        return p.is(PacketSummary.ROCEV1) ? "RoCE" : null;
    }

    /**
     * The transport's Info ("RC RDMA WRITE First QP=0x000022 PSN=1000"), or what its payload is (a MAD module's "CM:
     * ConnectRequest"), then whether ECN marked it and whether its ICRC is bad; nothing before a BTH was read (a
     * malformed frame says why).
     */
    @Override
    public boolean info(PacketSummary p, StringBuilder info) {
        if (!p.isRoce() || p.opcode < 0) {
            return false;
        }
        String carried = p.module != null ? p.module.info(p) : null;
        if (carried != null) {
            info.append(carried);
        } else {
            transport(info, p);
        }
        if (p.ecn == 3) {
            info.append(" [ECN CE]");
        }
        if (p.icrcStatus == PacketSummary.ICRC_BAD) {
            info.append(" [ICRC bad]");
        }
        return true;
    }

    /** The transport's Info: opcode, QP, PSN and the extended headers' values. */
    private static void transport(StringBuilder info, PacketSummary p) {
        String name = IbOpcodes.name(p.opcode);
        info.append(name != null ? name : String.format("Opcode 0x%02x", p.opcode));
        // by hand: String.format here cost more than dissecting the frame in a plain decode
        hex(info.append(" QP=0x"), p.destQp, 6).append(" PSN=").append(p.psn);
        if (p.aethSyndrome >= 0) {
            info.append(' ').append(AethText.describe(p.aethSyndrome)).append(" MSN=").append(p.aethMsn);
        }
        if (p.rethDmaLength >= 0) {
            info.append(" len=").append(p.rethDmaLength);
        }
        if (p.dethSrcQp >= 0) {
            hex(info.append(" SrcQP=0x"), p.dethSrcQp, 6);
        }
    }

    /** Appends the value in lower-case hex, zero-padded to the given digits. */
    private static StringBuilder hex(StringBuilder out, int value, int digits) {
        String text = Integer.toHexString(value);
        for (int i = text.length(); i < digits; i++) {
            out.append('0');
        }
        return out.append(text);
    }

    /** tshark's frame.protocols names the whole transport "infiniband", once, at the BTH (the LRH or GRH before it). */
    @Override
    public String framePart(Layer layer) {
        return layer.name().equals("bth") ? "infiniband" : null;
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        switch (mark.part()) {
            case BTH -> layers.add(bth(new Bth(mark.stream(data)), mark));
            case EXTENDED_HEADERS -> extendedHeaders(new IbExtendedHeaders(mark.stream(data), summary.opcode), mark,
                    layers);
            case PAYLOAD -> layers.add(new Layer("payload", "Data (" + summary.payloadLength + " bytes"
                    + (summary.padCount > 0 ? " + " + summary.padCount + " pad" : "") + ")", mark.offset(), mark.length(),
                    List.of(new Field(Fields.PAYLOAD_LEN, (long) summary.payloadLength, mark.offset(), mark.length()))));
            case ICRC -> layers.add(crc("icrc", "Invariant CRC", Fields.ICRC, Fields.ICRC_STATUS, summary.icrcStatus, mark,
                    () -> Integer.toUnsignedLong(data.getInt(mark.offset()))));
            case VCRC -> layers.add(crc("vcrc", "Variant CRC", Fields.VCRC, Fields.VCRC_STATUS, summary.vcrcStatus, mark,
                    () -> Short.toUnsignedLong(data.getShort(mark.offset()))));
            default -> throw new IllegalStateException("not a RoCE header: " + mark);
        }
    }

    /** A generated describer of one header spec. */
    @FunctionalInterface
    private interface Describer<T> {
        void describe(T header, int base, FieldSink out);
    }

    private static <T> List<Field> described(T header, Describer<T> describer) {
        List<Field> fields = new ArrayList<>(4);
        describer.describe(header, 0, Fields.sink(fields));
        return fields;
    }

    private static Layer bth(Bth bth, LayerMark mark) {
        long opcode = bth.opcode().id();
        String name = IbOpcodes.name((int) opcode);
        return mark.layer("bth", "Base Transport Header, "
                + (name != null ? name : String.format("opcode 0x%02x", opcode)), described(bth, SpecDescribers::bth));
    }

    private static void extendedHeaders(IbExtendedHeaders ext, LayerMark mark, List<Layer> layers) {
        Map<String, Integer> start = ext._attrStart;
        // a header whose bytes are not all captured is left out: its end is past the frame (the walk marks the
        // extended headers up to the last captured byte)
        int captured = mark.offset() + mark.length();
        Map<String, Integer> end = new HashMap<>(ext._attrEnd);
        end.values().removeIf(at -> at > captured);
        if (ext.xrceth() != null && end.containsKey("xrceth")) {
            layers.add(header("xrceth", "XRC Extended Transport Header, SRQ "
                    + String.format("0x%06x", ext.xrceth().xrcSrq()), start, end, "xrceth",
                    described(ext.xrceth(), SpecDescribers::xrceth)));
        }
        if (ext.feth() != null && end.containsKey("feth")) {
            layers.add(header("feth", "FLUSH Extended Transport Header", start, end, "feth",
                    described(ext.feth(), SpecDescribers::feth)));
        }
        if (ext.rdeth() != null && end.containsKey("rdeth")) {
            layers.add(header("rdeth", "Reliable Datagram Extended Transport Header", start, end, "rdeth",
                    described(ext.rdeth(), SpecDescribers::rdeth)));
        }
        if (ext.deth() != null && end.containsKey("deth")) {
            layers.add(header("deth", "Datagram Extended Transport Header", start, end, "deth",
                    described(ext.deth(), SpecDescribers::deth)));
        }
        if (ext.reth() != null && end.containsKey("reth")) {
            layers.add(header("reth", "RDMA Extended Transport Header", start, end, "reth",
                    described(ext.reth(), SpecDescribers::reth)));
        }
        if (ext.atomicEth() != null && end.containsKey("atomicEth")) {
            layers.add(header("atomic", "Atomic Extended Transport Header", start, end, "atomicEth",
                    described(ext.atomicEth(), SpecDescribers::atomicEth)));
        }
        if (ext.aeth() != null && end.containsKey("aeth")) {
            layers.add(aeth(ext.aeth(), start, end));
        }
        if (ext.atomicAckEth() != null && end.containsKey("atomicAckEth")) {
            layers.add(header("atomicack", "Atomic ACK Extended Transport Header", start, end, "atomicAckEth",
                    described(ext.atomicAckEth(), SpecDescribers::atomicAckEth)));
        }
        if (ext.immDt() != null && end.containsKey("immDt")) {
            layers.add(header("immdt", "Immediate Data", start, end, "immDt",
                    described(ext.immDt(), SpecDescribers::immdt)));
        }
        if (ext.ieth() != null && end.containsKey("ieth")) {
            layers.add(header("ieth", "Invalidate Extended Transport Header", start, end, "ieth",
                    described(ext.ieth(), SpecDescribers::ieth)));
        }
        if (ext.cnp() != null && end.containsKey("cnp")) {
            // hand-written: the 16 reserved bytes are shown as one text, not as the bytes cnp_padding.ksy reads
            int at = start.get("cnp");
            layers.add(header("cnp", "Congestion Notification Packet", start, end, "cnp",
                    List.of(new Field(Fields.CNP_RESERVED, "16 reserved bytes", at, end.get("cnp") - at))));
        }
    }

    /**
     * The AETH: its syndrome byte and the syndrome's parts are hand-written (the byte is an instance of aeth.ksy, and
     * which field the low five bits are depends on the type); they all sit, as in Wireshark, on that byte. The MSN is
     * the spec's.
     */
    private static Layer aeth(Aeth h, Map<String, Integer> start, Map<String, Integer> end) {
        int syndrome = h.syndrome();
        int at = start.get("aeth");
        int type = (int) h.syndromeType().id();
        FieldDef value = AETH_VALUE_BY_TYPE.get(type);
        List<Field> fields = new ArrayList<>(7);
        fields.add(new Field(Fields.AETH_SYNDROME, (long) syndrome, at, 1));
        fields.add(new Field(Fields.AETH_RESERVED, h.reserved() ? 1L : 0L, at, 1));
        fields.add(new Field(Fields.AETH_OPCODE, (long) type, at, 1));
        fields.add(new Field(value, h.syndromeValue(), at, 1));
        fields.add(new Field(Fields.AETH_TYPE, AethText.type(syndrome), at, 1));
        fields.add(new Field(Fields.AETH_CODE, h.syndromeValue(), at, 1));
        fields.addAll(described(h, SpecDescribers::aeth));
        return header("aeth", "ACK Extended Transport Header, " + AethText.describe(syndrome), start, end, "aeth", fields);
    }

    private static Layer header(String name, String title, Map<String, Integer> start, Map<String, Integer> end,
                                String attribute, List<Field> fields) {
        int offset = start.get(attribute);
        return new Layer(name, title, offset, end.get(attribute) - offset, List.copyOf(fields));
    }

    /**
     * A CRC layer: its bytes in wire order read as one big-endian number, as Wireshark shows
     * {@code infiniband.invariant.crc} and {@code infiniband.variant.crc} (so the bytes e3 de 15 21 read 0xe3de1521,
     * though the CRC computed is stored least-significant byte first), and its status.
     */
    private static Layer crc(String name, String title, FieldDef value, FieldDef statusField, int check,
                             LayerMark mark, java.util.function.LongSupplier stored) {
        String status = PacketColumns.icrcStatus(check);
        if (check == PacketSummary.ICRC_UNCHECKED) {
            return new Layer(name, title + " [unchecked: not captured]", mark.offset(), 0,
                    List.of(new Field(statusField, status, mark.offset(), 0)));
        }
        long crc = stored.getAsLong();
        return new Layer(name, title + ": " + value.describe(crc) + " [" + status + "]", mark.offset(), mark.length(),
                List.of(new Field(value, crc, mark.offset(), mark.length()),
                        new Field(statusField, status, mark.offset(), mark.length())));
    }
}
