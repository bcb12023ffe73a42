package io.rocelens.dissect;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigInteger;

/**
 * Writes dissections as JSON, one object per frame, through a streaming generator so memory does not grow with the
 * capture. Every field appears under its registered name; numbers are JSON numbers, flags 0 or 1. With positions,
 * each layer also has {@code positions}: field name → [offset, length], the bytes of the frame the field sits in
 * (what hex highlighting shows; a field several times in a layer is listed at its first place).
 */
public final class DissectionJson {

    private DissectionJson() {
    }

    public static void write(Dissection dissection, JsonGenerator json) throws IOException {
        write(dissection, json, false);
    }

    public static void write(Dissection dissection, JsonGenerator json, boolean positions) throws IOException {
        json.writeStartObject();
        json.writeNumberField("number", dissection.number());
        json.writeStringField("timestamp", Timestamps.iso(dissection.timestampNanos()));
        json.writeNumberField("frame.len", dissection.originalLength());
        json.writeNumberField("frame.caplen", dissection.capturedLength());
        json.writeStringField("protocol", dissection.protocol());
        json.writeStringField("info", dissection.info());
        json.writeArrayFieldStart("layers");
        for (Layer layer : dissection.layers()) {
            if (layer.name().equals("frame")) {
                continue;
            }
            json.writeStartObject();
            json.writeStringField("layer", layer.name());
            json.writeStringField("title", layer.title());
            json.writeNumberField("offset", layer.offset());
            json.writeNumberField("length", layer.length());
            json.writeObjectFieldStart("fields");
            for (Field field : layer.fields()) {
                writeValue(json, field);
            }
            json.writeEndObject();
            if (positions) {
                json.writeObjectFieldStart("positions");
                java.util.Set<String> written = new java.util.HashSet<>();
                for (Field field : layer.fields()) {
                    if (written.add(field.name())) {
                        json.writeArrayFieldStart(field.name());
                        json.writeNumber(field.offset());
                        json.writeNumber(field.length());
                        json.writeEndArray();
                    }
                }
                json.writeEndObject();
            }
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void writeValue(JsonGenerator json, Field field) throws IOException {
        String name = field.name();
        Object value = field.value();
        if (value instanceof Long number) {
            if (field.def().type() == FieldType.UINT64 && number < 0) {
                json.writeFieldName(name);
                json.writeNumber(new BigInteger(Long.toUnsignedString(number)));
            } else if (field.def().type() == FieldType.SECONDS) {
                json.writeFieldName(name);
                json.writeNumber(java.math.BigDecimal.valueOf(number, 9).stripTrailingZeros());
            } else {
                json.writeNumberField(name, number);
            }
        } else {
            json.writeStringField(name, String.valueOf(value));
        }
    }
}
