package io.rocelens.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/**
 * Merges captures into one pcapng file in time order, as {@code mergecap} does by default: each step writes the
 * earliest of the inputs' next frames (on a tie, the one of the input named last, as mergecap picks), so the frames
 * of one input keep their file order even where its own times go backwards. Each input interface (a pcap file's
 * one, each of a pcapng file's) becomes an interface of the output named after its file, so a merged frame still
 * says where it was captured ({@code frame.interface_id}); any link type is kept. Damage in an input ends that input where it starts (its
 * frames before are merged) and is reported, as mergecap goes on after a bad file.
 */
public final class CaptureMerge {

    private CaptureMerge() {
    }

    /**
     * What was merged.
     *
     * @param frames   frames written
     * @param problems one line per input that ended early, naming the file and the damage (none: empty)
     * @param cancelled true when the merge stopped early; the output then holds the frames written so far
     */
    public record Result(long frames, List<String> problems, boolean cancelled) {
    }

    /** An input's next frame, in the merge's order. */
    private record Head(int input, Frame frame) {
    }

    /**
     * Merges {@code inputs} into {@code output} (replaced if it exists).
     *
     * @param cancelled asked now and then; true stops the merge with what was written
     * @throws OverwriteCheck.WouldOverwriteInput when the output is one of the inputs, before anything is written
     * @throws IOException                        when an input cannot be opened (not a capture, no permission) or
     *                                            the output cannot be written; the message names the file
     */
    public static Result merge(List<Path> inputs, Path output, BooleanSupplier cancelled) throws IOException {
        OverwriteCheck.check(output, inputs);
        List<CaptureReader> readers = new ArrayList<>();
        try {
            for (Path input : inputs) {
                try {
                    readers.add(CaptureReaders.open(input));
                } catch (IOException failure) {
                    throw CaptureOpenException.of(input, failure);
                }
            }
            return merge(inputs, readers, output, cancelled);
        } finally {
            for (CaptureReader reader : readers) {
                reader.close();
            }
        }
    }

    private static Result merge(List<Path> inputs, List<CaptureReader> readers, Path output,
                                BooleanSupplier cancelled) throws IOException {
        PriorityQueue<Head> next = new PriorityQueue<>(Comparator.comparingLong((Head h) -> h.frame().timestampNanos())
                .thenComparing(Head::input, Comparator.reverseOrder()));
        for (int i = 0; i < readers.size(); i++) {
            Frame first = readers.get(i).next();
            if (first != null) {
                next.add(new Head(i, first));
            }
        }
        // output interface of each input's (interface id, link type), made as they first appear
        Map<Long, Integer> interfaces = new HashMap<>();
        byte[] buffer = new byte[CaptureWriter.MAX_SNAPLEN];
        long written = 0;
        boolean stopped = false;
        try (PcapngWriter writer = new PcapngWriter(create(output), List.of(), "RoCE Lens merge")) {
            while (!next.isEmpty()) {
                if ((written & 0xFFF) == 0 && cancelled.getAsBoolean()) {
                    stopped = true;
                    break;
                }
                Head head = next.poll();
                Frame frame = head.frame();
                long key = (long) head.input() << 48 | (long) (frame.interfaceId() & 0xFFFF) << 32
                        | (frame.linkType() & 0xFFFFFFFFL);
                Integer id = interfaces.get(key);
                if (id == null) {
                    String name = inputs.get(head.input()).getFileName().toString()
                            + (frame.interfaceId() > 0 ? " #" + frame.interfaceId() : "");
                    id = writer.addInterface(new PcapngWriter.Interface(name, null, null, frame.linkType(),
                            CaptureWriter.MAX_SNAPLEN));
                    interfaces.put(key, id);
                }
                ByteBuffer data = frame.data().duplicate();
                int length = data.remaining();
                data.get(buffer, 0, length);
                writer.write(id, frame.timestampNanos(), frame.originalLength(), buffer, 0, length);
                written++;
                Frame following = readers.get(head.input()).next();
                if (following != null) {
                    next.add(new Head(head.input(), following));
                }
            }
        }
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < readers.size(); i++) {
            if (readers.get(i).problem() != null) {
                problems.add(inputs.get(i) + ": " + readers.get(i).problem());
            }
        }
        return new Result(written, List.copyOf(problems), stopped);
    }

    private static FileChannel create(Path output) throws IOException {
        try {
            return FileChannel.open(output, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException failure) {
            throw new IOException("cannot write " + output + ": " + CaptureOpenException.reason(failure), failure);
        }
    }
}
