package io.rocelens.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code -T ek} against tshark 4.0's own {@code -T ek} of the same frames (src/test/resources/tshark/ek, made by
 * make-ek-expected.sh): the index line and the time are tshark's, every protocol object has as many occurrences as
 * tshark's, and the keys RoCE Lens writes in each, with their values (booleans as JSON booleans, repeated keys and
 * arrays as tshark writes them), come in tshark's order among tshark's keys. Which keys are written at all is
 * TsharkJsonTest's: -T ek holds the same values as -T json.
 */
class TsharkEkTest {

    private static final Path EXPECTED = Path.of("src/test/resources/tshark/ek");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One key and its value, as written (a key may come twice in an object). */
    private record Entry(String key, JsonNode value) {
        @Override
        public String toString() {
            return key + "=" + value;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed", "rxe-rc-atomic-fetchadd", "rxe-ibv-ud-pingpong"})
    void eachFrameIsTsharksLinesOfKeysInTsharksOrder(String name) throws IOException {
        List<String> lines = Files.readAllLines(EXPECTED.resolve(name + ".ek"));
        Map<Long, String[]> theirs = new HashMap<>();
        for (int i = 0; i + 1 < lines.size(); i += 2) {
            long number = MAPPER.readTree(lines.get(i + 1)).path("layers").path("frame")
                    .path("frame_frame_number").asLong();
            theirs.put(number, new String[] {lines.get(i), lines.get(i + 1)});
        }
        Path capture = name.equals("mixed") ? Path.of("../sample-captures/mixed.pcapng")
                : RealCaptures.file(name + ".pcap");
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> differences = new ArrayList<>();
        int frames = 0;
        long compared = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection d = dissector.dissect(frame);
                String[] their = theirs.get(d.number());
                if (their == null) {
                    continue;       // a frame make-ek-expected.sh's -Y left out
                }
                frames++;
                String[] ours = ours(d);
                assertEquals(2, ours.length, "two lines a frame");
                assertEquals(their[0], ours[0], "frame " + d.number() + " index line");
                assertEquals(MAPPER.readTree(their[1]).path("timestamp"), MAPPER.readTree(ours[1]).path("timestamp"),
                        "frame " + d.number() + " timestamp");
                Map<String, List<List<Entry>>> tshark = layers(their[1]);
                for (Map.Entry<String, List<List<Entry>>> protocol : layers(ours[1]).entrySet()) {
                    List<List<Entry>> theirOccurrences = tshark.get(protocol.getKey());
                    if (theirOccurrences == null) {
                        differences.add("frame " + d.number() + ": no " + protocol.getKey() + " in tshark's");
                        continue;
                    }
                    if (theirOccurrences.size() == 1 && theirOccurrences.get(0) == null) {
                        continue;   // tshark 4.0 calls this InfiniBand packet malformed and shows no field of it
                    }
                    if (theirOccurrences.size() != protocol.getValue().size()) {
                        differences.add("frame " + d.number() + " " + protocol.getKey() + ": " + theirOccurrences.size()
                                + " in tshark's, " + protocol.getValue().size() + " in RoCE Lens's");
                        continue;
                    }
                    for (int i = 0; i < theirOccurrences.size(); i++) {
                        List<Entry> mine = protocol.getValue().get(i);
                        compared += mine.size();
                        String missing = firstNotInOrder(mine, theirOccurrences.get(i));
                        if (missing != null) {
                            differences.add("frame " + d.number() + " " + protocol.getKey() + ": " + missing
                                    + " not where tshark has it: " + theirOccurrences.get(i));
                        }
                    }
                }
            }
        }
        assertEquals(theirs.size(), frames, "frames compared");
        assertTrue(compared > 10L * frames, "compared too little: " + compared + " keys");
        assertTrue(differences.isEmpty(), differences.size() + " differences, first ones:\n"
                + String.join("\n", differences.subList(0, Math.min(10, differences.size()))));
    }

    /** The first of {@code mine} that is not found after the one before it in {@code theirs}, or null. */
    private static String firstNotInOrder(List<Entry> mine, List<Entry> theirs) {
        int at = 0;
        for (Entry entry : mine) {
            while (at < theirs.size() && !theirs.get(at).equals(entry)) {
                at++;
            }
            if (at == theirs.size()) {
                return entry.toString();
            }
            at++;
        }
        return null;
    }

    private static String[] ours(Dissection d) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var json = TsharkJson.ekGenerator(out)) {
            TsharkJson.writeEk(d, json);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), "a frame ends its line");
        return text.substring(0, text.length() - 1).split("\n", -1);
    }

    /** The layers of a frame's line, each protocol's occurrences in order (null: not an object), keys kept twice. */
    private static Map<String, List<List<Entry>>> layers(String line) throws IOException {
        Map<String, List<List<Entry>>> layers = new LinkedHashMap<>();
        try (JsonParser parser = MAPPER.getFactory().createParser(line)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken token = parser.nextToken();
                if (!name.equals("layers")) {
                    parser.skipChildren();
                    continue;
                }
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    List<List<Entry>> occurrences = layers.computeIfAbsent(parser.currentName(), p -> new ArrayList<>());
                    token = parser.nextToken();
                    if (token == JsonToken.START_ARRAY) {
                        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                            occurrences.add(token == JsonToken.START_OBJECT ? entries(parser) : null);
                        }
                    } else {
                        occurrences.add(token == JsonToken.START_OBJECT ? entries(parser) : null);
                    }
                }
            }
        }
        return layers;
    }

    private static List<Entry> entries(JsonParser parser) throws IOException {
        List<Entry> entries = new ArrayList<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            parser.nextToken();
            entries.add(new Entry(key, MAPPER.readTree(parser)));
        }
        return entries;
    }
}
