package io.rocelens.filter;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Wireshark's display-filter grammar, by recursive descent: {@code !} binds tighter than {@code &&}, which binds
 * tighter than {@code ||}. Depth is counted, so a filter nested too deep is refused before the stack could overflow.
 */
final class Parser {

    static final int MAX_LENGTH = 8192;
    static final int MAX_DEPTH = 256;

    private final List<Token> tokens;
    private int at;
    private int depth;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    static Node parse(String text) throws FilterException {
        if (text.length() > MAX_LENGTH) {
            throw new FilterException("the filter is " + text.length() + " characters long; at most " + MAX_LENGTH
                    + " are accepted", MAX_LENGTH);
        }
        List<Token> tokens = Lexer.tokens(text);
        if (tokens.size() == 1) {
            return new Node.All();
        }
        Parser parser = new Parser(tokens);
        Node node = parser.or();
        Token end = parser.peek();
        if (end.kind() != Token.Kind.END) {
            throw new FilterException(end.kind() == Token.Kind.RPAREN ? "')' has no '(' to close"
                    : "expected '&&', '||' or the end of the filter, found " + end.describe(), end.position());
        }
        return node;
    }

    private Node or() throws FilterException {
        List<Node> terms = new ArrayList<>();
        terms.add(and());
        while (peek().kind() == Token.Kind.OR) {
            at++;
            terms.add(and());
        }
        return terms.size() == 1 ? terms.get(0) : new Node.Or(List.copyOf(terms));
    }

    private Node and() throws FilterException {
        List<Node> terms = new ArrayList<>();
        terms.add(not());
        while (peek().kind() == Token.Kind.AND) {
            at++;
            terms.add(not());
        }
        return terms.size() == 1 ? terms.get(0) : new Node.And(List.copyOf(terms));
    }

    private Node not() throws FilterException {
        Token token = peek();
        if (token.kind() != Token.Kind.NOT) {
            return primary();
        }
        at++;
        enter(token);
        Node term = not();
        depth--;
        return new Node.Not(term);
    }

    private Node primary() throws FilterException {
        Token token = next();
        switch (token.kind()) {
            case LPAREN -> {
                enter(token);
                Node inside = or();
                Token close = next();
                if (close.kind() != Token.Kind.RPAREN) {
                    throw new FilterException("expected ')' to close the '(' at column " + (token.position() + 1)
                            + ", found " + close.describe(), close.position());
                }
                depth--;
                return inside;
            }
            case WORD -> {
                String lower = token.text().toLowerCase(Locale.ROOT);
                if ((lower.equals("any") || lower.equals("all")) && peek().kind() == Token.Kind.WORD) {
                    Token name = next();
                    return quantify(lower.equals("all"), test(name));
                }
                return test(token);
            }
            default -> throw new FilterException("expected a field name, '!' or '(', found " + token.describe(),
                    token.position());
        }
    }

    private Node test(Token name) throws FilterException {
        FilterField field = FilterFields.get(name.text());
        if (field == null) {
            throw new FilterException(unknown(name.text()), name.position());
        }
        Node.Ref ref = new Node.Ref(name.text(), field);
        Token op = peek();
        if (op.kind() == Token.Kind.COMPARE) {
            at++;
            if (field.kind() == ValueKind.NONE) {
                throw new FilterException(name.text() + " is " + ValueKind.NONE.words() + " (" + name.text()
                        + " or !" + name.text() + "), it has no value to compare", op.position());
            }
            Token value = value(op);
            if (op.text().equals("contains") || op.text().equals("matches")) {
                return textTest(ref, op, value);
            }
            Literal literal = literal(field, value);
            boolean allEqual = op.text().equals("===");
            String operator = allEqual ? "==" : op.text();
            Node compare = field.kind() == ValueKind.BYTES ? new Node.BytesCompare(ref, operator, literal)
                    : new Node.Compare(ref, operator, literal);
            return allEqual ? quantify(true, compare) : compare;
        }
        boolean notIn = op.kind() == Token.Kind.NOT && tokens.get(at + 1).kind() == Token.Kind.IN;
        if (notIn) {
            // "not in" and "!in": Wireshark 4's negated membership, !(field in {...})
            at++;
            op = peek();
        }
        if (op.kind() == Token.Kind.IN) {
            at++;
            if (field.kind() == ValueKind.NONE) {
                throw new FilterException(name.text() + " is " + ValueKind.NONE.words() + ", it has no value to look up",
                        op.position());
            }
            return notIn ? new Node.Not(set(ref, op)) : set(ref, op);
        }
        if (op.kind() == Token.Kind.WORD || op.kind() == Token.Kind.STRING) {
            throw new FilterException("expected an operator (==, !=, <, >, <=, >=, in, contains, matches) or "
                    + "&&, || after " + name.text() + ", found " + op.describe(), op.position());
        }
        return new Node.Exists(ref);
    }

