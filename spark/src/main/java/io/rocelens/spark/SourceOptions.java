package io.rocelens.spark;

import io.rocelens.analysis.AnalysisOptions;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The options of {@code format("rocelens")}, case-insensitive as Spark's.
 *
 * @param paths        the inputs: files, directories, globs
 * @param rocePorts    UDP destination ports decoded as RoCEv2 ({@code rocePorts}, default 4791)
 * @param dscpMap      {@code dscpMap}, e.g. "26=3,48=6": the {@code priority} column's DSCP map, as analyze's --dscp-map
 * @param headerBytes  with {@code headersOnly=true}, the {@code data} column keeps this many bytes ({@code headerBytes},
 *                     default 128)
 * @param pointPattern {@code pointPattern}: regular expression over the path, group 1 names the capture point
 * @param splitBytes   {@code splitBytes}: largest byte range one task reads (default 128 MiB)
 */
record SourceOptions(List<String> paths, Set<Integer> rocePorts, String dscpMap, int headerBytes, String pointPattern,
                     long splitBytes) implements Serializable {

    static SourceOptions of(Map<String, String> properties) {
        Map<String, String> o = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        o.putAll(properties);
        List<String> paths = new ArrayList<>();
        if (o.containsKey("paths")) {
            try {
                paths.addAll(new ObjectMapper().readValue(o.get("paths"), new TypeReference<List<String>>() { }));
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("bad paths option: " + o.get("paths"), e);
            }
        }
        if (o.containsKey("path")) {
            paths.add(o.get("path"));
        }
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("format(\"rocelens\") needs a path: load(\"/captures/*.pcapng\")");
        }
        Set<Integer> ports = new LinkedHashSet<>();
        for (String port : o.getOrDefault("rocePorts", "4791").split(",")) {
            int p = Integer.parseInt(port.trim());
            if (p < 1 || p > 65535) {
                throw new IllegalArgumentException("rocePorts: not a UDP port: " + port);
            }
            ports.add(p);
        }
        String dscpMap = o.get("dscpMap");
        if (dscpMap != null) {
            AnalysisOptions.parseDscpMap(dscpMap);     // refused here, on the driver, when wrong
        }
        boolean headersOnly = Boolean.parseBoolean(o.getOrDefault("headersOnly", "false").toLowerCase(Locale.ROOT));
        int headerBytes = headersOnly ? Integer.parseInt(o.getOrDefault("headerBytes", "128")) : Integer.MAX_VALUE;
        long splitBytes = Long.parseLong(o.getOrDefault("splitBytes", Long.toString(CaptureFiles.DEFAULT_SPLIT_BYTES)));
        return new SourceOptions(List.copyOf(paths), Set.copyOf(ports), dscpMap, headerBytes, o.get("pointPattern"),
                splitBytes);
    }

    AnalysisOptions analysis() {
        return dscpMap == null ? AnalysisOptions.defaults()
                : AnalysisOptions.defaults().withDscpMap(AnalysisOptions.parseDscpMap(dscpMap));
    }
}
