package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code decode --json} on the sample capture that holds every opcode of docs/roce-notes.md prints every field the
 * foundation issue names. Their values are checked against tshark by TsharkAgreementTest (dissectors), and the
 * CNP, which tshark cannot decode, by CnpDissectionTest.
 */
class DecodeEveryFieldTest {

    private static final List<String> CONTRACT = List.of("frame.len", "frame.caplen", "eth.dst", "eth.src", "eth.type",
            "vlan.pcp", "vlan.dei", "vlan.id", "ip.src", "ip.dst", "ip.dscp", "ip.ecn", "ip.ttl", "ip.proto", "ipv6.src",
            "ipv6.dst", "ipv6.dscp", "ipv6.ecn", "ipv6.flow", "udp.srcport", "udp.dstport", "udp.length", "bth.opcode",
            "bth.se", "bth.m", "bth.padcnt", "bth.tver", "bth.pkey", "bth.fecn", "bth.becn", "bth.dqpn", "bth.ackreq",
            "bth.psn", "reth.va", "reth.rkey", "reth.dmalen", "aeth.syndrome", "aeth.type", "aeth.code", "aeth.msn",
            "immdt", "ieth.rkey", "deth.qkey", "deth.srcqp", "atomic.va", "atomic.rkey", "atomic.swap", "atomic.compare",
            "atomicack.orig", "grh.sgid", "grh.dgid", "icrc", "icrc.status", "pause.quanta", "pfc.cev", "pfc.time0",
            "pfc.time1", "pfc.time2", "pfc.time3", "pfc.time4", "pfc.time5", "pfc.time6", "pfc.time7",
            "malformed.reason");

    @Test
    void everyContractFieldAppears() throws IOException {
        CommandRunner run = CommandRunner.run("decode", "--json", "../sample-captures/mixed.pcapng");
        assertEquals(0, run.status(), run.err());
        JsonNode frames = new ObjectMapper().readTree(run.out());
        Set<String> seen = new TreeSet<>();
        Set<Integer> opcodes = new TreeSet<>();
        for (JsonNode frame : frames) {
            frame.fieldNames().forEachRemaining(seen::add);
            for (JsonNode layer : frame.get("layers")) {
                for (Iterator<String> names = layer.get("fields").fieldNames(); names.hasNext(); ) {
                    String name = names.next();
                    seen.add(name);
                    if (name.equals("bth.opcode")) {
                        opcodes.add(layer.get("fields").get(name).asInt());
                    }
                }
            }
        }
        for (String field : CONTRACT) {
            assertTrue(seen.contains(field), field + " never printed");
        }
        // docs/roce-notes.md's table: RC 0x00-0x14, 0x16, 0x17; UD 0x64, 0x65; CNP 0x81
        for (int opcode = 0; opcode <= 0x17; opcode++) {
            if (opcode != 0x15) {
                assertTrue(opcodes.contains(opcode), String.format("opcode 0x%02x missing", opcode));
            }
        }
        assertTrue(opcodes.containsAll(List.of(0x64, 0x65, 0x81)), opcodes.toString());
    }

    /** The mirrored sample prints its outer headers with their positions, and the inner frame after them. */
    @Test
    void mirroredFramesPrintTheOuterHeadersAndTheInnerFrame() throws IOException {
        CommandRunner run = CommandRunner.run("decode", "--json", "--positions", "../sample-captures/mixed-erspan3.pcapng");
        assertEquals(0, run.status(), run.err());
        JsonNode frames = new ObjectMapper().readTree(run.out());
        List<String> expected = List.of("gre.flags_and_version", "gre.flags.sequence_number", "gre.proto",
                "gre.sequence_number", "erspan.version", "erspan.vlan", "erspan.cos", "erspan.bso", "erspan.truncated",
                "erspan.spanid", "erspan.timestamp", "erspan.sgt", "erspan.p", "erspan.ft", "erspan.hw",
                "erspan.direction", "erspan.gra", "erspan.o", "erspan.platid", "erspan.pid3.port_index",
                "erspan.pid3.timestamp", "roce.encap");
        assertEquals(401, frames.size());
        for (JsonNode frame : frames) {
            List<String> layers = new java.util.ArrayList<>();
            Set<String> printed = new TreeSet<>();
            for (JsonNode layer : frame.get("layers")) {
                layers.add(layer.get("layer").asText());
                layer.get("positions").fieldNames().forEachRemaining(printed::add);
            }
            assertEquals(List.of("eth", "ip", "gre", "erspan", "eth"), layers.subList(0, 5),
                    "frame " + frame.get("number"));
            assertTrue(printed.containsAll(expected), "frame " + frame.get("number") + ": " + printed);
        }
    }
}
