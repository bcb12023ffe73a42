package io.rocelens.app.gui.common.model;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The user's preferences, in one properties file in the usual place for the OS: {@code $XDG_CONFIG_HOME/rocelens}
 * (else {@code ~/.config/rocelens}) on Linux, {@code %APPDATA%\RoCE Lens} on Windows, {@code ~/Library/Application
 * Support/RoCE Lens} on macOS; the system property {@code rocelens.config.dir} names another folder. A plain file
 * rather than java.util.prefs, so a user can read, copy or delete it. Not thread-safe: used on the FX thread.
 */
public final class Preferences {

    public static final String ROCE_PORTS = "roce.ports";
    public static final String LINK_SPEED = "link.speed";
    public static final String DSCP_MAP = "dscp.map";
    public static final String TIME_FORMAT = "time.format";
    public static final String THEME = "theme";
    public static final String FONT_SIZE = "font.size";
    public static final String RECENT_FILES = "recent.files";
    public static final String FILTER_HISTORY = "filter.history";
    public static final String COLOURING_RULES = "colouring.rules";
    /** The packet list's custom columns (field names), the columns hidden (ids) and aligned ("id=RIGHT"). */
    public static final String COLUMNS_CUSTOM = "columns.custom";
    public static final String COLUMNS_HIDDEN = "columns.hidden";
    public static final String COLUMNS_ALIGNED = "columns.aligned";
    /** The ETS shares last typed in the RoCE Bandwidth view, as typed ("3=60,0=40"). */
    public static final String ETS_SHARES = "ets.shares";
    /** The I/O Graph's graphs, as Wireshark keeps io_graphs in its profile: "enabled,#rrggbb,filter" each. */
    public static final String IO_GRAPHS = "io.graphs";
    public static final String CAPTURE_AUTO_SCROLL = "capture.auto.scroll";
    public static final String CAPTURE_INTERFACES = "capture.interfaces";
    public static final String CAPTURE_FILTER = "capture.filter";

    public static final int DEFAULT_FONT_SIZE = 13;

    private static final Logger LOG = LoggerFactory.getLogger(Preferences.class);
    private static final String FILE_NAME = "preferences.properties";

    private final Path file;
    private final Properties values = new Properties();

    private Preferences(Path file) {
        this.file = file;
    }

    /** The preferences in {@link #defaultDirectory()}. */
    public static Preferences load() {
        return load(defaultDirectory());
    }

    /** Reads the file in that folder; a missing or unreadable file gives the defaults (and a warning in the log). */
    public static Preferences load(Path directory) {
        Preferences preferences = new Preferences(directory.resolve(FILE_NAME));
        try (Reader in = Files.newBufferedReader(preferences.file, StandardCharsets.UTF_8)) {
            preferences.values.load(in);
        } catch (NoSuchFileException firstStart) {
            LOG.debug("no preferences yet at {}", preferences.file);
        } catch (IOException | IllegalArgumentException unreadable) {
            LOG.warn("cannot read the preferences {}, using the defaults: {}", preferences.file, unreadable.toString());
        }
        return preferences;
    }

    public static Path defaultDirectory() {
        String chosen = System.getProperty("rocelens.config.dir");
        if (chosen != null && !chosen.isBlank()) {
            return Path.of(chosen);
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Path home = Path.of(System.getProperty("user.home"));
        if (os.startsWith("windows") && System.getenv("APPDATA") != null) {
            return Path.of(System.getenv("APPDATA"), "RoCE Lens");
        }
        if (os.startsWith("mac")) {
            return home.resolve("Library/Application Support/RoCE Lens");
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".config")).resolve("rocelens");
    }

    public Path file() {
        return file;
    }

    public String get(String key, String fallback) {
        return values.getProperty(key, fallback);
    }

    public void put(String key, String value) {
        values.setProperty(key, value);
    }

    public int getInt(String key, int fallback) {
        try {
            return Integer.parseInt(values.getProperty(key, "").strip());
        } catch (NumberFormatException notSet) {
            return fallback;
        }
    }

