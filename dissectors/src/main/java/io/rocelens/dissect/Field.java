package io.rocelens.dissect;

/**
 * One decoded field of a frame.
 *
 * @param def    the field's declaration
 * @param value  Long for numbers and flags, String for addresses and text
 * @param offset absolute byte offset of the field in the frame
 * @param length bytes the field spans (for a bit field, the bytes holding it)
 */
public record Field(FieldDef def, Object value, int offset, int length) {

    public String name() {
        return def.name();
    }

    /** Text for people, e.g. "RC RDMA WRITE First (0x06)". */
    public String text() {
        return def.describe(value);
    }
}
