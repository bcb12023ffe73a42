package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The line's numbers against the JDK's formatter, which the decode line used to be written with. */
class Utf8LineTest {

    /** Edge values and random ones of every length. */
    private static long[] numbers() {
        Random random = new Random(7);
        LongStream edges = LongStream.of(0, 1, 9, 10, 99, 100, 999_999_999, 1_000_000_000, Long.MAX_VALUE, -1, -10,
                Long.MIN_VALUE);
        LongStream randoms = LongStream.generate(() -> random.nextLong() >> random.nextInt(64)).limit(2_000);
        return LongStream.concat(edges, randoms).toArray();
    }

    @Test
    void numbersAsTheFormatterWritesThem() {
        for (long number : numbers()) {
            assertEquals(Long.toString(number), new Utf8Line().appendDigits(number).toString());
            for (int width = 1; width <= 22; width++) {
                assertEquals(String.format("%" + width + "d", number),
                        new Utf8Line().appendPadded(number, width).toString());
            }
        }
    }

    @Test
    void zeroPaddedAsTheFormatterWritesThem() {
        for (long number : numbers()) {
            if (number < 0) {
                continue;
            }
            for (int width = 1; width <= 22; width++) {
                assertEquals(String.format("%0" + width + "d", number),
                        new Utf8Line().appendZeroPadded(number, width).toString());
            }
        }
    }
}
