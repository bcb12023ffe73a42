package io.rocelens.export;

import com.fasterxml.jackson.core.JsonGenerator;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Layer;
import io.rocelens.filter.PayloadFields;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Frames as {@code tshark -T json --no-duplicate-keys} writes them (tshark 4.0), for the layers RoCE Lens shapes as
 * tshark does: frame, eth, vlan, ip, ipv6, udp and infiniband (GRH, BTH, DETH, RETH, AtomicETH, AETH, AtomicAckETH,
 * ImmDt, IETH, ICRC). Each frame is {@code {"_index": "packets-YYYY-MM-DD", "_type": "doc", "_score": null,
 * "_source": {"layers": {...}}}}; each field {@code "name": "value"} with the value as {@link TsharkFields} prints it
 * (byte strings colon-separated, as -T json shows them); a field's subtree {@code "name_tree": {...}}; a key twice
 * in one object (two IP layers of a tunnelled frame) a JSON array, as tshark's {@code --no-duplicate-keys} makes it.
 * Header items whose value is the header's bytes (infiniband.bth, infiniband.aeth, ...) carry those bytes.
 * Other layers (ARP, PFC, LLDP, TCP, tunnels, CM) are left out.
 */
public final class TsharkJson {

    /** A key of tshark's tree: a field, with the keys of its {@code _tree}; {@code headerBytes}: its value is the layer's bytes. */
    private record Key(String name, String copyOf, boolean headerBytes, List<Key> children) {
    }

    /**
     * Where each RoCE Lens layer's fields sit in tshark's tree, in tshark's order, by Wireshark name (a name
     * followed by {@code {...}} has those keys in its {@code _tree}; {@code #}: the value is the header's bytes;
     * {@code a=b}: key a repeats a value of field b, its next occurrence not yet written, else the one last written:
     * tshark's ip.addr beside ip.src and ip.dst, eth.dst.lg beside eth.lg).
     * Read from tshark 4.0's -T json of the committed expectations (src/test/resources/tshark/json).
     */
    private static final Map<String, String> LAYOUT = Map.ofEntries(
            Map.entry("eth", "eth.dst{eth.addr=eth.dst eth.dst.lg=eth.lg eth.lg eth.dst.ig=eth.ig eth.ig}"
                    + " eth.src{eth.addr=eth.src eth.src.lg=eth.lg eth.lg eth.src.ig=eth.ig eth.ig} eth.type"),
            Map.entry("vlan", "vlan.priority vlan.dei vlan.id vlan.etype"),
            Map.entry("ip", "ip.version ip.hdr_len ip.dsfield{ip.dsfield.dscp ip.dsfield.ecn} ip.len ip.id"
                    + " ip.flags{ip.flags.rb ip.flags.df ip.flags.mf} ip.frag_offset ip.ttl ip.proto ip.checksum"
                    + " ip.checksum.status ip.src ip.addr=ip.src ip.src_host=ip.src ip.host=ip.src"
                    + " ip.dst ip.addr=ip.dst ip.dst_host=ip.dst ip.host=ip.dst"),
            Map.entry("ipv6", "ipv6.version ip.version ipv6.tclass{ipv6.tclass.dscp ipv6.tclass.ecn} ipv6.flow"
                    + " ipv6.plen ipv6.nxt ipv6.hlim ipv6.src ipv6.addr=ipv6.src ipv6.src_host=ipv6.src"
                    + " ipv6.host=ipv6.src ipv6.dst ipv6.addr=ipv6.dst ipv6.dst_host=ipv6.dst ipv6.host=ipv6.dst"),
            // udp.checksum.status: in the checksum's tree when there is no checksum (status 3), else beside it
            Map.entry("udp", "udp.srcport udp.dstport udp.port=udp.srcport udp.port=udp.dstport udp.length"
                    + " udp.checksum{udp.checksum.status}"),
            Map.entry("grh", "#infiniband.grh{infiniband.grh.ipver infiniband.grh.tclass infiniband.grh.flowlabel"
                    + " infiniband.grh.paylen infiniband.grh.nxthdr infiniband.grh.hoplmt infiniband.grh.sgid"
                    + " infiniband.grh.dgid}"),
            Map.entry("bth", "#infiniband.bth{infiniband.bth.opcode infiniband.bth.se infiniband.bth.m"
                    + " infiniband.bth.padcnt infiniband.bth.tver infiniband.bth.p_key infiniband.bth.destqp"
                    + " infiniband.bth.a infiniband.bth.psn}"),
            Map.entry("deth", "#infiniband.deth{infiniband.deth.q_key infiniband.deth.srcqp}"),
            Map.entry("reth", "#infiniband.reth{infiniband.reth.va infiniband.reth.r_key infiniband.reth.dmalen}"),
            Map.entry("atomic", "#infiniband.atomiceth{infiniband.reth.va infiniband.reth.r_key"
                    + " infiniband.atomiceth.swapdt infiniband.atomiceth.cmpdt}"),
            Map.entry("aeth", "#infiniband.aeth{infiniband.aeth.syndrome{infiniband.aeth.syndrome.reserved"
                    + " infiniband.aeth.syndrome.opcode infiniband.aeth.syndrome.credit_count"
                    + " infiniband.aeth.syndrome.timer infiniband.aeth.syndrome.reserved_value"
                    + " infiniband.aeth.syndrome.error_code} infiniband.aeth.msn}"),
            Map.entry("atomicack", "#infiniband.atomicacketh{infiniband.atomicacketh.origremdt}"),
            Map.entry("immdt", "#infiniband.immdt{infiniband.immdt}"),
            Map.entry("ieth", "#infiniband.ieth{infiniband.ieth}"),
            Map.entry("icrc", "infiniband.invariant.crc"));

