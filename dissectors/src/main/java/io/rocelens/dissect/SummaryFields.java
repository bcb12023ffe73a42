package io.rocelens.dissect;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Fast field getters: the value of a registry field read straight from the bulk pass's {@link PacketSummary}, for
 * the fields the summary holds, so a display filter or a packet-list column needs no detail dissection (about a
 * million frames a second against tens of thousands). The frame's own are declared here, the others by the module that
 * owns the field ({@link ProtocolModule#getters}). A field the summary does not hold has no getter; a getter
 * whose {@link Getter#answers} is false for a frame (stacked VLAN tags, a malformed frame) leaves that frame to the
 * detail dissector.
 */
public final class SummaryFields {

    /** Reads one field of a frame from its summary. Values are the ones {@link Dissector} gives the same field. */
    public interface Getter {

        /** True when the summary alone tells whether this frame has the field and its value. */
        boolean answers(PacketSummary p);

        boolean present(PacketSummary p);

        /** Numbers and flags (0/1); MAC addresses in the low 48 bits; IP addresses' low 64 bits (IPv4-mapped). */
        long value(PacketSummary p);

        /** High 64 bits of an IP address (0 for IPv4, which is held IPv4-mapped); 0 for other fields. */
        long high(PacketSummary p);

        /** The value of a text field ({@code aeth.type}, {@code icrc.status}, {@code malformed.reason}), else null. */
        String text(PacketSummary p);

        /**
         * True for a field of the headers an encapsulated frame has twice (Ethernet, VLAN, IP, UDP): where it
         * {@link #answers} for such a frame, its values are this getter's on the frame (the inner headers) and on
         * {@link PacketSummary#outer} (the outer ones).
         */
        boolean twice();

        /**
         * True when the packet index ({@code io.rocelens.index.PacketIndex}) keeps what this getter reads, so a
         * summary the index restores answers the field as the frame's own summary does; declared with the getter.
         */
        boolean indexed();
    }

    private static final Map<String, Getter> GETTERS = new HashMap<>();

    /** For a getter the summary answers on every frame. */
    static final Predicate<PacketSummary> ALWAYS = p -> true;
    /**
     * For a field of a header an encapsulated frame has twice, outside and inside (Ethernet, VLAN, IP, UDP): the
     * summary holds the inner ones, and the outer ones in its outer summary when it was carried once; nested tunnels
     * have more, the detail answers.
     */
    static final Predicate<PacketSummary> ONCE = p -> !p.is(PacketSummary.ENCAPSULATED) || p.encapsulationDepth == 1;

    /** Marks a getter whose inputs the packet index keeps ({@link Getter#indexed}). */
    private static final boolean IN_INDEX = true;

    static {
        number(IN_INDEX, Fields.FRAME_LEN, ALWAYS, p -> p.originalLength);
        number(IN_INDEX, Fields.FRAME_CAPLEN, ALWAYS, p -> p.capturedLength);
        add(Fields.FRAME_INTERFACE_ID, ALWAYS, p -> p.interfaceId >= 0, p -> p.interfaceId, null, null);

        // the modules' fields the summary holds, each declared by its module (RoCE, IP, Ethernet, MAC Control ...)
        Registry registry = new Registry();
        for (ProtocolModule module : ProtocolModule.all()) {
            module.getters(registry);
        }
        add(Fields.MALFORMED_REASON, ALWAYS, p -> p.is(PacketSummary.MALFORMED), p -> 0, null,
                p -> p.malformedReason);

        // a module's other fields (those without a getter above): absent wherever the summary holds none of its
        // protocols (an encapsulated frame's outer one may: the detail answers), else the detail answers
        for (ProtocolModule module : ProtocolModule.all()) {
            if (!module.absentOutside()) {
                continue;
            }
            Predicate<PacketSummary> none = p -> !p.is(PacketSummary.ENCAPSULATED)
                    && module.protocols().stream().noneMatch(protocol -> protocol.in().test(p));
            for (FieldDef field : module.fields()) {
                if (!GETTERS.containsKey(field.name())) {
                    add(field, none, p -> false, p -> 0, null, null);
                }
            }
        }
    }

    private SummaryFields() {
    }

    /** The getter of a registry field, or null when the summary does not hold that field. */
    public static Getter of(String name) {
        return GETTERS.get(name);
    }

    /** Names of the registry fields the summary holds. */
    public static java.util.Set<String> names() {
        return Collections.unmodifiableSet(GETTERS.keySet());
    }

    private static void number(boolean indexed, FieldDef field, Predicate<PacketSummary> present,
                               ToLongFunction<PacketSummary> value) {
        add(indexed, field, ALWAYS, present, value, null, null);
    }

    private static void add(FieldDef field, Predicate<PacketSummary> answers, Predicate<PacketSummary> present,
                            ToLongFunction<PacketSummary> value, ToLongFunction<PacketSummary> high,
                            Function<PacketSummary, String> text) {
        add(false, field, answers, present, value, high, text);
    }

    private static void add(boolean indexed, FieldDef field, Predicate<PacketSummary> answers,
                            Predicate<PacketSummary> present, ToLongFunction<PacketSummary> value,
                            ToLongFunction<PacketSummary> high, Function<PacketSummary, String> text) {
        add(indexed, false, field, answers, present, value, high, text);
    }

    private static void add(boolean indexed, boolean twice, FieldDef field, Predicate<PacketSummary> answers,
                            Predicate<PacketSummary> present, ToLongFunction<PacketSummary> value,
                            ToLongFunction<PacketSummary> high, Function<PacketSummary, String> text) {
        if (GETTERS.put(field.name(), new Simple(answers, present, value, high, text, twice, indexed)) != null) {
            throw new IllegalStateException("two getters of " + field.name());
        }
    }

    /**
     * Where a module declares the getters of the fields its part of the summary holds ({@link ProtocolModule#getters}),
     * each with whether the packet index keeps what it reads ({@code indexed}, {@link Getter#indexed}).
     */
    static final class Registry {

        private Registry() {
        }

        /** A number the summary answers on every frame, present where {@code present} says. */
        void number(FieldDef field, Predicate<PacketSummary> present, ToLongFunction<PacketSummary> value) {
            SummaryFields.number(false, field, present, value);
        }

        void number(boolean indexed, FieldDef field, Predicate<PacketSummary> present,
                    ToLongFunction<PacketSummary> value) {
            SummaryFields.number(indexed, field, present, value);
        }

        /**
         * A field the summary answers on the frames {@code answers} accepts (the others are left to the detail):
         * present where {@code present} says, its value (and an address's high half, or a text).
         */
        void add(FieldDef field, Predicate<PacketSummary> answers, Predicate<PacketSummary> present,
                 ToLongFunction<PacketSummary> value, ToLongFunction<PacketSummary> high,
                 Function<PacketSummary, String> text) {
            SummaryFields.add(false, field, answers, present, value, high, text);
        }

        void add(boolean indexed, FieldDef field, Predicate<PacketSummary> answers, Predicate<PacketSummary> present,
                 ToLongFunction<PacketSummary> value, ToLongFunction<PacketSummary> high,
                 Function<PacketSummary, String> text) {
            SummaryFields.add(indexed, field, answers, present, value, high, text);
        }

        /** As {@link #add}, for a field of a header an encapsulated frame has twice ({@link Getter#twice}). */
        void twice(FieldDef field, Predicate<PacketSummary> answers, Predicate<PacketSummary> present,
                   ToLongFunction<PacketSummary> value, ToLongFunction<PacketSummary> high) {
            SummaryFields.add(false, true, field, answers, present, value, high, null);
        }

        void twice(boolean indexed, FieldDef field, Predicate<PacketSummary> answers, Predicate<PacketSummary> present,
                   ToLongFunction<PacketSummary> value, ToLongFunction<PacketSummary> high) {
            SummaryFields.add(indexed, true, field, answers, present, value, high, null);
        }
    }

    private record Simple(Predicate<PacketSummary> answers, Predicate<PacketSummary> presence,
                          ToLongFunction<PacketSummary> number, ToLongFunction<PacketSummary> highHalf,
                          Function<PacketSummary, String> words, boolean twice, boolean indexed)
            implements Getter {

        @Override
        public boolean answers(PacketSummary p) {
            return answers.test(p);
        }

        @Override
        public boolean present(PacketSummary p) {
            return presence.test(p);
        }

        @Override
        public long value(PacketSummary p) {
            return number.applyAsLong(p);
        }

        @Override
        public long high(PacketSummary p) {
            return highHalf == null ? 0 : highHalf.applyAsLong(p);
        }

        @Override
        public String text(PacketSummary p) {
            return words == null ? null : words.apply(p);
        }
    }
}
