package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parses every RoCEv2 frame of some real captures with the specs, layer by layer on one frame stream as the
 * dissector does, and compares each BTH and extended-header field with what tshark decoded
 * (src/test/resources/tshark/*.csv, which also records the tshark command).
 */
class RealCapturesAgainstTsharkTest {
    private static final Path CAPTURES =
            Path.of(System.getProperty("user.dir")).resolve("../../shared/real-captures").normalize();
    private static final int ROCE_V2_PORT = 4791;

    /** The layers of one RoCEv2 frame; the IP layer is kept only for its ECN/DSCP. */
    private record Roce(int frame, long dscp, long ecn, Bth bth, IbExtendedHeaders ext) {
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "rxe-rc-atomic-fetchadd",
        "rxe-rc-rdma-read-multi-packet-response",
        "rxe-ibv-ud-pingpong",
        "rxe-ibv-uc-pingpong",
        "rxe-rping-cm-ud-read-write",
        "rxe-nccl-ring-allreduce-node0",
        "huawei-hiroce-rc-send-with-imm-ect0-lowsrcport",
    })
    void fieldsMatchTshark(String capture) throws IOException {
        Path pcap = CAPTURES.resolve(capture + ".pcap");
        // skipped without the real captures, except on CI, where a skip would hide that nothing was checked
        Assertions.assertFalse("true".equals(System.getenv("CI")) && !Files.isDirectory(CAPTURES),
                "CI=true but the real captures are missing: " + CAPTURES);
        Assumptions.assumeTrue(Files.isDirectory(CAPTURES), "real captures not present at " + CAPTURES);

        List<Roce> parsed = parseRoce(pcap);
        List<String[]> expected = expectedRows(capture);

        assertEquals(expected.stream().map(r -> Integer.parseInt(r[0])).toList(),
                parsed.stream().map(Roce::frame).toList(), "frames with UDP destination port 4791");
        for (int i = 0; i < expected.size(); i++) {
            check(expected.get(i), parsed.get(i));
        }
    }

    private static void check(String[] row, Roce roce) {
        String at = "frame " + row[0] + " ";
        Bth bth = roce.bth();
        IbExtendedHeaders ext = roce.ext();
        assertEquals(num(row[1]), bth.opcode().id(), at + "opcode");
        assertEquals(row[2].equals("1"), bth.se(), at + "se");
        assertEquals(row[3].equals("1"), bth.migreq(), at + "migreq");
        assertEquals(num(row[4]), bth.padCount(), at + "pad_count");
        assertEquals(num(row[5]), bth.tver(), at + "tver");
        assertEquals(num(row[6]), bth.pkey(), at + "pkey");
        assertEquals(num(row[7]), bth.destQp(), at + "dest_qp");
        assertEquals(row[8].equals("1"), bth.ackReq(), at + "ack_req");
        assertEquals(num(row[9]), bth.psn(), at + "psn");
        assertEquals(num(row[10]), roce.dscp(), at + "dscp");
        assertEquals(num(row[11]), roce.ecn(), at + "ecn");

        Long va = ext.reth() != null ? Long.valueOf(ext.reth().va())
                : ext.atomicEth() != null ? Long.valueOf(ext.atomicEth().va()) : null;
        Long rkey = ext.reth() != null ? Long.valueOf(ext.reth().rkey())
                : ext.atomicEth() != null ? Long.valueOf(ext.atomicEth().rkey()) : null;
        optional(row[12], va, at + "va");
        optional(row[13], rkey, at + "rkey");
        optional(row[14], ext.reth(), Reth::dmaLength, at + "dma_length");
        optional(row[15], ext.aeth(), a -> (long) a.syndrome(), at + "aeth syndrome");
        optional(row[16], ext.aeth(), Aeth::msn, at + "msn");
        optional(row[17], ext.deth(), Deth::qkey, at + "qkey");
        optional(row[18], ext.deth(), Deth::srcQp, at + "src_qp");
        String immDt = row[19].isEmpty() ? "" : "0x" + row[19].split("\\|")[0];
        optional(immDt, ext.immDt(), Immdt::data, at + "imm_dt");
        optional(row[20], ext.atomicEth(), AtomicEth::swapAddData, at + "swap_add_data");
        optional(row[21], ext.atomicEth(), AtomicEth::compareData, at + "compare_data");
        optional(row[22], ext.atomicAckEth(), AtomicAckEth::origRemoteData, at + "orig_remote_data");
    }

    private static <T> void optional(String expected, T header, Function<T, Long> field, String what) {
        optional(expected, header == null ? null : field.apply(header), what);
    }

    private static void optional(String expected, Long actual, String what) {
        if (expected.isEmpty()) {
            assertNull(actual, what + " absent");
        } else {
            assertNotNull(actual, what + " present");
            assertEquals(num(expected), actual.longValue(), what);
        }
    }

    /** tshark prints decimal numbers, and 0x-prefixed hex for some fields; both may exceed Long.MAX_VALUE. */
    private static long num(String s) {
        return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseUnsignedLong(s);
    }

    private static List<String[]> expectedRows(String capture) throws IOException {
        try (InputStream in = RealCapturesAgainstTsharkTest.class.getResourceAsStream("/tshark/" + capture + ".csv")) {
            assertNotNull(in, "expected values for " + capture);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.startsWith("#") && !l.isBlank())
                    .map(l -> l.split(";", -1))
                    .toList();
        }
    }

    /** Reads a classic pcap of Ethernet frames and keeps the RoCEv2 ones. */
    private static List<Roce> parseRoce(Path pcap) {
        ByteBuffer file;
        try {
            file = ByteBuffer.wrap(Files.readAllBytes(pcap));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int magic = file.getInt(0);
        file.order(magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        assertEquals(1, file.getInt(20), "link type Ethernet");
        List<Roce> out = new ArrayList<>();
        int offset = 24;
        for (int frame = 1; offset + 16 <= file.limit(); frame++) {
            int inclLen = file.getInt(offset + 8);
            byte[] data = new byte[inclLen];
            file.get(offset + 16, data);
            offset += 16 + inclLen;
            Roce roce = parseFrame(frame, data);
            if (roce != null) {
                out.add(roce);
            }
        }
        return out;
    }

    private static Roce parseFrame(int frame, byte[] data) {
        ByteBufferKaitaiStream io = new ByteBufferKaitaiStream(data);
        EthernetHeader eth = new EthernetHeader(io);
        long dscp;
        long ecn;
        if (eth.etherType() == 0x0800) {
            Ipv4Header ip = new Ipv4Header(io);
            if (ip.protocol() != 17) {
                return null;
            }
            io.seek(eth.lenHeader() + ip.lenHeader());
            dscp = ip.dscp();
            ecn = ip.ecn().id();
        } else if (eth.etherType() == 0x86dd) {
            Ipv6Header ip = new Ipv6Header(io);
            if (ip.nextHeader() != 17) {
                return null;
            }
            dscp = ip.dscp();
            ecn = ip.ecn();
        } else {
            return null;
        }
        UdpHeader udp = new UdpHeader(io);
        if (udp.dstPort() != ROCE_V2_PORT) {
            return null;
        }
        Bth bth = new Bth(io);
        return new Roce(frame, dscp, ecn, bth, new IbExtendedHeaders(io, (int) bth.opcode().id()));
    }
}
