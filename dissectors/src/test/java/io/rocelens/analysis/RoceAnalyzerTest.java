package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Scenario fixtures from the "Done when" list. Every expected number is derived by hand from the analysis
 * contract's definitions; the comments show the derivation.
 */
class RoceAnalyzerTest {

    static final String A = "10.0.0.1";
    static final String B = "10.0.0.2";
    static final int QP_A = 0x11;
    static final int QP_B = 0x22;
    static final int WRITE_ONLY = 0x0A;
    static final int SEND_FIRST = 0x00;
    static final int SEND_MIDDLE = 0x01;
    static final int SEND_LAST = 0x02;
    static final int SEND_ONLY = 0x04;
    static final int READ_REQ = 0x0C;
    static final int READ_FIRST = 0x0D;
    static final int READ_LAST = 0x0F;
    static final int READ_ONLY = 0x10;
    static final int ACK = 0x11;
    static final int ATOMIC_ACK = 0x12;
    static final int CMP_SWAP = 0x13;
    static final int FETCH_ADD = 0x14;
    static final int UD_SEND_ONLY = 0x64;
    static final int CNP = 0x81;

    static FlowStats flow(AnalysisResult r, String src, String dst, int dstQp) {
        return r.flows().stream().filter(f -> f.srcIp().equals(src) && f.dstIp().equals(dst) && f.dstQp() == dstQp)
                .findFirst().orElseThrow(() -> new AssertionError("no flow " + src + " > " + dst + " " + dstQp));
    }

    @Test
    void udAndTheManagementQpsAreNeverJudgedForPsnOrder() {
        // IBTA vol. 1 §9.7.1: PSNs of UD, and of QP0 and QP1 (UD whatever the opcode), promise no sequence
        Frames f = new Frames();
        f.roce(1_000, A, B, 0x33, UD_SEND_ONLY, 500).deth(0x44).send();
        f.roce(2_000, A, B, 0x33, UD_SEND_ONLY, 500).deth(0x44).send();   // same PSN again: not a duplicate
        f.roce(3_000, A, B, 0x33, UD_SEND_ONLY, 900).deth(0x44).send();   // far ahead: not a gap
        f.roce(4_000, A, B, 0x01, SEND_ONLY, 7).send();                    // QP1 (CM) with an RC opcode
        f.roce(5_000, A, B, 0x01, SEND_ONLY, 7).send();
        f.roce(6_000, A, B, 0x00, UD_SEND_ONLY, 897).deth(0).send();       // QP0 (SMP)
        f.roce(7_000, A, B, 0x00, UD_SEND_ONLY, 897).deth(0).send();
        AnalysisResult r = f.result();

        assertEquals(0, r.psnGaps());
        assertEquals(0, r.retransmitted());
        assertEquals(0, r.duplicates());
        assertEquals(3, flow(r, A, B, 0x33).send());
        assertTrue(r.events().stream().noneMatch(event -> event.kind() == EventKind.RETRANSMISSION
                || event.kind() == EventKind.PSN_GAP), r.events().toString());
    }

    @Test
    void aPsnFarAwayAfterASilenceIsANewConnectionReusingTheQp() {
        Frames f = new Frames();
        for (int i = 0; i < 5; i++) {
            f.roce(1_000 + i * 1_000, A, B, QP_B, WRITE_ONLY, 100 + i).send();
        }
        // 5 ms later a second connection to the same QP starts at its own random PSN, 8.4M away (behind, modulo 2^24)
        long second = f.roce(5_005_000, A, B, QP_B, WRITE_ONLY, 100 + 8_400_000).send();
        f.roce(5_006_000, A, B, QP_B, WRITE_ONLY, 100 + 8_400_001).send();
        // and a third, 2M ahead of it, after 2 ms
        f.roce(7_006_000, A, B, QP_B, WRITE_ONLY, 100 + 10_400_001).send();
        AnalysisResult r = f.result();

        FlowStats flow = flow(r, A, B, QP_B);
        assertEquals(0, flow.retransmitted(), "not a retransmission");
        assertEquals(0, flow.psnGaps(), "not a gap");
        assertEquals(2, r.eventCount(EventKind.NEW_CONNECTION));
        ExpertEvent event = r.events().stream().filter(e -> e.kind() == EventKind.NEW_CONNECTION).findFirst()
                .orElseThrow();
        assertEquals(second, event.frame());
        assertEquals(2, f.marked(AnalysisMarks.NEW_CONNECTION).size());
        // expected next PSN 105; 8400100 - 105 = 8399995 is past half of 2^24, so behind by 2^24 - 8399995 = 8377221;
        // silence 5005000 - 5000 ns
        assertEquals("PSN 8400100 is 8377221 away from the sequence after 5.000 ms of silence: taken as a new"
                + " connection reusing the QP (inferred)", event.message());
    }

    @Test
    void aRequestOnAPsnReservedByAReadIsAViolationNotARetransmission() {
        // the real failure of issue 20: a READ of 3 packets at PSN 100 (path MTU 1024, from a SEND First of 1024
        // bytes) reserves PSNs 101 and 102 for its responses; a SEND at 102 breaks IBTA vol. 1 §9.7.4.1.3
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, SEND_FIRST, 98).send();
        f.roce(2_000, A, B, QP_B, SEND_LAST, 99).send();
        f.roce(3_000, A, B, QP_B, READ_REQ, 100).readLength(3 * 1024).send();
        long send = f.roce(4_000, A, B, QP_B, SEND_ONLY, 102).send();
        f.roce(5_000, A, B, QP_B, READ_REQ, 102).readLength(1024).send();   // the READ re-issued for its last third
        f.roce(6_000, A, B, QP_B, SEND_ONLY, 103).send();
        AnalysisResult r = f.result();

