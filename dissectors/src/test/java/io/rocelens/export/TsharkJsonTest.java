package io.rocelens.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code -T json} against tshark 4.0's own {@code -T json --no-duplicate-keys} of the same frames
 * (src/test/resources/tshark/json, made by make-json-expected.sh): every key path RoCE Lens writes exists in
 * tshark's JSON with the same values, and every key of tshark's frame, eth, vlan, ip, ipv6, udp and infiniband
 * objects whose field RoCE Lens prints with {@code -T fields} for that frame is written, at the same path.
 */
class TsharkJsonTest {

    private static final Path EXPECTED = Path.of("src/test/resources/tshark/json");
    private static final Set<String> COVERED = Set.of("frame", "eth", "vlan", "ip", "ipv6", "udp", "infiniband");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"mixed", "rxe-rc-atomic-fetchadd", "rxe-ibv-ud-pingpong"})
    void everyKeyWrittenIsTsharksAndEveryKnownFieldOfTsharksIsWritten(String name) throws IOException {
        JsonNode expected = MAPPER.readTree(EXPECTED.resolve(name + ".json").toFile());
        Map<Long, JsonNode> theirs = new HashMap<>();
        for (JsonNode packet : expected) {
            JsonNode layers = packet.path("_source").path("layers");
            theirs.put(layers.path("frame").path("frame.number").asLong(), packet);
        }
        Path capture = name.equals("mixed") ? Path.of("../sample-captures/mixed.pcapng")
                : RealCaptures.file(name + ".pcap");
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> differences = new ArrayList<>();
        int frames = 0;
        long paths = 0;
        long required = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection d = dissector.dissect(frame);
                JsonNode their = theirs.get(d.number());
                if (their == null) {
                    continue;       // a frame make-json-expected.sh's -Y left out
                }
                frames++;
                JsonNode ours = ours(d);
                for (String top : List.of("_index", "_type", "_score")) {
                    if (!ours.path(top).equals(their.path(top))) {
                        differences.add("frame " + d.number() + " " + top + ": tshark " + their.path(top)
                                + ", RoCE Lens " + ours.path(top));
                    }
                }
                Map<String, List<String>> mine = leaves(ours.path("_source").path("layers"));
                JsonNode theirLayers = their.path("_source").path("layers");
                boolean malformedIb = theirLayers.has("infiniband") && !theirLayers.get("infiniband").isObject();
                Map<String, List<String>> tshark = leaves(theirLayers);
                for (Map.Entry<String, List<String>> leaf : mine.entrySet()) {
                    if (malformedIb && leaf.getKey().startsWith("infiniband/")) {
                        continue;   // tshark 4.0 calls this InfiniBand packet malformed and shows no field of it
                    }
                    paths++;
                    if (!leaf.getValue().equals(tshark.get(leaf.getKey()))) {
                        differences.add("frame " + d.number() + " " + leaf.getKey() + ": tshark "
                                + tshark.get(leaf.getKey()) + ", RoCE Lens " + leaf.getValue());
                    }
                }
                for (String path : tshark.keySet()) {
                    String protocol = path.substring(0, path.indexOf('/') < 0 ? path.length() : path.indexOf('/'));
                    String field = path.substring(path.lastIndexOf('/') + 1);
                    if (!COVERED.contains(protocol)
                            || TsharkFields.values(d, field).isEmpty()) {
                        continue;
                    }
                    required++;
                    if (!mine.containsKey(path)) {
                        differences.add("frame " + d.number() + " " + path + " not written (tshark "
                                + tshark.get(path) + ")");
                    }
                }
            }
        }
        assertEquals(theirs.size(), frames, "frames compared");
        assertTrue(paths > 0 && required > 0, "compared nothing");
        assertTrue(differences.isEmpty(), differences.size() + " differences (" + paths + " paths written, "
                + required + " required), first ones:\n"
                + String.join("\n", differences.subList(0, Math.min(30, differences.size()))));
    }

    private static JsonNode ours(Dissection d) throws IOException {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = MAPPER.getFactory().createGenerator(text)) {
            TsharkJson.write(d, json);
        }
        return MAPPER.readTree(text.toString());
    }

    /** Every string value by its key path (protocol/key/key_tree/...): an array's strings in order at one path. */
    private static Map<String, List<String>> leaves(JsonNode layers) {
        Map<String, List<String>> leaves = new LinkedHashMap<>();
        collect(layers, "", leaves);
        return leaves;
    }

    private static void collect(JsonNode node, String path, Map<String, List<String>> leaves) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                collect(field.getValue(), path.isEmpty() ? field.getKey() : path + "/" + field.getKey(), leaves);
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                collect(element, path, leaves);
            }
        } else {
            leaves.computeIfAbsent(path, p -> new ArrayList<>()).add(node.asText());
        }
    }
}
