package io.rocelens.generate;

import java.io.IOException;

/**
 * A connected queue pair (RC or UC) between a requester and a responder, emitting the requests, responses and
 * CNPs of its messages with correct PSNs, MSNs and segmentation (PMTU {@value #PMTU}). One {@link RocePacket} is
 * reused for every packet.
 */
final class Connection {

    static final int PMTU = 1024;
    static final int SYNDROME_ACK = 0x1F;
    static final int SYNDROME_NAK_PSN_SEQUENCE = 0x60;
    static final int SYNDROME_RNR_NAK_TIMER_14 = 0x2E;
    static final int ECT0 = 2;
    static final int CE = 3;
    static final int CNP_DSCP = 48;
    private static final int PSN_MASK = 0xFFFFFF;

    private final Emitter out;
    private final RocePacket p = new RocePacket();
    private final Host requester;
    private final Host responder;
    private final int requesterQp;
    private final int responderQp;
    private final int transport;
    private final int udpPort;
    private int psn;
    private int msn;
    private long address = 0x7f0000000000L;
    /** The responder's XRC SRQ that requests name in their XRCETH (XRC connections only). */
    private int xrcSrq;

    /** The CN-TAG flow ID of the requests, or -1. */
    private int cnTagFlowId = -1;

    /** ECN codepoint of the next request packet; scenarios set CE on the packets a switch marked. */
    int nextEcn = ECT0;

    Connection(Emitter out, int transport, Host requester, int requesterQp, Host responder, int responderQp,
               int dscp, int firstPsn) {
        this.out = out;
        this.transport = transport;
        this.requester = requester;
        this.requesterQp = requesterQp;
        this.responder = responder;
        this.responderQp = responderQp;
        this.psn = firstPsn & PSN_MASK;
        // Flow entropy: RoCE NICs derive the UDP source port from the QP numbers, in the 0xC000.. range.
        this.udpPort = 0xC000 | (requesterQp * 31 + responderQp) & 0x3FFF;
        p.dscp = dscp;
        p.ecn = ECT0;
        p.flowLabel = (requesterQp ^ responderQp << 4) & 0xFFFFF;
        p.udpSrcPort = udpPort;
    }

    /** Tags every packet of this connection with an 802.1Q header. */
    Connection vlan(int pcp, int vid) {
        p.vlanPcp = pcp;
        p.vlanId = vid;
        return this;
    }

    /**
     * Puts an IEEE 802.1Q CN-TAG with this flow ID on the requests (the reaction point, the requester, tags its own
     * flow; the responder's ACKs and CNPs carry none).
     */
    Connection cnTag(int flowId) {
        cnTagFlowId = flowId;
        return this;
    }

    /** Sends this connection's packets as RoCEv1 (GRH, EtherType 0x8915); its hosts must have IPv6 GIDs. */
    Connection roceV1() {
        p.roceV1 = true;
        return this;
    }

    /** Names the responder's XRC shared receive queue in every request of this (XRC) connection. */
    Connection xrcSrq(int srq) {
        xrcSrq = srq;
        return this;
    }

    int psn() {
        return psn;
    }

    // ---- requests -------------------------------------------------------------------------------------------

    private void request(int op, int payload) {
        p.clearTransport();
        p.src = requester;
        p.cnTagFlowId = cnTagFlowId;
        p.dst = responder;
        p.ecn = nextEcn;
        p.opcode = transport | op;
        p.destQp = responderQp;
        p.psn = psn;
        p.payloadLength = payload;
        p.xrcSrq = xrcSrq;
        psn = psn + 1 & PSN_MASK;
    }

    private void emitRequest(boolean lost) throws IOException {
        if (!lost) {
            out.roce(p, requesterQp);
        }
    }

    /** What the last packet of a SEND carries besides the payload. */
    enum SendVariant { PLAIN, IMMEDIATE, INVALIDATE }

    /** A SEND message, segmented into First/Middle/Last packets when longer than the PMTU. */
    void send(int length, SendVariant variant) throws IOException {
        if (length <= PMTU) {
            int op = switch (variant) {
                case IMMEDIATE -> Opcodes.SEND_ONLY_IMM;
                case INVALIDATE -> Opcodes.SEND_ONLY_INV;
                case PLAIN -> Opcodes.SEND_ONLY;
            };
            sendPacket(op, length, variant);
            return;
        }
        sendPacket(Opcodes.SEND_FIRST, PMTU, variant);
        int left = length - PMTU;
        while (left > PMTU) {
            sendPacket(Opcodes.SEND_MIDDLE, PMTU, variant);
            left -= PMTU;
        }
        int last = switch (variant) {
            case IMMEDIATE -> Opcodes.SEND_LAST_IMM;
            case INVALIDATE -> Opcodes.SEND_LAST_INV;
            case PLAIN -> Opcodes.SEND_LAST;
        };
        sendPacket(last, left, variant);
    }