    /** The fields written whose Wireshark type is FT_BOOLEAN ({@code tshark -G fields}): -T ek writes them true/false. */
    private static final Set<String> EK_BOOLEANS = Set.of("eth.dst.ig", "eth.dst.lg", "eth.ig", "eth.lg", "eth.src.ig",
            "eth.src.lg", "infiniband.bth.a", "infiniband.bth.m", "infiniband.bth.se", "ip.flags.df", "ip.flags.mf",
            "ip.flags.rb", "vlan.dei");

    /** tshark's protocol of each RoCE Lens layer this writes. */
    private static final Map<String, String> PROTOCOL = Map.ofEntries(
            Map.entry("eth", "eth"), Map.entry("vlan", "vlan"), Map.entry("ip", "ip"), Map.entry("ipv6", "ipv6"),
            Map.entry("udp", "udp"), Map.entry("grh", "infiniband"), Map.entry("bth", "infiniband"),
            Map.entry("deth", "infiniband"), Map.entry("reth", "infiniband"), Map.entry("atomic", "infiniband"),
            Map.entry("aeth", "infiniband"), Map.entry("atomicack", "infiniband"), Map.entry("immdt", "infiniband"),
            Map.entry("ieth", "infiniband"), Map.entry("icrc", "infiniband"), Map.entry("payload", "infiniband"),
            Map.entry("cnp", "infiniband"));

    private static final Map<String, List<Key>> KEYS = new LinkedHashMap<>();

    static {
        LAYOUT.forEach((layer, text) -> KEYS.put(layer, parse(text)));
    }

    private static final HexFormat COLONS = HexFormat.ofDelimiter(":");

    private TsharkJson() {
    }

    /** One frame, as one element of tshark's array. */
    public static void write(Dissection dissection, JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeStringField("_index", index(dissection));
        json.writeStringField("_type", "doc");
        json.writeNullField("_score");
        json.writeObjectFieldStart("_source");
        json.writeObjectFieldStart("layers");
        writeObject(json, layers(dissection));
        json.writeEndObject();
        json.writeEndObject();
        json.writeEndObject();
    }

    /**
     * One frame as {@code tshark -T ek} writes it, for Elasticsearch's bulk API: an index line, then a line with the
     * frame's time in milliseconds and its layers. The layers hold what {@link #write} writes, flattened: a key is
     * its protocol and its field name with {@code _} for each dot ({@code ip_ip_src}), a subtree's keys come where
     * the subtree is (so a key may come twice in one object, as tshark writes {@code eth_eth_addr}), and Wireshark's
     * boolean fields are JSON booleans. Each line ends with a newline; write with a generator from
     * {@link #ekGenerator}, which puts nothing else between the lines.
     */
    public static void writeEk(Dissection dissection, JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeObjectFieldStart("index");
        json.writeStringField("_index", index(dissection));
        json.writeStringField("_type", "doc");
        json.writeEndObject();
        json.writeEndObject();
        json.writeRaw('\n');
        json.writeStartObject();
        json.writeStringField("timestamp", Long.toString(Math.floorDiv(dissection.timestampNanos(), 1_000_000L)));
        json.writeObjectFieldStart("layers");
        for (Map.Entry<String, List<Object>> protocol : layers(dissection).entrySet()) {
            List<Object> occurrences = protocol.getValue();
            json.writeFieldName(protocol.getKey());
            if (occurrences.size() > 1) {
                json.writeStartArray();
            }
            for (Object occurrence : occurrences) {
                json.writeStartObject();
                writeFlat(json, protocol.getKey() + "_", cast(occurrence));
                json.writeEndObject();
            }
            if (occurrences.size() > 1) {
                json.writeEndArray();
            }
        }
        json.writeEndObject();
        json.writeEndObject();
        json.writeRaw('\n');
    }

