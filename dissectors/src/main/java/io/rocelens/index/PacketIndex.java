package io.rocelens.index;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.KeyIndex;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * What a packet list keeps per frame, in primitive columns: file offset (to read the frame again), time, lengths,
 * what the frame holds, the RoCE header fields, addresses, UDP ports and protocol. Never one object per packet: each
 * column is an array of fixed-size chunks, so appending never copies what is there, and each chunk is as narrow as
 * its values allow ({@link ChunkedColumns}): offset and time as 4-byte distances from a base per chunk, the original
 * length, the frame's addresses ({@link Ends}: few distinct sets) and its {@link Shape} (kinds, opcode, protocol,
 * ...: few distinct values) as 2-byte codes, both ports in 4 bytes, the captured length not at all when every frame
 * is whole or cut at one snap length. A header-only capture costs about 26 bytes per frame ({@link #bytes()}), off
 * the Java heap; a chunk whose values do not fit keeps them in full, never lossy.
 *
 * <p>One thread appends (the loading pass, in capture order) while others read: {@link #size()} is published after
 * each row is written, so every row below it is complete. Rows are 0-based; frame numbers are row + 1.
 *
 * <p>{@link #fill} restores a {@link PacketSummary} with the fields the index holds, so a display filter whose fields
 * all pass {@link #indexes} runs over the index without reading or dissecting a frame again.
 */
public final class PacketIndex implements io.rocelens.analysis.SummaryRows {
    private final AnalysisOptions options;
    private volatile int size;

    /** Timestamps may step back this far (268 ms) inside a chunk and still take 4 bytes a row. */
    private static final long TIME_SLACK = 1L << 28;

    private final ChunkedColumns.Slabs memory = new ChunkedColumns.Slabs();
    private final ChunkedColumns.Longs fileOffset = new ChunkedColumns.Longs(memory, 0);
    private final ChunkedColumns.Longs timestamp = new ChunkedColumns.Longs(memory, TIME_SLACK);
    private final ChunkedColumns.Ints originalLength = new ChunkedColumns.Ints(memory, 0);
    private final ChunkedColumns.CapturedLengths capturedLength = new ChunkedColumns.CapturedLengths(memory);
    /** Each row's {@link Shape}, by its code. */
    private final ChunkedColumns.Ints shape = new ChunkedColumns.Ints(memory, 0);
    /** Each row's {@link Ends}, by its code. */
    private final ChunkedColumns.Ints ends = new ChunkedColumns.Ints(memory, 0);
    /** Each row's UDP ports ({@link #packPorts}). */
    private final ChunkedColumns.FullInts ports = new ChunkedColumns.FullInts(memory);
    /** The ports of the rare rows whose ports {@link #packPorts} cannot hold, by row. */
    private final ConcurrentSkipListMap<Integer, Long> oddPorts = new ConcurrentSkipListMap<>();
    private final ChunkedColumns.FullInts destQp = new ChunkedColumns.FullInts(memory);
    private final ChunkedColumns.FullInts psn = new ChunkedColumns.FullInts(memory);

    private final AddressTable table = new AddressTable();
    private final ShapeTable shapes = new ShapeTable();
    private final EndsTable endsTable = new EndsTable(table);
    private final List<String> protocolNames = new ArrayList<>();
    private final Map<String, Integer> protocolCodes = new HashMap<>();
    private volatile String[] protocolByCode = new String[0];
    private String lastProtocolName;
    private int lastProtocolCode;
    /** The file's packet comments (pcapng opt_comment) by frame number: few frames carry any, so a sparse map. */
    private final ConcurrentSkipListMap<Long, List<String>> comments = new ConcurrentSkipListMap<>();

    /** @param options supplies the DSCP → priority map for {@link #priority} */
    public PacketIndex(AnalysisOptions options) {
        this.options = options;
    }

    /** Rows that are complete and may be read. */
    @Override
    public int size() {
        return size;
    }

    /**
     * True when {@link #fill} restores what the named field (or protocol) reads, for every row: declared where the
     * field is, on its summary getter ({@code SummaryFields.Getter.indexed}) or its protocol, not in a list here.
     */
    public static boolean indexes(String fieldName) {
        return DisplayFilter.indexedFields().contains(fieldName);
    }

    /**
     * Appends the next frame; only the loading thread calls this, in capture order.
     *
     * @throws IllegalArgumentException if the frame is not the next one (its number is not {@link #size()} + 1)
     */
    public void append(PacketSummary p) {
        int row = size;
        if (p.number != row + 1L) {
            throw new IllegalArgumentException("frame " + p.number + " appended as row " + row);
        }
        fileOffset.set(row, p.fileOffset);
        timestamp.set(row, p.timestampNanos);
        originalLength.set(row, p.originalLength);
        capturedLength.set(row, p.originalLength, p.capturedLength, originalLength);
        destQp.set(row, p.destQp);
        psn.set(row, p.psn);
        ends.set(row, endsTable.code(p));
        int packed = packPorts(p.udpSrcPort, p.udpDstPort);
        if (packed == NO_PORTS && (p.udpSrcPort != -1 || p.udpDstPort != -1)) {
            oddPorts.put(row, (long) p.udpSrcPort << 32 | Integer.toUnsignedLong(p.udpDstPort));
        }
        ports.set(row, packed);
        shape.set(row, shapes.code(p, protocolCode(PacketColumns.protocol(p))));
        size = row + 1;
    }

    /** The packet comments the file gives the frame last appended (none: nothing to keep); the loading thread's. */
    public void comments(long frame, List<String> text) {
        if (!text.isEmpty()) {
            comments.put(frame, List.copyOf(text));
        }
    }

    /**
     * The frames the file gives packet comments, in frame order, with their comments (Wireshark's Expert Info lists
     * them); read on any thread while the file loads.
     */
    public NavigableMap<Long, List<String>> comments() {
        return Collections.unmodifiableNavigableMap(comments);
    }

    private int protocolCode(String name) {
        // the modules name protocols with constants: most frames repeat the name before, found without hashing it
        if (name == lastProtocolName) {
            return lastProtocolCode;
        }
        Integer code = protocolCodes.get(name);
        if (code == null) {
            code = protocolNames.size();
            protocolNames.add(name);
            protocolCodes.put(name, code);
            protocolByCode = protocolNames.toArray(new String[0]);
        }
        lastProtocolName = name;
        lastProtocolCode = code;
        return code;
    }

    private Shape shape(int row) {
        return shapes.get(shape.get(row));
    }

    public long number(int row) {
        return row + 1L;
    }

    public long fileOffset(int row) {
        return fileOffset.get(row);
    }

    public long timestampNanos(int row) {
        return timestamp.get(row);
    }

    public int originalLength(int row) {
        return originalLength.get(row);
    }

    public int capturedLength(int row) {
        return capturedLength.get(row, originalLength.get(row));
    }

    /** The {@link PacketSummary} kind bits: what the frame holds. */
    public int kinds(int row) {
        return shape(row).kinds();
    }

    public int interfaceId(int row) {
        return shape(row).interfaceId();
    }

    /** BTH destination QP, or -1 without a BTH. */
    public int destQp(int row) {
        return destQp.get(row);
    }

    /** BTH PSN, or -1 without a BTH. */
    public int psn(int row) {
        return psn.get(row);
    }

    /** BTH opcode, or -1 without a BTH. */
    public int opcode(int row) {
        return shape(row).opcode();
    }

    /** The priority the analysis gives the frame ({@link AnalysisOptions#priorityOf}); -1 for a frame without one. */
    public int priority(int row) {
        Shape s = shape(row);
        return options.priorityOf(s.serviceLevel(), s.vlanPcp(), s.dscp());
    }

    /** The Source column: IP address (or GID) when the frame has one, else the Ethernet source; "" without. */
    public String source(int row) {
        return table.text(sourceId(row));
    }

    public String destination(int row) {
        return table.text(destinationId(row));
    }

    /** The Source column's address id in the {@link AddressTable}, -1 for none. */
    private int sourceId(int row) {
        Ends e = endsTable.get(ends.get(row));
        return shape(row).network() ? e.ipSourceId() : e.macSourceId();
    }

    private int destinationId(int row) {
        Ends e = endsTable.get(ends.get(row));
        return shape(row).network() ? e.ipDestinationId() : e.macDestinationId();
    }

    /** The Protocol column, as {@link PacketColumns#protocol}. */
    public String protocol(int row) {
        return protocolByCode[shape(row).protocol()];
    }

    /**
     * Clears {@code into} and sets the fields the index holds (see {@link #indexes}); the others keep their cleared
     * values.
     */
    @Override
    public void fill(int row, PacketSummary into) {
        into.clear();
        into.number = row + 1L;
        into.fileOffset = fileOffset.get(row);
        into.timestampNanos = timestamp.get(row);
        // rows are every frame of the capture in order: the first frame is row 0, the previous one the row before
        into.firstTimestampNanos = timestamp.get(0);
        into.previousTimestampNanos = row == 0 ? into.timestampNanos : timestamp.get(row - 1);
        into.originalLength = originalLength.get(row);
        into.capturedLength = capturedLength.get(row, into.originalLength);
        Shape s = shape(row);
        into.kinds = s.kinds();
        into.interfaceId = s.interfaceId();
        into.destQp = destQp(row);
        into.psn = psn(row);
        into.opcode = s.opcode();
        into.aethSyndrome = s.aethSyndrome();
        into.etherType = s.etherType();
        into.vlanPcp = s.vlanPcp();
        into.lrhSl = s.serviceLevel();
        into.dscp = s.dscp();
        into.ecn = s.ecn();
        into.icrcStatus = s.icrcStatus();
        Ends e = endsTable.get(ends.get(row));
        into.ethSrc = e.ethSrc();
        into.ethDst = e.ethDst();
        into.ipSrcHi = e.ipSrcHi();
        into.ipSrcLo = e.ipSrcLo();
        into.ipDstHi = e.ipDstHi();
        into.ipDstLo = e.ipDstLo();
        int packed = ports.get(row);
        if (packed != NO_PORTS) {
            into.udpSrcPort = packed >>> 16;
            into.udpDstPort = packed & 0xFFFF;
        } else {
            Long odd = oddPorts.isEmpty() ? null : oddPorts.get(row);
            into.udpSrcPort = odd == null ? -1 : (int) (odd >>> 32);
            into.udpDstPort = odd == null ? -1 : odd.intValue();
        }
    }

    /** What the ports column holds for a frame without ports (-1, -1) and for the few {@link #oddPorts}. */
    private static final int NO_PORTS = -1;

    /**
     * Two ports of 0 - 65,535 in one int; {@link #NO_PORTS} for none (both -1) and for any other pair, which the
     * caller keeps aside: one whose ports are both 65,535 (that would read as none), or with only one port.
     */
    private static int packPorts(int source, int destination) {
        boolean valid = (source & ~0xFFFF) == 0 && (destination & ~0xFFFF) == 0;
        return valid && (source & destination) != 0xFFFF ? source << 16 | destination : NO_PORTS;
    }

    /**
     * The rows ordered by a column, ties in their given order (so in frame order when {@code rows} is ascending).
     *
     * @param rows the rows to order (for example the displayed ones), or null for every row below {@link #size()}
     * @return a new array; {@code rows} is not changed
     */
    public int[] sort(int[] rows, Column column, boolean descending) {
        return rows != null ? sort(rows, rows.length, column, descending) : sortFirst(size, column, descending);
    }

    /** The rows 0 … count-1 ordered by a column, ties in row order (a sort of every row loaded so far). */
    public int[] sortFirst(int count, Column column, boolean descending) {
        return sort(null, count, column, descending);
    }

    private int[] sort(int[] rows, int count, Column column, boolean descending) {
        long[] ranks = column == Column.SOURCE || column == Column.DESTINATION ? table.ranks()
                : column == Column.PROTOCOL ? protocolRanks() : null;
        RowSort.RowKey ascending = row -> key(row, column, ranks);
        return RowSort.order(rows, count, descending ? row -> -ascending.of(row) : ascending);
    }

    private long key(int row, Column column, long[] ranks) {
        return switch (column) {
            case NUMBER -> row;
            case TIME -> timestampNanos(row);
            case SOURCE -> rank(ranks, sourceId(row));
            case DESTINATION -> rank(ranks, destinationId(row));
            case PROTOCOL -> ranks[shape(row).protocol()];
            case LENGTH -> originalLength(row);
            case PRIORITY -> priority(row);
            case QP -> destQp(row);
            case PSN -> psn(row);
        };
    }

    private static long rank(long[] ranks, int id) {
        return id < 0 ? -1 : ranks[id];
    }

    private long[] protocolRanks() {
        String[] names = protocolByCode;
        Integer[] order = new Integer[names.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> names[a].compareTo(names[b]));
        long[] ranks = new long[names.length];
        for (int r = 0; r < order.length; r++) {
            ranks[order[r]] = r;
        }
        return ranks;
    }

    /**
     * Bytes the index holds: the direct memory of its columns' chunks ({@link ChunkedColumns}) and, on the heap,
     * their directories and the address and shape tables.
     */
    public long bytes() {
        return memory.bytes() + fileOffset.heapBytes() + timestamp.heapBytes() + originalLength.heapBytes()
                + capturedLength.heapBytes() + shape.heapBytes() + ends.heapBytes() + ports.heapBytes()
                + destQp.heapBytes() + psn.heapBytes() + table.heapBytes() + shapes.heapBytes() + endsTable.heapBytes()
                + oddPorts.size() * 64L;
    }

    /** The columns a packet list sorts on without reading frames again. */
    public enum Column {
        NUMBER, TIME, SOURCE, DESTINATION, PROTOCOL, LENGTH, PRIORITY, QP, PSN
    }

    /**
     * The fields of a frame that take few distinct values in a capture, stored once per distinct combination: a row
     * holds the combination's code (2 bytes while there are at most 65,536 of them). Kinds, EtherType, interface,
     * protocol, opcode and AETH syndrome are kept as the full ints of the summary (-1 where absent); the priority
     * inputs, ECN and ICRC status as bytes, as the index always kept them (their values fit: -1 to 63). With them
     * whether the Source and Destination columns show the network addresses ({@link PacketColumns#hasNetworkAddresses},
     * which reads only the kinds and the EtherType) or the Ethernet ones.
     */
    private record Shape(int kinds, int etherType, int interfaceId, int protocol, int opcode, int aethSyndrome,
            byte vlanPcp, byte serviceLevel, byte dscp, byte ecn, byte icrcStatus, boolean network) {
    }

    /**
     * The entries of a table of distinct values, by code (0, 1, ... in order of their first frame); one thread adds
     * while others read. An entry's fields are final and the array is published after it is written, so a reader
     * sees an entry whole.
     */
    private static final class Entries<T> {
        private volatile Object[] byCode = new Object[64];
        private int count;

        /** Adds the entry and returns its code. */
        int add(T entry) {
            Object[] table = byCode;
            if (count == table.length) {
                table = Arrays.copyOf(table, count * 2);
            }
            table[count] = entry;
            byCode = table;
            return count++;
        }

        @SuppressWarnings("unchecked")
        T get(int code) {
            return (T) byCode[code];
        }

        long heapBytes(long perEntry) {
            return ChunkedColumns.ARRAY_HEADER + 4L * byCode.length + count * perEntry;
        }
    }

    /** The distinct {@link Shape}s, by code. */
    private static final class ShapeTable {
        private final KeyIndex codes = new KeyIndex(64);
        private final Entries<Shape> entries = new Entries<>();
        private long last0;
        private long last1;
        private long last2;
        private long last3;
        private int lastCode = -1;

        int code(PacketSummary p, int protocol) {
            long k0 = (long) p.kinds << 32 | Integer.toUnsignedLong(p.etherType);
            long k1 = (long) p.interfaceId << 32 | Integer.toUnsignedLong(protocol);
            long k2 = (long) p.opcode << 32 | Integer.toUnsignedLong(p.aethSyndrome);
            long k3 = (p.vlanPcp & 0xFFL) | (p.lrhSl & 0xFFL) << 8 | (p.dscp & 0xFFL) << 16 | (p.ecn & 0xFFL) << 24
                    | (p.icrcStatus & 0xFFL) << 32;
            if (lastCode >= 0 && last0 == k0 && last1 == k1 && last2 == k2 && last3 == k3) {
                return lastCode;
            }
            int code = codes.get(k0, k1, k2, k3, 0);
            if (code < 0) {
                code = entries.add(new Shape(p.kinds, p.etherType, p.interfaceId, protocol, p.opcode,
                        p.aethSyndrome, (byte) p.vlanPcp, (byte) p.lrhSl, (byte) p.dscp, (byte) p.ecn,
                        (byte) p.icrcStatus, PacketColumns.hasNetworkAddresses(p)));
                codes.putNew(k0, k1, k2, k3, 0, code);
            }
            last0 = k0;
            last1 = k1;
            last2 = k2;
            last3 = k3;
            lastCode = code;
            return code;
        }

        Shape get(int code) {
            return entries.get(code);
        }

        long heapBytes() {
            return entries.heapBytes(48) + codes.size() * 48L * 2;
        }
    }

    /**
     * The addresses of a frame, which take few distinct values in a capture (one set per pair of hosts), stored once
     * per distinct set: the Ethernet and network (IP or GID) addresses as the summary holds them (-1 where absent), and
     * the ids in the {@link AddressTable} of the addresses the Source and Destination columns show.
     */
    private record Ends(long ethSrc, long ethDst, long ipSrcHi, long ipSrcLo, long ipDstHi, long ipDstLo,
            int ipSourceId, int ipDestinationId, int macSourceId, int macDestinationId) {
    }

    /** The distinct {@link Ends}, by code. */
    private static final class EndsTable {
        private final AddressTable addresses;
        private final KeyIndex codes = KeyIndex.ofSixParts(64);
        private final Entries<Ends> entries = new Entries<>();
        private Ends last;
        private int lastCode = -1;

        EndsTable(AddressTable addresses) {
            this.addresses = addresses;
        }

        int code(PacketSummary p) {
            Ends e = last;
            if (e != null && e.ipSrcLo == p.ipSrcLo && e.ipDstLo == p.ipDstLo && e.ethSrc == p.ethSrc
                    && e.ethDst == p.ethDst && e.ipSrcHi == p.ipSrcHi && e.ipDstHi == p.ipDstHi) {
                return lastCode;
            }
            int code = codes.get(p.ethSrc, p.ethDst, p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo);
            if (code < 0) {
                code = entries.add(new Ends(p.ethSrc, p.ethDst, p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo,
                        addresses.ip(p.ipSrcHi, p.ipSrcLo), addresses.ip(p.ipDstHi, p.ipDstLo),
                        p.ethSrc >= 0 ? addresses.mac(p.ethSrc) : -1, p.ethDst >= 0 ? addresses.mac(p.ethDst) : -1));
                codes.putNew(p.ethSrc, p.ethDst, p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, code);
            }
            last = entries.get(code);
            lastCode = code;
            return code;
        }

        Ends get(int code) {
            return entries.get(code);
        }

        long heapBytes() {
            return entries.heapBytes(96) + codes.size() * 56L * 2;
        }
    }

    /**
     * The distinct addresses of the Source and Destination columns, each stored once: IP addresses (128 bits, IPv4
     * mapped) and MAC addresses, looked up without allocating.
     */
    private static final class AddressTable {
        private static final int IP = 0;
        private static final int MAC = 1;

        private final KeyIndex ids = new KeyIndex(64);
        private volatile long[] high = new long[64];
        private volatile long[] low = new long[64];
        private volatile byte[] kind = new byte[64];
        private int count;
        private int lastId = -1;

        int ip(long hi, long lo) {
            return id(IP, hi, lo);
        }

        int mac(long mac) {
            return id(MAC, 0, mac);
        }

        private int id(int type, long hi, long lo) {
            int last = lastId;
            if (last >= 0 && low[last] == lo && high[last] == hi && kind[last] == type) {
                return last;
            }
            int id = ids.get(type, hi, lo, 0, 0);
            if (id < 0) {
                id = count;
                if (id == kind.length) {
                    high = Arrays.copyOf(high, id * 2);
                    low = Arrays.copyOf(low, id * 2);
                    kind = Arrays.copyOf(kind, id * 2);
                }
                high[id] = hi;
                low[id] = lo;
                kind[id] = (byte) type;
                ids.putNew(type, hi, lo, 0, 0, id);
                count++;
            }
            lastId = id;
            return id;
        }

        String text(int id) {
            if (id < 0) {
                return "";
            }
            return kind[id] == IP ? Addresses.ip(high[id], low[id])
                    : Addresses.mac(low[id]);
        }

        /** Rank of each address id in address order: IP before MAC, then by value (IPv4 before IPv6). */
        long[] ranks() {
            long[] h = high;
            long[] l = low;
            byte[] k = kind;
            int n = Math.min(Math.min(h.length, l.length), k.length);
            Integer[] order = new Integer[n];
            Arrays.setAll(order, i -> i);
            Arrays.sort(order, (a, b) -> {
                int byKind = Byte.compare(k[a], k[b]);
                if (byKind != 0) {
                    return byKind;
                }
                int byHigh = Long.compareUnsigned(h[a], h[b]);
                return byHigh != 0 ? byHigh : Long.compareUnsigned(l[a], l[b]);
            });
            long[] ranks = new long[n];
            for (int r = 0; r < n; r++) {
                ranks[order[r]] = r;
            }
            return ranks;
        }

        long heapBytes() {
            return kind.length * 17L + ids.size() * 40L * 2;
        }
    }
}
