package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** KeyIndex against java.util.HashMap over the same keys: what one finds, the other must. */
class KeyIndexTest {

    private record Key(long a, long b, long c, long d, long e) {
    }

    @Test
    void findsWhatWasPutAndNothingElseThroughGrowth() {
        SplittableRandom random = new SplittableRandom(19);
        KeyIndex index = new KeyIndex(1);
        Map<Key, Integer> expected = new HashMap<>();
        List<Key> keys = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            // few distinct values per part, so keys share parts and probes run into each other
            Key key = new Key(random.nextLong(4), random.nextLong(8), random.nextLong(16), random.nextLong(4),
                    random.nextInt(3) == 0 ? random.nextLong() : random.nextLong(64));
            if (index.get(key.a, key.b, key.c, key.d, key.e) < 0) {
                index.putNew(key.a, key.b, key.c, key.d, key.e, expected.size());
                expected.put(key, expected.size());
                keys.add(key);
            }
            assertEquals(expected.size(), index.size());
        }
        for (Key key : keys) {
            assertEquals(expected.get(key), index.get(key.a, key.b, key.c, key.d, key.e), key.toString());
        }
        for (int i = 0; i < 50_000; i++) {
            Key probe = new Key(random.nextLong(4), random.nextLong(8), random.nextLong(16), random.nextLong(4),
                    random.nextLong(64));
            assertEquals(expected.getOrDefault(probe, -1), index.get(probe.a, probe.b, probe.c, probe.d, probe.e));
        }
    }

    private record SixParts(long a, long b, long c, long d, long e, long f) {
    }

    @Test
    void findsSixPartKeysAsAHashMapDoes() {
        SplittableRandom random = new SplittableRandom(23);
        KeyIndex index = KeyIndex.ofSixParts(1);
        Map<SixParts, Integer> expected = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            // keys that differ in the sixth part only too
            SixParts key = new SixParts(random.nextLong(4), random.nextLong(8), random.nextLong(4), random.nextLong(4),
                    random.nextLong(8), random.nextInt(3) == 0 ? random.nextLong() : random.nextLong(16));
            if (index.get(key.a, key.b, key.c, key.d, key.e, key.f) < 0) {
                index.putNew(key.a, key.b, key.c, key.d, key.e, key.f, expected.size());
                expected.put(key, expected.size());
            }
        }
        assertEquals(expected.size(), index.size());
        expected.forEach((key, value) -> assertEquals(value, index.get(key.a, key.b, key.c, key.d, key.e, key.f)));
        for (int i = 0; i < 50_000; i++) {
            SixParts probe = new SixParts(random.nextLong(4), random.nextLong(8), random.nextLong(4),
                    random.nextLong(4), random.nextLong(8), random.nextLong(20));
            assertEquals(expected.getOrDefault(probe, -1),
                    index.get(probe.a, probe.b, probe.c, probe.d, probe.e, probe.f));
        }
    }

    @Test
    void aKeyOfTheWrongLengthIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new KeyIndex(4).get(1, 2, 3, 4, 5, 6));
        assertThrows(IllegalArgumentException.class, () -> KeyIndex.ofSixParts(4).putNew(1, 2, 3, 4, 5, 0));
    }

    @Test
    void aClearedIndexFindsNothingAndTakesKeysAgain() {
        KeyIndex index = new KeyIndex(16);
        for (int i = 0; i < 100; i++) {
            index.putNew(i, 1, 2, 3, 4, i);
        }
        index.clear();
        assertEquals(0, index.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(-1, index.get(i, 1, 2, 3, 4));
        }
        index.putNew(7, 1, 2, 3, 4, 0);
        assertEquals(0, index.get(7, 1, 2, 3, 4));
        assertEquals(1, index.size());
    }

    @Test
    void keysOfZerosAndNegativesAreKeysLikeAnyOther() {
        KeyIndex index = new KeyIndex(4);
        assertEquals(-1, index.get(0, 0, 0, 0, 0));
        index.putNew(0, 0, 0, 0, 0, 7);
        index.putNew(-1, -1, -1, -1, -1, 0);
        assertEquals(7, index.get(0, 0, 0, 0, 0));
        assertEquals(0, index.get(-1, -1, -1, -1, -1));
        assertEquals(-1, index.get(0, 0, 0, 0, -1));
    }
}
