package io.rocelens.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Splits a display filter into tokens, Wireshark's way: words run over letters, digits and {@code _ . : - /}. */
final class Lexer {

    private static final Map<String, String> WORD_OPERATORS = Map.ofEntries(
            Map.entry("eq", "=="), Map.entry("ne", "!="), Map.entry("any_ne", "~="), Map.entry("any_eq", "=="),
            Map.entry("all_ne", "!="), Map.entry("all_eq", "==="), Map.entry("lt", "<"),
            Map.entry("le", "<="), Map.entry("gt", ">"), Map.entry("ge", ">="), Map.entry("contains", "contains"),
            Map.entry("matches", "matches"));

    private final String text;
    private int at;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokens(String text) throws FilterException {
        return new Lexer(text).all();
    }

    private List<Token> all() throws FilterException {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            if (at == text.length()) {
                tokens.add(new Token(Token.Kind.END, "", at));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private Token next() throws FilterException {
        int start = at;
        char c = text.charAt(at);
        switch (c) {
            case '(' -> {
                return single(Token.Kind.LPAREN);
            }
            case ')' -> {
                return single(Token.Kind.RPAREN);
            }
            case '{' -> {
                return single(Token.Kind.LBRACE);
            }
            case '}' -> {
                return single(Token.Kind.RBRACE);
            }
            case ',' -> {
                return single(Token.Kind.COMMA);
            }
            case '[' -> {
                return single(Token.Kind.LBRACKET);
            }
            case ']' -> {
                return single(Token.Kind.RBRACKET);
            }
            case '#' -> {
                return single(Token.Kind.HASH);
            }
            case '+', '*', '%' -> {
                return single(Token.Kind.ARITH);
            }
            case '$' -> {
                int close = text.indexOf('}', at);
                if (!text.startsWith("${", at) || close < 0) {
                    throw new FilterException("a field reference is written ${field}", start);
                }
                at = close + 1;
                return new Token(Token.Kind.REFERENCE, text.substring(start + 2, close).trim(), start);
            }
            case '"' -> {
                return string();
            }
            default -> {
                // symbols below
            }
        }
        if (text.startsWith("..", at)) {
            at += 2;
            return new Token(Token.Kind.RANGE, "..", start);
        }
        for (String symbol : new String[] {"===", "!==", "==", "!=", "~=", "<=", ">=", "&&", "||"}) {
            if (text.startsWith(symbol, at)) {
                at += symbol.length();
                return switch (symbol) {
                    case "&&" -> new Token(Token.Kind.AND, symbol, start);
                    case "||" -> new Token(Token.Kind.OR, symbol, start);
                    case "!==" -> new Token(Token.Kind.COMPARE, "~=", start);
                    default -> new Token(Token.Kind.COMPARE, symbol, start);
                };
            }
        }
        if (c == '~') {
            at++;
            return new Token(Token.Kind.COMPARE, "matches", start);
        }
        if (c == '<' || c == '>') {
            at++;
            return new Token(Token.Kind.COMPARE, String.valueOf(c), start);
        }
        if (c == '!') {
            at++;
            return new Token(Token.Kind.NOT, "!", start);
        }
        if (c == '=') {
            throw new FilterException("'=' is not an operator: use '==' to compare", start);
        }
        if (c == '&') {
            // bitwise and (&& was read above)
            at++;
            return new Token(Token.Kind.ARITH, "&", start);
        }
        if (c == '|') {
            throw new FilterException("'|' alone is not an operator: use '||' (or)", start);
        }
        if (c == 'r' && text.startsWith("r\"", at)) {
            at++;
            return string(true, start);
        }
        if (!isWordChar(c)) {
            throw new FilterException("unexpected character '" + c + "'", start);
        }
        while (at < text.length() && isWordChar(text.charAt(at)) && !text.startsWith("..", at)) {
            at++;
        }
        String word = text.substring(start, at);
        String lower = word.toLowerCase(java.util.Locale.ROOT);
        return switch (lower) {
            case "and" -> new Token(Token.Kind.AND, word, start);
            case "or" -> new Token(Token.Kind.OR, word, start);
            case "not" -> new Token(Token.Kind.NOT, word, start);
            case "in" -> new Token(Token.Kind.IN, word, start);
            case "bitwise_and" -> new Token(Token.Kind.ARITH, "&", start);
            default -> WORD_OPERATORS.containsKey(lower)
                    ? new Token(Token.Kind.COMPARE, WORD_OPERATORS.get(lower), start)
                    : new Token(Token.Kind.WORD, word, start);
        };
    }

    private Token single(Token.Kind kind) {
        return new Token(kind, String.valueOf(text.charAt(at++)), at - 1);
    }

    /**
     * A double-quoted string with Wireshark's escapes (\\a \\b \\f \\n \\r \\t \\v, \\NNN octal, \\xNN, \\uNNNN,
     * \\UNNNNNNNN); a raw string {@code r"..."} keeps its backslashes (a \\" in it still does not end it).
     */
    private Token string() throws FilterException {
        return string(false, at);
    }

    private Token string(boolean raw, int start) throws FilterException {
        at++;
        StringBuilder value = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return new Token(Token.Kind.STRING, value.toString(), start);
            }
            if (c != '\\') {
                value.append(c);
                continue;
            }
            if (at == text.length()) {
                break;
            }
            char escaped = text.charAt(at++);
            if (raw) {
                value.append('\\').append(escaped);
                continue;
            }
            switch (escaped) {
                case 'a' -> value.append('\u0007');
                case 'b' -> value.append('\b');
                case 'f' -> value.append('\f');
                case 'n' -> value.append('\n');
                case 't' -> value.append('\t');
                case 'r' -> value.append('\r');
                case 'v' -> value.append('\u000b');
                case 'x' -> value.append((char) hex(at - 2, 2));
                case 'u' -> value.appendCodePoint(hex(at - 2, 4));
                case 'U' -> value.appendCodePoint(hex(at - 2, 8));
                case '0', '1', '2', '3' -> {
                    if (at + 2 > text.length() || !isOctal(text.charAt(at)) || !isOctal(text.charAt(at + 1))) {
                        throw new FilterException("'\\" + escaped + "' needs three octal digits (\\101)", at - 2);
                    }
                    value.append((char) Integer.parseInt(text.substring(at - 1, at + 2), 8));
                    at += 2;
                }
                default -> value.append(escaped);
            }
        }
        throw new FilterException("the string has no closing '\"'", start);
    }

    private int hex(int escapeStart, int digits) throws FilterException {
        String escape = "'\\" + text.charAt(escapeStart + 1) + "' needs " + digits + " hex digits";
        if (at + digits > text.length()) {
            throw new FilterException(escape, escapeStart);
        }
        try {
            int value = Integer.parseUnsignedInt(text.substring(at, at + digits), 16);
            if (digits == 8 && !Character.isValidCodePoint(value)) {
                throw new FilterException(escape + " naming a Unicode character", escapeStart);
            }
            at += digits;
            return value;
        } catch (NumberFormatException notHex) {
            throw new FilterException(escape, escapeStart);
        }
    }

    private static boolean isOctal(char c) {
        return c >= '0' && c <= '7';
    }

    private static boolean isWordChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '-' || c == '/');
    }
}