    private void sendPacket(int op, int payload, SendVariant variant) throws IOException {
        request(op, payload);
        boolean lastOfMessage = op != Opcodes.SEND_FIRST && op != Opcodes.SEND_MIDDLE;
        p.solicited = lastOfMessage && variant == SendVariant.IMMEDIATE;
        p.immediate = 0x1000 + psn;
        p.invalidateRkey = 0x2000 + requesterQp;
        p.ackRequest = lastOfMessage && transport == Opcodes.RC;
        emitRequest(false);
    }

    /** A UD SEND Only (with immediate data when {@code immediate}); DETH names the sending QP. */
    void datagram(int length, boolean immediate) throws IOException {
        request(immediate ? Opcodes.SEND_ONLY_IMM : Opcodes.SEND_ONLY, length);
        p.qkey = 0x11111111;
        p.srcQp = requesterQp;
        p.immediate = 0x7000 + psn;
        emitRequest(false);
    }

    /** An RDMA WRITE message, with immediate data on its last packet when {@code immediate}. */
    void write(int length, boolean immediate) throws IOException {
        if (length <= PMTU) {
            writePacket(immediate ? Opcodes.WRITE_ONLY_IMM : Opcodes.WRITE_ONLY, length, length, false, false);
            return;
        }
        writePacket(Opcodes.WRITE_FIRST, PMTU, length, false, false);
        int left = length - PMTU;
        while (left > PMTU) {
            writePacket(Opcodes.WRITE_MIDDLE, PMTU, length, false, false);
            left -= PMTU;
        }
        writePacket(immediate ? Opcodes.WRITE_LAST_IMM : Opcodes.WRITE_LAST, left, length, false, false);
    }

    /** One RDMA WRITE Only packet; {@code lost} ones never reach the capture, {@code badIcrc} ones arrive damaged. */
    void writeOnly(int length, boolean lost, boolean badIcrc) throws IOException {
        writePacket(Opcodes.WRITE_ONLY, length, length, lost, badIcrc);
    }

    /** The First, Middle or Last packet of a WRITE, for callers that interleave the packets of many QPs. */
    void writePacket(int op, int payload, int messageLength, boolean lost, boolean badIcrc) throws IOException {
        request(op, payload);
        if (op == Opcodes.WRITE_FIRST || op == Opcodes.WRITE_ONLY || op == Opcodes.WRITE_ONLY_IMM) {
            p.virtualAddress = address;
            p.rkey = 0x4000 + responderQp;
            p.dmaLength = messageLength;
            address += messageLength;
        }
        p.immediate = 0x3000 + psn;
        p.ackRequest = op != Opcodes.WRITE_FIRST && op != Opcodes.WRITE_MIDDLE && transport == Opcodes.RC;
        p.badIcrc = badIcrc;
        emitRequest(lost);
    }

    /** An RDMA READ: the request, then the responses on the reverse flow with the request's PSNs. */
    void read(int length, long responseDelayNanos) throws IOException {
        int first = psn;
        request(Opcodes.READ_REQUEST, 0);
        p.virtualAddress = address;
        p.rkey = 0x5000 + responderQp;
        p.dmaLength = length;
        p.ackRequest = true;
        address += length;
        int packets = Math.max(1, (length + PMTU - 1) / PMTU);
        psn = first + packets & PSN_MASK;
        emitRequest(false);
        out.idle(responseDelayNanos);
        msn = msn + 1 & PSN_MASK;
        for (int i = 0; i < packets; i++) {
            int op;
            if (packets == 1) {
                op = Opcodes.READ_RESPONSE_ONLY;
            } else if (i == 0) {
                op = Opcodes.READ_RESPONSE_FIRST;
            } else if (i == packets - 1) {
                op = Opcodes.READ_RESPONSE_LAST;
            } else {
                op = Opcodes.READ_RESPONSE_MIDDLE;
            }
            response(op, first + i);
            p.syndrome = SYNDROME_ACK;
            p.payloadLength = i == packets - 1 ? length - i * PMTU : PMTU;
            out.roce(p, responderQp);
        }
    }

