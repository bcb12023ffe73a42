package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStruct;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every generated layout accessor (io.rocelens.ksy.layout) against the Kaitai parser of the same spec, on random
 * bytes and random params: each field value, each instance, where each byte string or user type starts, whether each
 * conditional field is present, and the type's size. The Kaitai parsers are the reference; the layouts are written
 * by a different generator (GenerateFromSpecs' LayoutWriter) from the same specs, so a wrong offset, bit order, sign,
 * alignment or operator precedence in either shows here.
 */
class LayoutsAgainstKaitaiTest {

    private static final int SAMPLES = 3000;
    private static final int MOST_BYTES = 320;
    private static final byte[] FEW_VALUES = {0x00, 0x01, (byte) 0x81, (byte) 0xff};

    static Stream<Class<?>> layouts() throws IOException, URISyntaxException {
        Path dir = Path.of(LayoutsAgainstKaitaiTest.class.getResource("/io/rocelens/ksy/layout/BthLayout.class").toURI())
                .getParent();
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith("Layout.class")) {
                    classes.add(load("io.rocelens.ksy.layout." + name.replace(".class", "")));
                }
            }
        }
        return classes.stream();
    }

    @Test
    void theHeadersTheBulkPassReadsHaveLayouts() throws IOException, URISyntaxException {
        List<String> names = layouts().map(Class::getSimpleName).toList();
        for (String needed : List.of("EthernetHeaderLayout", "EthernetHeaderEtherTypeOrTagLayout", "Ipv4HeaderLayout",
                "Ipv6HeaderLayout", "UdpHeaderLayout", "BthLayout", "IbExtendedHeadersLayout", "RethLayout", "AethLayout",
                "DethLayout", "ImmdtLayout", "GrhLayout", "LrhLayout", "GreLayout", "ErspanLayout", "VxlanLayout",
                "MacControlPfcFrameLayout")) {
            assertTrue(names.contains(needed), needed + " among " + names);
        }
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void agreesWithKaitai(Class<?> layout) throws ReflectiveOperationException {
        // arp_packet's addresses take their sizes from the packet around them: they are compared inside it
        org.junit.jupiter.api.Assumptions.assumeFalse(layout.getSimpleName().equals("ArpPacketAddressesLayout"),
                "sized by its parent");
        Class<?> kaitai = kaitaiType(layout.getSimpleName().replaceFirst("Layout$", ""));
        Constructor<?> constructor = constructor(kaitai);
        Class<?>[] paramTypes = Arrays.copyOfRange(constructor.getParameterTypes(), 1,
                constructor.getParameterCount());
        List<Method> methods = Arrays.stream(layout.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers())).toList();
        Random random = new Random(layout.getSimpleName().hashCode());
        int compared = 0;
        int parsed = 0;
        for (int sample = 0; sample < SAMPLES; sample++) {
            // lengths vary so that types read to the end of their bytes (repeat eos) parse too
            byte[] bytes = new byte[1 + random.nextInt(MOST_BYTES)];
            random.nextBytes(bytes);
            if (sample % 3 == 0) {   // mostly zeros: the common, valid shapes (no options, no VLAN ...)
                for (int i = 4; i < bytes.length; i++) {
                    bytes[i] = random.nextInt(8) == 0 ? bytes[i] : 0;
                }
            } else if (sample % 3 == 1) {   // a few values: enum values (MAC Control's 0x0001) and all-ones fields
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = FEW_VALUES[random.nextInt(FEW_VALUES.length)];
                }
            }
            Object[] params = new Object[paramTypes.length];
            for (int i = 0; i < params.length; i++) {
                params[i] = randomParam(paramTypes[i], random);
            }
            ByteBufferKaitaiStream io = new ByteBufferKaitaiStream(bytes);
            Object parsedObject;
            try {
                parsedObject = construct(constructor, io, params);
            } catch (InvocationTargetException unparsable) {
                continue;   // past the end, or a value the spec refuses: nothing to compare with
            }
            parsed++;
            for (Method method : methods) {
                Object[] args = layoutArgs(method, bytes, params);
                if (args == null) {
                    continue;
                }
                String name = method.getName();
                Object expected;
                if (name.equals("sizeOf")) {
                    expected = (long) io.pos();
                } else if (name.endsWith("IsPresent")) {
                    expected = getter(kaitai, strip(name, "IsPresent")).invoke(parsedObject) != null;
                } else if (name.endsWith("At") && getterOrNull(kaitai, name) == null) {
                    Integer start = attrStart(parsedObject, strip(name, "At"));
                    if (start == null) {
                        continue;   // not present in this sample
                    }
                    expected = (long) start;
                } else if (indexed(kaitai, method)) {
                    continue;   // compared below, element by element
                } else {
                    expected = getter(kaitai, name).invoke(parsedObject);
                    if (expected == null) {
                        continue;   // an absent conditional field, or an enum value the spec does not name
                    }
                }
                Object actual = method.invoke(null, args);   // after the reference: an absent field is not read
                assertEquals(number(expected), number(actual),
                        () -> layout.getSimpleName() + "." + name + " on " + hex(bytes) + " " + Arrays.toString(params));
                compared++;
            }
            for (Method method : methods) {
                if (indexed(kaitai, method)) {
                    List<?> elements = (List<?>) getter(kaitai, method.getName()).invoke(parsedObject);
                    for (int i = 0; i < elements.size(); i++) {
                        Object[] args = layoutArgs(method, bytes, params);
                        args[args.length - 1] = i;
                        assertEquals(number(elements.get(i)), number(method.invoke(null, args)),
                                layout.getSimpleName() + "." + method.getName() + "[" + i + "]");
                        compared++;
                    }
                }
            }
            for (java.lang.reflect.Field constant : layout.getDeclaredFields()) {
                if (constant.getName().equals("SIZE")) {
                    assertEquals((long) io.pos(), ((Number) constant.get(null)).longValue(), layout.getSimpleName());
                    compared++;
                }
            }
        }
        assertTrue(parsed > SAMPLES / 20, layout.getSimpleName() + ": only " + parsed + " samples parsed");
        assertTrue(compared > 0, layout.getSimpleName() + ": nothing compared");
    }

    /** A repeated field's accessor: its Kaitai getter gives a list, and it takes the element's index last. */
    private static boolean indexed(Class<?> kaitai, Method method) {
        Method getter = getterOrNull(kaitai, method.getName());
        return getter != null && List.class.isAssignableFrom(getter.getReturnType());
    }

    private static Object randomParam(Class<?> type, Random random) {
        if (type == boolean.class) {
            return random.nextBoolean();
        }
        if (type == int.class) {
            return random.nextInt(256);
        }
        if (type == long.class) {
            return (long) random.nextInt(256);
        }
        return null;   // a parent or root: the layouts need neither
    }

    /** The layout method's arguments: the bytes and 0 when it reads them, then the params it declares. */
    private static Object[] layoutArgs(Method method, byte[] bytes, Object[] params) {
        Class<?>[] types = method.getParameterTypes();
        List<Object> args = new ArrayList<>();
        int at = 0;
        if (types.length > 0 && types[0] == byte[].class) {
            args.add(bytes);
            args.add(0);
            at = 2;
        }
        List<Object> values = Arrays.stream(params).filter(p -> p != null).toList();
        if (Arrays.stream(params).anyMatch(p -> p == null)) {
            throw new AssertionError(method + ": a Kaitai constructor param the test cannot fill");
        }
        for (int i = 0; at < types.length; at++, i++) {
            args.add(i < values.size() ? values.get(i) : 0);
        }
        return args.toArray();
    }

    private static Constructor<?> constructor(Class<?> kaitai) {
        Constructor<?> best = null;
        for (Constructor<?> c : kaitai.getConstructors()) {
            if (c.getParameterTypes()[0] == io.kaitai.struct.KaitaiStream.class && Arrays.stream(c.getParameterTypes())
                    .skip(1).noneMatch(KaitaiStruct.class::isAssignableFrom)
                    && (best == null || c.getParameterCount() > best.getParameterCount())) {
                best = c;
            }
        }
        return best;
    }

    private static Object construct(Constructor<?> constructor, ByteBufferKaitaiStream io, Object[] params)
            throws ReflectiveOperationException {
        Object[] args = new Object[params.length + 1];
        args[0] = io;
        System.arraycopy(params, 0, args, 1, params.length);
        return constructor.newInstance(args);
    }

    /** The Kaitai (position-recording) class of a layout: a spec's top type or one of its nested types. */
    private static Class<?> kaitaiType(String name) {
        for (int split = name.length(); split > 0; split--) {
            if (split < name.length() && !Character.isUpperCase(name.charAt(split))) {
                continue;
            }
            Class<?> top = loadOrNull("io.rocelens.ksy.pos." + name.substring(0, split));
            if (top != null) {
                if (split == name.length()) {
                    return top;
                }
                Class<?> nested = loadOrNull(top.getName() + "$" + name.substring(split));
                if (nested != null) {
                    return nested;
                }
            }
        }
        throw new AssertionError("no Kaitai class for " + name);
    }

    private static Method getter(Class<?> kaitai, String name) throws NoSuchMethodException {
        return kaitai.getMethod(name);
    }

    private static Method getterOrNull(Class<?> kaitai, String name) {
        try {
            return kaitai.getMethod(name);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static Integer attrStart(Object parsed, String field) throws ReflectiveOperationException {
        Map<String, Integer> starts = (Map<String, Integer>) parsed.getClass().getField("_attrStart").get(parsed);
        return starts.get(field);
    }

    private static String strip(String name, String suffix) {
        return name.substring(0, name.length() - suffix.length());
    }

    private static long number(Object value) throws ReflectiveOperationException {
        if (value instanceof Boolean flag) {
            return flag ? 1 : 0;
        }
        if (value instanceof Number n) {
            return n.longValue();
        }
        if (value instanceof Enum<?> e) {
            return ((Number) e.getClass().getMethod("id").invoke(e)).longValue();
        }
        throw new AssertionError("not a number: " + value);
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static Class<?> loadOrNull(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(24, bytes.length); i++) {
            out.append(String.format("%02x", bytes[i]));
        }
        return out + "…";
    }
}
