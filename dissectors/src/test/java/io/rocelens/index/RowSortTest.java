package io.rocelens.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The row sort against Java's own stable sort of boxed rows by the same keys, for keys drawn to reach each of its
 * paths: all equal, a narrow spread (a bucket per key), a wide one (rows sharing a bucket, few and many), the whole
 * range of a long, and most rows on one key with a few far away.
 */
class RowSortTest {

    @Property(tries = 400)
    void ordersAsAStableSortOfTheKeys(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int rowCount,
                                      @ForAll @IntRange(min = 0, max = 5) int spread, @ForAll boolean subset) {
        Random random = new Random(seed);
        long[] keyOfRow = new long[rowCount];
        for (int row = 0; row < rowCount; row++) {
            keyOfRow[row] = switch (spread) {
                case 0 -> 42;
                case 1 -> random.nextInt(200) - 100;
                case 2 -> random.nextInt(1 << 24);
                case 3 -> 1_700_000_000_000_000_000L + random.nextInt(1_000_000_000);
                case 4 -> random.nextLong();
                default -> random.nextInt(50) == 0 ? random.nextLong() : 7;
            };
        }
        int[] rows = subset ? IntStream.range(0, rowCount).filter(row -> random.nextBoolean()).toArray() : null;
        List<Integer> given = rows != null ? IntStream.of(rows).boxed().toList()
                : IntStream.range(0, rowCount).boxed().toList();
        // List.sort is stable: rows with equal keys stay in their given order
        int[] expected = given.stream().sorted(Comparator.comparingLong(row -> keyOfRow[row]))
                .mapToInt(Integer::intValue).toArray();
        assertArrayEquals(expected, RowSort.order(rows, rowCount, row -> keyOfRow[row]));
    }
}