    /** A generator for {@link #writeEk}: UTF-8, nothing between root values (the lines end themselves). */
    public static JsonGenerator ekGenerator(java.io.OutputStream out) throws IOException {
        JsonGenerator json = new com.fasterxml.jackson.core.JsonFactory().createGenerator(out,
                com.fasterxml.jackson.core.JsonEncoding.UTF8);
        json.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
        json.setPrettyPrinter(new com.fasterxml.jackson.core.util.MinimalPrettyPrinter(""));
        return json;
    }

    /** Elasticsearch's index of the frame's day (UTC), as tshark names it. */
    private static String index(Dissection dissection) {
        return "packets-" + Instant.ofEpochSecond(Math.floorDiv(dissection.timestampNanos(), 1_000_000_000L))
                .atZone(ZoneOffset.UTC).toLocalDate();
    }

    /** The frame's protocols, each a map of key to its values (a value: a String or a nested map). */
    private static Map<String, List<Object>> layers(Dissection dissection) {
        Map<String, List<Object>> protocols = new LinkedHashMap<>();
        Map<String, List<Object>> frame = new LinkedHashMap<>();
        Layer frameLayer = dissection.layer("frame");
        if (frameLayer != null) {
            frame.put("frame.interface_id", new ArrayList<>(TsharkFields.values(List.of(frameLayer),
                    "frame.interface_id", true)));
        }
        for (String name : List.of("frame.time_epoch", "frame.number", "frame.len", "frame.cap_len")) {
            frame.put(name, new ArrayList<>(TsharkFields.values(dissection, name)));
        }
        add(protocols, "frame", frame);
        Map<String, List<Object>> current = null;
        String currentProtocol = null;
        List<String> udpPayloads = null;
        int udpLayers = 0;
        for (Layer layer : dissection.layers()) {
            String protocol = PROTOCOL.get(layer.name());
            if (protocol == null) {
                currentProtocol = null;
                continue;
            }
            // the InfiniBand headers of one packet are one infiniband object; a second eth or ip is another
            if (!protocol.equals("infiniband") || !protocol.equals(currentProtocol)) {
                current = new LinkedHashMap<>();
                add(protocols, protocol, current);
                currentProtocol = protocol;
            }
            List<Key> keys = KEYS.get(layer.name());
            if (keys != null) {
                fill(current, keys, layer, dissection.bytes(), new HashMap<>());
            }
            if (layer.name().equals("udp")) {
                udpChecksumStatus(current);
                // the datagram's payload last, as tshark writes it: each UDP header's in turn
                udpPayloads = udpPayloads != null ? udpPayloads : PayloadFields.values(dissection, "udp.payload", true);
                if (udpLayers < udpPayloads.size()) {
                    current.put("udp.payload", new ArrayList<>(List.of(udpPayloads.get(udpLayers))));
                }
                udpLayers++;
            }
        }
        return protocols;
    }

    /**
     * The keys' values from the layer; a name several times in the layout (eth.lg under eth.dst and eth.src)
     * takes the layer's occurrences of it one after the other ({@code used}: how many each name has taken).
     */
    private static void fill(Map<String, List<Object>> into, List<Key> keys, Layer layer, byte[] frame,
                             Map<String, Integer> used) {
        for (Key key : keys) {
            List<String> values = key.headerBytes() ? headerBytes(layer, frame)
                    : key.copyOf() != null ? copy(layer, key.copyOf(), used) : next(layer, key.name(), used);
            Map<String, List<Object>> tree = new LinkedHashMap<>();
            fill(tree, key.children(), layer, frame, used);
            if (!values.isEmpty()) {
                into.computeIfAbsent(key.name(), k -> new ArrayList<>()).addAll(values);
            }
            if (!tree.isEmpty()) {
                add(into, key.name() + "_tree", tree);
            }
        }
    }

