package io.rocelens.stats;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FrameDetail;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * tshark's protocol hierarchy ({@code -z io,phs}): frames and bytes (frame lengths) per protocol path, nested as the
 * frame's protocols nest. The path is the frame's {@code frame.protocols} without "ethertype" (a field tshark lists
 * there, not a protocol of its tree), with {@code _ws.malformed} below the protocol that found the frame malformed.
 * RoCE's headers (LRH, GRH, BTH and the extended headers) are one protocol, {@code infiniband}, as in tshark.
 */
public final class ProtocolHierarchy implements FrameStatistic {

    /** One protocol at one place in the hierarchy, with the frames whose path goes through it. */
    public static final class Node {
        private final String protocol;
        private long frames;
        private long bytes;
        private final Map<String, Node> children = new LinkedHashMap<>();

        private Node(String protocol) {
            this.protocol = protocol;
        }

        /** tshark's filter name of the protocol ({@code eth}, {@code infiniband}, ...); "" for the root. */
        public String protocol() {
            return protocol;
        }

        public long frames() {
            return frames;
        }

        public long bytes() {
            return bytes;
        }

        /** The protocols found inside this one, in order of their first frame (as tshark lists them). */
        public List<Node> children() {
            return Collections.unmodifiableList(new ArrayList<>(children.values()));
        }
    }

    private final DisplayFilter filter;
    private final Node root = new Node("");
    /**
     * Each protocol path's nodes below the root, found once per distinct path: a capture has few, and splitting the
     * path of each of 100M frames cost more than the rest of the count.
     */
    private final Map<String, Node[]> nodesByPath = new HashMap<>();

    /** @param filter only the frames it passes are counted; null or empty for all */
    public ProtocolHierarchy(DisplayFilter filter) {
        this.filter = filter;
    }

    /** The display filter's text, or "" for none. */
    public String filterText() {
        return filter == null ? "" : filter.text();
    }

    @Override
    public void add(PacketSummary summary, AnalysisMarks marks, FrameDetail detail) {
        if (filter != null && !filter.isEmpty() && !filter.matches(summary, marks, detail)) {
            return;
        }
        String protocols = detail.protocols();
        if (protocols == null) {
            return;
        }
        Node[] path = nodesByPath.computeIfAbsent(protocols, this::nodesOf);
        count(root, summary.originalLength);
        for (Node node : path) {
            count(node, summary.originalLength);
        }
        if (summary.is(PacketSummary.MALFORMED)) {
            Node innermost = path.length == 0 ? root : path[path.length - 1];
            count(innermost.children.computeIfAbsent("_ws.malformed", Node::new), summary.originalLength);
        }
    }

    /** The nodes of a protocol path below the root, made where new (in the order of the first frame that has them). */
    private Node[] nodesOf(String protocols) {
        List<Node> path = new ArrayList<>();
        Node node = root;
        for (String protocol : protocols.split(":")) {
            if (protocol.isEmpty() || protocol.equals("ethertype")) {
                continue;
            }
            node = node.children.computeIfAbsent(protocol, Node::new);
            path.add(node);
        }
        return path.toArray(new Node[0]);
    }

    private static void count(Node node, int length) {
        node.frames++;
        node.bytes += length;
    }

    /** The root: all the counted frames; its children are the outermost protocols. */
    public Node root() {
        return root;
    }
}