    /**
     * Wireshark's {@code any} and {@code all} before a test: {@code any} makes every comparison hold when one value
     * does ({@code any ip.addr != x} is {@code ~=}); {@code all} when the field is present and every value does
     * ({@code all ip.addr == x} is {@code ===}, {@code all x != y} is {@code !=}).
     */
    private static Node quantify(boolean all, Node test) {
        if (test instanceof Node.Every quantified) {
            return all ? test : quantified.inner();
        }
        if (test instanceof Node.Compare compare) {
            return switch (compare.op()) {
                case "!=" -> all ? compare : new Node.Compare(compare.ref(), "~=", compare.value());
                case "~=" -> all ? new Node.Compare(compare.ref(), "!=", compare.value()) : compare;
                default -> all ? new Node.Every(compare.ref(), compare, compare) : compare;
            };
        }
        if (test instanceof Node.BytesCompare compare) {
            return switch (compare.op()) {
                case "!=" -> all ? compare : new Node.BytesCompare(compare.ref(), "~=", compare.value());
                case "~=" -> all ? new Node.BytesCompare(compare.ref(), "!=", compare.value()) : compare;
                default -> all ? new Node.Every(compare.ref(), compare, compare) : compare;
            };
        }
        if (all && test instanceof Node.In in) {
            return new Node.Every(in.ref(), in, in);
        }
        if (all && test instanceof Node.TextTest text) {
            return new Node.Every(text.ref(), text, text);
        }
        return test;
    }

    private Node textTest(Node.Ref ref, Token op, Token value) throws FilterException {
        byte[] needle = null;
        if (ref.field().kind() == ValueKind.BYTES) {
            needle = op.text().equals("contains") ? literal(ref.field(), value).bytes() : null;
        } else if (ref.field().kind() != ValueKind.TEXT) {
            throw new FilterException(op.text() + " needs a text field; " + ref.written() + " is "
                    + ref.field().kind().words(), op.position());
        }
        Pattern pattern = null;
        if (op.text().equals("matches")) {
            try {
                pattern = Pattern.compile(value.text(), Pattern.CASE_INSENSITIVE);
            } catch (PatternSyntaxException bad) {
                // RE2 syntax (linear-time matching): PCRE's backreferences, lookaround, atomic groups, possessive
                // quantifiers, recursion, conditionals, comments, (?x) and \K are refused rather than run unbounded
                String why = bad.getMessage().replace("error parsing regexp: ", "");
                boolean pcreOnly = why.startsWith("invalid escape") || why.startsWith("invalid or unsupported Perl")
                        || why.startsWith("invalid named capture") || why.startsWith("invalid nested repetition");
                throw new FilterException("not a regular expression: " + why + (pcreOnly ? " (RE2 syntax, matched in "
                        + "linear time: no backreferences, lookaround, atomic groups, possessive quantifiers, "
                        + "recursion or (?x))" : ""), value.position());
            }
        }
        return new Node.TextTest(ref, op.text(), value.text(), pattern, needle);
    }

    private Node set(Node.Ref ref, Token in) throws FilterException {
        Token open = next();
        if (open.kind() != Token.Kind.LBRACE) {
            throw new FilterException("expected '{' after 'in', found " + open.describe(), open.position());
        }
        List<Literal[]> members = new ArrayList<>();
        while (true) {
            Token token = peek();
            if (token.kind() == Token.Kind.RBRACE) {
                at++;
                break;
            }
            if (token.kind() == Token.Kind.END) {
                throw new FilterException("expected '}' to close the set opened at column " + (open.position() + 1),
                        token.position());
            }
            Literal low = literal(ref.field(), value(in));
            if (peek().kind() == Token.Kind.RANGE) {
                Token range = next();
                if (ref.field().kind() == ValueKind.TEXT || ref.field().kind() == ValueKind.FLAG) {
                    throw new FilterException("a range needs a field with ordered values; " + ref.written() + " is "
                            + ref.field().kind().words(), range.position());
                }
                Literal high = literal(ref.field(), value(range));
                members.add(new Literal[] {low, high});
            } else {
                members.add(new Literal[] {low});
            }
            if (peek().kind() == Token.Kind.COMMA) {
                at++;
            }
        }
        if (members.isEmpty()) {
            throw new FilterException("the set is empty: put at least one value between '{' and '}'", open.position());
        }
        return new Node.In(ref, List.copyOf(members));
    }

    private Token value(Token after) throws FilterException {
        Token value = next();
        if (value.kind() != Token.Kind.WORD && value.kind() != Token.Kind.STRING) {
            throw new FilterException("expected a value after " + after.describe() + ", found " + value.describe(),
                    value.position());
        }
        return value;
    }

