package io.rocelens.analysis;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * An {@link AnalysisResult} as bytes and back, so partial results can travel between processes (the tasks of a
 * Spark job and its driver): {@code decode(encode(r))} gives a result equal to {@code r} in every component. The
 * result's records are written component by component, in the order they declare them (nested records, lists,
 * maps, arrays, enums by name, strings, numbers), so the format follows the records as they change; both sides
 * must run the same version of the library. {@link BandwidthBins} is written as its bins.
 *
 * <p>Integers are LEB128 varints (zigzag), doubles their 8 bytes, and each string (an enum's name too) is written in
 * full once and then by its index: a result holds up to {@code --max-events} timed exchanges and events that name
 * a few flows over and over. How each type is written is worked out once per type, not per value: reflecting on a
 * record's components for each of a result's hundreds of thousands of records made a Spark job's partial results
 * cost seconds.
 */
public final class ResultCodec {

    private static final int VERSION = 2;

    /** How each type met so far is written and read. */
    private static final Map<Type, Codec> CODECS = new ConcurrentHashMap<>();

    private ResultCodec() {
    }

    public static byte[] encode(AnalysisResult result) {
        Out out = new Out();
        out.writeVarint(VERSION);
        codec(AnalysisResult.class).write(out, result);
        return out.toByteArray();
    }

    public static AnalysisResult decode(byte[] encoded) {
        In in = new In(encoded);
        try {
            long version = in.readVarint();
            if (version != VERSION) {
                throw new IllegalArgumentException("encoded by another version of the codec: " + version);
            }
            return (AnalysisResult) codec(AnalysisResult.class).read(in);
        } catch (ArrayIndexOutOfBoundsException cut) {
            throw new IllegalArgumentException("not an encoded result, or cut short", cut);
        }
    }

    /** Writes and reads the values of one type. */
    private interface Codec {
        void write(Out out, Object value);

        Object read(In in);
    }

    private static Codec of(BiConsumer<Out, Object> write, Function<In, Object> read) {
        return new Codec() {
            @Override
            public void write(Out out, Object value) {
                write.accept(out, value);
            }

            @Override
            public Object read(In in) {
                return read.apply(in);
            }
        };
    }

    private static Codec codec(Type type) {
        Codec codec = CODECS.get(type);
        if (codec == null) {
            // not computeIfAbsent: a record's codec asks for its components' while it is made
            codec = make(type);
            CODECS.putIfAbsent(type, codec);
        }
        return codec;
    }

    private static Codec make(Type type) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (raw == long.class) {
            return of((out, v) -> out.writeSigned((Long) v), in -> in.readSigned());
        } else if (raw == int.class) {
            return of((out, v) -> out.writeSigned((Integer) v), in -> (int) in.readSigned());
        } else if (raw == double.class) {
            return of((out, v) -> out.writeDouble((Double) v), in -> in.readDouble());
        } else if (raw == boolean.class) {
            return of((out, v) -> out.writeByte((Boolean) v ? 1 : 0), in -> in.readByte() != 0);
        } else if (raw == String.class) {
            return of((out, v) -> out.writeString((String) v), in -> in.readString());
        } else if (raw.isEnum()) {
            return of((out, v) -> out.writeString(v == null ? null : ((Enum<?>) v).name()), in -> {
                String name = in.readString();
                return name == null ? null : enumValue(raw, name);
            });
        }
        Codec present = present(type, raw);
        // a null value is a 0 byte; a value, a 1 byte and then the value
        return of((out, v) -> {
            out.writeByte(v == null ? 0 : 1);
            if (v != null) {
                present.write(out, v);
            }
        }, in -> in.readByte() == 0 ? null : present.read(in));
    }

    /** The codec of the values of a type that may be null, for a value that is not. */
    private static Codec present(Type type, Class<?> raw) {
        if (raw == Long.class) {
            return codec(long.class);
        } else if (raw == long[].class) {
            return of((out, v) -> {
                long[] a = (long[]) v;
                out.writeVarint(a.length);
                for (long e : a) {
                    out.writeSigned(e);
                }
            }, in -> {
                long[] a = new long[in.readLength()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readSigned();
                }
                return a;
            });
        } else if (raw == int[].class) {
            return of((out, v) -> {
                int[] a = (int[]) v;
                out.writeVarint(a.length);
                for (int e : a) {
                    out.writeSigned(e);
                }
            }, in -> {
                int[] a = new int[in.readLength()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (int) in.readSigned();
                }
                return a;
            });
        } else if (raw == double[].class) {
            return of((out, v) -> {
                double[] a = (double[]) v;
                out.writeVarint(a.length);
                for (double e : a) {
                    out.writeDouble(e);
                }
            }, in -> {
                double[] a = new double[in.readLength()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readDouble();
                }
                return a;
            });
        } else if (raw == List.class) {
            return new ListCodec(argument(type, 0));
        } else if (raw == Map.class) {
            return new MapCodec(argument(type, 0), argument(type, 1));
        } else if (raw == BandwidthBins.class) {
            return of((out, v) -> ((BandwidthBins) v).writeTo(out), BandwidthBins::readFrom);
        } else if (raw.isRecord()) {
            return new RecordCodec(raw);
        }
        throw new IllegalArgumentException("no encoding for " + type);
    }

    private static final class ListCodec implements Codec {
        private final Type element;
        private volatile Codec elements;

        ListCodec(Type element) {
            this.element = element;
        }

        @Override
        public void write(Out out, Object v) {
            Codec c = elements();
            List<?> list = (List<?>) v;
            out.writeVarint(list.size());
            for (Object e : list) {
                c.write(out, e);
            }
        }

        @Override
        public Object read(In in) {
            Codec c = elements();
            int size = in.readLength();
            List<Object> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(c.read(in));
            }
            return list;
        }

        private Codec elements() {
            if (elements == null) {
                elements = codec(element);
            }
            return elements;
        }
    }

    private static final class MapCodec implements Codec {
        private final Type key;
        private final Type value;
        private volatile Codec keys;
        private volatile Codec values;

        MapCodec(Type key, Type value) {
            this.key = key;
            this.value = value;
        }

        @Override
        public void write(Out out, Object v) {
            resolve();
            Map<?, ?> map = (Map<?, ?>) v;
            out.writeVarint(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                keys.write(out, e.getKey());
                values.write(out, e.getValue());
            }
        }

        @Override
        public Object read(In in) {
            resolve();
            int size = in.readLength();
            Map<Object, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) {
                map.put(keys.read(in), values.read(in));
            }
            return map;
        }

        private void resolve() {
            if (keys == null) {
                // values first: a task that sees the keys' codec sees both
                values = codec(value);
                keys = codec(key);
            }
        }
    }

    /**
     * A record, component by component; its components' codecs found at its first value (a record may hold itself).
     * Its accessors and canonical constructor are reached as this class may reach them (the results' records are
     * public or in this package), through method handles typed once, without lifting any access check.
     */
    private static final class RecordCodec implements Codec {
        private static final MethodType ACCESSOR = MethodType.methodType(Object.class, Object.class);
        private static final MethodType CONSTRUCTOR = MethodType.methodType(Object.class, Object[].class);

        private final Class<?> type;
        private final Type[] types;
        private final String[] names;
        private final MethodHandle[] accessors;
        private final MethodHandle canonical;
        private volatile Codec[] components;

        RecordCodec(Class<?> type) {
            this.type = type;
            RecordComponent[] rc = type.getRecordComponents();
            types = new Type[rc.length];
            names = new String[rc.length];
            accessors = new MethodHandle[rc.length];
            Class<?>[] classes = new Class<?>[rc.length];
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            try {
                for (int i = 0; i < rc.length; i++) {
                    types[i] = rc[i].getGenericType();
                    names[i] = rc[i].getName();
                    accessors[i] = lookup.unreflect(rc[i].getAccessor()).asType(ACCESSOR);
                    classes[i] = rc[i].getType();
                }
                canonical = lookup.unreflectConstructor(type.getDeclaredConstructor(classes))
                        .asSpreader(Object[].class, classes.length).asType(CONSTRUCTOR);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot code the record " + type.getName() + ": " + e, e);
            }
        }

        @Override
        public void write(Out out, Object v) {
            Codec[] c = components();
            for (int i = 0; i < c.length; i++) {
                Object value;
                try {
                    value = (Object) accessors[i].invokeExact(v);
                } catch (Throwable e) {
                    throw new IllegalStateException("cannot read " + names[i] + " of a " + type.getSimpleName(), e);
                }
                c[i].write(out, value);
            }
        }

        @Override
        public Object read(In in) {
            Codec[] c = components();
            Object[] values = new Object[c.length];
            for (int i = 0; i < c.length; i++) {
                values[i] = c[i].read(in);
            }
            try {
                return (Object) canonical.invokeExact(values);
            } catch (Throwable e) {
                throw new IllegalStateException("cannot make a " + type.getSimpleName(), e);
            }
        }

        private Codec[] components() {
            if (components == null) {
                Codec[] c = new Codec[types.length];
                for (int i = 0; i < c.length; i++) {
                    c[i] = codec(types[i]);
                }
                components = c;
            }
            return components;
        }
    }

    /** The bytes of a result being written. */
    static final class Out {
        private byte[] buf = new byte[4096];
        private int pos;
        private final Map<String, Integer> strings = new HashMap<>();

        void writeByte(int b) {
            ensure(1);
            buf[pos++] = (byte) b;
        }

        void writeSigned(long v) {
            writeVarint((v << 1) ^ (v >> 63));
        }

        void writeVarint(long v) {
            ensure(10);
            while ((v & ~0x7FL) != 0) {
                buf[pos++] = (byte) (v | 0x80);
                v >>>= 7;
            }
            buf[pos++] = (byte) v;
        }

        void writeDouble(double d) {
            ensure(8);
            long v = Double.doubleToRawLongBits(d);
            for (int shift = 56; shift >= 0; shift -= 8) {
                buf[pos++] = (byte) (v >>> shift);
            }
        }

        /** 0 for null, else the string's index in this result plus 1, followed the first time by its UTF-8 bytes. */
        void writeString(String s) {
            if (s == null) {
                writeVarint(0);
                return;
            }
            Integer index = strings.get(s);
            if (index != null) {
                writeVarint(index + 1L);
                return;
            }
            strings.put(s, strings.size());
            writeVarint(strings.size());
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            writeVarint(utf8.length);
            ensure(utf8.length);
            System.arraycopy(utf8, 0, buf, pos, utf8.length);
            pos += utf8.length;
        }

        private void ensure(int more) {
            if (buf.length - pos < more) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, pos);
        }
    }

    /** The bytes of a result being read. */
    static final class In {
        private final byte[] buf;
        private int pos;
        private final List<String> strings = new ArrayList<>();

        In(byte[] buf) {
            this.buf = buf;
        }

        int readByte() {
            return buf[pos++];
        }

        long readSigned() {
            long v = readVarint();
            return (v >>> 1) ^ -(v & 1);
        }

        long readVarint() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = buf[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw new IllegalArgumentException("varint longer than 10 bytes");
        }

        /** A count of elements, each at least a byte: no more than the bytes left. */
        int readLength() {
            long n = readVarint();
            if (n < 0 || n > buf.length - pos) {
                throw new IllegalArgumentException("a length of " + n + " with " + (buf.length - pos) + " bytes left");
            }
            return (int) n;
        }

        double readDouble() {
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = v << 8 | buf[pos++] & 0xFF;
            }
            return Double.longBitsToDouble(v);
        }

        String readString() {
            long index = readVarint();
            if (index == 0) {
                return null;
            }
            if (index <= strings.size()) {
                return strings.get((int) index - 1);
            }
            if (index != strings.size() + 1) {
                throw new IllegalArgumentException("string " + index + " before string " + (strings.size() + 1));
            }
            int length = readLength();
            String s = new String(buf, pos, length, StandardCharsets.UTF_8);
            pos += length;
            strings.add(s);
            return s;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Type argument(Type type, int index) {
        if (!(type instanceof ParameterizedType p)) {
            throw new IllegalArgumentException("no element type for " + type);
        }
        return p.getActualTypeArguments()[index];
    }
}
