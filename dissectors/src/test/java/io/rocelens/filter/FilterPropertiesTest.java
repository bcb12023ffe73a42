package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random filters, printed and compiled again, print the same and select the same frames of the mixed sample
 * capture; random text only ever compiles or throws {@link FilterException}, and what compiles evaluates without
 * throwing.
 */
class FilterPropertiesTest {

    private static final List<Dissection> FRAMES = load();

    private static List<Dissection> load() {
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<Dissection> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/mixed.pcapng"))) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                frames.add(dissector.dissect(frame));
            }
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
        return frames;
    }

    @Property(tries = 400)
    void printedFiltersKeepTheirMeaning(@ForAll("filters") String text) throws FilterException {
        DisplayFilter filter = DisplayFilter.compile(text);
        String printed = filter.toString();
        DisplayFilter again = DisplayFilter.compile(printed);
        assertEquals(printed, again.toString(), text);
        for (Dissection frame : FRAMES) {
            assertEquals(filter.matches(frame, null), again.matches(frame, null), text + " on frame " + frame.number());
        }
    }

    @Property(tries = 3000)
    void randomTextCompilesOrSaysWhy(@ForAll("noise") String text) {
        try {
            DisplayFilter filter = DisplayFilter.compile(text);
            for (Dissection frame : FRAMES.subList(0, 40)) {
                filter.matches(frame, null);
            }
        } catch (FilterException expected) {
            // the one failure allowed
        }
    }

    @Provide
    Arbitrary<String> filters() {
        return Arbitraries.recursive(this::test, this::combined, 4);
    }

    private Arbitrary<String> combined(Arbitrary<String> inner) {
        return Arbitraries.oneOf(
                inner.list().ofMinSize(2).ofMaxSize(3).map(terms -> String.join(" && ", terms)),
                inner.list().ofMinSize(2).ofMaxSize(3).map(terms -> String.join(" or ", terms)),
                inner.map(term -> "!(" + term + ")"),
                inner.map(term -> "not " + term),
                inner.map(term -> "(" + term + ")"));
    }

    private Arbitrary<String> test() {
        Arbitrary<String> op = Arbitraries.of("==", "!=", "<", "<=", ">", ">=", "eq", "ne", "~=", "gt", "le", "===",
                "!==", "all_eq", "any_eq", "all_ne");
        // every field below holds at least 0..255 (Wireshark refuses a literal its field cannot hold)
        Arbitrary<String> number = Arbitraries.integers().between(0, 255)
                .flatMap(n -> Arbitraries.of(Integer.toString(n), "0x" + Integer.toHexString(n)));
        Arbitrary<String> numberField = Arbitraries.of("bth.psn", "bth.dqpn", "infiniband.bth.opcode", "udp.port",
                "ip.dsfield.ecn", "vlan.priority", "frame.len", "aeth.syndrome", "infiniband.reth.dmalen", "ip.ttl",
                "pfc.time3", "macc.cbfc.pause_time.c5", "tcp.port", "frame.number");
        Arbitrary<String> quantifier = Arbitraries.of("", "", "any ", "all ");
        Arbitrary<String> comparison = quantifier.flatMap(q -> numberField.flatMap(field -> op.flatMap(
                o -> number.map(n -> q + field + " " + o + " " + n))));
        Arbitrary<String> in = Arbitraries.of(" in ", " in ", " not in ", " !in ");
        Arbitrary<String> set = in.flatMap(i -> numberField.flatMap(field -> number.list().ofMinSize(1).ofMaxSize(4)
                .map(values -> field + i + "{" + String.join(", ", values) + "}")));
        Arbitrary<String> range = numberField.flatMap(field -> Arbitraries.integers().between(0, 200)
                .flatMap(low -> Arbitraries.integers().between(low, 255).map(high -> field + " in {" + low + ".." + high + "}")));
        Arbitrary<String> address = Arbitraries.of("ip.addr == 10.0.0.2", "ip.src == 10.0.0.0/30", "ip.dst != 10.0.0.4",
                "ipv6.addr == fd00::/8", "eth.addr == 02:00:00:00:00:01", "ip.addr in {10.0.0.1, 10.0.0.3}");
        Arbitrary<String> named = Arbitraries.of("aeth.type == nak", "icrc.status == bad", "icrc.status != good",
                "bth.opcode == \"RC RDMA WRITE First\"", "ip.ecn == CE", "malformed.reason contains \"BTH\"",
                "aeth.type in {ack, rnr_nak}", "ip.dsfield.ecn == \"Congestion Experienced\"",
                "all ip.addr in {10.0.0.0/24}", "infiniband.immdt == 00:00:00:01", "infiniband.immdt > 00:00:01",
                "eth.src == 020000000001");
        Arbitrary<String> presence = Arbitraries.of("bth", "reth", "aeth", "pfc", "vlan", "ipv6", "immdt", "cnp", "udp",
                "infiniband", "macc", "deth", "tcp", "arp", "malformed", "bth.ackreq", "infiniband.bth.a");
        return Arbitraries.oneOf(comparison, set, range, address, named, presence);
    }

    @Provide
    Arbitrary<String> noise() {
        Arbitrary<String> pieces = Arbitraries.of("bth", ".", "psn", "==", "!=", "&&", "||", "!", "(", ")", "{", "}",
                "..", ",", "in", "\"", "\\", "0x", "1", "255", ":", "/", "10.0.0.1", "ip.addr", "udp.port", " ", "  ",
                "<", ">", "=", "&", "|", "contains", "matches", "[", "*", "-", "ff", "infiniband.bth.psn", "not", "and",
                "\u00e9", "\t", "ipv6.addr", "::", "roce.analysis.nak", "aeth.type", "nak", "true",
                // Wireshark 4's general forms
                "#", "${", "+", "%", "~", "===", "!==", "all ", "any ", "len(", "count(", "max(", "upper(", "string(",
                "eth.src", "[0:3]", "[-1]", "r\"", "\\1", "infiniband.immdt", "00:00:00:01", "frame", "-", " - ");
        return Arbitraries.oneOf(
                pieces.list().ofMaxSize(12).map(list -> String.join("", list)),
                Arbitraries.strings().ofMaxLength(40));
    }
}