    public <E extends Enum<E>> E getEnum(String key, E fallback) {
        try {
            return Enum.valueOf(fallback.getDeclaringClass(), values.getProperty(key, fallback.name()));
        } catch (IllegalArgumentException unknown) {
            return fallback;
        }
    }

    /** A list kept as {@code key.0}, {@code key.1}, …; empty when never set. */
    public List<String> getList(String key) {
        List<String> list = new ArrayList<>();
        for (int i = 0; values.getProperty(key + "." + i) != null; i++) {
            list.add(values.getProperty(key + "." + i));
        }
        return list;
    }

    /** Whether the list was ever saved (an emptied list is saved as empty, not as "use the defaults"). */
    public boolean hasList(String key) {
        return values.getProperty(key + ".size") != null;
    }

    public void putList(String key, List<String> list) {
        values.stringPropertyNames().stream().filter(name -> name.startsWith(key + "."))
                .forEach(values::remove);
        for (int i = 0; i < list.size(); i++) {
            values.setProperty(key + "." + i, list.get(i));
        }
        values.setProperty(key + ".size", Integer.toString(list.size()));
    }

    /** The RoCE UDP ports (default 4791); a damaged entry gives the default. */
    public DissectorOptions dissectorOptions() {
        try {
            return new DissectorOptions(parsePorts(get(ROCE_PORTS, Integer.toString(DissectorOptions.ROCE_V2_PORT))));
        } catch (IllegalArgumentException damaged) {
            LOG.warn("RoCE ports preference ignored: {}", damaged.getMessage());
            return DissectorOptions.defaults();
        }
    }

    /** Link speed and DSCP map as the analysis takes them; a damaged entry gives that default. */
    public AnalysisOptions analysisOptions() {
        AnalysisOptions options = AnalysisOptions.defaults();
        try {
            options = options.withLinkSpeed(AnalysisOptions.parseLinkSpeed(get(LINK_SPEED, "100G")));
        } catch (IllegalArgumentException damaged) {
            LOG.warn("link speed preference ignored: {}", damaged.getMessage());
        }
        try {
            options = options.withDscpMap(AnalysisOptions.parseDscpMap(get(DSCP_MAP, "")));
        } catch (IllegalArgumentException damaged) {
            LOG.warn("DSCP map preference ignored: {}", damaged.getMessage());
        }
        return options;
    }

    /**
     * What is wrong with edited RoCE ports, link speed and DSCP map, in one line; null when all are valid.
     */
    public static String problemWith(String ports, String linkSpeed, String dscpMap) {
        try {
            parsePorts(ports);
            AnalysisOptions.parseLinkSpeed(linkSpeed);
            AnalysisOptions.parseDscpMap(dscpMap);
            return null;
        } catch (IllegalArgumentException wrong) {
            return wrong.getMessage();
        }
    }

    /**
     * "4791, 4792" as a set of ports.
     *
     * @throws IllegalArgumentException naming the entry that is not a port
     */
    public static Set<Integer> parsePorts(String text) {
        Set<Integer> ports = new LinkedHashSet<>();
        for (String entry : text.split("[,\\s]+")) {
            if (entry.isEmpty()) {
                continue;
            }
            int port;
            try {
                port = Integer.parseInt(entry);
            } catch (NumberFormatException notANumber) {
                throw new IllegalArgumentException("\"" + entry + "\" is not a port number");
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException(port + " is not a UDP port (1 to 65535)");
            }
            ports.add(port);
        }
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("name at least one port");
        }
        return ports;
    }

    /**
     * Writes the file (a new file moved into place, so a crash never leaves half of it).
     *
     * @throws IOException when the folder or file cannot be written; the caller tells the user
     */
    public void save() throws IOException {
        Files.createDirectories(file.getParent());
        Path temporary = Files.createTempFile(file.getParent(), FILE_NAME, ".new");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            values.store(out, "RoCE Lens preferences");
        }
        try {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException notAtomic) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
