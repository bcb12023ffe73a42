package io.rocelens.filter;

import com.google.re2j.Pattern;
import java.util.List;
import java.util.function.Consumer;

/** A compiled filter expression: evaluates on a frame and prints itself back as filter text. */
sealed interface Node {

    /**
     * Whether an ordering ({@code compare}'s sign) satisfies a comparison operator: ==, ~=, <, <=, >, else
     * >=. The one table every comparison node reads.
     */
    static boolean holds(String op, int order) {
        return switch (op) {
            case "==" -> order == 0;
            case "~=" -> order != 0;
            case "<" -> order < 0;
            case "<=" -> order <= 0;
            case ">" -> order > 0;
            default -> order >= 0;
        };
    }

    boolean eval(FrameView frame);

    /** Binding strength for printing: 0 or, 1 and, 2 not and tests. */
    int precedence();

    void print(StringBuilder out);

    void sources(Consumer<Source> each);

    /** A use of a field name, spelled as the user wrote it. */
    record Ref(String written, FilterField field) {

        boolean any(FrameView frame, Matcher matcher) {
            for (Source source : field.sources()) {
                if (source.any(frame, matcher)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The empty filter: every frame. */
    record All() implements Node {
        @Override
        public boolean eval(FrameView frame) {
            return true;
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
        }

        @Override
        public void sources(Consumer<Source> each) {
        }
    }

    /**
     * @param terms     as written, for printing
     * @param evaluated the same terms, those the summary answers first: a frame is dissected in detail only when
     *                  the cheap terms leave the outcome open (the terms have no side effects, so order is free)
     */
    record Or(List<Node> terms, List<Node> evaluated) implements Node {
        Or(List<Node> terms) {
            this(terms, cheapFirst(terms));
        }

        @Override
        public boolean eval(FrameView frame) {
            for (Node term : evaluated) {
                if (term.eval(frame)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int precedence() {
            return 0;
        }

        @Override
        public void print(StringBuilder out) {
            join(terms, " || ", 1, out);
        }

        @Override
        public void sources(Consumer<Source> each) {
            terms.forEach(term -> term.sources(each));
        }
    }

    /** @param evaluated as in {@link Or} */
    record And(List<Node> terms, List<Node> evaluated) implements Node {
        And(List<Node> terms) {
            this(terms, cheapFirst(terms));
        }

        @Override
        public boolean eval(FrameView frame) {
            for (Node term : evaluated) {
                if (!term.eval(frame)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int precedence() {
            return 1;
        }

        @Override
        public void print(StringBuilder out) {
            join(terms, " && ", 2, out);
        }

        @Override
        public void sources(Consumer<Source> each) {
            terms.forEach(term -> term.sources(each));
        }
    }

    record Not(Node term) implements Node {
        @Override
        public boolean eval(FrameView frame) {
            return !term.eval(frame);
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append('!');
            printTerm(term, 2, out);
        }

        @Override
        public void sources(Consumer<Source> each) {
            term.sources(each);
        }
    }

    /** A bare field or protocol name: true when the frame has it. */
    record Exists(Ref ref) implements Node {
        @Override
        public boolean eval(FrameView frame) {
            return ref.any(frame, Matcher.ANY);
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(ref.written());
        }

        @Override
        public void sources(Consumer<Source> each) {
            ref.field().sources().forEach(each);
        }
    }

    /**
     * A comparison. {@code ==} and the orderings hold when any value of the field does; {@code !=} is Wireshark's
     * "all not equal": the field is present and no value equals; {@code ~=} holds when any value differs.
     */
    record Compare(Ref ref, String op, Literal value) implements Node, Matcher {
        @Override
        public boolean eval(FrameView frame) {
            if (op.equals("!=")) {
                return ref.any(frame, Matcher.ANY) && !ref.any(frame, new Compare(ref, "==", value));
            }
            return ref.any(frame, this);
        }

        @Override
        public boolean number(long v) {
            return holds(ref.field().signed() ? Long.compare(v, value.number()) : Long.compareUnsigned(v, value.number()));
        }

        @Override
        public boolean ip(long hi, long lo) {
            if (op.equals("==") || op.equals("~=")) {
                return value.contains(hi, lo) == op.equals("==");
            }
            return holds(value.compareIp(hi, lo));
        }

        @Override
        public boolean text(String v) {
            return v != null && holds(v.compareTo(value.text()));
        }

        @Override
        public boolean time(long nanos) {
            return holds(Long.compare(nanos, value.number()));
        }

        private boolean holds(int order) {
            return Node.holds(op, order);
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(ref.written()).append(' ').append(op).append(' ').append(value.print(ref.field().hex()));
        }

        @Override
        public void sources(Consumer<Source> each) {
            ref.field().sources().forEach(each);
        }
    }

    /**
     * A comparison of one of Wireshark's byte fields with a byte string ({@code infiniband.immdt == 00:00:11:02}):
     * ordered as Wireshark orders bytes, the shorter first, so a shorter byte string never equals the field. The
     * quantifiers are those of {@link Compare}.
     */
    record BytesCompare(Ref ref, String op, Literal value) implements Node, Matcher {
        @Override
        public boolean eval(FrameView frame) {
            if (op.equals("!=")) {
                return ref.any(frame, Matcher.ANY) && !ref.any(frame, new BytesCompare(ref, "==", value));
            }
            return ref.any(frame, this);
        }

        @Override
        public boolean bytes(byte[] v) {
            return test(ByteText.compare(v, value.bytes()));
        }

        @Override
        public boolean number(long v) {
            return test(value.compareBytes(v));
        }

        private boolean test(int order) {
            return Node.holds(op, order);
        }

        @Override
        public boolean ip(long hi, long lo) {
            return false;
        }

        @Override
        public boolean text(String v) {
            return false;
        }

        @Override
        public boolean time(long nanos) {
            return false;
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(ref.written()).append(' ').append(op).append(' ').append(value.print(false));
        }

        @Override
        public void sources(Consumer<Source> each) {
            ref.field().sources().forEach(each);
        }
    }

    /**
     * Wireshark's {@code all} (and {@code ===}): the field is present and every value passes the test.
     *
     * @param inner the test as written after {@code all}, with any-value semantics
     * @param test  the same test, asked of each value
     */
    record Every(Ref ref, Node inner, Matcher test) implements Node {
        @Override
        public boolean eval(FrameView frame) {
            return ref.any(frame, Matcher.ANY) && !ref.any(frame, new Matcher() {
                @Override
                public boolean number(long value) {
                    return !test.number(value);
                }

                @Override
                public boolean ip(long hi, long lo) {
                    return !test.ip(hi, lo);
                }

                @Override
                public boolean text(String value) {
                    return !test.text(value);
                }

                @Override
                public boolean time(long nanos) {
                    return !test.time(nanos);
                }

                @Override
                public boolean bytes(byte[] value) {
                    return !test.bytes(value);
                }
            });
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append("all ");
            inner.print(out);
        }

        @Override
        public void sources(Consumer<Source> each) {
            inner.sources(each);
        }
    }

    /**
     * A test on the general path ({@link Operand}): field with field, functions, slices, arithmetic, layers. Every
     * pair of values of the two sides is tried: {@code ==} and the orderings hold when one pair does ({@code all}:
     * every pair), {@code !=} when no pair is equal, {@code ~=} when one pair differs; an absent side fails.
     */
    record Relation(Operand left, String op, Operand right, boolean all, Pattern pattern) implements Node {
        @Override
        public boolean eval(FrameView frame) {
            List<Object> as = left.values(frame);
            if (as.isEmpty()) {
                return false;
            }
            List<Object> bs = right.values(frame);
            if (bs.isEmpty()) {
                return false;
            }
            boolean every = all || op.equals("!=");
            for (Object a : as) {
                for (Object b : bs) {
                    boolean holds = holds(a, b);
                    if (holds && !every) {
                        return true;
                    }
                    if (!holds && every) {
                        return false;
                    }
                }
            }
            return every;
        }

        private boolean holds(Object a, Object b) {
            switch (op) {
                case "==":
                    return Operand.equal(a, b);
                case "!=":
                case "~=":
                    return !Operand.equal(a, b);
                case "contains":
                    if (a instanceof String text && b instanceof String part) {
                        return text.contains(part);
                    }
                    byte[] haystack = a instanceof byte[] bytes ? bytes : a instanceof String text ? ByteText.of(text) : null;
                    byte[] needle = b instanceof byte[] bytes ? bytes : b instanceof String text ? ByteText.of(text) : null;
                    return haystack != null && needle != null && ByteText.contains(haystack, needle);
                case "matches":
                    String text = a instanceof String string ? string : a instanceof byte[] bytes ? ByteText.latin1(bytes)
                            : null;
                    return text != null && pattern.matcher(text).find();
                default:
                    Integer order = Operand.compare(a, b);
                    if (order == null) {
                        return false;
                    }
                    return Node.holds(op, order);
            }
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            if (all) {
                out.append("all ");
            }
            left.print(out);
            out.append(' ').append(op).append(' ');
            right.print(out);
        }

        @Override
        public void sources(Consumer<Source> each) {
            left.sources(each);
            right.sources(each);
        }
    }

    /** {@code operand in {a, b..c}} on the general path: one value (with {@code all}: every value) is a member. */
    record Membership(Operand left, List<Operand[]> members, boolean all) implements Node {
        @Override
        public boolean eval(FrameView frame) {
            List<Object> values = left.values(frame);
            if (values.isEmpty()) {
                return false;
            }
            for (Object value : values) {
                boolean member = false;
                for (Operand[] entry : members) {
                    Object low = entry[0].values(frame).get(0);
                    if (entry.length == 1 ? Operand.equal(value, low) : greaterOrEqual(value, low)
                            && greaterOrEqual(entry[1].values(frame).get(0), value)) {
                        member = true;
                        break;
                    }
                }
                if (member != all) {
                    return member;
                }
            }
            return all;
        }

        private static boolean greaterOrEqual(Object a, Object b) {
            Integer order = Operand.compare(a, b);
            return order != null && order >= 0;
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            if (all) {
                out.append("all ");
            }
            left.print(out);
            out.append(" in {");
            for (int i = 0; i < members.size(); i++) {
                out.append(i > 0 ? ", " : "");
                members.get(i)[0].print(out);
                if (members.get(i).length == 2) {
                    out.append("..");
                    members.get(i)[1].print(out);
                }
            }
            out.append('}');
        }

        @Override
        public void sources(Consumer<Source> each) {
            left.sources(each);
        }
    }

    /** An arithmetic expression alone as a test ({@code tcp.flags & 0x02}): true when one value is not zero. */
    record Truthy(Operand operand) implements Node {
        @Override
        public boolean eval(FrameView frame) {
            for (Object value : operand.values(frame)) {
                if (value instanceof Long number ? number != 0 : value instanceof byte[] bytes ? nonZero(bytes) : true) {
                    return true;
                }
            }
            return false;
        }

        private static boolean nonZero(byte[] bytes) {
            for (byte b : bytes) {
                if (b != 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            operand.print(out);
        }

        @Override
        public void sources(Consumer<Source> each) {
            operand.sources(each);
        }
    }

    /** {@code field in {a, b, c..d}}: any value of the field equals a member or lies in a range (ends included). */
    record In(Ref ref, List<Literal[]> members, boolean bytes) implements Node, Matcher {
        In(Ref ref, List<Literal[]> members) {
            this(ref, members, members.get(0)[0].kind() == ValueKind.BYTES);
        }

        @Override
        public boolean eval(FrameView frame) {
            return ref.any(frame, this);
        }

        @Override
        public boolean bytes(byte[] v) {
            if (!bytes) {
                return false;
            }
            for (Literal[] member : members) {
                if (member.length == 1 ? ByteText.compare(v, member[0].bytes()) == 0
                        : ByteText.compare(v, member[0].bytes()) >= 0 && ByteText.compare(v, member[1].bytes()) <= 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean number(long v) {
            if (bytes) {
                for (Literal[] member : members) {
                    if (member.length == 1 ? member[0].compareBytes(v) == 0
                            : member[0].compareBytes(v) >= 0 && member[1].compareBytes(v) <= 0) {
                        return true;
                    }
                }
                return false;
            }
            boolean signed = ref.field().signed();
            for (Literal[] member : members) {
                if (member.length == 1 ? v == member[0].number()
                        : signed ? v >= member[0].number() && v <= member[1].number()
                        : Long.compareUnsigned(v, member[0].number()) >= 0 && Long.compareUnsigned(v, member[1].number()) <= 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean ip(long hi, long lo) {
            for (Literal[] member : members) {
                if (member.length == 1 ? member[0].contains(hi, lo)
                        : member[0].compareIp(hi, lo) >= 0 && member[1].compareIp(hi, lo) <= 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean text(String v) {
            for (Literal[] member : members) {
                if (v != null && (member.length == 1 ? v.equals(member[0].text())
                        : v.compareTo(member[0].text()) >= 0 && v.compareTo(member[1].text()) <= 0)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean time(long nanos) {
            for (Literal[] member : members) {
                if (member.length == 1 ? nanos == member[0].number()
                        : nanos >= member[0].number() && nanos <= member[1].number()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(ref.written()).append(" in {");
            for (int i = 0; i < members.size(); i++) {
                Literal[] member = members.get(i);
                out.append(i > 0 ? ", " : "").append(member[0].print(ref.field().hex()));
                if (member.length == 2) {
                    out.append("..").append(member[1].print(ref.field().hex()));
                }
            }
            out.append('}');
        }

        @Override
        public void sources(Consumer<Source> each) {
            ref.field().sources().forEach(each);
        }
    }

    /**
     * {@code contains} (a substring) and {@code matches} (a regular expression, case-insensitive as in Wireshark). The
     * expression runs on RE2/J, whose matching time is linear in the text: no pattern can hang a filter (Wireshark
     * bounds PCRE2's backtracking instead).
     */
    record TextTest(Ref ref, String op, String value, Pattern pattern, byte[] needle) implements Node, Matcher {
        @Override
        public boolean eval(FrameView frame) {
            return ref.any(frame, this);
        }

        /** A byte field's value ({@link ValueKind#BYTES}): its bytes searched, or matched as one character each. */
        @Override
        public boolean number(long v) {
            int width = FilterFields.byteWidth(ref.field());
            if (width == 0) {
                return false;
            }
            return bytes(ByteText.of(v, width));
        }

        @Override
        public boolean bytes(byte[] bytes) {
            return needle != null ? ByteText.contains(bytes, needle)
                    : pattern != null && pattern.matcher(ByteText.latin1(bytes)).find();
        }

        @Override
        public boolean ip(long hi, long lo) {
            return false;
        }

        @Override
        public boolean text(String v) {
            return v != null && (pattern != null ? pattern.matcher(v).find() : v.contains(value));
        }

        @Override
        public boolean time(long nanos) {
            return false;
        }

        @Override
        public int precedence() {
            return 2;
        }

        @Override
        public void print(StringBuilder out) {
            out.append(ref.written()).append(' ').append(op).append(' ')
                    .append(needle != null ? ByteText.print(needle) : Literal.quote(value));
        }

        @Override
        public void sources(Consumer<Source> each) {
            ref.field().sources().forEach(each);
        }
    }

    /** The terms that read only what the summary holds first, the others after, each group in written order. */
    private static List<Node> cheapFirst(List<Node> terms) {
        List<Node> cheap = new java.util.ArrayList<>();
        List<Node> costly = new java.util.ArrayList<>();
        for (Node term : terms) {
            boolean[] detail = {false};
            term.sources(source -> detail[0] |= !source.fromSummary());
            (detail[0] ? costly : cheap).add(term);
        }
        cheap.addAll(costly);
        return List.copyOf(cheap);
    }

    private static void join(List<Node> terms, String operator, int tightest, StringBuilder out) {
        for (int i = 0; i < terms.size(); i++) {
            if (i > 0) {
                out.append(operator);
            }
            printTerm(terms.get(i), tightest, out);
        }
    }

    /** Prints a term, in parentheses when it binds less tightly than its place needs. */
    private static void printTerm(Node term, int needed, StringBuilder out) {
        if (term.precedence() < needed) {
            out.append('(');
            term.print(out);
            out.append(')');
        } else {
            term.print(out);
        }
    }
}
