package io.rocelens.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test method a new {@link Veth} pair for each {@code Veth} parameter, and the {@link SentFrames} the tests
 * send (read once per run). The pairs are made before the test, so that a machine where no network namespace can be
 * made skips the test saying why (an exception while resolving a parameter would fail it instead), and deleted
 * after it, passed or failed; {@link Veth#create()} also deletes them if the JVM dies.
 */
public final class VethPairs implements BeforeEachCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(VethPairs.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        Map<Integer, Veth> pairs = new HashMap<>();
        List<Veth> made = new ArrayList<>();
        // registered before the first pair is made: a second that cannot be made still deletes the first
        AutoCloseable deleteAll = () -> made.forEach(Veth::close);
        context.getStore(NAMESPACE).put(Veth.class, deleteAll);
        context.getStore(NAMESPACE).put(Map.class, pairs);
        Parameter[] parameters = context.getRequiredTestMethod().getParameters();
        for (int i = 0; i < parameters.length; i++) {
            if (parameters[i].getType() == Veth.class) {
                Veth veth = Veth.create();
                made.add(veth);
                pairs.put(i, veth);
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Veth.class || type == SentFrames.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == SentFrames.class) {
            return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(SentFrames.class, key -> {
                try {
                    return SentFrames.passingDefaultFilter();
                } catch (IOException failure) {
                    throw new UncheckedIOException(failure);
                }
            });
        }
        return context.getStore(NAMESPACE).get(Map.class, Map.class).get(parameter.getIndex());
    }
}