    /** A CmpSwap or FetchAdd request and its ATOMIC Acknowledge. */
    void atomic(int op, long responseDelayNanos) throws IOException {
        int requestPsn = psn;
        request(op, 0);
        p.virtualAddress = address;
        p.rkey = 0x6000 + responderQp;
        p.swapAdd = op == Opcodes.FETCH_ADD ? 1 : 0x1234_5678_9abc_def0L;
        p.compare = op == Opcodes.CMP_SWAP ? 42 : 0;
        p.ackRequest = true;
        emitRequest(false);
        out.idle(responseDelayNanos);
        msn = msn + 1 & PSN_MASK;
        response(Opcodes.ATOMIC_ACK, requestPsn);
        p.syndrome = SYNDROME_ACK;
        p.originalData = 42;
        out.roce(p, responderQp);
    }

    /** An RDMA FLUSH of {@code length} bytes (IBA 1.5) and the READ Response Only of no data that answers it. */
    void flush(int length, long responseDelayNanos) throws IOException {
        int requestPsn = psn;
        request(Opcodes.FLUSH, 0);
        p.flushSelectivity = 0;            // the range the RETH names
        p.flushPlacement = 1;              // global visibility
        p.virtualAddress = address;
        p.rkey = 0x8000 + responderQp;
        p.dmaLength = length;
        p.ackRequest = true;
        emitRequest(false);
        out.idle(responseDelayNanos);
        msn = msn + 1 & PSN_MASK;
        response(Opcodes.READ_RESPONSE_ONLY, requestPsn);
        p.syndrome = SYNDROME_ACK;
        out.roce(p, responderQp);
    }

    /** An RDMA ATOMIC WRITE of 8 bytes (IBA 1.5) and the Acknowledge that answers it. */
    void atomicWrite(long responseDelayNanos) throws IOException {
        int requestPsn = psn;
        request(Opcodes.ATOMIC_WRITE, 8);
        p.virtualAddress = address;
        p.rkey = 0x9000 + responderQp;
        p.dmaLength = 8;
        p.ackRequest = true;
        address += 8;
        emitRequest(false);
        out.idle(responseDelayNanos);
        ack(requestPsn, 1);
    }

    // ---- responses --------------------------------------------------------------------------------------------

    private void response(int op, int responsePsn) {
        p.clearTransport();
        p.src = responder;
        p.cnTagFlowId = -1;
        p.dst = requester;
        p.ecn = p.roceV1 ? 0 : ECT0;
        p.opcode = transport | op;
        p.destQp = requesterQp;
        p.psn = responsePsn & PSN_MASK;
        p.msn = msn;
    }

    /** A (possibly coalesced) ACK of every request up to {@code ackedPsn}, completing {@code messages} messages. */
    void ack(int ackedPsn, int messages) throws IOException {
        msn = msn + messages & PSN_MASK;
        response(Opcodes.ACK, ackedPsn);
        p.syndrome = SYNDROME_ACK;
        out.roce(p, responderQp);
    }

    /** ACKs everything sent so far. */
    void ackAll(int messages) throws IOException {
        ack(psn - 1, messages);
    }

    /** A NAK; for a PSN sequence error it carries the PSN the responder expected. */
    void nak(int nakPsn, int syndrome) throws IOException {
        response(Opcodes.ACK, nakPsn);
        p.syndrome = syndrome;
        out.roce(p, responderQp);
    }

    /** Rewinds the send PSN for a go-back-N resend from {@code fromPsn}. */
    void goBackTo(int fromPsn) {
        psn = fromPsn & PSN_MASK;
    }

    /** A CNP from the responder's NIC telling the requester's QP to slow down (DSCP 48, BECN set). */
    void cnp() throws IOException {
        p.clearTransport();
        int savedDscp = p.dscp;
        int savedPcp = p.vlanPcp;
        p.src = responder;
        p.cnTagFlowId = -1;
        p.dst = requester;
        p.dscp = CNP_DSCP;
        p.ecn = 1;
        if (savedPcp >= 0) {
            p.vlanPcp = CNP_DSCP >> 3;
        }
        p.opcode = Opcodes.CNP;
        p.destQp = requesterQp;
        p.becn = true;
        p.psn = 0;
        out.roce(p, responderQp);
        p.dscp = savedDscp;
        p.vlanPcp = savedPcp;
    }
}
