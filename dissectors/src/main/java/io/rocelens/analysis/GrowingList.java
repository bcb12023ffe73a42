package io.rocelens.analysis;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.ToLongFunction;

/**
 * A list the analysis pass only appends to, whose prefix can be frozen in constant time: a snapshot of the analysis
 * shares the stored events, links and intervals instead of copying them. Elements sit in fixed-size chunks that are
 * never moved, so a frozen prefix stays valid, and immutable, while the list grows.
 *
 * <p>It also remembers whether it was appended in order of a key (time), so a frozen prefix is already the sorted
 * list a result needs.
 */
final class GrowingList<T> {
    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;

    private final ToLongFunction<T> key;
    private Object[][] chunks = new Object[4][];
    private int size;
    private long lastKey = Long.MIN_VALUE;
    private boolean inOrder = true;

    /** @param key the order a result lists the elements in (a stable sort by it) */
    GrowingList(ToLongFunction<T> key) {
        this.key = key;
    }

    void add(T element) {
        int chunk = size >>> CHUNK_BITS;
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunk * 2);
        }
        if (chunks[chunk] == null) {
            chunks[chunk] = new Object[CHUNK];
        }
        chunks[chunk][size & (CHUNK - 1)] = element;
        long k = key.applyAsLong(element);
        inOrder &= k >= lastKey;
        lastKey = k;
        size++;
    }

    int size() {
        return size;
    }

    /**
     * The elements so far and then {@code extras}, stably sorted by the key, as an immutable list: the stored
     * elements are shared, not copied, when they were appended in order (the usual case), and the extras (a few,
     * made for a snapshot) are placed among them by binary search.
     */
    List<T> sortedWith(List<T> extras) {
        Comparator<T> byKey = Comparator.comparingLong(key);
        if (!inOrder) {
            List<T> all = new ArrayList<>(new Prefix<>(chunks, size));
            all.addAll(extras);
            all.sort(byKey);
            return List.copyOf(all);
        }
        Prefix<T> prefix = new Prefix<>(chunks, size);
        if (extras.isEmpty()) {
            return prefix;
        }
        List<T> sortedExtras = new ArrayList<>(extras);
        sortedExtras.sort(byKey);
        int[] at = new int[sortedExtras.size()];
        for (int j = 0; j < at.length; j++) {
            at[j] = upperBound(prefix, key.applyAsLong(sortedExtras.get(j))) + j;
        }
        return new Merged<>(prefix, List.copyOf(sortedExtras), at);
    }

    /** The elements so far and then {@code extras}, in that order, as an immutable list. */
    List<T> with(List<T> extras) {
        Prefix<T> prefix = new Prefix<>(chunks, size);
        if (extras.isEmpty()) {
            return prefix;
        }
        int[] at = new int[extras.size()];
        Arrays.setAll(at, j -> size + j);
        return new Merged<>(prefix, List.copyOf(extras), at);
    }

    private int upperBound(List<T> sorted, long k) {
        int low = 0;
        int high = sorted.size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (key.applyAsLong(sorted.get(mid)) <= k) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /**
     * The list itself when it is one of these frozen views (immutable already), else an immutable copy: what a
     * result keeps.
     */
    static <T> List<T> frozen(List<T> list) {
        return list instanceof Frozen ? list : List.copyOf(list);
    }

    /** The immutable views: every change throws, as it does on {@link List#copyOf}'s lists, even when empty. */
    private abstract static class Frozen<T> extends AbstractList<T> implements RandomAccess {
        @Override
        public void clear() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean removeIf(java.util.function.Predicate<? super T> filter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean removeAll(java.util.Collection<?> c) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean retainAll(java.util.Collection<?> c) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void replaceAll(java.util.function.UnaryOperator<T> operator) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void sort(Comparator<? super T> c) {
            throw new UnsupportedOperationException();
        }
    }

    private static final class Prefix<T> extends Frozen<T> {
        private final Object[][] chunks;
        private final int size;

        Prefix(Object[][] chunks, int size) {
            this.chunks = chunks;
            this.size = size;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return (T) chunks[index >>> CHUNK_BITS][index & (CHUNK - 1)];
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** A frozen prefix with other elements placed among it at increasing positions. */
    private static final class Merged<T> extends Frozen<T> {
        private final List<T> prefix;
        private final List<T> extras;
        private final int[] at;

        Merged(List<T> prefix, List<T> extras, int[] at) {
            this.prefix = prefix;
            this.extras = extras;
            this.at = at;
        }

        @Override
        public T get(int index) {
            if (index < 0 || index >= size()) {
                throw new IndexOutOfBoundsException(index);
            }
            // the last extra at or before index: the extras before it all come before index too
            int low = 0;
            int high = at.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (at[mid] <= index) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            if (low > 0 && at[low - 1] == index) {
                return extras.get(low - 1);
            }
            return prefix.get(index - low);
        }

        @Override
        public int size() {
            return prefix.size() + extras.size();
        }
    }
}
