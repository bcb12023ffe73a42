package io.rocelens.generate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * A DCQCN reaction with a known answer. Time is cut into bins of 10 µs (aligned to the epoch, as the analysis's
 * bins are). Sender A (10.0.0.1, QP 0x000a01) writes 1024-byte RDMA WRITE Only packets to B (10.0.0.2): 40 per bin;
 * its last packet of bin 9 is CE-marked and B answers with a CNP 4.5 µs into bin 10; A then sends 20 per bin for five
 * bins, 30 for two, 37 (above 90 % of 40) in bin 18 and 40 again from bin 19. A second CE mark and CNP in bin 25 drop
 * it to 10 per bin, then 20, until the capture ends after bin 31: not recovered. Sender C (10.0.0.3) writes 10 per
 * bin to B all along and is never throttled. B acknowledges each sender once per bin.
 *
 * <p>The truth's {@code dcqcn} is computed here from the bytes this schedule put in each bin (the frames' own
 * lengths) by the definitions of the analysis's DCQCN reaction (rate over the 3 bins before the CNP's bin, lowest
 * bin rate after it until back at 90 %, time from the CNP to the start of that bin), for {@code --bin-width 10us}.
 */
final class DcqcnScenario {

    static final long BIN_NANOS = 10_000;
    private static final int BINS = 32;
    private static final int BEFORE_BINS = 3;
    private static final long CNP_OFFSET_NANOS = 4_500;
    private static final int DSCP = 26;

    private DcqcnScenario() {
    }

    /** Packets sender A writes in each bin. */
    static int packetsOfA(int bin) {
        if (bin <= 10) {
            return 40;
        } else if (bin <= 15) {
            return 20;
        } else if (bin <= 17) {
            return 30;
        } else if (bin == 18) {
            return 37;
        } else if (bin <= 25) {
            return 40;
        } else if (bin <= 28) {
            return 10;
        }
        return 20;
    }

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        Host a = Host.of(0x020000000a01L, "10.0.0.1");
        Host b = Host.of(0x020000000a02L, "10.0.0.2");
        Host c = Host.of(0x020000000a03L, "10.0.0.3");
        Connection ab = new Connection(out, Opcodes.RC, a, 0x000a01, b, 0x000b01, DSCP, 0x100);
        Connection cb = new Connection(out, Opcodes.RC, c, 0x000c01, b, 0x000b02, DSCP, 0x200);
        long[] bytesOfA = new long[BINS];
        int[] cnpBins = {10, 25};
        long[] cnpTimes = new long[cnpBins.length];
        long[] cnpFrames = new long[cnpBins.length];
        // the capture starts at a multiple of the bin width: bin i of the schedule is bin i of the analysis
        long firstBin = Emitter.EPOCH_NANOS / BIN_NANOS;
        for (int bin = 0; bin < BINS; bin++) {
            long start = bin * BIN_NANOS;
            int n = packetsOfA(bin);
            for (int i = 0; i < n; i++) {
                out.idleUntil(start + i * 100L);
                boolean marked = i == n - 1 && (bin + 1 == cnpBins[0] || bin + 1 == cnpBins[1]);
                ab.nextEcn = marked ? Connection.CE : Connection.ECT0;
                ab.writeOnly(1024, false, false);
                bytesOfA[bin] += out.lastLength();
            }
            ab.nextEcn = Connection.ECT0;
            for (int k = 0; k < cnpBins.length; k++) {
                if (cnpBins[k] == bin) {
                    out.idleUntil(start + CNP_OFFSET_NANOS);
                    cnpTimes[k] = Emitter.EPOCH_NANOS + out.now();
                    ab.cnp();
                    cnpFrames[k] = out.frames();
                }
            }
            for (int i = 0; i < 10; i++) {
                out.idleUntil(start + 5_000 + i * 100L);
                cb.writeOnly(1024, false, false);
            }
            out.idleUntil(start + 9_000);
            ab.ackAll(n);
            cb.ackAll(10);
        }

        ObjectNode truth = out.scenarioTruth.putObject("dcqcn");
        truth.put("bin_width_ns", BIN_NANOS);
        truth.put("before_bins", BEFORE_BINS);
        truth.put("flow", "10.0.0.1 > 10.0.0.2 QP 0x000b01");
        truth.put("untouched_flow", "10.0.0.3 > 10.0.0.2 QP 0x000b02");
        ArrayNode reactions = truth.putArray("reactions");
        for (int k = 0; k < cnpBins.length; k++) {
            int cnpBin = cnpBins[k];
            long before = 0;
            for (int bin = cnpBin - BEFORE_BINS; bin < cnpBin; bin++) {
                before += bytesOfA[bin];
            }
            double beforeBps = before * 8e9 / (BEFORE_BINS * BIN_NANOS);
            int end = k + 1 < cnpBins.length ? cnpBins[k + 1] - 1 : BINS - 1;
            double min = Double.MAX_VALUE;
            int recovered = -1;
            for (int bin = cnpBin + 1; bin <= end; bin++) {
                double bps = bytesOfA[bin] * 8e9 / BIN_NANOS;
                min = Math.min(min, bps);
                if (bps >= 0.9 * beforeBps) {
                    recovered = bin;
                    break;
                }
            }
            ObjectNode r = reactions.addObject();
            r.put("cnp_frame", cnpFrames[k]);
            r.put("cnp_ts_ns", cnpTimes[k]);
            r.put("before_bps", beforeBps);
            r.put("min_after_bps", min);
            if (recovered < 0) {
                r.putNull("recovery_us");
            } else {
                r.put("recovery_us", ((firstBin + recovered) * BIN_NANOS - cnpTimes[k]) / 1000.0);
            }
            r.put("until", k + 1 < cnpBins.length ? "next CNP" : "capture end");
        }
    }
}
