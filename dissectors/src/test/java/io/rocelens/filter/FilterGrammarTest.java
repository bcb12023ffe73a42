package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The language on one hand-filled RoCEv2 frame whose values are written out below: an RC RDMA WRITE First from
 * 10.0.0.1 to 10.0.0.2, QP 0x44, PSN 100, ECN CE, VLAN PCP 3, with a good ICRC. Every test evaluates from the
 * summary alone (the detail supplier fails the test), except where the detail is the point.
 */
class FilterGrammarTest {

    private static PacketSummary writeFirst() {
        PacketSummary p = new PacketSummary();
        p.clear();
        p.number = 7;
        p.originalLength = 1090;
        p.capturedLength = 1090;
        p.kinds = PacketSummary.ETHERNET | PacketSummary.VLAN | PacketSummary.IPV4 | PacketSummary.UDP
                | PacketSummary.ROCE_TRANSPORT | PacketSummary.ROCEV2;
        p.ethSrc = 0x02_00_00_00_00_01L;
        p.ethDst = 0x02_00_00_00_00_02L;
        p.etherType = 0x0800;
        p.vlanPcp = 3;
        p.vlanId = 100;
        p.vlanTags = 1;
        p.ipSrcLo = Addresses.ipv4Mapped(0x0a000001L);
        p.ipDstLo = Addresses.ipv4Mapped(0x0a000002L);
        p.dscp = 26;
        p.ecn = 3;
        p.ipProtocol = 17;
        p.udpSrcPort = 49152;
        p.udpDstPort = 4791;
        p.udpLength = 1056;
        p.opcode = 0x06;
        p.pkey = 0xffff;
        p.destQp = 0x44;
        p.ackRequest = true;
        p.psn = 100;
        p.rethVa = 0x1000;
        p.rethRkey = 0x1234;
        p.rethDmaLength = 4096;
        p.payloadLength = 1024;
        p.icrcStatus = PacketSummary.ICRC_GOOD;
        return p;
    }

