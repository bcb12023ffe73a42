package io.rocelens.dissect;

import java.util.function.LongFunction;

/**
 * A field declared once, like a Wireshark header_field_info: its stable filter name (the contract shared by the JSON
 * output, the display filter, the detail tree and the CSV), a title for people, its type, and optionally names for
 * its values.
 *
 * @param name       stable name such as {@code bth.psn}
 * @param title      human label such as "Packet Sequence Number"
 * @param type       value type and display base
 * @param hexDigits  digits to pad HEX values to (0 for none)
 * @param byteWidth  for a bit field: the bytes it spans, ending where reading it ended (Kaitai's --read-pos
 *                   start of a bit field that is not first in its byte is already past that byte); 0 otherwise
 * @param valueNames names values (enum text), or null
 * @param blurb      a sentence saying what the field means (Wireshark's blurb; a field declared in a .ksy spec has the
 *                   spec's doc), or the title when none is declared
 */
public record FieldDef(String name, String title, FieldType type, int hexDigits, int byteWidth,
                       LongFunction<String> valueNames, String blurb) {

    public FieldDef(String name, String title, FieldType type, int hexDigits, int byteWidth,
                    LongFunction<String> valueNames) {
        this(name, title, type, hexDigits, byteWidth, valueNames, title);
    }

    /** The human text of a value: the value name if one is declared, else the value in the field's base. */
    public String describe(Object value) {
        if (value instanceof Long number) {
            String shown = switch (type) {
                case HEX -> hexDigits > 0 ? String.format("0x%0" + hexDigits + "x", number) : "0x" + Long.toHexString(number);
                case UINT64 -> Long.toUnsignedString(number);
                case SECONDS -> FieldType.seconds(number);
                default -> Long.toString(number);
            };
            if (valueNames != null) {
                String valueName = valueNames.apply(number);
                if (valueName != null) {
                    return valueName + " (" + shown + ")";
                }
            }
            return shown;
        }
        return String.valueOf(value);
    }
}
