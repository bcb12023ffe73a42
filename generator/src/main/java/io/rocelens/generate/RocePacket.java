package io.rocelens.generate;

/**
 * The fields of one RoCEv2 packet to build. Scenarios fill one instance and reuse it, so building a frame
 * allocates nothing. Fields not used by the opcode's headers are ignored.
 */
final class RocePacket {
    /** RoCEv1: GRH instead of IP + UDP; the hosts' IPv6 addresses serve as GIDs. */
    boolean roceV1;
    Host src;
    Host dst;
    /** PCP of an 802.1Q tag, or -1 for an untagged frame. */
    int vlanPcp = -1;
    int vlanId;
    /** The flow ID of an IEEE 802.1Q CN-TAG after the VLAN tag (a congestion-controlled flow's), or -1 for none. */
    int cnTagFlowId = -1;
    int dscp;
    int ecn;
    int flowLabel;
    int udpSrcPort;

    int opcode;
    boolean solicited;
    int pkey = 0xFFFF;
    boolean becn;
    int destQp;
    boolean ackRequest;
    int psn;

    long virtualAddress;
    int rkey;
    int dmaLength;
    int syndrome;
    int msn;
    int immediate;
    int invalidateRkey;
    int qkey;
    int srcQp;
    long swapAdd;
    long compare;
    long originalData;
    /** XRCETH: the XRC shared receive queue at the responder. */
    int xrcSrq;
    /** FETH: selectivity level (2 bits) and placement type (4 bits). */
    int flushSelectivity;
    int flushPlacement;

    int payloadLength;
    boolean badIcrc;

    /** Resets the per-packet fields to their defaults; the addressing (hosts, VLAN, DSCP, ECN) is kept. */
    RocePacket clearTransport() {
        solicited = false;
        pkey = 0xFFFF;
        becn = false;
        ackRequest = false;
        virtualAddress = 0;
        rkey = 0;
        dmaLength = 0;
        syndrome = 0;
        msn = 0;
        immediate = 0;
        invalidateRkey = 0;
        qkey = 0;
        srcQp = 0;
        swapAdd = 0;
        compare = 0;
        originalData = 0;
        xrcSrq = 0;
        flushSelectivity = 0;
        flushPlacement = 0;
        payloadLength = 0;
        badIcrc = false;
        return this;
    }
}
