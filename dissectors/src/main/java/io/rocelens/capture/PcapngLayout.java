package io.rocelens.capture;

import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where the sections of a pcapng file start, their byte order and interfaces: what a block read on its own needs,
 * since its interface id, timestamp units and even its byte order are set by earlier blocks of its section. The
 * readers of one {@link CaptureFile} fill it in as they go, and random access reads it from any thread.
 *
 * <p>Safe for concurrent use: sections and interfaces are appended rarely, to copy-on-write lists; {@link #knownUpTo}
 * says up to which byte the table is complete.
 */
final class PcapngLayout {

    /** One section: where its header block starts, its byte order, its interfaces by local id. */
    static final class Section {
        final long start;
        final ByteOrder order;
        final List<PcapngInterface> interfaces = new CopyOnWriteArrayList<>();
        /** Offset of the section's first enhanced or obsolete packet block (a block with a time), or -1. */
        volatile long firstTimedBlock = -1;

        Section(long start, ByteOrder order) {
            this.start = start;
            this.order = order;
        }
    }

    private final List<Section> sections = new CopyOnWriteArrayList<>();
    private final AtomicLong knownUpTo = new AtomicLong();

    /** Records a section header block read at {@code start}; a section already recorded is ignored. */
    synchronized Section section(long start, ByteOrder order) {
        Section last = sections.isEmpty() ? null : sections.get(sections.size() - 1);
        if (last != null && last.start >= start) {
            return sectionAt(start);
        }
        Section section = new Section(start, order);
        sections.add(section);
        return section;
    }

    /** Records the interface with the next local id of the section; an interface already recorded is ignored. */
    synchronized void interfaceDescribed(Section section, int localId, PcapngInterface described) {
        if (section.interfaces.size() == localId) {
            section.interfaces.add(described);
        }
    }

    void timedBlock(Section section, long offset) {
        if (section.firstTimedBlock < 0) {
            section.firstTimedBlock = offset;
        }
    }

    /** Every section header and interface description before this byte is recorded. */
    void knownUpTo(long position) {
        if (position > knownUpTo.get()) {
            knownUpTo.accumulateAndGet(position, Math::max);
        }
    }

    long knownUpTo() {
        return knownUpTo.get();
    }

    /** The section holding the byte at {@code offset}, or null when it comes before the first section. */
    Section sectionAt(long offset) {
        List<Section> all = sections;
        int low = 0;
        int high = all.size() - 1;
        Section found = null;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Section s = all.get(mid);
            if (s.start <= offset) {
                found = s;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }
}