        assertEquals(1, r.eventCount(EventKind.PSN_IN_READ_RANGE));
        ExpertEvent event = r.events().stream().filter(e -> e.kind() == EventKind.PSN_IN_READ_RANGE).findFirst()
                .orElseThrow();
        assertEquals(send, event.frame());
        assertEquals("RC SEND Only on PSN 102, which the RDMA READ at PSN 100 reserved for its 3 responses",
                event.message());
        assertEquals(List.of(send), f.marked(AnalysisMarks.PSN_IN_READ_RANGE));
        FlowStats flow = flow(r, A, B, QP_B);
        // the SEND is no retransmission; the READ re-issued at 102 is one (PSN behind the expected 103)
        assertEquals(1, flow.retransmitted());
        assertEquals(0, flow.psnGaps());
    }

    @Test
    void aQpThatWaitsForItsAckOverAHundredMillisecondsHasStalled() {
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 10).ackRequest().send();
        f.roce(2_000, B, A, QP_A, ACK, 10).aeth(0x1F).send();                   // pairs the flows
        f.roce(3_000, A, B, QP_B, WRITE_ONLY, 11).send();                       // no AckReq: may wait for an ACK
        f.roce(50_003_000, A, B, QP_B, WRITE_ONLY, 12).ackRequest().send();     // progress after 50 ms: no stall
        long late = f.roce(200_003_000, B, A, QP_A, ACK, 12).aeth(0x1F).send(); // 150 ms later: a stall, ended
        f.roce(200_004_000, A, B, QP_B, WRITE_ONLY, 13).ackRequest().send();    // never acknowledged: stalled until
        f.roce(400_004_000, A, B, QP_B, WRITE_ONLY, 13).send();                 // the end, 200 ms on (a resend is
        AnalysisResult r = f.result();                                          // no progress)

        assertEquals(2, r.eventCount(EventKind.STALLED_QP));
        List<ExpertEvent> stalls = r.events().stream().filter(e -> e.kind() == EventKind.STALLED_QP).toList();
        assertEquals(late, stalls.get(0).frame());
        assertEquals("no progress for 150.000 ms: PSN 12 waits for its acknowledgement, first unacknowledged PSN 11",
                stalls.get(0).message());
        assertEquals("no progress for 200.000 ms, until the end of the capture: PSN 13 waits for its acknowledgement,"
                + " first unacknowledged PSN 13", stalls.get(1).message());
    }

    @Test
    void theSamePsnSentAgainAndAgainIsARetrySequence() {
        Frames f = new Frames();
        // RNR retries: the responder is not ready three times, the requester goes back to PSN 10 each time
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 10).ackRequest().send();
        for (int i = 1; i <= 3; i++) {
            f.roce(1_000 + i * 10_000, B, A, QP_A, ACK, 10).aeth(0x20 | 0x0E).send();   // RNR NAK
            f.roce(6_000 + i * 10_000, A, B, QP_B, WRITE_ONLY, 10).ackRequest().send();
        }
        f.roce(40_000, B, A, QP_A, ACK, 10).aeth(0x1F).send();
        long ended = f.roce(41_000, A, B, QP_B, WRITE_ONLY, 11).ackRequest().send();
        // one go-back-N after a NAK is no sequence
        f.roce(42_000, A, B, QP_B, WRITE_ONLY, 13).ackRequest().send();                 // 12 lost
        f.roce(43_000, B, A, QP_A, ACK, 12).aeth(0x60).send();                          // NAK sequence error
        f.roce(44_000, A, B, QP_B, WRITE_ONLY, 12).send();
        f.roce(45_000, A, B, QP_B, WRITE_ONLY, 13).ackRequest().send();
        f.roce(46_000, A, B, QP_B, WRITE_ONLY, 14).ackRequest().send();
        // transport retries: no answer, the requester times out twice and goes back to 15, until the end
        f.roce(47_000, A, B, QP_B, WRITE_ONLY, 15).send();
        f.roce(48_000, A, B, QP_B, WRITE_ONLY, 16).ackRequest().send();
        f.roce(1_048_000, A, B, QP_B, WRITE_ONLY, 15).send();
        f.roce(1_049_000, A, B, QP_B, WRITE_ONLY, 16).ackRequest().send();
        f.roce(2_049_000, A, B, QP_B, WRITE_ONLY, 15).send();
        long last = f.roce(2_050_000, A, B, QP_B, WRITE_ONLY, 16).ackRequest().send();
        AnalysisResult r = f.result();

        List<ExpertEvent> retries = r.events().stream().filter(e -> e.kind() == EventKind.RETRY_SEQUENCE).toList();
        assertEquals(2, retries.size(), retries.toString());
        assertEquals(ended, retries.get(0).frame());
        assertEquals("PSN 10 sent again 3 times in a row: RNR retries (after RNR NAKs)", retries.get(0).message());
        assertEquals(last, retries.get(1).frame());
        assertEquals("PSN 15 sent again 2 times in a row: transport retries (no NAK: timeouts), until the end of the"
                + " capture", retries.get(1).message());
    }

    @Test
    void responsesToRequestsTheCaptureNeverShowedAreANote() {
        Frames f = new Frames();
        // the capture starts after the requests up to PSN 104: the ACK of 103 answers nothing seen
        long ack = f.roce(1_000, B, A, QP_A, ACK, 103).aeth(0x1F).send();
        f.roce(2_000, A, B, QP_B, WRITE_ONLY, 105).ackRequest().send();
        // a READ response for a READ in the other direction's past
        long read = f.roce(3_000, A, B, 0x77, READ_ONLY, 500).aeth(0x1F).send();
        AnalysisResult r = f.result();

        List<ExpertEvent> notes = r.events().stream().filter(e -> e.kind() == EventKind.NO_REQUEST_SEEN).toList();
        assertEquals(List.of(ack, read), notes.stream().map(ExpertEvent::frame).toList());
        assertEquals(Severity.NOTE, EventKind.NO_REQUEST_SEEN.severity());
        assertTrue(notes.get(0).message().startsWith("responses from frame 1 on answer no request of this capture"),
                notes.get(0).message());
    }

    @Test
    void ackRoundTripsAndReadLatenciesAreTimedAtTheCapturePoint() {
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 10).ackRequest().send();              // frame 1
        f.roce(2_000, A, B, QP_B, WRITE_ONLY, 11).send();                            // 2: no AckReq, not timed
        f.roce(3_000, A, B, QP_B, WRITE_ONLY, 12).ackRequest().send();              // 3
        f.roce(9_000, B, A, QP_A, ACK, 12).aeth(0x1F).send();                        // 4: covers 10 and 12
        f.roce(10_000, A, B, QP_B, READ_REQ, 13).readLength(3 * 1024).send();        // 5
        f.roce(12_000, B, A, QP_A, READ_FIRST, 13).aeth(0x1F).send();                // 6
        f.roce(13_000, B, A, QP_A, 0x0E, 14).send();                                 // 7: READ Middle
        f.roce(14_000, B, A, QP_A, READ_LAST, 15).aeth(0x1F).send();                 // 8
        f.roce(20_000, A, B, QP_B, WRITE_ONLY, 16).ackRequest().send();             // 9
        f.roce(30_000, A, B, QP_B, WRITE_ONLY, 16).ackRequest().send();             // 10: sent again
        f.roce(31_000, B, A, QP_A, ACK, 16).aeth(0x1F).send();                       // 11: Karn, not timed
        AnalysisResult r = f.result();

        String flow = "10.0.0.1 > 10.0.0.2 QP 0x000022";
        // untagged, DSCP 26: priority 3 by the default map (DSCP >> 3); each WRITE Only is a message of its own, so
        // the ACK completes all three (frame 2 asked for no ACK but its message is done when covered)
        assertEquals(List.of(new Exchange(flow, Exchange.Kind.ACK_RTT, 1, 4, 8_000, 3),
                new Exchange(flow, Exchange.Kind.ACK_RTT, 3, 4, 6_000, 3),
                new Exchange(flow, Exchange.Kind.MESSAGE, 1, 4, 8_000, 3),
                new Exchange(flow, Exchange.Kind.MESSAGE, 2, 4, 7_000, 3),
                new Exchange(flow, Exchange.Kind.MESSAGE, 3, 4, 6_000, 3),
                new Exchange(flow, Exchange.Kind.READ_FIRST, 5, 6, 2_000, 3),
                new Exchange(flow, Exchange.Kind.READ_LAST, 5, 8, 4_000, 3)), r.exchanges());
    }

    /**
     * An ACK or READ response beyond the last PSN the requester used answers nothing it sent; one up to that PSN
     * (the READ's reserved responses included) is fine, as is the ACK behind it.
     */
    @Test
    void anAnswerForAPsnNeverSentIsAWarningOnTheAnswer() {
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 10).ackRequest().send();
        f.roce(2_000, B, A, QP_A, ACK, 10).aeth(0x1F).send();                        // pairs the flows
        f.roce(3_000, A, B, QP_B, READ_REQ, 11).readLength(512).send();             // 11, 12 at a 256-byte MTU
        f.roce(4_000, B, A, QP_A, READ_FIRST, 11).aeth(0x1F).send();
        f.roce(5_000, B, A, QP_A, READ_LAST, 12).aeth(0x1F).send();                  // 12: the READ's, fine
        long beyond = f.roce(6_000, B, A, QP_A, ACK, 15).aeth(0x1F).send();          // 13-15 never sent
        f.roce(7_000, B, A, QP_A, ACK, 12).aeth(0x1F).send();                        // behind: fine
        AnalysisResult r = f.result();

        assertEquals(1, r.eventCount(EventKind.UNSENT_PSN_ANSWERED));
        ExpertEvent event = r.events().stream().filter(e -> e.kind() == EventKind.UNSENT_PSN_ANSWERED).findFirst()
                .orElseThrow();
        assertEquals(beyond, event.frame());
        assertEquals("RC Acknowledge for PSN 15, 3 beyond PSN 12, the last its requester used (or the capture missed"
                + " the request)", event.message());
        assertEquals(Severity.WARNING, event.severity());
        assertEquals(List.of(beyond), f.marked(AnalysisMarks.UNSENT_PSN_ANSWERED));
    }

    /**
     * A message's size is its payload from First to Last (a READ's, over its responses); a flow's messages give their
     * total, smallest and largest, and a message whose First the capture missed is not one.
     */
    @Test
    void messageSizesArePayloadFromFirstToLast() {
        Frames f = new Frames();
        f.roce(500, A, B, QP_B, SEND_LAST, 9).payload(300).send();                  // begun before: no message
        f.roce(1_000, A, B, QP_B, SEND_FIRST, 10).payload(1024).send();
        f.roce(2_000, A, B, QP_B, SEND_MIDDLE, 11).payload(1024).send();
        f.roce(3_000, A, B, QP_B, SEND_LAST, 12).payload(100).send();               // 2148 bytes
        f.roce(4_000, A, B, QP_B, WRITE_ONLY, 13).payload(64).send();               // 64
        f.roce(5_000, A, B, QP_B, READ_REQ, 14).readLength(1500).send();
        f.roce(6_000, B, A, QP_A, READ_FIRST, 14).payload(1024).aeth(0x1F).send();
        f.roce(7_000, B, A, QP_A, READ_LAST, 15).payload(476).aeth(0x1F).send();    // 1500, on the response flow
        AnalysisResult r = f.result();

        FlowStats requests = flow(r, A, B, QP_B);
        assertEquals(List.of(2L, 2148L + 64L, 64L, 2148L), List.of(requests.messages(), requests.messageBytes(),
                requests.messageSizeMin(), requests.messageSizeMax()));
        FlowStats responses = flow(r, B, A, QP_A);
        assertEquals(List.of(1L, 1500L, 1500L, 1500L), List.of(responses.messages(), responses.messageBytes(),
                responses.messageSizeMin(), responses.messageSizeMax()));
    }

    /**
     * A message is timed from its First packet to the first ACK covering its Last; one with a packet sent again
     * (Karn) or whose First the capture missed is not timed, and an ACK short of a message's last PSN leaves it
     * waiting.
     */
    @Test
    void messagesAreTimedFromTheirFirstPacketToTheAckCoveringTheirLast() {
        Frames f = new Frames();
        f.roce(500, A, B, QP_B, SEND_MIDDLE, 19).send();                             // 1: message begun before
        f.roce(600, A, B, QP_B, SEND_LAST, 20).send();                               // 2: not timed
        f.roce(1_000, A, B, QP_B, SEND_FIRST, 21).send();                            // 3
        f.roce(2_000, A, B, QP_B, SEND_MIDDLE, 22).send();                           // 4
        f.roce(3_000, B, A, QP_A, ACK, 22).aeth(0x1F).send();                        // 5: short of the Last
        f.roce(4_000, A, B, QP_B, SEND_LAST, 23).ackRequest().send();               // 6
        f.roce(9_500, B, A, QP_A, ACK, 23).aeth(0x1F).send();                        // 7: completes 3..6
        f.roce(10_000, A, B, QP_B, SEND_FIRST, 24).send();                           // 8
        f.roce(11_000, A, B, QP_B, SEND_LAST, 26).ackRequest().send();              // 9: 25 lost
        f.roce(12_000, A, B, QP_B, SEND_FIRST, 24).send();                           // 10: sent again
        f.roce(13_000, A, B, QP_B, SEND_MIDDLE, 25).send();                          // 11
        f.roce(14_000, A, B, QP_B, SEND_LAST, 26).ackRequest().send();              // 12
        f.roce(20_000, B, A, QP_A, ACK, 26).aeth(0x1F).send();                       // 13: Karn, not timed
        AnalysisResult r = f.result();

        String flow = "10.0.0.1 > 10.0.0.2 QP 0x000022";
        assertEquals(List.of(new Exchange(flow, Exchange.Kind.MESSAGE, 3, 7, 8_500, 3)), r.exchanges().stream()
                .filter(e -> e.kind() == Exchange.Kind.MESSAGE).toList());
    }

    @Test
    void aFarPsnWithoutASilenceIsStillJudged() {
        // a million PSNs back but only 0.1 ms after the last packet: no connection is set up that fast
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 5_000_000).send();
        f.roce(2_000, A, B, QP_B, WRITE_ONLY, 5_000_001).send();
        f.roce(102_000, A, B, QP_B, WRITE_ONLY, 3_000_000).send();
        AnalysisResult r = f.result();
        assertEquals(1, flow(r, A, B, QP_B).retransmitted());
        assertEquals(0, r.eventCount(EventKind.NEW_CONNECTION));
    }

    @Test
    void lossAnsweredByNakAndGoBackN() {
        Frames f = new Frames();
        // requester A (QP 0x11) writes to B (QP 0x22); capture at the responder, PSN 102 lost on the way
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 100).send();
        f.roce(2_000, A, B, QP_B, WRITE_ONLY, 101).send();
        f.roce(2_500, B, A, QP_A, ACK, 101).aeth(0x1F).send();              // pairs B>A 0x11 with A>B 0x22
        f.roce(3_000, A, B, QP_B, WRITE_ONLY, 103).send();                  // gap: 102 missing
        f.roce(4_000, A, B, QP_B, WRITE_ONLY, 104).send();
        long nak = f.roce(5_000, B, A, QP_A, ACK, 102).aeth(0x60).send();  // NAK, PSN sequence error
        long resend = f.roce(9_000, A, B, QP_B, WRITE_ONLY, 102).send();   // out of order (was missing)
        f.roce(10_000, A, B, QP_B, WRITE_ONLY, 103).send();                 // duplicate
        f.roce(11_000, A, B, QP_B, WRITE_ONLY, 104).send();                 // duplicate
        f.roce(12_000, B, A, QP_A, ACK, 104).aeth(0x1F).send();
        AnalysisResult r = f.result();

        assertEquals(10, r.packets());
        assertEquals(10, r.rocePackets());
        assertEquals(2, r.flows().size());
        FlowStats req = flow(r, A, B, QP_B);
        // 7 WRITE Only packets = 7 packets, 7 messages
        assertEquals(7, req.packets());
        assertEquals(7, req.rdmaWrite());
        assertEquals(7, req.messages());
        assertEquals(7 * 1078, req.bytes());
        assertEquals(7 * 1024, req.payloadBytes());
        assertEquals(1, req.psnGaps());
        assertEquals(0, req.missingPsns());
        assertEquals(3, req.retransmitted());
        assertEquals(1, req.outOfOrder());
        assertEquals(2, req.duplicates());
        assertEquals(QP_A, req.srcQp());
        assertEquals(1_000, req.firstTs());
        assertEquals(11_000, req.lastTs());
        // 10 µs is shorter than the 100 µs a rate needs: none is given
        assertTrue(Double.isNaN(req.throughputBps()));

        FlowStats resp = flow(r, B, A, QP_A);
        assertEquals(3, resp.packets());
        assertEquals(2, resp.acks());
        assertEquals(1, resp.naks());
        assertEquals(0, resp.psnGaps());
        assertEquals(QP_B, resp.srcQp());
        assertEquals(1, r.naks());
        assertEquals(1, r.nakCodes()[0]);

        assertEquals(1, r.nakLinks().size());
        NakLink link = r.nakLinks().get(0);
        assertEquals(nak, link.nakFrame());
        assertEquals(resend, link.retransmitFrame());
        assertEquals(102, link.retransmitPsn());
        assertEquals(4_000, link.latencyNanos());
        assertEquals(1, r.eventCount(EventKind.PSN_GAP));
        assertEquals(3, r.eventCount(EventKind.RETRANSMISSION));
        assertEquals(1, r.eventCount(EventKind.NAK));
    }

    @Test
    void psnWrapAndCoalescedAcks() {
        Frames f = new Frames();
        f.roce(1, A, B, QP_B, WRITE_ONLY, 0xFFFFFE).send();
        f.roce(2, A, B, QP_B, WRITE_ONLY, 0xFFFFFF).send();
        f.roce(3, B, A, QP_A, ACK, 0xFFFFFF).aeth(0x1F).send();
        f.roce(4, A, B, QP_B, WRITE_ONLY, 0).send();
        f.roce(5, A, B, QP_B, WRITE_ONLY, 1).send();
        f.roce(6, A, B, QP_B, WRITE_ONLY, 2).send();
        f.roce(7, B, A, QP_A, ACK, 2).aeth(0x1F).send(); // acknowledges 0..2 at once: a jump, not a loss
        AnalysisResult r = f.result();
        assertEquals(0, r.psnGaps());
        assertEquals(0, r.retransmitted());
        assertEquals(2, flow(r, B, A, QP_A).acks());
        assertEquals(QP_A, flow(r, A, B, QP_B).srcQp());
    }

    @Test
    void rnrNakAndRetry() {
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, SEND_ONLY, 5).send();
        long rnr = f.roce(2_000, B, A, QP_A, ACK, 5).aeth(0x2E).send();  // RNR NAK, timer 14
        long retry = f.roce(7_000, A, B, QP_B, SEND_ONLY, 5).send();     // PSN 5 again: behind 6, not missing
        f.roce(8_000, B, A, QP_A, ACK, 5).aeth(0x1F).send();
        AnalysisResult r = f.result();
        FlowStats req = flow(r, A, B, QP_B);
        assertEquals(1, req.retransmitted());
        assertEquals(1, req.duplicates());
        assertEquals(0, req.outOfOrder());
        assertEquals(2, req.send());
        assertEquals(2, req.messages());
        FlowStats resp = flow(r, B, A, QP_A);
        assertEquals(1, resp.rnrNaks());
        assertEquals(0, resp.naks());
        assertEquals(1, resp.acks());
        assertEquals(1, r.rnrNaks());
        NakLink link = r.nakLinks().get(0);
        assertTrue(link.rnr());
        assertEquals(rnr, link.nakFrame());
        assertEquals(retry, link.retransmitFrame());
        assertEquals(5_000, link.latencyNanos());
    }

    @Test
    void readAtomicsAndMessageCounting() {
        Frames f = new Frames();
        // READ psn 10 of 2048 bytes: next request in [11, 18]; responder answers First 10, Last 11 (PMTU 1024)
        f.roce(1, A, B, QP_B, READ_REQ, 10).readLength(2048).send();
        f.roce(2, B, A, QP_A, READ_FIRST, 10).aeth(0x1F).send();
        f.roce(3, B, A, QP_A, READ_LAST, 11).aeth(0x1F).send();
        // next request at 12 lies inside [11, 18]: in order
        f.roce(4, A, B, QP_B, CMP_SWAP, 12).payload(0).send();
        f.roce(5, B, A, QP_A, ATOMIC_ACK, 12).aeth(0x1F).payload(0).send();
        f.roce(6, A, B, QP_B, FETCH_ADD, 13).payload(0).send();
        f.roce(7, B, A, QP_A, ATOMIC_ACK, 13).aeth(0x1F).payload(0).send();
        f.roce(8, A, B, QP_B, READ_REQ, 14).readLength(100).send();
        f.roce(9, B, A, QP_A, READ_ONLY, 14).aeth(0x1F).send();
        // SEND First/Middle/Last = one message; a Last without its First is no message
        f.roce(10, A, B, QP_B, SEND_FIRST, 15).send();
        f.roce(11, A, B, QP_B, SEND_MIDDLE, 16).send();
        f.roce(12, A, B, QP_B, SEND_LAST, 17).send();
        f.roce(13, A, B, QP_B, SEND_LAST, 18).send();
        AnalysisResult r = f.result();
        FlowStats req = flow(r, A, B, QP_B);
        assertEquals(2, req.rdmaReadReq());
        assertEquals(2, req.atomic());
        assertEquals(4, req.send());
        assertEquals(1, req.messages());
        assertEquals(0, req.psnGaps());
        assertEquals(QP_A, req.srcQp());
        FlowStats resp = flow(r, B, A, QP_A);
        assertEquals(3, resp.readResp());
        // READ responses are not acks; atomic acknowledges are
        assertEquals(2, resp.acks());
        // READ Response First..Last and READ Response Only
        assertEquals(2, resp.messages());
        // read responses 10, 11 then 14: 12 and 13 were atomics (their acks are not tracked), and 14 is a READ
        // Response Only whose PSN the paired request flow sent: the start of the next response, not a gap
        assertEquals(0, resp.psnGaps());
        assertEquals(0, resp.missingPsns());
        assertEquals(QP_B, resp.srcQp());
    }

    @Test
    void lostReadResponseIsAGap() {
        Frames f = new Frames();
        // READ psn 20 of 3072 bytes: responses First 20, Middle 21 (lost), Last 22 -> one gap of one PSN
        f.roce(1, A, B, QP_B, READ_REQ, 20).readLength(3072).send();
        f.roce(2, B, A, QP_A, READ_FIRST, 20).aeth(0x1F).send();
        f.roce(3, B, A, QP_A, READ_LAST, 22).aeth(0x1F).send();
        // a READ Response Only for a PSN the requester never sent is a gap too: 30 after expected 23
        f.roce(4, B, A, QP_A, READ_ONLY, 30).aeth(0x1F).send();
        AnalysisResult r = f.result();
        FlowStats resp = flow(r, B, A, QP_A);
        assertEquals(2, resp.psnGaps());
        assertEquals(1 + 7, resp.missingPsns());
        assertEquals(2, resp.messages());
    }

    @Test
    void throughputNeedsTwoPacketsOverAtLeast100Microseconds() {
        Frames f = new Frames();
        f.roce(0, A, B, 1, WRITE_ONLY, 0).send();                   // one packet: no rate
        f.roce(0, A, B, 2, WRITE_ONLY, 0).send();
        f.roce(99_999, A, B, 2, WRITE_ONLY, 1).send();              // 99.999 µs: no rate
        f.roce(0, A, B, 3, WRITE_ONLY, 0).send();
        f.roce(100_000, A, B, 3, WRITE_ONLY, 1).send();             // 100 µs: 2 x 1078 bytes x 8 / 100 µs
        AnalysisResult r = f.result();
        assertTrue(Double.isNaN(flow(r, A, B, 1).throughputBps()));
        assertTrue(Double.isNaN(flow(r, A, B, 2).throughputBps()));
        assertEquals(2 * 1078 * 8 / 100e-6, flow(r, A, B, 3).throughputBps(), 1e-3);
    }

    @Test
    void aReadRequestTakesThePsnsItsPathMtuSays() {
        Frames f = new Frames();
        // WRITE First and Middle carry 1024 bytes: the path MTU is 1024, so a 4096-byte READ at PSN 12 takes
        // PSNs 12-15 and the next request is 16. Request 16 is lost: 17 is a gap of one PSN.
        f.roce(1, A, B, QP_B, 0x06, 10).send();
        f.roce(2, A, B, QP_B, 0x08, 11).payload(100).send();
        f.roce(3, A, B, QP_B, READ_REQ, 12).readLength(4096).send();
        f.roce(4, A, B, QP_B, WRITE_ONLY, 17).send();
        FlowStats known = flow(f.result(), A, B, QP_B);
        assertEquals(1, known.psnGaps());
        assertEquals(1, known.missingPsns());

        // without a First or Middle packet the MTU may be 256 to 4096: PSN 17 lies in [12 + 1, 12 + 16], in order
        Frames g = new Frames();
        g.roce(3, A, B, QP_B, READ_REQ, 12).readLength(4096).send();
        g.roce(4, A, B, QP_B, WRITE_ONLY, 17).send();
        assertEquals(0, flow(g.result(), A, B, QP_B).psnGaps());
    }

    @Test
    void priorityAveragesUseTheRoceTrafficsOwnSpan() {
        Frames f = new Frames();
        f.noise(0);
        f.roce(1_000_000, A, B, 1, WRITE_ONLY, 0).send();
        f.roce(3_000_000, A, B, 2, WRITE_ONLY, 0).send();
        f.noise(10_000_000);
        AnalysisResult r = f.result();
        assertEquals(0.010, r.durationSeconds(), 1e-12);
        assertEquals(0.002, r.roceDurationSeconds(), 1e-12);
    }

    @Test
    void udOverIpv6() {
        Frames f = new Frames();
        f.roce(1, "2001:db8::1", "2001:db8::2", 0x000001, UD_SEND_ONLY, 0).deth(0x123).send();
        f.roce(2, "2001:db8::1", "2001:db8::2", 0x000001, UD_SEND_ONLY, 1).deth(0x123).send();
        AnalysisResult r = f.result();
        assertEquals(1, r.flows().size());
        FlowStats ud = r.flows().get(0);
        assertEquals("2001:db8::1", ud.srcIp());
        assertEquals("2001:db8::2", ud.dstIp());
        assertEquals(0x123, ud.srcQp());
        assertEquals(2, ud.send());
        assertEquals(2, ud.messages());
    }

    @Test
    void ceMarksFollowedByACnp() {
        Frames f = new Frames();
        f.roce(1_000, A, B, QP_B, WRITE_ONLY, 1).send();
        f.roce(1_500, B, A, QP_A, ACK, 1).aeth(0x1F).send();
        long firstCe = f.roce(2_000, A, B, QP_B, WRITE_ONLY, 2).ecn(3).send();
        f.roce(3_000, A, B, QP_B, WRITE_ONLY, 3).ecn(3).send();
        f.roce(4_000, A, B, QP_B, WRITE_ONLY, 4).ecn(3).send();
        // the CNP travels B > A to the requester's QP and carries no AETH
        long cnp = f.roce(6_000, B, A, QP_A, CNP, 0).dscp(48).payload(0).send();
        f.roce(7_000, A, B, QP_B, WRITE_ONLY, 5).send();
        AnalysisResult r = f.result();
        assertEquals(3, r.ecnCe());
        assertEquals(1, r.cnps());
        assertEquals(3, flow(r, A, B, QP_B).ecnCe());
        assertEquals(1, flow(r, B, A, QP_A).cnps());
        assertEquals(2, r.flows().size());
        CnpLink link = r.cnpLinks().get(0);
        assertEquals(cnp, link.cnpFrame());
        assertEquals(3, link.ceCount());
        assertEquals(firstCe, link.firstCeFrame());
        assertEquals(4_000, link.latencyNanos());
        assertEquals("10.0.0.1 > 10.0.0.2 QP 0x000022", link.throttledFlow());
        // CNP is not a request: no PSN analysis on it
        assertEquals(0, r.psnGaps());
    }

    @Test
    void cnpFindsTheCeFlowWithoutPairing() {
        Frames f = new Frames();
        // UC writes (no ACKs, so no pairing); the CNP goes to the QP that sent them
        f.roce(1_000, A, B, QP_B, 0x2A, 1).ecn(3).send();
        f.roce(2_000, A, B, 0x33, 0x2A, 1).send();
        f.roce(3_000, B, A, QP_A, CNP, 0).payload(0).send();
        AnalysisResult r = f.result();
        CnpLink link = r.cnpLinks().get(0);
        assertEquals(1, link.ceCount());
        assertEquals(2_000, link.latencyNanos());
        assertEquals("10.0.0.1 > 10.0.0.2 QP 0x000022", link.throttledFlow());
    }

    @Test
    void pfcOnTwoPrioritiesAndPause() {
        long m1 = 0x0200000000A1L;
        long m2 = 0x0200000000A2L;
        long m3 = 0x0200000000A3L;
        Frames f = new Frames();
        // m1 pauses priority 3 with 0xFFFF quanta at t=0 (would end at 0xFFFF * 5.12 ns = 335539.2 ns);
        // a refresh of 1000 quanta at t=100000 restarts the timer: end 100000 + 5120 = 105120;
        // the XON at t=200000 comes after the end, so it ends nothing: one interval of 105120 ns
        f.pfc(0, m1, -1, -1, -1, 0xFFFF);
        f.pfc(100_000, m1, -1, -1, -1, 1000);
        f.pfc(200_000, m1, -1, -1, -1, 0);
        // m2: XOFF 100 quanta on priority 5 at t=0 (end 512 ns), XON at t=300: 300 ns
        f.pfc(0, m2, -1, -1, -1, -1, -1, 100);
        f.pfc(300, m2, -1, -1, -1, -1, -1, 0);
        // m3: 10 quanta on priority 3 at t=1000 and nothing after: 51.2 ns, not clipped to the capture's end
        f.pfc(1_000, m3, -1, -1, -1, 10);
        // one frame enabling priorities 3 and 5 from m3 with time 0 on both, after m3's pause ended: two XONs
        f.pfc(500_000, m3, -1, -1, -1, 0, -1, 0);
        // 802.3x PAUSE is counted on its own
        f.pause(600_000, m1, 0xFFFF);
        f.pause(600_100, m1, 0);
        AnalysisResult r = f.result();

        PfcPriorityStats p3 = r.pfc().get(3);
        assertEquals(5, p3.frames());     // m1 x3, m3 x2
        assertEquals(3, p3.xoff());
        assertEquals(2, p3.xon());
        assertEquals(0xFFFF + 1000 + 10, p3.quanta());
        assertEquals(105.12 + 0.0512, p3.pausedMicros(), 1e-3);
        PfcPriorityStats p5 = r.pfc().get(5);
        assertEquals(3, p5.frames());
        assertEquals(1, p5.xoff());
        assertEquals(2, p5.xon());
        assertEquals(100, p5.quanta());
        assertEquals(0.3, p5.pausedMicros(), 1e-3);
        for (int p : new int[] {0, 1, 2, 4, 6, 7}) {
            assertEquals(0, r.pfc().get(p).frames());
        }
        assertEquals(2, r.pause8023x());
        assertEquals(9, r.packets());
        assertEquals(0, r.rocePackets());

        // intervals: m1 p3 [0, 105120] expired; m2 p5 [0, 300] by XON; m3 p3 [1000, 1051.2] expired;
        // m1 802.3x [600000, 600100] by XON
        List<PausedInterval> intervals = r.pausedIntervals();
        assertEquals(4, intervals.size());
        PausedInterval first = intervals.stream().filter(i -> i.senderMac() == m1 && i.priority() == 3).findFirst().orElseThrow();
        assertEquals(105_120, first.durationNanos(), 1e-6);
        assertEquals(2, first.xoffFrames());
        assertFalse(first.endedByXon());
        PausedInterval pause = intervals.stream().filter(i -> i.priority() == -1).findFirst().orElseThrow();
        assertEquals(100, pause.durationNanos(), 1e-6);
        assertTrue(pause.endedByXon());
    }

    @Test
    void linkSpeedScalesQuanta() {
        // at 25 Gb/s a quantum is 512 / 25e9 s = 20.48 ns: 100 quanta = 2048 ns
        Frames f = new Frames(AnalysisOptions.defaults().withLinkSpeed(25_000_000_000L));
        f.pfc(0, 1, 100);
        assertEquals(2.048, f.result().pfc().get(0).pausedMicros(), 1e-6);
    }

    @Test
    void xoffRefreshExactlyAtTheEndStartsANewInterval() {
        // 100 quanta = 512 ns; a refresh at t=512 is not "before the end": the first interval is [0, 512],
        // a second one [512, 1024]; together 1024 ns
        Frames f = new Frames();
        f.pfc(0, 1, 100);
        f.pfc(512, 1, 100);
        AnalysisResult r = f.result();
        assertEquals(2, r.pausedIntervals().size());
        assertEquals(1.024, r.pfc().get(0).pausedMicros(), 1e-6);
    }

    @Test
    void pfcStormAboveTheShareOfAWindow() {
        // window 10 µs, threshold 50 %: priority 3 refreshed every 3 µs with 1000 quanta (5.12 µs) from t=0 to
        // t=9 µs stays paused [0, 14.12 µs); a RoCE frame at t=25 µs ends the capture.
        // window [0, 10) paused 10 µs = 100 % -> storm; window [10, 20) paused 4.12 µs = 41 % -> none
        Frames f = new Frames(AnalysisOptions.defaults().withStorm(0.5, 10_000));
        for (long t = 0; t <= 9_000; t += 3_000) {
            f.pfc(t, 7, -1, -1, -1, 1000);
        }
        f.roce(25_000, A, B, QP_B, WRITE_ONLY, 1).send();
        AnalysisResult r = f.result();
        assertEquals(1, r.stormCount());
        assertEquals(0, r.storms().get(0).windowStartNanos());
        assertEquals(10_000, r.storms().get(0).observedNanos());
        assertEquals(10_000, r.storms().get(0).pausedNanos(), 1e-6);
        assertEquals(1, r.eventCount(EventKind.PFC_STORM));
        assertEquals(14.12, r.pfc().get(3).pausedMicros(), 1e-6);
    }

    @Test
    void aCaptureShorterThanTheWindowIsJudgedOverWhatItHolds() {
        // default 100 ms windows; the capture spans t = 1 ms .. 1.8 ms (window [0, 100 ms) observed for 800 µs).
        // priority 4 paused by XOFF 0xFFFF (335.5392 µs) at 1.1 ms, refreshed at 1.4 ms, XON at 1.6 ms:
        // one interval of 500 µs = 62.5 % of the 800 µs observed -> storm.
        // priority 2: XOFF 0xFFFF at 1.7 ms, never resumed: 335.5392 µs of paused time (not clipped), but only the
        // 100 µs up to the capture's end count for the storm: 12.5 % -> none
        Frames f = new Frames();
        f.roce(1_000_000, A, B, QP_B, WRITE_ONLY, 1).send();
        f.pfc(1_100_000, 9, -1, -1, -1, -1, 0xFFFF);
        f.pfc(1_400_000, 9, -1, -1, -1, -1, 0xFFFF);
        f.pfc(1_600_000, 9, -1, -1, -1, -1, 0);
        f.pfc(1_700_000, 9, -1, -1, 0xFFFF);
        f.roce(1_800_000, A, B, QP_B, WRITE_ONLY, 2).send();
        AnalysisResult r = f.result();
        assertEquals(1, r.stormCount());
        PfcStorm storm = r.storms().get(0);
        assertEquals(4, storm.priority());
        assertEquals(800_000, storm.observedNanos());
        assertEquals(0.625, storm.share(), 1e-9);
        assertEquals(335.5392, r.pfc().get(2).pausedMicros(), 1e-6);
    }

    @Test
    void priorityFromPcpElseDscpMap() {
        Frames f = new Frames(AnalysisOptions.defaults().withDscpMap(AnalysisOptions.parseDscpMap("46=6")));
        f.roce(1, A, B, 1, WRITE_ONLY, 0).vlan(5).len(1000).send();  // tagged: PCP 5 wins over DSCP 26
        f.roce(2, A, B, 2, WRITE_ONLY, 0).len(500).send();           // untagged DSCP 26: 26 >> 3 = 3
        f.roce(3, A, B, 3, WRITE_ONLY, 0).dscp(46).len(200).send();  // override 46 -> 6 (default would be 5)
        f.roce(4, A, B, 3, WRITE_ONLY, 1).dscp(0).len(100).send();   // same flow: flow priority stays the first one
        AnalysisResult r = f.result();
        assertEquals(1000, r.priorityBytes()[5]);
        assertEquals(500, r.priorityBytes()[3]);
        assertEquals(200, r.priorityBytes()[6]);
        assertEquals(100, r.priorityBytes()[0]);
        assertEquals(1, r.priorityPackets()[0]);
        FlowStats third = flow(r, A, B, 3);
        assertEquals(6, third.priority());
        assertEquals(46, third.dscp());
    }

    @Test
    void aResultCannotBeChangedThroughItsArraysOrLists() {
        Frames f = new Frames();
        f.roce(1, A, B, 1, WRITE_ONLY, 0).len(500).send();
        AnalysisResult r = f.result();
        r.priorityBytes()[3] = 0;
        r.priorityPackets()[3] = 0;
        r.eventCounts()[0] = 99;
        assertEquals(500, r.priorityBytes()[3]);
        assertEquals(1, r.priorityPackets()[3]);
        assertEquals(0, r.eventCounts()[0]);
        assertThrows(UnsupportedOperationException.class, () -> r.flows().clear());
        assertThrows(UnsupportedOperationException.class, () -> r.events().clear());
    }

    @Test
    void noiseMalformedAndIcrc() {
        Frames f = new Frames();
        f.noise(1);
        f.other(2).malformed("IPv4 header truncated").send();
        f.roce(3, A, B, QP_B, WRITE_ONLY, 1).icrcBad().send();
        AnalysisResult r = f.result();
        assertEquals(3, r.packets());
        assertEquals(1, r.rocePackets());
        assertEquals(1, r.malformed());
        assertEquals(1, r.icrcBad());
        assertEquals(1, r.flows().get(0).icrcErrors());
        assertEquals("IPv4 header truncated", r.events().stream()
                .filter(e -> e.kind() == EventKind.MALFORMED).findFirst().orElseThrow().message());
    }

    @Test
    void ambiguousResponsesStayUnpaired() {
        Frames f = new Frames();
        // two QPs from A to B with the same PSNs: an ACK for PSN 1 could answer either
        f.roce(1, A, B, 0x21, WRITE_ONLY, 1).send();
        f.roce(2, A, B, 0x22, WRITE_ONLY, 1).send();
        f.roce(3, B, A, QP_A, ACK, 1).aeth(0x1F).send();
        AnalysisResult r = f.result();
        assertEquals(-1, flow(r, B, A, QP_A).srcQp());
        assertEquals(-1, flow(r, A, B, 0x21).srcQp());
    }

    @Test
    void eventsAreBoundedButCounted() {
        Frames f = new Frames(AnalysisOptions.defaults().withMaxStored(2));
        for (int i = 0; i < 5; i++) {
            f.roce(i, A, B, QP_B, WRITE_ONLY, i).ecn(3).send();
        }
        AnalysisResult r = f.result();
        assertEquals(2, r.events().size());
        assertEquals(5, r.eventCount(EventKind.ECN_CE));
        assertEquals(3, r.eventsDropped());
        assertEquals(5, r.ecnCe());
    }

    @Test
    void mergeKeepsIntervalsAndEventsInTimeOrderWhenTheLaterFileComesFirst() {
        Frames later = new Frames();
        Frames earlier = new Frames();
        later.pfc(9_000, 1, -1, -1, -1, 100);             // priority 3 paused at t = 9 µs
        later.roce(9_500, A, B, QP_B, WRITE_ONLY, 1).ecn(3).send();
        earlier.pfc(2_000, 1, -1, -1, -1, 100);           // priority 3 paused at t = 2 µs
        earlier.roce(2_500, A, B, QP_B, WRITE_ONLY, 1).ecn(3).send();
        AnalysisResult r = later.result().merge(earlier.result());
        assertEquals(List.of(2_000L, 9_000L), r.pausedIntervals().stream().map(PausedInterval::startNanos).toList());
        // events: the CE marks, and a storm each (a pause that long is most of so short a capture)
        assertEquals(List.of(2_000L, 2_500L, 9_000L, 9_500L),
                r.events().stream().map(ExpertEvent::timestampNanos).toList());
    }

    @Test
    void askingForTheResultTwiceCountsNothingTwice() {
        Frames f = new Frames();
        f.pfc(2_000, 1, -1, -1, -1, 100);                 // a storm in so short a capture
        f.roce(2_500, A, B, QP_B, WRITE_ONLY, 1).send();
        AnalysisResult first = f.result();
        AnalysisResult second = f.result();
        assertEquals(1, first.storms().size());
        assertEquals(1, second.eventCount(EventKind.PFC_STORM));
        assertEquals(first.events(), second.events());
    }

    @Test
    void mergeOfTwoHalvesAddsUp() {
        Frames first = new Frames();
        Frames second = new Frames();
        first.roce(1_000, A, B, QP_B, WRITE_ONLY, 1).send();
        first.pfc(2_000, 1, -1, 100);
        second.roce(5_000, A, B, QP_B, WRITE_ONLY, 2).send();
        second.roce(6_000, "10.0.0.3", B, QP_B, WRITE_ONLY, 9).send();
        AnalysisResult r = first.result().merge(second.result());
        assertEquals(4, r.packets());
        assertEquals(3, r.rocePackets());
        assertEquals(2, r.flows().size());
        FlowStats merged = flow(r, A, B, QP_B);
        assertEquals(2, merged.packets());
        assertEquals(1_000, merged.firstTs());
        assertEquals(5_000, merged.lastTs());
        assertEquals(0.512, r.pfc().get(1).pausedMicros(), 1e-6);
        assertEquals(3 * 1078, r.priorityBytes()[3]);
    }

    @Test
    void flowsSortBySourceNumberThenDestinationThenQp() {
        Frames f = new Frames();
        f.roce(1, "fd00::1", A, 1, SEND_ONLY, 0).send();
        f.roce(2, "10.0.0.10", A, 5, SEND_ONLY, 0).send();
        f.roce(3, "10.0.0.10", A, 4, SEND_ONLY, 0).send();
        f.roce(4, "10.0.0.2", A, 5, SEND_ONLY, 0).send();
        List<FlowStats> flows = f.result().flows();
        // as numbers 10.0.0.2 < 10.0.0.10, and IPv4 (::ffff:a.b.c.d) before fd00::1
        assertEquals(List.of("10.0.0.2 5", "10.0.0.10 4", "10.0.0.10 5", "fd00::1 1"),
                flows.stream().map(fl -> fl.srcIp() + " " + fl.dstQp()).toList());
    }

    @Test
    void manyFlowsGrowTheTables() {
        // 5000 QPs, two packets each (a PSN step of 1): lookups stay right as the open-addressing table grows
        Frames f = new Frames();
        for (int round = 0; round < 2; round++) {
            for (int qp = 0; qp < 5000; qp++) {
                f.roce(round * 10_000L + qp, A, B, qp, WRITE_ONLY, round).send();
            }
        }
        AnalysisResult r = f.result();
        assertEquals(5000, r.flows().size());
        assertTrue(r.flows().stream().allMatch(fl -> fl.packets() == 2));
        assertEquals(0, r.psnGaps());
    }
}
