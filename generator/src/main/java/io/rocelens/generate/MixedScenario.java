package io.rocelens.generate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * A scripted tour of everything the analyzer must recognise, then background RDMA WRITE traffic up to the
 * requested packet count. The script is the same for every seed; the seed only moves the idle gaps and the
 * background message sizes.
 */
final class MixedScenario {

    private static final long US = 1_000;

    private MixedScenario() {
    }

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        Host a = Host.of(0x020000000001L, "10.0.0.1");
        Host b = Host.of(0x020000000002L, "10.0.0.2");
        Host c = Host.of(0x020000000003L, "10.0.0.3");
        Host d = Host.of(0x020000000004L, "10.0.0.4");
        Host a6 = Host.of(0x020000000001L, "fd00::1");
        Host b6 = Host.of(0x020000000002L, "fd00::2");
        long rtt = 2 * US;

        out.arpRequest(a, b);
        out.idle(random.nextLong(1, 5 * US));

        // Every RC request opcode but READ, each answered by an ACK (ATOMIC ACK for atomics), DSCP 26 = priority 3.
        Connection rc = new Connection(out, Opcodes.RC, a, 0x000011, b, 0x000022, 26, 0x000100);
        rc.send(256, Connection.SendVariant.PLAIN);
        respond(out, random, rc, 1);
        rc.send(64, Connection.SendVariant.IMMEDIATE);
        respond(out, random, rc, 1);
        rc.send(3000, Connection.SendVariant.PLAIN);
        respond(out, random, rc, 1);
        rc.send(2500, Connection.SendVariant.IMMEDIATE);
        respond(out, random, rc, 1);
        rc.send(100, Connection.SendVariant.INVALIDATE);
        respond(out, random, rc, 1);
        rc.send(2100, Connection.SendVariant.INVALIDATE);
        respond(out, random, rc, 1);
        rc.write(512, false);
        rc.write(128, true);
        respond(out, random, rc, 2);            // one coalesced ACK for two messages
        rc.write(4096, false);
        rc.write(2200, true);
        respond(out, random, rc, 2);
        rc.atomic(Opcodes.CMP_SWAP, rtt);
        rc.atomic(Opcodes.FETCH_ADD, rtt);

        // READs on their own QP so the READ responses' PSNs are contiguous. DSCP 10 = priority 1.
        Connection reads = new Connection(out, Opcodes.RC, a, 0x000012, c, 0x000033, 10, 0x000200);
        reads.read(4096, rtt);
        reads.read(512, rtt);
        reads.read(1024, rtt);
        reads.read(8192, rtt);
        out.idle(random.nextLong(1, 5 * US));

        // A loss before the capture point: the gap, the NAK (PSN sequence error) and the go-back-N resend.
        Connection lossy = new Connection(out, Opcodes.RC, c, 0x000044, d, 0x000055, 26, 0x001000);
        for (int i = 0; i < 4; i++) {
            lossy.writeOnly(1024, false, false);
        }
        respond(out, random, lossy, 4);
        int lostPsn = lossy.psn() + 2;
        for (int i = 0; i < 6; i++) {
            lossy.writeOnly(1024, i == 2, false);
        }
        out.idle(rtt);
        lossy.nak(lostPsn, Connection.SYNDROME_NAK_PSN_SEQUENCE);
        out.idle(rtt);
        lossy.goBackTo(lostPsn);
        for (int i = 2; i < 6; i++) {
            lossy.writeOnly(1024, false, false);
        }
        respond(out, random, lossy, 6);

        // Receiver not ready: RNR NAK (timer 14 = 1.28 ms), then the retry succeeds. DSCP 34 = priority 4.
        Connection rnr = new Connection(out, Opcodes.RC, d, 0x000066, a, 0x000077, 34, 0x000010);
        int rnrPsn = rnr.psn();
        rnr.send(200, Connection.SendVariant.PLAIN);
        out.idle(rtt);
        rnr.nak(rnrPsn, Connection.SYNDROME_RNR_NAK_TIMER_14);
        out.idle(1_280 * US);
        rnr.goBackTo(rnrPsn);
        rnr.send(200, Connection.SendVariant.PLAIN);
        respond(out, random, rnr, 1);

        // PSN wrap past 0xFFFFFF with coalesced ACKs every four packets.
        Connection wrap = new Connection(out, Opcodes.RC, b, 0x000088, c, 0x000099, 26, 0xFFFFFC);
        for (int burst = 0; burst < 3; burst++) {
            for (int i = 0; i < 4; i++) {
                wrap.writeOnly(512, false, false);
            }
            respond(out, random, wrap, 4);
        }

        // Congestion: a switch marks CE; the receiver's NIC answers with CNPs (at most one per 50 us per QP).
        Connection congested = new Connection(out, Opcodes.RC, c, 0x0000a1, b, 0x0000b2, 26, 0x002000);
        for (int i = 0; i < 12; i++) {
            boolean marked = i == 3 || i == 4 || i == 9;
            congested.nextEcn = marked ? Connection.CE : Connection.ECT0;
            congested.writeOnly(1024, false, false);
            if (i == 3 || i == 9) {
                congested.cnp();
            }
            if (i % 4 == 3) {
                respond(out, random, congested, 4);
            }
            out.idle(i == 4 ? 60 * US : random.nextLong(100, 1000));
        }
        congested.nextEcn = Connection.ECT0;

