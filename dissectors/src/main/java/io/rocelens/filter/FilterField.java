package io.rocelens.filter;

import java.util.List;
import java.util.function.LongFunction;

/**
 * A name a filter can use: a RoCE Lens field, protocol or analysis value, or a Wireshark alias of one.
 *
 * @param name        the name as the filter writes it
 * @param description what it is, for completion and help
 * @param kind        what its values are
 * @param hex         numbers are shown in hex
 * @param valueNames  names of its values (enumerations), or null
 * @param sources     what it reads: one thing, or several for the "either side" fields (ip.addr) and aliases that
 *                    cover two RoCE Lens fields; a frame matches when any value of any of them does
 * @param signed      its numbers are signed (a spec's s1 ... s8, as Wireshark's FT_INT*): they compare as such and
 *                    a filter may write a negative one
 */
record FilterField(String name, String description, ValueKind kind, boolean hex, LongFunction<String> valueNames,
                   List<Source> sources, boolean signed) {

    /** A field whose numbers, if any, are unsigned. */
    FilterField(String name, String description, ValueKind kind, boolean hex, LongFunction<String> valueNames,
                List<Source> sources) {
        this(name, description, kind, hex, valueNames, sources, false);
    }
}
