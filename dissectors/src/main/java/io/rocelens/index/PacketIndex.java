package io.rocelens.index;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.KeyIndex;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a packet list keeps per frame, in primitive columns: file offset (to read the frame again), time, lengths,
 * what the frame holds, the RoCE header fields, addresses and protocol. Never one object per packet: each column is
 * an array of fixed-size chunks, so appending never copies what is there and a 10M-frame capture costs about 60 bytes
 * per frame ({@link #heapBytes()}).
 *
 * <p>One thread appends (the loading pass, in capture order) while others read: {@link #size()} is published after
 * each row is written, so every row below it is complete. Rows are 0-based; frame numbers are row + 1.
 *
 * <p>{@link #fill} restores a {@link PacketSummary} with the fields the index holds, so a display filter whose fields
 * all pass {@link #indexes} runs over the index without reading or dissecting a frame again.
 */
public final class PacketIndex {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    /**
     * The display filter names (canonical, as {@code DisplayFilter.usesOnly} asks them) whose values {@link #fill}
     * restores completely: frame number and lengths, the protocols told by the frame's kinds and opcode, addresses,
     * IP DSCP and ECN, the BTH fields most filters use, the AETH and the ICRC status.
     */
    private static final Set<String> INDEXED = Set.of(
            "frame", "frame.number", "frame.len", "frame.caplen",
            "frame.time", "frame.time_epoch", "frame.time_relative", "frame.time_delta",
            "eth", "vlan", "sll", "ip", "ipv6", "udp", "tcp", "arp", "roce", "grh", "bth", "rdeth", "atomic", "aeth",
            "atomicack", "ieth", "cnp", "macc", "pfc", "pause", "malformed",
            "eth.type", "ip.src", "ip.dst", "ipv6.src", "ipv6.dst", "grh.sgid", "grh.dgid",
            "ip.dscp", "ip.ecn", "ipv6.dscp", "ipv6.ecn",
            "bth.opcode", "bth.dqpn", "bth.psn",
            "aeth.syndrome", "aeth.type", "aeth.code",
            "icrc.status");

    private final AnalysisOptions options;
    private volatile int size;

    private long[][] fileOffset = new long[16][];
    private long[][] timestamp = new long[16][];
    private int[][] originalLength = new int[16][];
    private int[][] capturedLength = new int[16][];
    private int[][] kinds = new int[16][];
    private int[][] destQp = new int[16][];
    private int[][] psn = new int[16][];
    private int[][] source = new int[16][];
    private int[][] destination = new int[16][];
    private short[][] opcode = new short[16][];
    private short[][] aethSyndrome = new short[16][];
    private short[][] protocol = new short[16][];
    private short[][] interfaceId = new short[16][];
    private char[][] etherType = new char[16][];
    private byte[][] vlanPcp = new byte[16][];
    private byte[][] serviceLevel = new byte[16][];
    private byte[][] dscp = new byte[16][];
    private byte[][] ecn = new byte[16][];
    private byte[][] icrcStatus = new byte[16][];

    private final AddressTable table = new AddressTable();
    private final List<String> protocolNames = new ArrayList<>();
    private final Map<String, Integer> protocolCodes = new HashMap<>();
    private volatile String[] protocolByCode = new String[0];

    /** @param options supplies the DSCP → priority map for {@link #priority} */
    public PacketIndex(AnalysisOptions options) {
        this.options = options;
    }

    /** Rows that are complete and may be read. */
    public int size() {
        return size;
    }

    /** True when {@link #fill} restores the named field (or protocol) completely for every row. */
    public static boolean indexes(String fieldName) {
        return INDEXED.contains(fieldName);
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
        int chunk = row >>> CHUNK_BITS;
        int at = row & MASK;
        if (at == 0) {
            addChunk(chunk);
        }
        fileOffset[chunk][at] = p.fileOffset;
        timestamp[chunk][at] = p.timestampNanos;
        originalLength[chunk][at] = p.originalLength;
        capturedLength[chunk][at] = p.capturedLength;
        kinds[chunk][at] = p.kinds;
        destQp[chunk][at] = p.destQp;
        psn[chunk][at] = p.psn;
        boolean network = PacketColumns.hasNetworkAddresses(p);
        source[chunk][at] = network ? table.ip(p.ipSrcHi, p.ipSrcLo) : p.ethSrc >= 0 ? table.mac(p.ethSrc) : -1;
        destination[chunk][at] = network ? table.ip(p.ipDstHi, p.ipDstLo) : p.ethDst >= 0 ? table.mac(p.ethDst) : -1;
        opcode[chunk][at] = (short) p.opcode;
        aethSyndrome[chunk][at] = (short) p.aethSyndrome;
        protocol[chunk][at] = (short) protocolCode(PacketColumns.protocol(p));
        interfaceId[chunk][at] = (short) p.interfaceId;
        etherType[chunk][at] = (char) p.etherType;
        vlanPcp[chunk][at] = (byte) p.vlanPcp;
        serviceLevel[chunk][at] = (byte) p.lrhSl;
        dscp[chunk][at] = (byte) p.dscp;
        ecn[chunk][at] = (byte) p.ecn;
        icrcStatus[chunk][at] = (byte) p.icrcStatus;
        size = row + 1;
    }

    private void addChunk(int chunk) {
        if (chunk == fileOffset.length) {
            int grown = chunk * 2;
            fileOffset = Arrays.copyOf(fileOffset, grown);
            timestamp = Arrays.copyOf(timestamp, grown);
            originalLength = Arrays.copyOf(originalLength, grown);
            capturedLength = Arrays.copyOf(capturedLength, grown);
            kinds = Arrays.copyOf(kinds, grown);
            destQp = Arrays.copyOf(destQp, grown);
            psn = Arrays.copyOf(psn, grown);
            source = Arrays.copyOf(source, grown);
            destination = Arrays.copyOf(destination, grown);
            opcode = Arrays.copyOf(opcode, grown);
            aethSyndrome = Arrays.copyOf(aethSyndrome, grown);
            protocol = Arrays.copyOf(protocol, grown);
            interfaceId = Arrays.copyOf(interfaceId, grown);
            etherType = Arrays.copyOf(etherType, grown);
            vlanPcp = Arrays.copyOf(vlanPcp, grown);
            serviceLevel = Arrays.copyOf(serviceLevel, grown);
            dscp = Arrays.copyOf(dscp, grown);
            ecn = Arrays.copyOf(ecn, grown);
            icrcStatus = Arrays.copyOf(icrcStatus, grown);
        }
        fileOffset[chunk] = new long[CHUNK];
        timestamp[chunk] = new long[CHUNK];
        originalLength[chunk] = new int[CHUNK];
        capturedLength[chunk] = new int[CHUNK];
        kinds[chunk] = new int[CHUNK];
        destQp[chunk] = new int[CHUNK];
        psn[chunk] = new int[CHUNK];
        source[chunk] = new int[CHUNK];
        destination[chunk] = new int[CHUNK];
        opcode[chunk] = new short[CHUNK];
        aethSyndrome[chunk] = new short[CHUNK];
        protocol[chunk] = new short[CHUNK];
        interfaceId[chunk] = new short[CHUNK];
        etherType[chunk] = new char[CHUNK];
        vlanPcp[chunk] = new byte[CHUNK];
        serviceLevel[chunk] = new byte[CHUNK];
        dscp[chunk] = new byte[CHUNK];
        ecn[chunk] = new byte[CHUNK];
        icrcStatus[chunk] = new byte[CHUNK];
    }

    private int protocolCode(String name) {
        Integer code = protocolCodes.get(name);
        if (code == null) {
            code = protocolNames.size();
            protocolNames.add(name);
            protocolCodes.put(name, code);
            protocolByCode = protocolNames.toArray(new String[0]);
        }
        return code;
    }

    public long number(int row) {
        return row + 1L;
    }

    public long fileOffset(int row) {
        return fileOffset[row >>> CHUNK_BITS][row & MASK];
    }

    public long timestampNanos(int row) {
        return timestamp[row >>> CHUNK_BITS][row & MASK];
    }

    public int originalLength(int row) {
        return originalLength[row >>> CHUNK_BITS][row & MASK];
    }

    public int capturedLength(int row) {
        return capturedLength[row >>> CHUNK_BITS][row & MASK];
    }

    /** The {@link PacketSummary} kind bits: what the frame holds. */
    public int kinds(int row) {
        return kinds[row >>> CHUNK_BITS][row & MASK];
    }

    public int interfaceId(int row) {
        return interfaceId[row >>> CHUNK_BITS][row & MASK];
    }

    /** BTH destination QP, or -1 without a BTH. */
    public int destQp(int row) {
        return destQp[row >>> CHUNK_BITS][row & MASK];
    }

    /** BTH PSN, or -1 without a BTH. */
    public int psn(int row) {
        return psn[row >>> CHUNK_BITS][row & MASK];
    }

    /** BTH opcode, or -1 without a BTH. */
    public int opcode(int row) {
        return opcode[row >>> CHUNK_BITS][row & MASK];
    }

    /** The priority the analysis gives the frame ({@link AnalysisOptions#priorityOf}); -1 for a frame without one. */
    public int priority(int row) {
        int chunk = row >>> CHUNK_BITS;
        int at = row & MASK;
        return options.priorityOf(serviceLevel[chunk][at], vlanPcp[chunk][at], dscp[chunk][at]);
    }

    /** The Source column: IP address (or GID) when the frame has one, else the Ethernet source; "" without. */
    public String source(int row) {
        return table.text(source[row >>> CHUNK_BITS][row & MASK]);
    }

    public String destination(int row) {
        return table.text(destination[row >>> CHUNK_BITS][row & MASK]);
    }

    /** The Protocol column, as {@link PacketColumns#protocol}. */
    public String protocol(int row) {
        return protocolByCode[protocol[row >>> CHUNK_BITS][row & MASK]];
    }

    /**
     * Clears {@code into} and sets the fields the index holds (see {@link #indexes}); the others keep their cleared
     * values.
     */
    public void fill(int row, PacketSummary into) {
        int chunk = row >>> CHUNK_BITS;
        int at = row & MASK;
        into.clear();
        into.number = row + 1L;
        into.fileOffset = fileOffset[chunk][at];
        into.timestampNanos = timestamp[chunk][at];
        // rows are every frame of the capture in order: the first frame is row 0, the previous one the row before
        into.firstTimestampNanos = timestamp[0][0];
        into.previousTimestampNanos = row == 0 ? into.timestampNanos : timestampNanos(row - 1);
        into.originalLength = originalLength[chunk][at];
        into.capturedLength = capturedLength[chunk][at];
        into.kinds = kinds[chunk][at];
        into.interfaceId = interfaceId[chunk][at];
        into.destQp = destQp[chunk][at];
        into.psn = psn[chunk][at];
        into.opcode = opcode[chunk][at];
        into.aethSyndrome = aethSyndrome[chunk][at];
        char type = etherType[chunk][at];
        into.etherType = type == Character.MAX_VALUE ? -1 : type;
        into.vlanPcp = vlanPcp[chunk][at];
        into.lrhSl = serviceLevel[chunk][at];
        into.dscp = dscp[chunk][at];
        into.ecn = ecn[chunk][at];
        into.icrcStatus = icrcStatus[chunk][at];
        table.restore(source[chunk][at], into, true);
        table.restore(destination[chunk][at], into, false);
    }

    /**
     * The rows ordered by a column, ties in their given order (so in frame order when {@code rows} is ascending).
     *
     * @param rows the rows to order (for example the displayed ones), or null for every row below {@link #size()}
     * @return a new array; {@code rows} is not changed
     */
    public int[] sort(int[] rows, Column column, boolean descending) {
        int[] given = rows != null ? rows : allRows();
        long[] keys = new long[given.length];
        long[] ranks = column == Column.SOURCE || column == Column.DESTINATION ? table.ranks()
                : column == Column.PROTOCOL ? protocolRanks() : null;
        for (int i = 0; i < given.length; i++) {
            long key = key(given[i], column, ranks);
            keys[i] = descending ? -key : key;
        }
        return RowSort.order(given, keys);
    }

    private int[] allRows() {
        int[] rows = new int[size];
        Arrays.setAll(rows, i -> i);
        return rows;
    }

    private long key(int row, Column column, long[] ranks) {
        return switch (column) {
            case NUMBER -> row;
            case TIME -> timestampNanos(row);
            case SOURCE -> rank(ranks, source[row >>> CHUNK_BITS][row & MASK]);
            case DESTINATION -> rank(ranks, destination[row >>> CHUNK_BITS][row & MASK]);
            case PROTOCOL -> ranks[protocol[row >>> CHUNK_BITS][row & MASK]];
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

    /** Bytes the index holds on the heap: its chunks, directories and address table. */
    public long heapBytes() {
        int chunks = (size + CHUNK - 1) >>> CHUNK_BITS;
        long perRow = 8 + 8 + 4 * 7 + 2 * 5 + 1 * 4;
        long arrayHeader = 16;
        return chunks * (CHUNK * perRow + 18 * arrayHeader) + 18L * fileOffset.length * 4 + table.heapBytes();
    }

    /** The columns a packet list sorts on without reading frames again. */
    public enum Column {
        NUMBER, TIME, SOURCE, DESTINATION, PROTOCOL, LENGTH, PRIORITY, QP, PSN
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

        void restore(int id, PacketSummary into, boolean isSource) {
            if (id < 0) {
                return;
            }
            if (kind[id] == IP) {
                if (isSource) {
                    into.ipSrcHi = high[id];
                    into.ipSrcLo = low[id];
                } else {
                    into.ipDstHi = high[id];
                    into.ipDstLo = low[id];
                }
            } else if (isSource) {
                into.ethSrc = low[id];
            } else {
                into.ethDst = low[id];
            }
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
