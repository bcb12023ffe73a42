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
