package io.rocelens.spark;

import io.rocelens.dissect.PacketSummary;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;

/**
 * The filters the reader applies itself, before a row is built: comparisons of {@code opcode}, {@code dest_qp} and
 * {@code timestamp_ns} with constants ({@code =}, {@code IN}, {@code <}, {@code <=}, {@code >}, {@code >=}). The time
 * is tested before the frame is dissected. Spark still evaluates every filter after the scan, so one the reader
 * takes is only a saving, never a change in the answer.
 */
final class FramePredicate implements Serializable {

    private enum Field { OPCODE, DEST_QP, TIMESTAMP }

    private record Test(Field field, long min, long max, long[] values) implements Serializable {
        boolean passes(long value) {
            return value >= min && value <= max && (values == null || Arrays.binarySearch(values, value) >= 0);
        }
    }

    private final List<Test> tests;
    private final List<Filter> pushed;

    private FramePredicate(List<Test> tests, List<Filter> pushed) {
        this.tests = tests;
        this.pushed = pushed;
    }

    static final FramePredicate NONE = new FramePredicate(List.of(), List.of());

    static FramePredicate of(Filter[] filters) {
        List<Test> tests = new ArrayList<>();
        List<Filter> pushed = new ArrayList<>();
        for (Filter f : filters) {
            Test t = test(f);
            if (t != null) {
                tests.add(t);
                pushed.add(f);
            }
        }
        return new FramePredicate(List.copyOf(tests), List.copyOf(pushed));
    }

    Filter[] pushed() {
        return pushed.toArray(new Filter[0]);
    }

    boolean needsDissection() {
        return tests.stream().anyMatch(t -> t.field != Field.TIMESTAMP);
    }

    boolean passesTime(long timestampNanos) {
        for (Test t : tests) {
            if (t.field == Field.TIMESTAMP && !t.passes(timestampNanos)) {
                return false;
            }
        }
        return true;
    }

    /** The opcode and QP tests: a frame that is not RoCE has neither (null), which no comparison passes. */
    boolean passesHeaders(PacketSummary s) {
        for (Test t : tests) {
            if (t.field == Field.TIMESTAMP) {
                continue;
            }
            if (!s.isRoce() || !t.passes(t.field == Field.OPCODE ? s.opcode : s.destQp)) {
                return false;
            }
        }
        return true;
    }

    private static Field field(String attribute) {
        return switch (attribute) {
            case "opcode" -> Field.OPCODE;
            case "dest_qp" -> Field.DEST_QP;
            case "timestamp_ns" -> Field.TIMESTAMP;
            default -> null;
        };
    }

    private static boolean integral(Object v) {
        return v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte;
    }

    private static Test test(Filter f) {
        if (f instanceof EqualTo e && field(e.attribute()) != null && integral(e.value()) && e.value() instanceof Number n) {
            return new Test(field(e.attribute()), n.longValue(), n.longValue(), null);
        }
        if (f instanceof In in && field(in.attribute()) != null
                && Arrays.stream(in.values()).allMatch(FramePredicate::integral)) {
            long[] values = Arrays.stream(in.values()).mapToLong(v -> ((Number) v).longValue()).sorted().toArray();
            return new Test(field(in.attribute()), Long.MIN_VALUE, Long.MAX_VALUE, values);
        }
        if (f instanceof GreaterThan g && field(g.attribute()) != null && integral(g.value()) && g.value() instanceof Number n
                && n.longValue() < Long.MAX_VALUE) {
            return new Test(field(g.attribute()), n.longValue() + 1, Long.MAX_VALUE, null);
        }
        if (f instanceof GreaterThanOrEqual g && field(g.attribute()) != null && integral(g.value()) && g.value() instanceof Number n) {
            return new Test(field(g.attribute()), n.longValue(), Long.MAX_VALUE, null);
        }
        if (f instanceof LessThan l && field(l.attribute()) != null && integral(l.value()) && l.value() instanceof Number n
                && n.longValue() > Long.MIN_VALUE) {
            return new Test(field(l.attribute()), Long.MIN_VALUE, n.longValue() - 1, null);
        }
        if (f instanceof LessThanOrEqual l && field(l.attribute()) != null && integral(l.value()) && l.value() instanceof Number n) {
            return new Test(field(l.attribute()), Long.MIN_VALUE, n.longValue(), null);
        }
        return null;
    }
}
