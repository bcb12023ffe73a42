package io.rocelens.filter;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.PacketSummary;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A compiled display filter in Wireshark's syntax, over RoCE Lens's field names and Wireshark's. Immutable and
 * thread-safe: one compiled filter may test frames on several threads.
 *
 * <pre>
 * DisplayFilter filter = DisplayFilter.compile("infiniband.bth.destqp == 0x44 &amp;&amp; ip.dsfield.ecn == 3");
 * boolean shown = filter.matches(summary, marks, () -&gt; dissector.dissect(frame));
 * </pre>
 */
public final class DisplayFilter {

    private final String text;
    private final Node root;
    private final Set<String> fields;
    private final boolean needsDetail;
    private final boolean needsMarks;
    private final boolean refersToSelected;
    private final Dissection selected;

    private DisplayFilter(String text, Node root, Dissection selected) {
        this.text = text;
        this.root = root;
        this.selected = selected;
        Set<String> names = new LinkedHashSet<>();
        boolean[] detail = {false};
        boolean[] marks = {false};
        boolean[] reference = {false};
        root.sources(source -> {
            if (source == Operand.Reference.REFERENCE) {
                reference[0] = true;
                return;
            }
            names.add(source.name);
            detail[0] |= !source.fromSummary();
            marks[0] |= source.needsMarks();
        });
        this.fields = Collections.unmodifiableSet(names);
        this.needsDetail = detail[0];
        this.needsMarks = marks[0];
        this.refersToSelected = reference[0];
    }

    /**
     * Compiles a filter. A blank text is the empty filter, which every frame passes.
     *
     * @throws FilterException with the column where the text went wrong and what was expected there
     */
    public static DisplayFilter compile(String text) throws FilterException {
        try {
            return new DisplayFilter(text, Parser.parse(text), null);
        } catch (StackOverflowError tooDeep) {
            // the parser counts its depth; this only guards a JVM run with a tiny thread stack
            throw new FilterException("the filter nests too deep", 0);
        }
    }

    /**
     * Tests one frame.
     *
     * @param summary the frame's summary from the bulk pass (or from the packet index)
     * @param marks   the analysis marks of its capture, or null when no analysis ran ({@code roce.*} then match
     *                nothing)
     * @param detail  makes the frame's detail dissection; called at most once, and only when a field the summary
     *                does not hold is needed (null from it: the frame has none of those fields)
     */
    public boolean matches(PacketSummary summary, AnalysisMarks marks, Supplier<Dissection> detail) {
        return root.eval(new FrameView(summary, marks, detail, selected));
    }

    /** True when the filter reads a field of the selected frame ({@code ip.src == ${ip.src}}). */
    public boolean refersToSelected() {
        return refersToSelected;
    }

    /**
     * The same filter with {@code ${field}} read from {@code selected} (the frame selected in the window, as in
     * Wireshark); with null, or in a filter that was never given one, a test on {@code ${field}} matches nothing.
     */
    public DisplayFilter selecting(Dissection selected) {
        return new DisplayFilter(text, root, selected);
    }

    /** Tests a frame already dissected. */
    public boolean matches(Dissection dissection, AnalysisMarks marks) {
        return matches(dissection.summary(), marks, () -> dissection);
    }

    /**
     * True when every field the filter reads satisfies the predicate, given canonical RoCE Lens names (an alias or
     * an "either side" field is asked as the fields it stands for: {@code ip.addr} as {@code ip.src} and
     * {@code ip.dst}; protocols by their name, e.g. {@code bth}, {@code pfc}).
     */
    public boolean usesOnly(Predicate<String> available) {
        return fields.stream().allMatch(available);
    }

    /**
     * The canonical names of the fields and protocols the packet index answers ({@code PacketIndex.indexes}): each
     * declared so where it is defined, on its summary getter or its protocol.
     */
    public static Set<String> indexedFields() {
        return Indexed.NAMES;
    }

    /** Made on first use, after the field tables. */
    private static final class Indexed {
        static final Set<String> NAMES = FilterFields.indexedNames();
    }

    /** The canonical names of what the filter reads, in order of first use. */
    public Set<String> fields() {
        return fields;
    }

    /**
     * True when the filter reads a field the summary does not hold, so frames that pass its cheap part are
     * dissected in detail. When false, only rare frames need the detail (stacked VLAN tags, some malformed ones).
     */
    public boolean needsDetail() {
        return needsDetail;
    }

    /**
     * True when the filter reads {@code roce.analysis.*}, {@code roce.flow} or {@code udp.stream}: it needs the
     * analysis marks.
     */
    public boolean needsMarks() {
        return needsMarks;
    }

    /** True for the blank filter, which passes every frame. */
    public boolean isEmpty() {
        return root instanceof Node.All;
    }

    /** The text as it was compiled. */
    public String text() {
        return text;
    }

    /** The filter written back in canonical form: spacing, parentheses only where needed, values in field form. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        root.print(out);
        return out.toString();
    }
}
