package io.rocelens.analysis;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@link AnalysisResult} as bytes and back, so partial results can travel between processes (the tasks of a
 * Spark job and its driver): {@code decode(encode(r))} gives a result equal to {@code r} in every component. The
 * result's records are written component by component, in the order they declare them (nested records, lists,
 * maps, arrays, enums by name, strings, numbers), so the format follows the records as they change; both sides
 * must run the same version of the library. {@link BandwidthBins} is written as its bins.
 */
public final class ResultCodec {

    private static final int VERSION = 1;

    private ResultCodec() {
    }

    public static byte[] encode(AnalysisResult result) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(VERSION);
            write(out, result, AnalysisResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static AnalysisResult decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            int version = in.readInt();
            if (version != VERSION) {
                throw new IllegalArgumentException("encoded by another version of the codec: " + version);
            }
            return (AnalysisResult) read(in, AnalysisResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(DataOutputStream out, Object value, Type type) throws IOException {
        Class<?> raw = raw(type);
        if (raw == long.class) {
            out.writeLong((Long) value);
        } else if (raw == int.class) {
            out.writeInt((Integer) value);
        } else if (raw == double.class) {
            out.writeDouble((Double) value);
        } else if (raw == boolean.class) {
            out.writeBoolean((Boolean) value);
        } else {
            out.writeBoolean(value != null);
            if (value == null) {
                return;
            }
            if (raw == String.class) {
                writeString(out, (String) value);
            } else if (raw == Long.class) {
                out.writeLong((Long) value);
            } else if (raw == long[].class) {
                long[] a = (long[]) value;
                out.writeInt(a.length);
                for (long v : a) {
                    out.writeLong(v);
                }
            } else if (raw == int[].class) {
                int[] a = (int[]) value;
                out.writeInt(a.length);
                for (int v : a) {
                    out.writeInt(v);
                }
            } else if (raw == double[].class) {
                double[] a = (double[]) value;
                out.writeInt(a.length);
                for (double v : a) {
                    out.writeDouble(v);
                }
            } else if (raw.isEnum()) {
                writeString(out, ((Enum<?>) value).name());
            } else if (raw == List.class) {
                Type element = argument(type, 0);
                List<?> list = (List<?>) value;
                out.writeInt(list.size());
                for (Object e : list) {
                    write(out, e, element);
                }
            } else if (raw == Map.class) {
                Type key = argument(type, 0);
                Type val = argument(type, 1);
                Map<?, ?> map = (Map<?, ?>) value;
                out.writeInt(map.size());
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    write(out, e.getKey(), key);
                    write(out, e.getValue(), val);
                }
            } else if (raw == BandwidthBins.class) {
                ((BandwidthBins) value).writeTo(out);
            } else if (raw.isRecord()) {
                for (RecordComponent c : raw.getRecordComponents()) {
                    write(out, accessor(c, value), c.getGenericType());
                }
            } else {
                throw new IllegalArgumentException("no encoding for " + type);
            }
        }
    }

    private static Object read(DataInputStream in, Type type) throws IOException {
        Class<?> raw = raw(type);
        if (raw == long.class) {
            return in.readLong();
        } else if (raw == int.class) {
            return in.readInt();
        } else if (raw == double.class) {
            return in.readDouble();
        } else if (raw == boolean.class) {
            return in.readBoolean();
        }
        if (!in.readBoolean()) {
            return null;
        }
        if (raw == String.class) {
            return readString(in);
        } else if (raw == Long.class) {
            return in.readLong();
        } else if (raw == long[].class) {
            long[] a = new long[in.readInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readLong();
            }
            return a;
        } else if (raw == int[].class) {
            int[] a = new int[in.readInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readInt();
            }
            return a;
        } else if (raw == double[].class) {
            double[] a = new double[in.readInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readDouble();
            }
            return a;
        } else if (raw.isEnum()) {
            return enumValue(raw, readString(in));
        } else if (raw == List.class) {
            Type element = argument(type, 0);
            int size = in.readInt();
            List<Object> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(read(in, element));
            }
            return list;
        } else if (raw == Map.class) {
            Type key = argument(type, 0);
            Type val = argument(type, 1);
            int size = in.readInt();
            Map<Object, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) {
                map.put(read(in, key), read(in, val));
            }
            return map;
        } else if (raw == BandwidthBins.class) {
            return BandwidthBins.readFrom(in);
        } else if (raw.isRecord()) {
            RecordComponent[] components = raw.getRecordComponents();
            Object[] values = new Object[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                values[i] = read(in, components[i].getGenericType());
                types[i] = components[i].getType();
            }
            try {
                Constructor<?> canonical = raw.getDeclaredConstructor(types);
                return canonical.newInstance(values);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make a " + raw.getSimpleName(), e);
            }
        }
        throw new IllegalArgumentException("no decoding for " + type);
    }

    private static Object accessor(RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c.getName(), e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static Type argument(Type type, int index) {
        if (!(type instanceof ParameterizedType p)) {
            throw new IllegalArgumentException("no element type for " + type);
        }
        return p.getActualTypeArguments()[index];
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] utf8 = new byte[in.readInt()];
        in.readFully(utf8);
        return new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
    }
}
