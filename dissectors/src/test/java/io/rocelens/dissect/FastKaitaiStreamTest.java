package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The allocation-free bit reader returns exactly what the Kaitai runtime's own does, for any mix of reads. */
class FastKaitaiStreamTest {

    @Property(tries = 2000)
    void bitReadsMatchTheRuntime(@ForAll @Size(min = 16, max = 16) byte[] bytes,
                                 @ForAll @Size(max = 12) List<@IntRange(min = 0, max = 64) Integer> reads) {
        ByteBufferKaitaiStream runtime = new ByteBufferKaitaiStream(ByteBuffer.wrap(bytes));
        FastKaitaiStream fast = new FastKaitaiStream(ByteBuffer.wrap(bytes));
        for (int width : reads) {
            // width 0 stands for a byte-aligned u1 read after bit fields
            String expected = outcome(() -> width == 0 ? runtime.readU1() : runtime.readBitsIntBe(width));
            assertEquals(expected, outcome(() -> width == 0 ? fast.readU1() : fast.readBitsIntBe(width)), "b" + width);
            if (expected.startsWith("threw")) {
                return;
            }
            assertEquals(runtime.pos(), fast.pos());
        }
    }

    private static String outcome(java.util.function.LongSupplier read) {
        try {
            return Long.toString(read.getAsLong());
        } catch (RuntimeException e) {
            return "threw " + e.getClass().getSimpleName();
        }
    }
}
