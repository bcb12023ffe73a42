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
    private int operators;

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
                if ((lower.equals("any") || lower.equals("all"))
                        && (peek().kind() == Token.Kind.WORD || peek().kind() == Token.Kind.REFERENCE)) {
                    Token name = next();
                    if (startsGeneral(name)) {
                        at--;
                        return quantify(lower.equals("all"), relation());
                    }
                    return quantify(lower.equals("all"), test(name));
                }
                if (startsGeneral(token)) {
                    at--;
                    return relation();
                }
                return test(token);
            }
            case REFERENCE, LBRACE -> {
                // ${field} or an arithmetic group {a + b} starts a comparison on the general path
                at--;
                return relation();
            }
            default -> throw new FilterException("expected a field name, '!' or '(', found " + token.describe(),
                    token.position());
        }
    }

    private Node test(Token name) throws FilterException {
        int start = at - 1;
        FilterField field = FilterFields.get(name.text());
        if (field == null) {
            throw new FilterException(unknown(name.text()), name.position());
        }
        Node.Ref ref = new Node.Ref(name.text(), field);
        Token op = peek();
        if (op.kind() == Token.Kind.COMPARE) {
            at++;
            if (generalValue(field, op) || field.kind() == ValueKind.NONE && protocolWithBytes(field) != null) {
                at = start;
                return relation();
            }
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

    // ---- the general path: Wireshark 4's entities and arithmetic on either side (Operand, Node.Relation) ----

    /** A field or function that starts more than {@code field OP literal}: a slice, a layer, arithmetic, a call. */
    private boolean startsGeneral(Token token) {
        if (token.kind() == Token.Kind.REFERENCE) {
            return true;
        }
        Token after = peek();
        if (Operand.Function.NAMES.contains(token.text().toLowerCase(Locale.ROOT))
                && after.kind() == Token.Kind.LPAREN) {
            return true;
        }
        if (token.text().length() > 1 && token.text().charAt(0) == '-'
                && FilterFields.get(token.text().substring(1)) != null) {
            return true;
        }
        return FilterFields.get(token.text()) != null && (after.kind() == Token.Kind.LBRACKET
                || after.kind() == Token.Kind.HASH || isArithmetic(after));
    }

    /** After {@code field OP}: whether the other side is more than a literal the field reads (a field, arithmetic). */
    private boolean generalValue(FilterField field, Token op) {
        Token value = peek();
        Token after = tokens.get(Math.min(at + 1, tokens.size() - 1));
        if (value.kind() == Token.Kind.REFERENCE || value.kind() == Token.Kind.LBRACE) {
            return true;
        }
        if (value.kind() != Token.Kind.WORD || op.text().equals("contains") || op.text().equals("matches")) {
            return false;
        }
        if (after.kind() == Token.Kind.LBRACKET || after.kind() == Token.Kind.HASH || isArithmetic(after)) {
            return true;
        }
        if (after.kind() == Token.Kind.LPAREN && Operand.Function.NAMES.contains(value.text().toLowerCase(Locale.ROOT))) {
            return true;
        }
        if (FilterFields.get(value.text()) == null || field.kind() == ValueKind.NONE) {
            return false;
        }
        try {
            literal(field, value);
            return false;
        } catch (FilterException notALiteral) {
            return true;
        }
    }

    private static boolean isArithmetic(Token token) {
        return token.kind() == Token.Kind.ARITH || token.kind() == Token.Kind.WORD
                && (token.text().equals("-") || token.text().equals("/") || token.text().length() > 1
                && token.text().charAt(0) == '-' && FilterFields.get(token.text().substring(1)) != null);
    }

    private Node relation() throws FilterException {
        Operand left = expression(null, null);
        Token op = peek();
        if (op.kind() == Token.Kind.COMPARE) {
            at++;
            String operator = op.text();
            boolean every = false;
            if (operator.equals("===")) {
                operator = "==";
                every = true;
            }
            ValueKind kind = left.kind();
            if (operator.equals("contains") || operator.equals("matches")) {
                if (left instanceof Operand.ProtocolBytes protocol) {
                    left = protocol.searched();
                }
                Token value = value(op);
                if (kind != ValueKind.TEXT && kind != ValueKind.BYTES) {
                    throw new FilterException(op.text() + " needs text or bytes; " + print(left) + " is "
                            + kind.words(), op.position());
                }
                if (operator.equals("matches")) {
                    return new Node.Relation(left, operator, new Operand.Constant(ValueKind.TEXT, value.text(),
                            Literal.quote(value.text())), every, regex(value));
                }
                Object needle = value.kind() == Token.Kind.STRING ? value.text() : ByteText.parse(value.text());
                if (needle == null) {
                    throw new FilterException("expected a byte string (00:11) or a quoted string after contains, found "
                            + value.describe(), value.position());
                }
                return new Node.Relation(left, operator, new Operand.Constant(kind, needle, value.kind()
                        == Token.Kind.STRING ? Literal.quote(value.text()) : ByteText.print((byte[]) needle)), every, null);
            }
            Operand right = expression(like(left), kind);
            if (right.kind() != null && kind != null && !comparable(kind, right.kind())) {
                throw new FilterException(print(left) + " is " + kind.words() + " and " + print(right) + " is "
                        + right.kind().words() + ": they cannot be compared", op.position());
            }
            return new Node.Relation(left, operator, right, every, null);
        }
        boolean notIn = op.kind() == Token.Kind.NOT && tokens.get(at + 1).kind() == Token.Kind.IN;
        if (notIn) {
            at++;
            op = peek();
        }
        if (op.kind() == Token.Kind.IN) {
            at++;
            Token open = next();
            if (open.kind() != Token.Kind.LBRACE) {
                throw new FilterException("expected '{' after 'in', found " + open.describe(), open.position());
            }
            List<Operand[]> members = new ArrayList<>();
            while (peek().kind() != Token.Kind.RBRACE) {
                if (peek().kind() == Token.Kind.END) {
                    throw new FilterException("expected '}' to close the set opened at column " + (open.position() + 1),
                            peek().position());
                }
                Operand low = constant(next(), like(left), left.kind());
                if (peek().kind() == Token.Kind.RANGE) {
                    at++;
                    members.add(new Operand[] {low, constant(next(), like(left), left.kind())});
                } else {
                    members.add(new Operand[] {low});
                }
                if (peek().kind() == Token.Kind.COMMA) {
                    at++;
                }
            }
            at++;
            if (members.isEmpty()) {
                throw new FilterException("the set is empty: put at least one value between '{' and '}'",
                        open.position());
            }
            Node membership = new Node.Membership(left, List.copyOf(members), false);
            return notIn ? new Node.Not(membership) : membership;
        }
        if (op.kind() == Token.Kind.WORD || op.kind() == Token.Kind.STRING) {
            throw new FilterException("expected an operator (==, !=, <, >, <=, >=, in, contains, matches) or "
                    + "&&, || after " + print(left) + ", found " + op.describe(), op.position());
        }
        return new Node.Truthy(left);
    }

    private static boolean comparable(ValueKind a, ValueKind b) {
        if (a == b) {
            return true;
        }
        boolean aNumber = a == ValueKind.NUMBER || a == ValueKind.FLAG || a == ValueKind.TIME;
        boolean bNumber = b == ValueKind.NUMBER || b == ValueKind.FLAG || b == ValueKind.TIME;
        boolean aBytes = a == ValueKind.BYTES || a == ValueKind.MAC || a == ValueKind.TEXT;
        boolean bBytes = b == ValueKind.BYTES || b == ValueKind.MAC || b == ValueKind.TEXT;
        return aNumber && bNumber || aBytes && bBytes || (a == ValueKind.IPV4 || a == ValueKind.IPV6)
                && (b == ValueKind.IPV4 || b == ValueKind.IPV6);
    }

    private static FilterField like(Operand operand) {
        return operand instanceof Operand.FieldRef field ? field.ref.field() : null;
    }

    private static String print(Operand operand) {
        StringBuilder out = new StringBuilder();
        operand.print(out);
        return out.toString();
    }

    /** Wireshark's precedence: {@code &} binds loosest, then {@code + -}, then {@code * / %}. */
    private Operand expression(FilterField like, ValueKind hint) throws FilterException {
        Operand left = additive(like, hint);
        while (peek().kind() == Token.Kind.ARITH && peek().text().equals("&")) {
            Token op = next();
            Operand right = additive(null, left.kind() == ValueKind.BYTES || left.kind() == ValueKind.MAC
                    ? ValueKind.BYTES : ValueKind.NUMBER);
            if (!(isNumber(left) && isNumber(right)) && !(isBytes(left) && isBytes(right))) {
                throw new FilterException("& needs two numbers or two byte strings of one length", op.position());
            }
            if (++operators > MAX_DEPTH) {
                throw new FilterException("the filter has more than " + MAX_DEPTH + " arithmetic operators",
                        op.position());
            }
            left = new Operand.Arithmetic("&", left, right);
        }
        return left;
    }

    private Operand additive(FilterField like, ValueKind hint) throws FilterException {
        Operand left = multiplicative(like, hint);
        while (true) {
            Token op = peek();
            Operand right;
            if (op.kind() == Token.Kind.ARITH && op.text().equals("+") || op.kind() == Token.Kind.WORD
                    && op.text().equals("-")) {
                at++;
                right = multiplicative(null, arithmeticHint(left));
            } else if (op.kind() == Token.Kind.WORD && isArithmetic(op) && op.text().length() > 1) {
                // "a -b": the word "-b" is the operator and the field b
                at++;
                FilterField field = FilterFields.get(op.text().substring(1));
                right = new Operand.FieldRef(new Node.Ref(op.text().substring(1), field), 0, 0, null);
            } else {
                return left;
            }
            left = arithmetic(op.text().startsWith("-") ? "-" : "+", left, right, op);
        }
    }

    private Operand multiplicative(FilterField like, ValueKind hint) throws FilterException {
        Operand left = unary(like, hint);
        while (peek().kind() == Token.Kind.ARITH && !peek().text().equals("&") && !peek().text().equals("+")
                || peek().kind() == Token.Kind.WORD && peek().text().equals("/")) {
            Token op = next();
            left = arithmetic(op.text(), left, unary(null, arithmeticHint(left)), op);
        }
        return left;
    }

    private Operand unary(FilterField like, ValueKind hint) throws FilterException {
        Token token = peek();
        if (token.kind() == Token.Kind.WORD && token.text().equals("-")) {
            at++;
            Operand operand = entity(null, ValueKind.NUMBER);
            if (!isNumber(operand)) {
                throw new FilterException("'-' needs a number", token.position());
            }
            return new Operand.Arithmetic("-", null, operand);
        }
        if (token.kind() == Token.Kind.ARITH && token.text().equals("+")) {
            at++;
        }
        return entity(like, hint);
    }

    private static ValueKind arithmeticHint(Operand left) {
        return left.kind() == ValueKind.TIME ? ValueKind.TIME : ValueKind.NUMBER;
    }

    private Operand arithmetic(String op, Operand left, Operand right, Token at) throws FilterException {
        // each operator is one level of the tree evaluated recursively: counted as nesting
        if (++operators > MAX_DEPTH) {
            throw new FilterException("the filter has more than " + MAX_DEPTH + " arithmetic operators", at.position());
        }
        if (!isNumber(left) || !isNumber(right)) {
            throw new FilterException("'" + op + "' needs numbers; " + print(isNumber(left) ? right : left) + " is "
                    + (isNumber(left) ? right : left).kind().words(), at.position());
        }
        return new Operand.Arithmetic(op, left, right);
    }

    private static boolean isNumber(Operand operand) {
        ValueKind kind = operand.kind();
        return kind == ValueKind.NUMBER || kind == ValueKind.FLAG || kind == ValueKind.TIME;
    }

    private static boolean isBytes(Operand operand) {
        return operand.kind() == ValueKind.BYTES || operand.kind() == ValueKind.MAC;
    }

    private Operand entity(FilterField like, ValueKind hint) throws FilterException {
        Token token = next();
        switch (token.kind()) {
            case LBRACE -> {
                enter(token);
                Operand inside = expression(like, hint);
                Token close = next();
                if (close.kind() != Token.Kind.RBRACE) {
                    throw new FilterException("expected '}' to close the '{' at column " + (token.position() + 1)
                            + ", found " + close.describe(), close.position());
                }
                depth--;
                return slices(inside);
            }
            case REFERENCE -> {
                FilterField field = FilterFields.get(token.text());
                if (field == null) {
                    throw new FilterException(unknown(token.text()), token.position() + 2);
                }
                return new Operand.Reference(new Node.Ref(token.text(), field));
            }
            case STRING -> {
                return constant(token, like, hint == null ? ValueKind.TEXT : hint);
            }
            case WORD -> {
                String lower = token.text().toLowerCase(Locale.ROOT);
                if (Operand.Function.NAMES.contains(lower) && peek().kind() == Token.Kind.LPAREN) {
                    enter(token);
                    Operand call = function(lower, token);
                    depth--;
                    return slices(call);
                }
                if (hint != null && hint != ValueKind.NONE) {
                    try {
                        return constant(token, like, hint);
                    } catch (FilterException notALiteral) {
                        if (FilterFields.get(token.text()) == null) {
                            throw notALiteral;
                        }
                    }
                }
                FilterField field = FilterFields.get(token.text());
                if (field == null && token.text().length() > 1 && token.text().charAt(0) == '-'
                        && FilterFields.get(token.text().substring(1)) != null) {
                    // "-field": unary minus
                    at--;
                    tokens.set(at, new Token(Token.Kind.WORD, token.text().substring(1), token.position() + 1));
                    Operand operand = entity(null, ValueKind.NUMBER);
                    if (!isNumber(operand)) {
                        throw new FilterException("'-' needs a number", token.position());
                    }
                    return new Operand.Arithmetic("-", null, operand);
                }
                if (field == null) {
                    if (hint == null && Numbers.parse(token.text(), false) == null) {
                        throw new FilterException(unknown(token.text()), token.position());
                    }
                    return constant(token, like, ValueKind.NUMBER);
                }
                if (field.kind() == ValueKind.NONE) {
                    Source.Protocol protocol = protocolWithBytes(field);
                    if (protocol == null) {
                        throw new FilterException(token.text() + " is " + (field.sources().get(0)
                                instanceof Source.Protocol ? "a protocol RoCE Lens keeps no bytes for" : "a mark")
                                + ": it has no bytes to slice, search or measure", token.position());
                    }
                    return slices(new Operand.ProtocolBytes(new Node.Ref(token.text(), field), protocol, false));
                }
                int from = 0;
                int to = 0;
                String layers = null;
                if (peek().kind() == Token.Kind.HASH) {
                    Token hash = next();
                    Token range = next();
                    if (range.kind() == Token.Kind.LBRACKET) {
                        range = next();
                        if (next().kind() != Token.Kind.RBRACKET) {
                            throw new FilterException("expected ']' after the layer range", range.position());
                        }
                    }
                    int[] span = layerRange(range);
                    if (span == null) {
                        throw new FilterException("expected a layer number (#2) or range (#[2-4]) after '#'",
                                hash.position());
                    }
                    from = span[0];
                    to = span[1];
                    layers = range.text().indexOf('-') > 0 ? "[" + range.text() + "]" : range.text();
                }
                return slices(new Operand.FieldRef(new Node.Ref(token.text(), field), from, to, layers));
            }
            default -> throw new FilterException("expected a field, a value or a function, found " + token.describe(),
                    token.position());
        }
    }

    /** The protocol a field names when its bytes can be read ({@code frame}, {@code udp}…), else null. */
    private static Source.Protocol protocolWithBytes(FilterField field) {
        return field.sources().size() == 1 && field.sources().get(0) instanceof Source.Protocol protocol
                && protocol.carriesBytes() ? protocol : null;
    }

    private static int[] layerRange(Token range) {
        if (range.kind() != Token.Kind.WORD) {
            return null;
        }
        String[] ends = range.text().split("-", -1);
        int from = AddressText.decimal(ends[0], 1 << 20);
        int to = ends.length == 2 ? AddressText.decimal(ends[1], 1 << 20) : ends.length == 1 ? from : -1;
        return from < 1 || to < from ? null : new int[] {from, to};
    }

    private Operand function(String name, Token token) throws FilterException {
        at++;
        List<Operand> arguments = new ArrayList<>();
        if (peek().kind() != Token.Kind.RPAREN) {
            while (true) {
                arguments.add(expression(null, null));
                if (peek().kind() != Token.Kind.COMMA) {
                    break;
                }
                at++;
            }
        }
        Token close = next();
        if (close.kind() != Token.Kind.RPAREN) {
            throw new FilterException("expected ')' to close " + name + "(, found " + close.describe(),
                    close.position());
        }
        boolean many = name.equals("max") || name.equals("min");
        if (arguments.isEmpty() || !many && arguments.size() > 1) {
            throw new FilterException(name + "() takes " + (many ? "one or more arguments" : "one argument"),
                    token.position());
        }
        ValueKind kind = arguments.get(0).kind();
        String refused = switch (name) {
            case "len" -> kind == ValueKind.TEXT || kind == ValueKind.BYTES || kind == ValueKind.MAC
                    || kind == ValueKind.IPV4 || kind == ValueKind.IPV6 ? null : "text, bytes or an address";
            case "count" -> arguments.get(0) instanceof Operand.FieldRef ? null : "a field";
            case "upper", "lower" -> kind == ValueKind.TEXT ? null : "text";
            case "abs" -> kind == ValueKind.NUMBER || kind == ValueKind.TIME ? null : "a number";
            case "string" -> kind == ValueKind.TEXT || kind == ValueKind.BYTES ? "a field that is not text or bytes"
                    : null;
            default -> arguments.stream().allMatch(argument -> argument.kind() == kind) ? null
                    : "arguments of one kind";
        };
        if (refused != null) {
            throw new FilterException(name + "() takes " + refused + "; " + print(arguments.get(0)) + " is "
                    + kind.words(), token.position());
        }
        return new Operand.Function(name, List.copyOf(arguments));
    }

    /** {@code [i:j]}, {@code [i-j]}, {@code [i]}, {@code [:j]}, {@code [i:]}, comma-separated, after an entity. */
    private Operand slices(Operand of) throws FilterException {
        while (peek().kind() == Token.Kind.LBRACKET) {
            Token open = next();
            if (of.kind() != ValueKind.BYTES && of.kind() != ValueKind.MAC && of.kind() != ValueKind.TEXT
                    && of.kind() != ValueKind.IPV4 && of.kind() != ValueKind.IPV6) {
                throw new FilterException("only byte strings, addresses and text can be sliced; " + print(of)
                        + " is " + of.kind().words(), open.position());
            }
            List<int[]> ranges = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            while (true) {
                Token range = next();
                int[] parsed = range.kind() == Token.Kind.WORD ? sliceRange(range.text()) : null;
                if (parsed == null) {
                    throw new FilterException("expected a slice such as [0:3], [1-2], [4], [:2] or [2:], found "
                            + range.describe(), range.position());
                }
                ranges.add(parsed);
                text.append(text.length() > 0 ? "," : "").append(range.text());
                Token after = next();
                if (after.kind() == Token.Kind.RBRACKET) {
                    break;
                }
                if (after.kind() != Token.Kind.COMMA) {
                    throw new FilterException("expected ',' or ']' in the slice, found " + after.describe(),
                            after.position());
                }
            }
            of = new Operand.Slice(of, List.copyOf(ranges), text.toString());
        }
        return of;
    }

    /** One slice range as {start, length} (length -1: to the end), or null. */
    static int[] sliceRange(String text) {
        try {
            int colon = text.indexOf(':');
            if (colon >= 0) {
                int start = colon == 0 ? 0 : Integer.parseInt(text.substring(0, colon));
                String length = text.substring(colon + 1);
                int count = length.isEmpty() ? -1 : Integer.parseInt(length);
                return count < -1 || count == 0 && !length.isEmpty() ? null : new int[] {start, count};
            }
            int dash = text.indexOf('-', 1);
            if (dash > 0) {
                int start = Integer.parseInt(text.substring(0, dash));
                int end = Integer.parseInt(text.substring(dash + 1));
                return end < start || start < 0 && end >= 0 ? null : new int[] {start, end - start + 1};
            }
            return new int[] {Integer.parseInt(text), 1};
        } catch (NumberFormatException notARange) {
            return null;
        }
    }

    /** A value written in the filter, read as {@code kind} (as the field {@code like} reads it, when given). */
    private Operand constant(Token token, FilterField like, ValueKind kind) throws FilterException {
        if (kind == null || kind == ValueKind.NONE) {
            kind = token.kind() == Token.Kind.STRING ? ValueKind.TEXT : ValueKind.NUMBER;
        }
        if ((kind == ValueKind.NUMBER || kind == ValueKind.TIME) && token.kind() == Token.Kind.WORD
                && token.text().startsWith("-") && token.text().length() > 1) {
            Operand positive = constant(new Token(token.kind(), token.text().substring(1), token.position() + 1),
                    like, kind);
            return new Operand.Arithmetic("-", null, positive);
        }
        FilterField field = like != null && like.kind() == kind ? like
                : new FilterField("the value", "", kind, false, null, List.of());
        return Operand.Constant.of(literal(field, token), field.hex());
    }

    private static Pattern regex(Token value) throws FilterException {
        try {
            return Pattern.compile(value.text(), Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException bad) {
            throw new FilterException("not a regular expression: " + bad.getMessage().replace("error parsing regexp: ",
                    ""), value.position());
        }
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
        if (test instanceof Node.Relation relation) {
            String op = relation.op();
            if (op.equals("!=") || op.equals("~=")) {
                return new Node.Relation(relation.left(), all ? "!=" : "~=", relation.right(), false,
                        relation.pattern());
            }
            return new Node.Relation(relation.left(), op, relation.right(), all, relation.pattern());
        }
        if (test instanceof Node.Membership membership) {
            return new Node.Membership(membership.left(), membership.members(), all);
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
    /** Minus a magnitude a filter wrote after "-" (a signed field's number), or null when it is none or too large. */
    private static Long negated(Long magnitude) {
        return magnitude == null || magnitude < 0 ? null : -magnitude;
    }

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
                Long number = quoted ? null : field.signed() && text.startsWith("-") && text.length() > 1
                        ? negated(Numbers.parse(text.substring(1), false))
                        : Numbers.parse(text, field.kind() == ValueKind.FLAG);
                if (number != null && field.kind() == ValueKind.FLAG) {
                    // as Wireshark: any number other than zero is true
                    return Literal.number(ValueKind.FLAG, number != 0 ? 1 : 0);
                }
                if (number != null && field.signed()) {
                    return Literal.number(field.kind(), number);
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
