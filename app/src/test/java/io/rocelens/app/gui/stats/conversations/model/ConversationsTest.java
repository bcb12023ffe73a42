package io.rocelens.app.gui.stats.conversations.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.stats.Samples;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** QP conversations against the generator's truth: its per-QP rows and its pairing (src_qp). */
class ConversationsTest {

    @TempDir
    Path folder;

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void everyTruthFlowIsInOneConversationPairedAsTheTruthSays(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        JsonNode truth = Samples.truth(capture);
        List<Conversation> conversations = Conversations.of(Samples.load(capture).analysis());

        Map<String, JsonNode> truthFlows = new HashMap<>();
        for (JsonNode qp : truth.get("qps")) {
            truthFlows.put(qp.get("src_ip").asText() + ">" + qp.get("dst_ip").asText() + " " + qp.get("dst_qp").asText(), qp);
        }
        List<String> seen = new ArrayList<>();
        long packets = 0;
        for (Conversation c : conversations) {
            for (FlowStats flow : c.flows()) {
                String key = flow.srcIp() + ">" + flow.dstIp() + " " + Formats.qp(flow.dstQp());
                JsonNode row = truthFlows.get(key);
                assertNotNull(row, key + " is not in the truth");
                assertEquals(row.get("packets").asLong(), flow.packets(), key);
                assertEquals(row.get("bytes").asLong(), flow.bytes(), key);
                seen.add(key);
            }
            packets += c.packets();
            assertEquals(c.packetsAtoB() + c.packetsBtoA(), c.packets());
            if (c.reverse() != null) {
                // the truth's src_qp of A → B is the QP B → A is sent to
                String forwardSrcQp = truthFlows.get(c.addressA() + ">" + c.addressB() + " " + Formats.qp(c.qpB()))
                        .get("src_qp").asText();
                String reverseSrcQp = truthFlows.get(c.addressB() + ">" + c.addressA() + " " + Formats.qp(c.qpA()))
                        .get("src_qp").asText();
                assertTrue(forwardSrcQp.equals(Formats.qp(c.qpA())) || reverseSrcQp.equals(Formats.qp(c.qpB())),
                        c.displayFilter());
            }
        }
        assertEquals(truthFlows.size(), seen.size(), "each flow in exactly one conversation");
        assertEquals(truthFlows.keySet(), new java.util.HashSet<>(seen));
        assertEquals(truth.get("roce_packets").asLong(), packets);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap"})
    void theCsvOfAllConversationsHoldsTheCommandLinesRows(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        Path cliCsv = folder.resolve("qps.csv");
        Samples.cli("analyze", "--qp-csv", cliCsv.toString(), capture.toString());
        List<String> cli = new ArrayList<>(List.of(Files.readString(cliCsv).split("\r\n")));
        List<String> ours = new ArrayList<>(List.of(
                Conversations.csv(Conversations.of(Samples.load(capture).analysis())).split("\r\n")));
        assertEquals(cli.get(0), ours.get(0), "the header");
        cli.sort(null);
        ours.sort(null);
        assertEquals(cli, ours);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void followQpsFilterPassesExactlyTheConversationsPackets(String name) throws IOException, FilterException {
        Samples.Loaded loaded = Samples.load(Samples.FOLDER.resolve(name));
        PacketSummary summary = new PacketSummary();
        for (Conversation c : Conversations.of(loaded.analysis())) {
            DisplayFilter filter = DisplayFilter.compile(c.displayFilter());
            long passed = 0;
            for (int row = 0; row < loaded.index().size(); row++) {
                loaded.index().fill(row, summary);
                if (filter.matches(summary, null, () -> {
                    throw new AssertionError("the filter needs only indexed fields");
                })) {
                    passed++;
                }
            }
            assertEquals(c.packets(), passed, c.displayFilter());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng"})
    void theTextBoxMatchesAddressesAndQps(String name) throws IOException {
        List<Conversation> conversations = Conversations.of(Samples.load(Samples.FOLDER.resolve(name)).analysis());
        // the truth: 10.0.0.1 QP 0x000011 and 10.0.0.2 QP 0x000022 talk to each other
        List<Conversation> qp22 = conversations.stream().filter(c -> c.matches("0X000022")).toList();
        assertEquals(1, qp22.size());
        assertEquals("0x000011", Conversation.qpText(qp22.get(0).qpA()));
        assertEquals("(ip.src == 10.0.0.1 && ip.dst == 10.0.0.2 && bth.dqpn == 0x000022) || "
                + "(ip.src == 10.0.0.2 && ip.dst == 10.0.0.1 && bth.dqpn == 0x000011)", qp22.get(0).displayFilter());
        assertEquals(conversations.size(), conversations.stream().filter(c -> c.matches(" ")).count());
    }

    @org.junit.jupiter.api.Test
    void conversationsAreNamedByTheirCmService() throws IOException {
        // tshark: both REQs of this capture carry Service ID 0x0000000001064853, rdma_cm's TCP port space (0x06),
        // dport 0x4853 = 18515; the REQ/REP pairs name QPs 0x3d/0x3b and 0x3e/0x3c
        List<Conversation> conversations = Conversations.of(Samples.load(
                io.rocelens.capture.RealCaptures.file("rxe-rdmacm-two-connections-small-sends.pcap")).analysis());
        Map<String, String> named = new HashMap<>();
        for (Conversation c : conversations) {
            // both sides of the first connection send requests: which one is A does not matter here
            String a = Conversation.qpText(c.qpA());
            String b = Conversation.qpText(c.qpB());
            named.put(a.compareTo(b) <= 0 ? a + "-" + b : b + "-" + a, c.connectionText());
        }
        assertEquals(Map.of("0x000001-0x000001", "", "0x00003b-0x00003d", "rdma_cm 18515",
                "0x00003c-0x00003e", "rdma_cm 18515"), named);
        assertEquals(2, conversations.stream().filter(c -> c.matches("rdma_cm 18515")).count());
    }
}
