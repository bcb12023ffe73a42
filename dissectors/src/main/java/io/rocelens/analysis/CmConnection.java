package io.rocelens.analysis;

import io.rocelens.dissect.Addresses;

/**
 * A connection set up by an RDMA CM handshake in the capture: a ConnectRequest (REQ) from the active side and the
 * ConnectReply (REP) that answers it (IBTA vol. 1 §12.6.5, §12.6.8). Each message names its sender's QP and a
 * Starting PSN; the packets sent to a message's QP start at its Starting PSN (as Linux's CM sets the QPs up, and as
 * the real rdma_cm captures show).
 *
 * @param serviceId  the REQ's Service ID (for rdma_cm, 0x0000000001 + port space + port)
 * @param sourcePort rdma_cm's source port from the REQ's private data, or -1 when the service is not RDMA IP CM
 */
public record CmConnection(long requestFrame, long replyFrame, long serviceId, int sourcePort,
                           long activeHi, long activeLo, int activeQp, int activeStartPsn,
                           long passiveHi, long passiveLo, int passiveQp, int passiveStartPsn) {

    /** The same handshake (sent again): the same service, QPs and Starting PSNs. */
    boolean sameAs(CmConnection other) {
        return serviceId == other.serviceId && activeQp == other.activeQp && passiveQp == other.passiveQp
                && activeStartPsn == other.activeStartPsn && passiveStartPsn == other.passiveStartPsn
                && activeLo == other.activeLo && activeHi == other.activeHi && passiveLo == other.passiveLo
                && passiveHi == other.passiveHi;
    }

    /** rdma_cm's Service IDs (RDMA IP CM Service, IBTA Annex A11): prefix 0x0000000001, port space, port. */
    public boolean isRdmaCm() {
        return serviceId >>> 24 == 1;
    }

    /** The destination (listening) port of an rdma_cm Service ID, or -1 for another service. */
    public int port() {
        return isRdmaCm() ? (int) (serviceId & 0xFFFF) : -1;
    }

    public String activeAddress() {
        return Addresses.ip(activeHi, activeLo);
    }

    public String passiveAddress() {
        return Addresses.ip(passiveHi, passiveLo);
    }
}