    private static boolean test(String filter) throws FilterException {
        return DisplayFilter.compile(filter).matches(writeFirst(), null, () -> fail("needed the detail: " + filter));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "bth.psn == 100", "bth.psn eq 100", "bth.psn != 99", "bth.psn ne 99", "bth.psn < 101", "bth.psn lt 101",
        "bth.psn <= 100", "bth.psn le 100", "bth.psn > 99", "bth.psn gt 99", "bth.psn >= 100", "bth.psn ge 100",
        "bth.psn == 0x64", "bth.psn == 0144", "bth.psn == 0b1100100", "bth.dqpn == 0x44", "bth.dqpn == 68",
        "infiniband.bth.destqp == 0x44 && ip.dsfield.ecn == 3", "infiniband.bth.psn == 100", "infiniband",
        "bth.ackreq == 1", "bth.ackreq == true", "bth.se == false", "infiniband.bth.a", "bth.ackreq",
        "bth.opcode == \"RC RDMA WRITE First\"", "bth.opcode == 6", "bth.opcode == \"rc rdma write first\"",
        "ip.ecn == CE", "ip.ecn == 3", "ip.dsfield.ecn == \"CE\"",
        "ip.src == 10.0.0.1", "ip.src == 10.0.0.0/24", "ip.dst == 10.0.0.2/32", "ip.addr == 10.0.0.2",
        "ip.addr == 10.0.0.1 && ip.addr == 10.0.0.2", "ip.src in {10.0.0.0/30, 192.168.0.1}", "ip.src < 10.0.0.2",
        "eth.src == 02:00:00:00:00:01", "eth.addr == 02-00-00-00-00-02", "eth.dst == 0200.0000.0002",
        "udp.port == 4791", "udp.port == 49152", "udp.dstport == 4791 && udp.srcport > 1024",
        "bth.psn in {0..2, 100..200}", "bth.psn in {3 5 100}", "bth.psn in {3, 5, 100}", "bth.psn in {99..101}",
        "vlan", "vlan.pcp == 3", "vlan.priority == 3", "vlan.id == 100", "bth", "reth", "roce", "udp", "ip", "eth",
        "!ipv6", "!pfc", "!pause", "!aeth", "!tcp", "not tcp", "!immdt", "!cnp", "!malformed",
        "reth.dmalen == 4096", "infiniband.reth.dmalen == 4096", "infiniband.reth.va == 0x1000", "icrc.status == good",
        "icrc.status == \"good\"", "icrc.status != bad", "icrc.status in {good, unchecked}", "frame.len == 1090",
        "frame.number == 7", "frame", "udp.port ~= 4791", "bth.psn any_ne 5",
        "tcp.port != 80 || udp", "udp || tcp && pfc", "!tcp && udp", "!(udp && tcp)", "((bth))",
        "bth.psn == 100 and bth.dqpn == 0x44 or tcp", "bth.psn == 100 || bth.psn == 1",
        "ip.src >= 10.0.0.3/30", "ip.src <= 10.0.0.0/24", "ip.src in {10.0.0.1/24..10.0.0.0/24}",
    })
    void matches(String filter) throws FilterException {
        assertTrue(test(filter), filter);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "bth.psn == 101", "bth.psn != 100", "bth.psn < 100", "bth.psn > 100", "bth.psn in {0..99, 101..200}",
        "ip.src == 10.0.1.0/24", "ip.addr == 10.0.0.3", "ip.addr != 10.0.0.1", "eth.src == 02:00:00:00:00:02",
        "udp.port != 4791", "tcp.port != 80", "tcp.port == 80", "aeth.type == nak", "aeth", "pfc", "tcp",
        "!udp && tcp || pfc", "udp && tcp", "!(udp || tcp)", "!udp", "not udp", "!!tcp", "ipv6.addr == ::1",
        "bth.opcode == \"RC RDMA WRITE Last\"", "icrc.status == bad", "vlan.pcp == 0", "roce.analysis.psn_gap",
        "roce.flow == 1", "udp.port ~= 0 && udp.port == 1",
        "ip.src > 10.0.0.0/24", "ip.src < 10.0.0.3/30", "ip.dst > 10.0.0.3/31",
    })
    void doesNotMatch(String filter) throws FilterException {
        assertFalse(test(filter), filter);
    }

    /** ! binds tighter than &&, which binds tighter than ||: with udp true and tcp false. */
    @Test
    void precedence() throws FilterException {
        assertTrue(test("udp || tcp && tcp"), "a || (b && c)");
        assertFalse(test("(udp || tcp) && tcp"), "the parenthesised reading differs");
        assertFalse(test("!udp && tcp"), "(!a) && b");
        assertTrue(test("!(udp && tcp)"), "the other reading differs");
        assertTrue(test("tcp && tcp || udp"), "(a && b) || c");
        assertEquals("udp || tcp && tcp", DisplayFilter.compile("udp||(tcp&&tcp)").toString());
        assertEquals("(udp || tcp) && tcp", DisplayFilter.compile("(udp or tcp) and tcp").toString());
        assertEquals("!(udp && tcp)", DisplayFilter.compile("not (udp && tcp)").toString());
    }

    @Test
    void printsValuesInTheFieldsForm() throws FilterException {
        assertEquals("bth.dqpn == 0x44 && bth.psn in {1, 3..5} && ip.src == 10.0.0.0/24",
                DisplayFilter.compile("bth.dqpn==68 and bth.psn in {1 3..5} and ip.src==10.0.0.0/24").toString());
        assertEquals("bth.opcode == 0x6", DisplayFilter.compile("bth.opcode == \"RC RDMA WRITE First\"").toString());
    }

    @Test
    void anyOccurrenceOfStackedVlanTagsFromTheDetail() throws FilterException {
        // 802.1ad tag (PCP 3, VID 100) then 802.1Q tag (PCP 5, VID 200), then IPv4/UDP to port 9
        ByteBuffer bytes = ByteBuffer.allocate(14 + 8 + 20 + 8);
        bytes.put(new byte[] {0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1});
        bytes.putShort((short) 0x88a8).putShort((short) (3 << 13 | 100));
        bytes.putShort((short) 0x8100).putShort((short) (5 << 13 | 200));
        bytes.putShort((short) 0x0800);
        bytes.put(new byte[] {0x45, 0, 0, 28, 0, 0, 0, 0, 64, 17, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2});
        bytes.putShort((short) 1000).putShort((short) 9).putShort((short) 8).putShort((short) 0);
        bytes.flip();
        Frame frame = new Frame(1, 0, bytes.limit(), LinkType.ETHERNET, 0, -1, bytes);
        Dissection dissection = new Dissector(new DissectorOptions(java.util.Set.of(4791))).dissect(frame);
        assertEquals(2, dissection.summary().vlanTags);
        for (String filter : List.of("vlan.id == 200", "vlan.id == 100", "vlan.pcp == 5", "vlan.priority == 3",
                "vlan.id in {200}", "vlan.etype == 0x0800", "vlan.etype == 0x8100")) {
            assertTrue(DisplayFilter.compile(filter).matches(dissection, null), filter);
        }
        for (String filter : List.of("vlan.id == 300", "vlan.id != 100", "vlan.pcp > 5")) {
            assertFalse(DisplayFilter.compile(filter).matches(dissection, null), filter);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bth.psn == 10.0.0.1 | 11 | bth.psn is a number: \"10.0.0.1\" is not",
        "bth.psn ==          | 10 | expected a value after '==', found the end of the filter",
        "bth.qp == 1         | 0  | unknown field or protocol \"bth.qp\"; did you mean",
        "(bth.psn == 1       | 13 | expected ')' to close the '(' at column 1, found the end of the filter",
        "bth.psn == 1)       | 12 | ')' has no '(' to close",
        "bth.psn = 1         | 8  | '=' is not an operator: use '==' to compare",
        "bth.psn == 1 & pfc  | 15 | pfc is a protocol RoCE Lens keeps no bytes for",
        "&& bth              | 0  | expected a field name, '!' or '(', found '&&'",
        "bth.psn 5           | 8  | expected an operator",
        "ip.src == 10.0.0.300 | 10 | ip.src is an IPv4 address: \"10.0.0.300\" is not",
        "ip.src == 10.0.0.0/33 | 10 | ip.src is an IPv4 address",
        "eth.src == 10.0.0.1 | 11 | eth.src is a MAC address",
        "pfc == 1            | 4  | pfc is a protocol or mark, tested by its name alone",
        "bth.psn in {1, 2    | 16 | expected '}' to close the set opened at column 12",
        "bth.psn in {}       | 11 | the set is empty",
        "bth.psn in 1        | 11 | expected '{' after 'in'",
        "bth.psn contains \"a\" | 8 | contains needs a text field; bth.psn is a number",
        "malformed.reason matches \"(\" | 25 | not a regular expression",
        "bth.opcode == \"RC WRITE\" | 14 | bth.opcode is a number or one of its value names",
        "bth.ackreq == maybe | 14 | bth.ackreq is a flag",
        "ip.ttl == 256       | 10 | \"256\" is too big for ip.ttl, maximum 255",
        "bth.psn == 0x1000000 | 11 | \"0x1000000\" is too big for bth.psn, maximum 16777215",
        "udp.port in {1..65536} | 16 | \"65536\" is too big for udp.port, maximum 65535",
        "ip.dsfield.ecn == Congestion | 18 | ip.dsfield.ecn is a number or one of its value names",
        "4791 == udp.port    | 0  | expected a field name, found the value \"4791\"",
        "bth.psn == \"1      | 11 | the string has no closing '\"'",
        "bth.psn == 1 ^ 2    | 13 | unexpected character '^'",
        "icrc.status == bda  | 15 | icrc.status is one of good, bad, unchecked: \"bda\" is not",
        "aeth.type in {ack, NAK} | 19 | aeth.type is one of ack, rnr_nak, nak, reserved",
    })
    void errorsSayWhereAndWhat(String filter, int position, String message) {
        FilterException error = assertThrows(FilterException.class, () -> DisplayFilter.compile(filter));
        assertTrue(error.getMessage().startsWith(message), error.getMessage());
        assertEquals(position, error.position(), error.getMessage());
        assertFalse(error.getMessage().contains("\n"));
    }

    @Test
    void suggestsTheClosestNames() {
        assertSuggests("bth.qp == 1", "bth.dqpn");
        assertSuggests("bth.pns == 1", "bth.psn");
        assertSuggests("infiniband.bth.destq == 1", "infiniband.bth.destqp");
        assertSuggests("destqp == 1", "infiniband.bth.destqp");
        assertSuggests("vlan.prio == 1", "vlan.pcp");
    }

    private static void assertSuggests(String filter, String name) {
        FilterException error = assertThrows(FilterException.class, () -> DisplayFilter.compile(filter));
        assertTrue(error.getMessage().contains("did you mean") && error.getMessage().contains(name), error.getMessage());
    }

    @Test
    void refusesTooLongAndTooDeepWithoutOverflowingTheStack() throws FilterException {
        String deep = "(".repeat(5000) + "bth" + ")".repeat(5000);
        FilterException error = assertThrows(FilterException.class, () -> DisplayFilter.compile(deep));
        assertTrue(error.getMessage().contains("characters long"), error.getMessage());
        String nested = "(".repeat(300) + "bth" + ")".repeat(300);
        error = assertThrows(FilterException.class, () -> DisplayFilter.compile(nested));
        assertEquals("the filter nests deeper than 256 levels", error.getMessage());
        assertEquals(256, error.position());
        error = assertThrows(FilterException.class, () -> DisplayFilter.compile("!".repeat(1000) + "bth"));
        assertTrue(error.getMessage().contains("nests deeper"));
        error = assertThrows(FilterException.class,
                () -> DisplayFilter.compile("{".repeat(300) + "bth.psn" + "}".repeat(300) + " == 1"));
        assertTrue(error.getMessage().contains("nests deeper"), error.getMessage());
        error = assertThrows(FilterException.class,
                () -> DisplayFilter.compile("len(".repeat(300) + "eth.src" + ")".repeat(300) + " == 1"));
        assertTrue(error.getMessage().contains("nests deeper"), error.getMessage());
        error = assertThrows(FilterException.class, () -> DisplayFilter.compile("bth.psn" + " + 1".repeat(300) + " > 0"));
        assertTrue(error.getMessage().contains("more than 256 arithmetic operators"), error.getMessage());
        error = assertThrows(FilterException.class, () -> DisplayFilter.compile("bth.psn" + " & 1".repeat(300)));
        assertTrue(error.getMessage().contains("more than 256 arithmetic operators"), error.getMessage());
        assertTrue(test("{".repeat(100) + "bth.psn" + "}".repeat(100) + " == 100"), "100 levels are allowed");
        String allowed = "(".repeat(200) + "bth" + ")".repeat(200);
        assertTrue(test(allowed), "200 levels are allowed");
    }

    /** Terms the summary answers run first, so the detail is made only when they leave the outcome open. */
    @Test
    void theCheapTermsDecideFirst() throws FilterException {
        assertFalse(test("ip.ttl == 64 && bth.dqpn == 0x45"));
        assertFalse(test("(ip.ttl == 64 || reth.rkey == 1) && !udp"));
        assertTrue(test("ip.ttl == 64 || bth.dqpn == 0x44"));
        assertEquals("ip.ttl == 64 && bth.dqpn == 0x45", DisplayFilter.compile("ip.ttl == 64 && bth.dqpn == 0x45")
                .toString(), "printed as written");
    }

    /** A window that cannot read a frame again gives no detail: the detail-only fields are then absent. */
    @Test
    void noDetailMeansNoDetailFields() throws FilterException {
        assertFalse(DisplayFilter.compile("icrc.computed == 64").matches(writeFirst(), null, () -> null));
        assertFalse(DisplayFilter.compile("rdeth || icrc.computed").matches(writeFirst(), null, () -> null));
        assertTrue(DisplayFilter.compile("bth && !icrc.computed").matches(writeFirst(), null, () -> null));
    }

    /**
     * Issue 21 item 16: a pattern that backtracks exponentially (Wireshark's PCRE2 stops it at its match limit) ends at
     * once, on RE2/J's linear-time matching; PCRE-only syntax is refused with what RE2 does not take.
     */
    @Test
    void aRegularExpressionNeverHangs() throws FilterException {
        PacketSummary p = writeFirst();
        p.kinds |= PacketSummary.MALFORMED;
        p.malformedReason = "BTH: opcode 0x1f is reserved, and the frame is too short for its headers";
        DisplayFilter slow = DisplayFilter.compile("malformed.reason matches \"^(.*?){16}Z\"");
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), () -> {
            for (int i = 0; i < 1000; i++) {
                assertFalse(slow.matches(p, null, () -> fail("needed the detail")));
            }
        });
        assertTrue(DisplayFilter.compile("malformed.reason matches \"^(.*?){3}HEADERS$\"")
                .matches(p, null, () -> fail("needed the detail")), "case-insensitive, as Wireshark");
        assertFalse(DisplayFilter.compile("malformed.reason matches \"(?-i)HEADERS\"")
                .matches(p, null, () -> fail("needed the detail")), "(?-i) makes it case-sensitive, as in PCRE2");
        for (String pcreOnly : List.of("(a)\\\\1", "(?=BTH)", "(?<!a)b", "(?>a)", "a*+")) {
            FilterException error = assertThrows(FilterException.class,
                    () -> DisplayFilter.compile("malformed.reason matches \"" + pcreOnly + "\""), pcreOnly);
            assertTrue(error.getMessage().startsWith("not a regular expression")
                    && error.getMessage().contains("RE2 syntax"), error.getMessage());
        }
    }

    /**
     * Issue 21 item 10: Wireshark's infiniband.immdt and infiniband.ieth are byte strings (FT_BYTES): every byte
     * notation tshark takes equals them, a shorter or longer byte string does not, and the shorter orders first.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "infiniband.immdt == 00:00:11:02 | true", "infiniband.immdt == 00-00-11-02 | true",
        "infiniband.immdt == 00.00.11.02 | true", "infiniband.immdt == 0000.1102 | true",
        "infiniband.immdt == 00001102 | true", "infiniband.immdt == 0.0.11.2 | true",
        "infiniband.immdt == \"\\x00\\x00\\x11\\x02\" | true", "infiniband.immdt == 00:11:02 | false",
        "infiniband.immdt == 11:02 | false", "infiniband.immdt == 00:00:00:00:11:02 | false",
        "infiniband.immdt == 0x02 | false", "infiniband.immdt != 00:11:02 | true", "infiniband.immdt != 00:00:11:02 | false",
        "infiniband.immdt > 00:00:11:01 | true", "infiniband.immdt > ff:ff:ff | true",
        "infiniband.immdt < 00:00:00:00:00 | true", "infiniband.immdt >= 00:00:11:03 | false",
        "infiniband.immdt in {00:00:00:00..00:00:ff:ff} | true", "infiniband.immdt in {00:11:02, 00:00:11:03} | false",
        "infiniband.immdt contains 11:02 | true", "infiniband.immdt contains 0x11 | true",
        "infiniband.immdt contains 02:11 | false", "infiniband.immdt matches \"\\\\x11\\\\x02$\" | true",
        "immdt == 0x1102 | true", "immdt == 00:11:02 | true",
    })
    void wiresharkByteFieldsAreByteStrings(String filter, boolean expected) throws FilterException {
        PacketSummary p = writeFirst();
        p.opcode = 0x09;
        p.hasImmediate = true;
        p.immediate = 0x00001102;
        assertEquals(expected, DisplayFilter.compile(filter).matches(p, null, () -> fail("needed the detail")), filter);
    }

    @Test
    void aByteFieldRefusesWhatIsNoByteString() {
        FilterException error = assertThrows(FilterException.class,
                () -> DisplayFilter.compile("infiniband.immdt == 0x0102"));
        assertTrue(error.getMessage().startsWith("infiniband.immdt is a byte string"), error.getMessage());
    }

    /** Issue 21 item 14: Wireshark 4's operators, quantifiers, long value names, flags and MAC forms. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ip.dsfield.ecn == \"Congestion Experienced\" | true", "ip.ecn == \"congestion experienced\" | true",
        "ip.dsfield.ecn == \"Not ECN-Capable Transport\" | false",
        "ip.dsfield.dscp == \"Assured Forwarding 31\" | true", "vlan.priority == \"Excellent Effort\" | true",
        "vlan.priority == \"Background\" | false",
        "bth.psn not in {1..99} | true", "bth.psn !in {0, 5} | true", "bth.psn not in {100} | false",
        "bth.psn === 100 | true", "bth.psn all_eq 100 | true", "udp.port === 4791 | false",
        "udp.port !== 4791 | true", "udp.port any_ne 4791 | true", "udp.port all_ne 4791 | false",
        "all udp.port > 1000 | true", "all udp.port > 5000 | false", "any udp.port == 4791 | true",
        "any udp.port != 4791 | true", "all udp.port != 4791 | false", "all udp.port in {4791, 49152} | true",
        "all udp.port in {4791} | false", "all tcp.port == 1 | false",
        "eth.src == 020000000001 | true", "eth.src == 020000000002 | false",
        "bth.ackreq == 2 | true", "bth.ackreq == True | true", "bth.ackreq == \"Set\" | true",
        "bth.se == \"Not set\" | true", "bth.se == \"set\" | false",
        "infiniband.bth.opcode == \"Reliable Connection (RC) - RDMA WRITE First\" | true",
        "icrc.status == r\"good\" | true", "icrc.status == \"\\147ood\" | true", "icrc.status == \"\\u0067ood\" | true",
        "upper(icrc.status) == r\"GO\\OD\" | false", "icrc.status == \"\\x67ood\" | true",
    })
    void wireshark4Forms(String filter, boolean expected) throws FilterException {
        assertEquals(expected, test(filter), filter);
    }

    /** Issue 21 item 14: the general path (field with field, functions, slices, arithmetic, bitwise and). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "udp.srcport > udp.dstport | true", "ip.src == ip.dst | false", "ip.src != ip.dst | true",
        "frame.caplen == frame.len | true", "frame.cap_len < frame.len | false", "udp.dstport + 1 == 4792 | true",
        "udp.dstport >= udp.srcport + 1 | false", "bth.opcode & 0x06 | true", "bth.opcode & 0x01 | false",
        "bth.opcode & 0x0f == 6 | true", "max(udp.srcport, udp.dstport) == 49152 | true",
        "min(udp.srcport, udp.dstport) == 4791 | true", "abs(udp.dstport - udp.srcport) == 44361 | true",
        "count(ip.src) == 1 | true", "count(vlan.id) == 2 | false", "len(eth.src) == 6 | true",
        "eth.src[0:3] == 02:00:00 | true", "eth.src[5] == 01 | true", "eth.src[-1] == 01 | true",
        "eth.src[1-2] == 00:00 | true", "eth.src[:2] == 02:00 | true", "eth.src[4:] == 00:01 | true",
        "eth.src[0:3] == 02:00:01 | false", "eth.src[4:4] == 00:01 | false", "eth.src[0] & 0x02 | true",
        "eth.src[0,5] == 02:01 | true", "string(bth.psn) == \"100\" | true", "string(bth.psn) matches \"^1\" | true",
        "string(ip.src) == \"10.0.0.1\" | true", "udp.port % 2 == 1 | true", "bth.psn / 3 == 33 | true",
        "bth.psn * 2 == 200 | true", "{bth.psn + 1} * 2 == 202 | true", "bth.psn + 1 * 2 == 102 | true",
        "ip.src == ${ip.dst} | false", "upper(icrc.status) == \"GOOD\" | true",
        "lower(icrc.status) contains \"oo\" | true", "len(icrc.status) == 4 | true", "bth.psn - 100 == 0 | true",
        "all udp.port > udp.dstport - 1 | true", "any udp.port != udp.dstport | true",
        "udp.port in {4791} | true", "count(ip.src) in {1..2} | true", "count(ip.src) not in {1..2} | false",
        "eth.src[0:3] in {02:00:00, 00:00:00} | true", "udp.dstport == udp.srcport - 44361 | true",
        "-udp.srcport < 0 | true", "ip.src[0] == 0a | true", "ip.src[-1] == 01 | true", "ip.dst[2:2] == 00:02 | true",
    })
    void theGeneralPath(String filter, boolean expected) throws FilterException {
        assertEquals(expected, test(filter), filter);
        DisplayFilter again = DisplayFilter.compile(DisplayFilter.compile(filter).toString());
        assertEquals(expected, again.matches(writeFirst(), null, () -> fail("needed the detail")), again.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "upper(bth.psn) == \"X\" | upper() takes text",
        "pfc[0] == 02 | pfc is a protocol RoCE Lens keeps no bytes for: it has no bytes to slice",
        "len(roce.analysis.retransmission) == 1 | roce.analysis.retransmission is a mark: it has no bytes",
        "bth.psn[0] == 01 | only byte strings, addresses and text can be sliced",
        "ip.src == udp.port | ip.src is an IPv4 address and udp.port is a number",
        "len(bth.psn) == 1 | len() takes text, bytes or an address",
        "bth.psn + ip.src == 1 | '+' needs numbers",
        "eth.src[0:x] == 02 | expected a slice",
        "ip.src#0 == 10.0.0.1 | expected a layer number",
    })
    void theGeneralPathSaysWhatItRefuses(String filter, String message) {
        FilterException error = assertThrows(FilterException.class, () -> DisplayFilter.compile(filter));
        assertTrue(error.getMessage().startsWith(message), error.getMessage());
    }

    @Test
    void theEmptyFilterPassesEverything() throws FilterException {
        assertTrue(DisplayFilter.compile("  ").isEmpty());
        assertTrue(test(""));
    }

    @Test
    void saysWhatItReads() throws FilterException {
        DisplayFilter filter = DisplayFilter.compile("ip.addr == 10.0.0.1 && infiniband.bth.psn > 5 || pfc");
        assertEquals(java.util.Set.of("ip.src", "ip.dst", "bth.psn", "pfc"), filter.fields());
        assertTrue(filter.usesOnly(name -> !name.startsWith("reth")));
        assertFalse(filter.usesOnly(name -> !name.equals("bth.psn")));
        assertFalse(filter.needsDetail());
        assertFalse(filter.needsMarks());
        assertTrue(DisplayFilter.compile("icrc.computed == 64").needsDetail());
        assertFalse(DisplayFilter.compile("ip.ttl == 64 || ipv6.hlim == 64").needsDetail(), "the summary keeps both");
        assertTrue(DisplayFilter.compile("infiniband.reth.va == 1").needsDetail(), "atomic.va is only in the detail");
        assertTrue(DisplayFilter.compile("roce.analysis.nak").needsMarks());
    }

    @Test
    void completesNamesWithDescriptionsAliasesIncluded() {
        List<FilterCompletion.Entry> bth = FilterCompletion.complete("bth.p");
        assertEquals(List.of("bth.padcnt", "bth.pkey", "bth.psn"), bth.stream().map(FilterCompletion.Entry::name).toList());
        assertEquals("Packet sequence number", bth.get(2).description());
        List<String> wireshark = FilterCompletion.complete("infiniband.bth.d").stream()
                .map(FilterCompletion.Entry::name).toList();
        assertEquals(List.of("infiniband.bth.destqp"), wireshark);
        assertTrue(FilterCompletion.complete("roce.analysis.").size() >= 15);
        assertTrue(FilterCompletion.complete("IP.A").stream().anyMatch(e -> e.name().equals("ip.addr")));
        assertEquals(9, FilterCompletion.nameStart("bth.psn > 1 && infin", 20) - 6);
    }
}