    private static List<String> next(Layer layer, String name, Map<String, Integer> used) {
        List<String> all = TsharkFields.values(List.of(layer), name, true);
        int taken = used.getOrDefault(name, 0);
        if (taken >= all.size()) {
            return List.of();
        }
        used.put(name, taken + 1);
        return List.of(all.get(taken));
    }

    /** A value of the field again: its next occurrence not yet taken, else the one last taken. */
    private static List<String> copy(Layer layer, String name, Map<String, Integer> used) {
        List<String> all = TsharkFields.values(List.of(layer), name, true);
        int taken = used.getOrDefault(name, 0);
        if (taken < all.size()) {
            return List.of(all.get(taken));
        }
        return taken > 0 ? List.of(all.get(taken - 1)) : List.of();
    }

    private static List<String> headerBytes(Layer layer, byte[] frame) {
        if (frame == null || layer.length() <= 0 || layer.offset() + layer.length() > frame.length) {
            return List.of();
        }
        return List.of(COLONS.formatHex(frame, layer.offset(), layer.offset() + layer.length()));
    }

    /** tshark puts udp.checksum.status in the checksum's tree only when there is no checksum (status 3). */
    @SuppressWarnings("unchecked")
    private static void udpChecksumStatus(Map<String, List<Object>> udp) {
        List<Object> trees = udp.get("udp.checksum_tree");
        if (trees == null || trees.size() != 1) {
            return;
        }
        Map<String, List<Object>> tree = (Map<String, List<Object>>) trees.get(0);
        List<Object> status = tree.get("udp.checksum.status");
        if (status != null && !status.equals(List.of("3"))) {
            udp.remove("udp.checksum_tree");
            udp.put("udp.checksum.status", status);
        }
    }

    private static void add(Map<String, List<Object>> into, String key, Object value) {
        into.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }

    private static void writeFlat(JsonGenerator json, String prefix, Map<String, List<Object>> object)
            throws IOException {
        for (Map.Entry<String, List<Object>> entry : object.entrySet()) {
            List<Object> values = entry.getValue();
            if (values.isEmpty()) {
                continue;
            }
            if (values.get(0) instanceof Map<?, ?>) {
                for (Object subtree : values) {
                    writeFlat(json, prefix, cast(subtree));
                }
                continue;
            }
            boolean flag = EK_BOOLEANS.contains(entry.getKey());
            json.writeFieldName(prefix + entry.getKey().replace('.', '_'));
            if (values.size() > 1) {
                json.writeStartArray();
            }
            for (Object value : values) {
                if (flag) {
                    json.writeBoolean(!"0".equals(value));
                } else {
                    json.writeString((String) value);
                }
            }
            if (values.size() > 1) {
                json.writeEndArray();
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<Object>> cast(Object object) {
        return (Map<String, List<Object>>) object;
    }

    @SuppressWarnings("unchecked")
    private static void writeObject(JsonGenerator json, Map<String, List<Object>> object) throws IOException {
        for (Map.Entry<String, List<Object>> entry : object.entrySet()) {
            List<Object> values = entry.getValue();
            if (values.isEmpty()) {
                continue;
            }
            json.writeFieldName(entry.getKey());
            if (values.size() > 1) {
                json.writeStartArray();
            }
            for (Object value : values) {
                if (value instanceof Map<?, ?> map) {
                    json.writeStartObject();
                    writeObject(json, (Map<String, List<Object>>) map);
                    json.writeEndObject();
                } else {
                    json.writeString((String) value);
                }
            }
            if (values.size() > 1) {
                json.writeEndArray();
            }
        }
    }

    /** Reads the layout's little notation: names separated by spaces, a subtree in braces, {@code #} for bytes. */
    private static List<Key> parse(String text) {
        List<Key> keys = new ArrayList<>();
        int[] at = {0};
        parseInto(text.replace("{", " { ").replace("}", " } ").trim().split("\\s+"), at, keys);
        return List.copyOf(keys);
    }

    private static void parseInto(String[] tokens, int[] at, List<Key> keys) {
        while (at[0] < tokens.length) {
            String token = tokens[at[0]++];
            if (token.equals("}")) {
                return;
            }
            List<Key> children = new ArrayList<>();
            if (at[0] < tokens.length && tokens[at[0]].equals("{")) {
                at[0]++;
                parseInto(tokens, at, children);
            }
            boolean bytes = token.startsWith("#");
            String name = bytes ? token.substring(1) : token;
            int equals = name.indexOf('=');
            keys.add(new Key(equals < 0 ? name : name.substring(0, equals),
                    equals < 0 ? null : name.substring(equals + 1), bytes, List.copyOf(children)));
        }
    }
}
