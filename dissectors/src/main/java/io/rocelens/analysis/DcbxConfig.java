package io.rocelens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * What one sender last advertised in the capture with DCBX (IEEE 802.1Qaz, in LLDP): its ETS Configuration TLV (the
 * traffic class of each priority, each class's bandwidth share and transmission selection algorithm) and its PFC
 * Configuration TLV (the priorities PFC is enabled on). A part the sender never advertised has frame -1.
 *
 * @param senderMac    the LLDP frame's source MAC address, in the low 48 bits
 * @param etsFrame     the frame of the last ETS Configuration TLV, or -1
 * @param tcOfPriority the traffic class of priorities 0..7 (empty without ETS)
 * @param tcBandwidth  the bandwidth share in percent of traffic classes 0..7 (empty without ETS)
 * @param tsa          the transmission selection algorithm of traffic classes 0..7: 0 strict priority, 1
 *                     credit-based shaper, 2 ETS, 255 vendor specific (empty without ETS)
 * @param pfcFrame     the frame of the last PFC Configuration TLV, or -1
 * @param pfcEnable    bit n set when PFC is enabled on priority n; -1 without PFC Configuration
 */
public record DcbxConfig(long senderMac, long etsFrame, int[] tcOfPriority, int[] tcBandwidth, int[] tsa,
                         long pfcFrame, int pfcEnable) {

    /** IEEE 802.1Qaz Table 37-5: the ETS algorithm. */
    public static final int TSA_ETS = 2;

    public DcbxConfig {
        tcOfPriority = tcOfPriority.clone();
        tcBandwidth = tcBandwidth.clone();
        tsa = tsa.clone();
    }

    public boolean hasEts() {
        return etsFrame >= 0;
    }

    public boolean hasPfc() {
        return pfcFrame >= 0;
    }

    @Override
    public int[] tcOfPriority() {
        return tcOfPriority.clone();
    }

    @Override
    public int[] tcBandwidth() {
        return tcBandwidth.clone();
    }

    @Override
    public int[] tsa() {
        return tsa.clone();
    }

    /**
     * The ETS share in percent of a priority's traffic class when that class is scheduled by ETS (the priorities of
     * one class share it), else NaN (no ETS Configuration, or a strict-priority class).
     */
    public double share(int priority) {
        if (!hasEts()) {
            return Double.NaN;
        }
        int tc = tcOfPriority[priority];
        return tc < 8 && tsa[tc] == TSA_ETS ? tcBandwidth[tc] : Double.NaN;
    }

    /** The traffic class of a priority, or -1 without ETS. */
    public int trafficClass(int priority) {
        return hasEts() ? tcOfPriority[priority] : -1;
    }

    /** The priorities PFC is enabled on, in order (empty without PFC Configuration). */
    public List<Integer> pfcPriorities() {
        List<Integer> priorities = new ArrayList<>();
        for (int p = 0; p < 8 && pfcEnable >= 0; p++) {
            if ((pfcEnable & 1 << p) != 0) {
                priorities.add(p);
            }
        }
        return priorities;
    }

    /**
     * This sender's advertisements together: of each part (ETS, PFC) the one of the later frame, so the order in
     * which partial results are merged does not matter (within one capture; across files frame numbers restart).
     */
    DcbxConfig updatedBy(DcbxConfig other) {
        boolean ets = other.etsFrame > etsFrame;
        boolean pfc = other.pfcFrame > pfcFrame;
        return new DcbxConfig(senderMac,
                ets ? other.etsFrame : etsFrame,
                ets ? other.tcOfPriority : tcOfPriority,
                ets ? other.tcBandwidth : tcBandwidth,
                ets ? other.tsa : tsa,
                pfc ? other.pfcFrame : pfcFrame,
                pfc ? other.pfcEnable : pfcEnable);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DcbxConfig o && senderMac == o.senderMac && etsFrame == o.etsFrame
                && java.util.Arrays.equals(tcOfPriority, o.tcOfPriority)
                && java.util.Arrays.equals(tcBandwidth, o.tcBandwidth) && java.util.Arrays.equals(tsa, o.tsa)
                && pfcFrame == o.pfcFrame && pfcEnable == o.pfcEnable;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(senderMac, etsFrame, java.util.Arrays.hashCode(tcOfPriority),
                java.util.Arrays.hashCode(tcBandwidth), java.util.Arrays.hashCode(tsa), pfcFrame, pfcEnable);
    }

    @Override
    public String toString() {
        return "DcbxConfig[" + io.rocelens.dissect.Addresses.mac(senderMac) + ", ets frame " + etsFrame + " tc "
                + java.util.Arrays.toString(tcOfPriority) + " bw " + java.util.Arrays.toString(tcBandwidth) + " tsa "
                + java.util.Arrays.toString(tsa) + ", pfc frame " + pfcFrame + " enable " + pfcEnable + "]";
    }
}