        // PFC on priorities 3 and 5 from two senders, then a whole-link 802.3x PAUSE.
        out.pfc(b.mac(), 1 << 3, Emitter.quanta(3, 0xFFFF));
        out.idle(100 * US);
        out.pfc(b.mac(), 1 << 3 | 1 << 5, Emitter.quanta(3, 0xFFFF, 5, 0x0200));
        out.idle(50 * US);
        out.pfc(b.mac(), 1 << 3, Emitter.quanta(3, 0));
        out.idle(10 * US);
        out.pfc(c.mac(), 1 << 5, Emitter.quanta(5, 0x1000));
        out.idle(5 * US);
        out.pfc(c.mac(), 1 << 5, Emitter.quanta(5, 0));
        out.idle(10 * US);
        out.pause(d.mac(), 0xFFFF);
        out.idle(20 * US);
        out.pause(d.mac(), 0);
        out.idle(5 * US);

        // RoCEv2 over IPv6, DSCP 46 = priority 5.
        Connection v6 = new Connection(out, Opcodes.RC, a6, 0x0000c1, b6, 0x0000d2, 46, 0x000300);
        v6.send(300, Connection.SendVariant.PLAIN);
        respond(out, random, v6, 1);
        v6.write(2048, false);
        respond(out, random, v6, 1);

        // RoCEv1: GRH with link-local GIDs instead of IP + UDP, VLAN 100 PCP 3. Traffic class 0, so its DSCP
        // reads 0 whether an analyzer takes it from the GRH or reports none.
        Host a1 = Host.of(0x020000000001L, "fe80::ff:fe00:1");
        Host c1 = Host.of(0x020000000003L, "fe80::ff:fe00:3");
        Connection v1 = new Connection(out, Opcodes.RC, a1, 0x000301, c1, 0x000302, 0, 0x000700).roceV1().vlan(3, 100);
        v1.nextEcn = 0;
        v1.send(400, Connection.SendVariant.PLAIN);
        v1.send(1500, Connection.SendVariant.IMMEDIATE);
        respond(out, random, v1, 2);

        // VLAN 100 with PCP 2: the PCP, not DSCP 26, sets the priority.
        Connection tagged = new Connection(out, Opcodes.RC, a, 0x0000e1, d, 0x0000f2, 26, 0x000400).vlan(2, 100);
        for (int i = 0; i < 3; i++) {
            tagged.writeOnly(700, false, false);
        }
        respond(out, random, tagged, 3);

        // Unreliable connected: the SEND and WRITE opcodes of UC, no responses. DSCP 0 = priority 0.
        Connection uc = new Connection(out, Opcodes.UC, b, 0x000101, d, 0x000102, 0, 0x000500);
        uc.send(256, Connection.SendVariant.PLAIN);
        uc.send(2500, Connection.SendVariant.PLAIN);
        uc.send(64, Connection.SendVariant.IMMEDIATE);
        uc.send(1500, Connection.SendVariant.IMMEDIATE);
        uc.write(800, false);
        uc.write(100, true);
        uc.write(3000, false);
        uc.write(1500, true);

        // Unreliable datagram with DETH, DSCP 18 = priority 2.
        Connection ud = new Connection(out, Opcodes.UD, a, 0x000201, c, 0x000202, 18, 0x000600);
        ud.datagram(256, false);
        ud.datagram(128, true);
        ud.datagram(1024, false);
        ud.datagram(32, true);

        out.tcpSyn(a, b, 40_000, 22, 0x1000_0000);
        out.udp(c, d, 53_000, 7, 40);      // UDP echo: any payload is valid

        // One packet damaged on the wire: the responder drops it silently, the requester times out and resends.
        int damagedPsn = rc.psn();
        rc.writeOnly(1024, false, true);
        out.idle(100 * US);
        rc.goBackTo(damagedPsn);
        rc.writeOnly(1024, false, false);
        respond(out, random, rc, 1);

        // A UDP datagram to port 4791 too short for a BTH.
        out.truncatedRoce(d, b, 0xC123);

        background(out, packets, random, rc, lossy, wrap, congested, v6, tagged);
    }

    /** RDMA WRITEs of random sizes on the reliable QPs until the file holds {@code packets} frames. */
    private static void background(Emitter out, int packets, SplittableRandom random, Connection... connections)
            throws IOException {
        while (out.frames() < packets) {
            Connection connection = connections[random.nextInt(connections.length)];
            connection.write(64 + random.nextInt(3000), random.nextInt(4) == 0);
            respond(out, random, connection, 1);
        }
    }

    /** A pause, an ACK of everything the connection sent (completing {@code messages}), another pause. */
    static void respond(Emitter out, SplittableRandom random, Connection connection, int messages)
            throws IOException {
        out.idle(random.nextLong(500, 3 * US));
        connection.ackAll(messages);
        out.idle(random.nextLong(100, 2 * US));
    }

}
