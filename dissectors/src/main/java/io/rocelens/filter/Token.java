package io.rocelens.filter;

/** One lexical token of a display filter, with the 0-based column where it starts. */
record Token(Kind kind, String text, int position) {

    enum Kind {
        /** A field name, a bare value (number, address, enum name) or a word operator before it is classified. */
        WORD,
        /** A double-quoted string; {@link #text} holds its unescaped value. */
        STRING,
        LPAREN, RPAREN, LBRACE, RBRACE, COMMA, RANGE,
        AND, OR, NOT,
        /** A comparison; {@link #text} holds its symbol form (==, !=, ~=, <, <=, >, >=, contains, matches). */
        COMPARE,
        IN,
        /** Slices and layers: {@code [}, {@code ]}, {@code #}. */
        LBRACKET, RBRACKET, HASH,
        /** Arithmetic {@code + * % &} ({@code -} and {@code /} are words, as they also write MACs and subnets). */
        ARITH,
        /** {@code ${field}}; {@link #text} holds the field name. */
        REFERENCE,
        END
    }

    /** How the token is named in an error message. */
    String describe() {
        return switch (kind) {
            case END -> "the end of the filter";
            case STRING -> "\"" + text + "\"";
            default -> "'" + text + "'";
        };
    }
}