    /** Reads a value as the field's kind, or says what the field holds. */
    private static Literal literal(FilterField field, Token token) throws FilterException {
        String text = token.text();
        boolean quoted = token.kind() == Token.Kind.STRING;
        switch (field.kind()) {
            case NUMBER, FLAG -> {
                Long named = FilterFields.valueNamed(field, text);
                if (named != null) {
                    return Literal.number(field.kind(), named);
                }
                String lower = text.toLowerCase(Locale.ROOT);
                if (field.kind() == ValueKind.FLAG && (lower.equals("set") || lower.equals("not set"))) {
                    return Literal.number(ValueKind.FLAG, lower.equals("set") ? 1 : 0);
                }
                Long number = quoted ? null : Numbers.parse(text, field.kind() == ValueKind.FLAG);
                if (number != null && field.kind() == ValueKind.FLAG) {
                    // as Wireshark: any number other than zero is true
                    return Literal.number(ValueKind.FLAG, number != 0 ? 1 : 0);
                }
                if (number != null) {
                    Long max = FilterFields.max(field);
                    if (max != null && Long.compareUnsigned(number, max) > 0) {
                        throw new FilterException("\"" + text + "\" is too big for " + field.name() + ", maximum "
                                + max, token.position());
                    }
                    return Literal.number(field.kind(), number);
                }
            }
            case MAC -> {
                long mac = AddressText.mac(text);
                if (mac >= 0) {
                    return Literal.number(ValueKind.MAC, mac);
                }
            }
            case IPV4 -> {
                Literal ip = ipv4(text);
                if (ip != null) {
                    return ip;
                }
            }
            case IPV6 -> {
                Literal ip = ipv6(text);
                if (ip != null) {
                    return ip;
                }
            }
            case BYTES -> {
                byte[] bytes = quoted ? ByteText.of(text) : ByteText.parse(text);
                if (bytes != null) {
                    return Literal.bytes(bytes, FilterFields.byteWidth(field));
                }
            }
            case TEXT -> {
                List<String> values = FilterFields.textValues(field);
                if (values == null || values.contains(text)) {
                    return Literal.text(text);
                }
                throw new FilterException(field.name() + " is one of " + String.join(", ", values) + ": \"" + text
                        + "\" is not", token.position());
            }
            case TIME -> {
                Long nanos = quoted ? null : Times.relative(text);
                if (nanos != null) {
                    return Literal.number(ValueKind.TIME, nanos);
                }
            }
            case ABSOLUTE_TIME -> {
                Long nanos = Times.absolute(text, ZoneId.systemDefault());
                if (nanos != null) {
                    return Literal.number(ValueKind.ABSOLUTE_TIME, nanos);
                }
            }
            case NONE -> {
                // refused before a value is read
            }
        }
        String shown = quoted ? Literal.quote(text) : "\"" + text + "\"";
        String hint = field.valueNames() != null ? " or one of its value names" : "";
        throw new FilterException(field.name() + " is " + field.kind().words() + hint + ": " + shown + " is not",
                token.position());
    }

    private static Literal ipv4(String text) {
        int slash = text.indexOf('/');
        int prefix = 32;
        if (slash >= 0) {
            prefix = AddressText.decimal(text.substring(slash + 1), 32);
            if (prefix < 0) {
                return null;
            }
            text = text.substring(0, slash);
        }
        long v4 = AddressText.ipv4(text);
        return v4 < 0 ? null : Literal.ip(ValueKind.IPV4, 0, io.rocelens.dissect.Addresses.ipv4Mapped(v4), 96 + prefix);
    }

    private static Literal ipv6(String text) {
        int slash = text.indexOf('/');
        int prefix = 128;
        if (slash >= 0) {
            prefix = AddressText.decimal(text.substring(slash + 1), 128);
            if (prefix < 0) {
                return null;
            }
            text = text.substring(0, slash);
        }
        long[] v6 = AddressText.ipv6(text);
        return v6 == null ? null : Literal.ip(ValueKind.IPV6, v6[0], v6[1], prefix);
    }

    private String unknown(String name) {
        if (Numbers.parse(name, false) != null || AddressText.ipv4(name) >= 0 || AddressText.mac(name) >= 0) {
            return "expected a field name, found the value \"" + name + "\" (write the field first: bth.psn == 5)";
        }
        List<String> close = Suggest.closest(name.toLowerCase(Locale.ROOT));
        return "unknown field or protocol \"" + name + "\""
                + (close.isEmpty() ? "" : "; did you mean " + String.join(" or ", close) + "?");
    }

    private void enter(Token token) throws FilterException {
        if (++depth > MAX_DEPTH) {
            throw new FilterException("the filter nests deeper than " + MAX_DEPTH + " levels", token.position());
        }
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token next() {
        Token token = tokens.get(at);
        if (token.kind() != Token.Kind.END) {
            at++;
        }
        return token;
    }
}
