package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.ksy.Aeth;
import io.rocelens.ksy.Bth;
import io.rocelens.ksy.EthernetHeader;
import io.rocelens.ksy.Ipv4Header;
import io.rocelens.ksy.MacControl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * The names the Java side shows come from the .ksy enums, and agree with them value for value: a value is named
 * exactly when its spec enumerates it (and, for opcodes, does not reserve it). The opcode names also agree with
 * tshark's ({@code tshark -G values}, committed by {@code values/make-value-names.sh}), and every EtherType, ECN and
 * MAC Control value the specs name is one tshark names too.
 */
class NamesFromSpecsTest {

    private static final Path VALUES = Path.of("src/test/resources/tshark/values/value-names.tsv");

    @Test
    void opcodesAreNamedAndReservedExactlyAsTheSpecSays() {
        for (int opcode = 0; opcode < 256; opcode++) {
            String id = Bth.Opcode.byId(opcode).name();
            boolean reserved = id.contains("RESERVED");
            boolean vendor = id.startsWith("MANUFACTURER_SPECIFIC");
            assertEquals(reserved, IbOpcodes.isReserved(opcode), id);
            assertEquals(!reserved && !vendor, IbOpcodes.name(opcode) != null, id);
        }
        // IBTA vol. 1 table 38, release 1.5, and Annex A17
        assertEquals("RC RDMA WRITE First", IbOpcodes.name(0x06));
        assertEquals("UD SEND Only with Immediate", IbOpcodes.name(0x65));
        assertEquals("XRC SEND Only", IbOpcodes.name(0xa4));
        assertEquals("RC FLUSH", IbOpcodes.name(0x1c));
        assertEquals("RC ATOMIC WRITE", IbOpcodes.name(0x1d));
        assertEquals("CNP", IbOpcodes.name(0x81));
        assertTrue(IbOpcodes.isReserved(0x15));
        assertTrue(IbOpcodes.isReserved(0xb5));
    }

    /**
     * tshark 4.0 names the same opcodes in long form ("Reliable Connection (RC) - RDMA READ response First"), except
     * three it does not know (FLUSH and ATOMIC WRITE from IBA release 1.5, and CNP 0x81) and two it gets wrong: it
     * names the reserved RC opcode 0x15 "Reserved" and calls 0x80 the CNP, which Annex A17 puts at 0x81.
     */
    @Test
    void opcodeNamesAgreeWithTshark() throws IOException {
        Map<Long, String> theirs = tshark("infiniband.bth.opcode");
        theirs.remove(0x15L);
        assertEquals("CNP", theirs.remove(0x80L));
        List<String> disagreements = new ArrayList<>();
        for (int opcode = 0; opcode < 256; opcode++) {
            String ours = IbOpcodes.name(opcode);
            String their = theirs.get((long) opcode);
            if (opcode == 0x1c || opcode == 0x1d || opcode == 0x81) {
                assertNull(their);
                continue;
            }
            String shortForm = their == null ? null : their.replaceFirst("^.*\\((RC|UC|RD|UD|XRC)\\) - ", "$1 ");
            if (ours == null ? shortForm != null : !ours.equalsIgnoreCase(shortForm)) {
                disagreements.add(String.format("0x%02x: ours %s, tshark %s", opcode, ours, their));
            }
        }
        assertEquals(List.of(), disagreements);
    }

    @Test
    void etherTypeEcnAndMacControlNamesAreTheSpecsOwn() throws IOException {
        sameValues(Fields::etherTypeName, v -> EthernetHeader.EtherTypeEnum.byId(v) != null, 0xffff,
                tshark("eth.type"));
        sameValues(Fields::ecnName, v -> Ipv4Header.EcnEnum.byId(v) != null, 3, tshark("ip.dsfield.ecn"));
        sameValues(Fields::macControlName, v -> MacControl.OpcodeEnum.byId(v) != null, 0xffff, tshark("macc.opcode"));
        assertEquals("CE", Fields.ecnName(3));
        assertEquals("ECT(0)", Fields.ecnName(2));
        assertEquals("PFC", Fields.macControlName(0x0101));
        assertEquals("802.1ad", Fields.etherTypeName(0x88a8));
    }

    @Test
    void aethWordsAreTheSpecsOwn() {
        for (int type = 0; type < 4; type++) {
            assertEquals(Aeth.SyndromeTypeEnum.byId(type).name().toLowerCase(Locale.ROOT), AethText.type(type << 5));
        }
        for (int code = 0; code < 32; code++) {
            assertEquals(Aeth.NakCodeEnum.byId(code) != null, !AethText.nakName(code).startsWith("reserved"));
            assertNotNull(Aeth.RnrTimerEnum.byId(code));
        }
        // IBTA vol. 1 §9.3.5 and table 45
        assertEquals("NAK: PSN sequence error", AethText.describe(0x60));
        assertEquals("NAK: remote access error", AethText.describe(0x62));
        assertEquals("RNR NAK: timer 14 (1.28 ms)", AethText.describe(0x2e));
        assertEquals("RNR NAK: timer 0 (655.36 ms)", AethText.describe(0x20));
        assertEquals("RNR NAK: timer 31 (491.52 ms)", AethText.describe(0x3f));
    }

    private static void sameValues(LongFunction<String> names, LongPredicate inSpec, int max, Map<Long, String> tshark) {
        for (long value = 0; value <= max; value++) {
            assertEquals(inSpec.test(value), names.apply(value) != null, "value 0x" + Long.toHexString(value));
            if (inSpec.test(value)) {
                assertTrue(tshark.containsKey(value), "tshark does not know value 0x" + Long.toHexString(value));
            }
        }
    }

    private static Map<Long, String> tshark(String field) throws IOException {
        Map<Long, String> names = new TreeMap<>();
        for (String line : Files.readAllLines(VALUES)) {
            String[] columns = line.split("\t");
            if (columns[0].equals(field)) {
                names.put(Long.decode(columns[1]), columns[2]);
            }
        }
        assertTrue(!names.isEmpty(), field);
        return names;
    }
}
