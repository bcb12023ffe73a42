package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Invariants that hold for any frame stream, checked on random ones (opcodes, PSNs, AETH, ECN, PFC, PAUSE). */
class RoceAnalyzerPropertiesTest {

    private static final String[] HOSTS = {"10.0.0.1", "10.0.0.2", "fd00::1", "fd00::2"};
    private static final int[] OPCODES = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C,
            0x0D, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x24, 0x2A, 0x64, 0x65, 0x81, 0xC0};

    private static AnalysisResult randomCapture(long seed, int frames, AnalysisOptions options) {
        Random random = new Random(seed);
        Frames f = new Frames(options);
        long ts = 0;
        for (int i = 0; i < frames; i++) {
            ts += random.nextInt(2_000);
            int kind = random.nextInt(20);
            if (kind == 0) {
                int[] times = new int[8];
                for (int p = 0; p < 8; p++) {
                    times[p] = random.nextBoolean() ? -1 : random.nextBoolean() ? 0 : random.nextInt(0x10000);
                }
                f.pfc(ts, 1 + random.nextInt(3), times);
            } else if (kind == 1) {
                f.pause(ts, 7, random.nextBoolean() ? 0 : random.nextInt(0x10000));
            } else if (kind == 2) {
                f.noise(ts);
            } else if (kind == 3) {
                f.other(ts).malformed("random").send();
            } else {
                int src = random.nextInt(HOSTS.length);
                int dst = random.nextInt(HOSTS.length);
                Frames.Builder b = f.roce(ts, HOSTS[src], HOSTS[dst], random.nextInt(4), OPCODES[random.nextInt(OPCODES.length)],
                        random.nextInt(4) == 0 ? random.nextInt(1 << 24) : (i / 3) & 0xFFFFFF);
                if (random.nextInt(3) == 0) {
                    b.aeth(random.nextInt(0x80));
                }
                if (random.nextInt(5) == 0) {
                    b.ecn(3);
                }
                if (random.nextInt(4) == 0) {
                    b.vlan(random.nextInt(8));
                }
                if (random.nextInt(6) == 0) {
                    b.readLength(random.nextInt(1 << 20));
                }
                if (random.nextInt(30) == 0) {
                    b.icrcBad();
                }
                b.dscp(random.nextInt(64)).send();
            }
        }
        return f.result();
    }

    @Property(tries = 200)
    void countersAgree(@ForAll long seed, @ForAll @IntRange(min = 0, max = 400) int frames) {
        AnalysisResult r = randomCapture(seed, frames, AnalysisOptions.defaults().withMaxStored(50));
        assertEquals(frames, r.packets());
        assertEquals(r.rocePackets(), r.flows().stream().mapToLong(FlowStats::packets).sum());
        long priorityPackets = 0;
        long priorityBytes = 0;
        for (int p = 0; p < 8; p++) {
            priorityPackets += r.priorityPackets()[p];
            priorityBytes += r.priorityBytes()[p];
        }
        assertEquals(r.rocePackets(), priorityPackets);
        assertEquals(r.flows().stream().mapToLong(FlowStats::bytes).sum(), priorityBytes);
        assertEquals(r.retransmitted(), r.duplicates() + r.outOfOrder());
        assertEquals(r.ecnCe(), r.eventCount(EventKind.ECN_CE));
        assertEquals(r.naks(), r.eventCount(EventKind.NAK));
        assertEquals(r.psnGaps(), r.eventCount(EventKind.PSN_GAP));
        assertEquals(r.retransmitted(), r.eventCount(EventKind.RETRANSMISSION));
        assertEquals(r.malformed(), r.eventCount(EventKind.MALFORMED));
        assertEquals(r.cnps(), r.cnpLinks().size() + r.cnpLinksDropped());
        assertEquals(r.naks() + r.rnrNaks(), r.nakLinks().size() + r.nakLinksDropped());
        long eventsTotal = 0;
        for (EventKind kind : EventKind.values()) {
            eventsTotal += r.eventCount(kind);
        }
        assertEquals(eventsTotal, r.events().size() + r.eventsDropped());
        assertTrue(r.events().size() <= 50);
        for (PfcPriorityStats p : r.pfc()) {
            assertEquals(p.frames(), p.xoff() + p.xon());
            assertTrue(p.pausedNanos() >= 0);
        }
        long binned = 0;
        BandwidthBins bins = r.shownBins();
        for (int bin = 0; bin < bins.size(); bin++) {
            for (int p = 0; p < 8; p++) {
                binned += bins.packets(bin, p);
            }
        }
        assertEquals(r.rocePackets(), binned);
        for (FlowStats flow : r.flows()) {
            assertTrue(flow.messages() <= flow.packets());
            assertTrue(flow.lastTs() >= flow.firstTs());
        }
    }

    @Property(tries = 100)
    void mergingTwoHalvesKeepsTheTotals(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int frames) {
        AnalysisResult a = randomCapture(seed, frames, AnalysisOptions.defaults());
        AnalysisResult b = randomCapture(seed + 1, frames, AnalysisOptions.defaults());
        AnalysisResult merged = a.merge(b);
        assertEquals(a.packets() + b.packets(), merged.packets());
        assertEquals(a.rocePackets() + b.rocePackets(), merged.rocePackets());
        assertEquals(a.psnGaps() + b.psnGaps(), merged.psnGaps());
        assertEquals(merged.rocePackets(), merged.flows().stream().mapToLong(FlowStats::packets).sum());
        for (int p = 0; p < 8; p++) {
            assertEquals(a.pfc().get(p).pausedNanos() + b.pfc().get(p).pausedNanos(), merged.pfc().get(p).pausedNanos(), 1e-6);
            assertEquals(a.priorityBytes()[p] + b.priorityBytes()[p], merged.priorityBytes()[p]);
        }
    }

    @Test
    void roceV1FlowsAreKeyedByGids() {
        Frames f = new Frames();
        f.roce(1, "fe80::1", "fe80::2", 0x30, 0x04, 1).roceV1().send();
        f.roce(2, "fe80::1", "fe80::2", 0x30, 0x04, 2).roceV1().send();
        AnalysisResult r = f.result();
        assertEquals(2, r.rocePackets());
        assertEquals(1, r.flows().size());
        assertEquals("fe80::1", r.flows().get(0).srcIp());
        assertEquals(0, r.psnGaps());
    }
}
