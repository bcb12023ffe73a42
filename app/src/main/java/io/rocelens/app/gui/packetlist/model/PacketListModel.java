package io.rocelens.app.gui.packetlist.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.export.TsharkFields;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.index.IndexPasses;
import io.rocelens.index.RowPlaces;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The packet list: which frames are displayed, in which order, and the text and colour of each row, built on demand
 * from the packet index (rows on screen only; never one object per packet). The list of displayed rows is an int
 * array, or nothing at all while every frame is shown in frame order.
 *
 * <p>State changes on the UI thread; filtering and sorting run on the worker executor and hand back their result
 * through the UI executor. A newer request makes an older one's result stale, and it is dropped.
 */
public final class PacketListModel {

    private static final Logger LOG = LoggerFactory.getLogger(PacketListModel.class);

    /** Told on the UI thread when the displayed rows change. */
    public interface Listener {
        /** Rows were added at the end of the list (loading). */
        void grown(int oldSize, int newSize);

        /** The list was replaced: filtered, sorted, opened or closed. */
        void replaced();

        /** Looks of rows on screen, shown with {@link #PLACEHOLDER} so far, are ready: the rows are drawn again. */
        default void looksReady() {
        }
    }

    /**
     * What the view shows for a row beyond its indexed columns, built when the row comes on screen: Info, the
     * colour, and the custom columns' values (as tshark prints the field, occurrences separated by commas).
     */
    public record RowLook(String info, ColouringRules.Rule colour, List<String> custom) {
    }

    /** What a row shows until its look is built: the Info column waits, the row has no colour yet. */
    public static final RowLook PLACEHOLDER = new RowLook("…", null, List.of());

    /** The Time of a time reference frame, as Wireshark shows it. */
    public static final String REFERENCE = "*REF*";
    /** The Info of an ignored frame, as Wireshark shows it. */
    public static final String IGNORED = "<Ignored>";

    private static final int LOOK_BATCH = 256;

    private static final int LOOK_CACHE = 4096;
    private static final String FAILED = "The packet list could not be updated";

    /** The filter, sort and find passes: a newer one makes the older one's result stale. */
    private final LatestWins passes;
    private DissectorOptions dissectorOptions = DissectorOptions.defaults();
    /** Rows' looks, built in the background in batches (the rows that came on screen); a change of rules or rows
     * makes a batch under way stale. */
    private final LatestWins lookBuilds;
    /** Rows asked for since the last batch, in the order asked. */
    private final Set<Integer> lookWanted = new LinkedHashSet<>();
    private boolean lookBatchRunning;
    /** Rows below this are shown, or will be once their looks are built ({@link #grewFollowing}). */
    private int followedUpTo;
    private final Map<Integer, RowLook> looks = new LinkedHashMap<>(LOOK_CACHE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, RowLook> eldest) {
            return size() > LOOK_CACHE;
        }
    };

    private Listener listener = new Listener() {
        @Override
        public void grown(int oldSize, int newSize) {
        }

        @Override
        public void replaced() {
        }
    };
    private PacketTable table;
    private AnalysisMarks marks;
    /** Marked, ignored and time reference frames: kept while the same capture is read again (re-dissected). */
    private final FrameFlags flags = new FrameFlags();
    /** Displayed rows in display order, or null: every row below {@link #allShown} in frame order. */
    private int[] displayed;
    /** Row → place in {@link #displayed} ("go to frame" is a look-up, not a scan). */
    private final RowPlaces places = new RowPlaces();
    /** What the displayed rows were made with: a filter or sort that fails leaves the list, and these, as they were. */
    private Shown shown = new Shown(null, null, false);
    private int displayedCount;
    private int allShown;
    /** Rows below this have been through the current filter (it grows while loading). */
    private int filteredUpTo;
    /** A filter or sort pass is running: rows loaded meanwhile wait for its result. */
    private boolean passPending;
    private DisplayFilter filter;
    private PacketColumn sortColumn;
    private boolean descending;
    private TimeFormat timeFormat = TimeFormat.SINCE_FIRST;
    private ZoneId zone = ZoneId.systemDefault();
    private ColouringRules colours = ColouringRules.defaults();
    /** View › Colorize Conversation's temporary rules, checked before {@link #colours}. */
    private ConversationColours conversationColours = ConversationColours.none();
    /** The rules rows are coloured by: the conversation colours, then the user's. */
    private ColouringRules matching = colours;
    /** The custom columns' fields (Wireshark's or RoCE Lens's names), in the order shown. */
    private List<String> customFields = List.of();
    private boolean colouring = true;
    private boolean loading;

    /** @param background where the passes over the frames run; their failures are told the user from there */
    public PacketListModel(Background background) {
        passes = background.line("rocelens-list");
        lookBuilds = background.line("rocelens-looks");
    }

    public void setListener(Listener listener) {
        this.listener = listener;
    }

    // ---------------------------------------------------------------------------------------------- capture

    /**
     * Shows a capture that is starting to load; {@link #grew} follows as rows come.
     *
     * @param options the RoCE ports it is read with, for the Info text and the filters that read frames again
     */
    public void open(PacketTable packets, DissectorOptions options) {
        passes.cancel();
        dissectorOptions = options;
        table = packets;
        packets.editsFrom(flags);
        marks = null;
        // a filter or an order chosen before the file (the -Y option) applies to its rows as they come
        displayed = filter != null || sortColumn != null ? new int[1024] : null;
        forgetPlaces();
        displayedCount = 0;
        allShown = 0;
        filteredUpTo = 0;
        passPending = false;
        loading = true;
        forgetLooks();
        listener.replaced();
        grew();
    }

    public void close() {
        passes.cancel();
        table = null;
        marks = null;
        displayed = null;
        displayedCount = 0;
        forgetPlaces();
        allShown = 0;
        filteredUpTo = 0;
        passPending = false;
        loading = false;
        forgetLooks();
        listener.replaced();
    }

    public PacketTable table() {
        return table;
    }

    /** The index has grown: shows the new rows (through the filter, if one is applied). */
    public void grew() {
        if (table == null) {
            return;
        }
        int size = table.size();
        if (passPending) {
            return;
        }
        if (displayed == null && filter == null) {
            showAllUpTo(size);
            return;
        }
        if (size > filteredUpTo) {
            extend(size);
        }
    }

    private void showAllUpTo(int size) {
        int old = allShown;
        if (size > old) {
            allShown = size;
            listener.grown(old, size);
        }
    }

    /**
     * As {@link #grew()}, for a list that follows its newest rows (a live capture's auto-scroll): the looks of the
     * last {@code onScreen} new rows are built first, in the background, and only then are the rows shown, with
     * their Info and colour. Shown at once, the rows on screen were new at each growth and showed a placeholder for
     * Info and no colour until their looks came back from the background, by which time the next growth had come.
     * Each growth is shown in its turn (one that comes while the looks of the one before are built does not wait
     * for them). A filtered or sorted list grows as {@link #grew()} says.
     *
     * @param shown run on the UI thread after rows were shown
     */
    public void grewFollowing(int onScreen, Runnable shown) {
        if (table == null || passPending || displayed != null || filter != null) {
            grew();
            shown.run();
            return;
        }
        int size = table.size();
        int asked = Math.max(allShown, followedUpTo);
        if (size <= asked) {
            return;
        }
        int from = Math.max(asked, size - onScreen);
        followedUpTo = size;
        PacketTable packets = table;
        ColouringRules rules = colouring ? matching : null;
        AnalysisMarks knownMarks = marks;
        DissectorOptions options = dissectorOptions;
        List<String> fields = customFields;
        lookBuilds.current().then("The packet list could not be drawn", request -> {
            FastDissector fast = new FastDissector(options);
            PacketSummary summary = new PacketSummary();
            Map<Integer, RowLook> built = new java.util.HashMap<>();
            for (int row = from; row < size; row++) {
                built.put(row, readLook(packets, row, fast, summary, rules, knownMarks, options, fields));
            }
            return built;
        }, built -> {
            if (packets != table || displayed != null || filter != null) {
                return;     // another capture, or a filter applied meanwhile: its own rows are shown
            }
            looks.putAll(built);
            showAllUpTo(size);
            shown.run();
        }, () -> { });
    }

    /** Loading ended: the analysis marks are known, so colours and analysis filters can use them. */
    public void loaded(AnalysisMarks analysisMarks) {
        loading = false;
        marks = analysisMarks;
        if (marks != null) {
            marks.userFlags(flags);
        }
        forgetLooks();
        grew();
        if (sortColumn != null || (filter != null && filter.needsMarks())) {
            refilter(null);
        } else {
            listener.replaced();
        }
    }

    public boolean isLoading() {
        return loading;
    }

    public AnalysisMarks marks() {
        return marks;
    }

    /** What the user marked, ignored and took as time references in the capture shown. */
    public FrameFlags flags() {
        return flags;
    }

    // ---------------------------------------------------------------------------------------------- rows

    /** Rows displayed. */
    public int size() {
        return displayed != null ? displayedCount : allShown;
    }

    /** Frames in the capture (loaded so far). */
    public int total() {
        return table == null ? 0 : table.size();
    }

    /** The index row shown at a place of the list. */
    public int rowAt(int index) {
        return displayed != null ? displayed[index] : index;
    }

    /** Where the frame is in the list, or -1 when it is not displayed (or not loaded). */
    public int indexOfFrame(long frameNumber) {
        if (table == null || frameNumber < 1 || frameNumber > table.size()) {
            return -1;
        }
        int row = (int) (frameNumber - 1);
        if (displayed == null) {
            return row < allShown ? row : -1;
        }
        return places.placeOf(row, displayed, displayedCount, table.size());
    }

    /** The displayed rows were replaced: the map from row to place is made again at the next look-up. */
    private void forgetPlaces() {
        places.forget();
    }

    /** The displayed rows in frame order (for export). */
    public int[] displayedRowsInFrameOrder() {
        if (displayed == null) {
            int[] all = new int[allShown];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] rows = Arrays.copyOf(displayed, displayedCount);
        Arrays.sort(rows);
        return rows;
    }

    /**
     * The text of a row's cell. An ignored frame shows only what Wireshark fills in without dissecting it (number,
     * time, length) and "&lt;Ignored&gt;" for Info; a time reference shows "*REF*" for its time.
     */
    public String text(int index, PacketColumn column) {
        int row = rowAt(index);
        if (column == PacketColumn.INFO && !flags.ignored(row + 1L)) {
            return look(index).info();
        }
        return text(row, rowAt(index > 0 ? index - 1 : index), column);
    }

    /**
     * As {@link #text(int, PacketColumn)}, for a row and the row displayed before it (the reference of "since the
     * previous displayed packet"), from the index alone: Info only for an ignored frame (else its frame's Info,
     * which the caller has). Safe off the UI thread, as File › Export Packet Dissections reads it.
     */
    public String text(int row, int previousDisplayedRow, PacketColumn column) {
        if (column == PacketColumn.TIME && flags.timeReference(row + 1L)) {
            return REFERENCE;
        }
        if (flags.ignored(row + 1L)) {
            switch (column) {
                case NUMBER, TIME, LENGTH -> {
                }
                case INFO -> {
                    return IGNORED;
                }
                default -> {
                    return "";
                }
            }
        }
        return switch (column) {
            case NUMBER -> Long.toString(row + 1L);
            case TIME -> timeFormat.format(table.timestampNanos(row), reference(row, previousDisplayedRow), zone);
            case SOURCE -> table.source(row);
            case DESTINATION -> table.destination(row);
            case PROTOCOL -> table.protocol(row);
            case LENGTH -> Integer.toString(table.originalLength(row));
            case PRIORITY -> orBlank(table.priority(row), false);
            case QP -> orBlank(table.destQp(row), true);
            case PSN -> orBlank(table.psn(row), false);
            case INFO -> throw new IllegalArgumentException("Info is read from the frame");
        };
    }

    private long reference(int row, int previousDisplayedRow) {
        return switch (timeFormat) {
            case SINCE_FIRST -> {
                // as Wireshark: from the nearest time reference at or before the frame, else from the first frame
                long reference = flags.referenceOf(row + 1L);
                yield table.timestampNanos(reference > 0 ? (int) (reference - 1) : 0);
            }
            case DELTA_DISPLAYED -> table.timestampNanos(previousDisplayedRow);
            case ABSOLUTE -> 0;
        };
    }

    private static String orBlank(int value, boolean hex) {
        if (value < 0) {
            return "";
        }
        return hex ? String.format("0x%06x", value) : Integer.toString(value);
    }

    /**
     * The row's Info text and colouring rule, read from its frame, or {@link #PLACEHOLDER} until that is done: the
     * frame is read and dissected in the background (as Wireshark colourises), never on the UI thread, and
     * {@link Listener#looksReady} says when to draw the row again. Built looks are cached for the rows recently on
     * screen.
     */
    public RowLook look(int index) {
        int row = rowAt(index);
        RowLook look = looks.get(row);
        if (look != null) {
            return look;
        }
        lookWanted.add(row);
        buildLooks();
        look = looks.get(row);      // there at once when the background runs in place
        return look != null ? look : PLACEHOLDER;
    }

    /** Starts a batch of the rows asked for, unless one is under way (it starts the next when done). */
    private void buildLooks() {
        if (lookBatchRunning || lookWanted.isEmpty() || table == null) {
            return;
        }
        int[] rows = new int[Math.min(LOOK_BATCH, lookWanted.size())];
        java.util.Iterator<Integer> wanted = lookWanted.iterator();
        for (int i = 0; i < rows.length; i++) {
            rows[i] = wanted.next();
            wanted.remove();
        }
        PacketTable packets = table;
        ColouringRules rules = colouring ? matching : null;
        AnalysisMarks knownMarks = marks;
        DissectorOptions options = dissectorOptions;
        List<String> fields = customFields;
        lookBatchRunning = true;
        lookBuilds.current().then("The packet list could not be drawn", request -> {
            FastDissector fast = new FastDissector(options);
            PacketSummary summary = new PacketSummary();
            Map<Integer, RowLook> built = new java.util.HashMap<>();
            for (int row : rows) {
                built.put(row, readLook(packets, row, fast, summary, rules, knownMarks, options, fields));
            }
            return built;
        }, built -> {
            lookBatchRunning = false;
            looks.putAll(built);
            listener.looksReady();
            buildLooks();
        }, () -> lookBatchRunning = false);
    }

    /** Built looks are stale (other rules, rows or marks): they are built again as rows come on screen. */
    private void forgetLooks() {
        lookBuilds.cancel();
        lookBatchRunning = false;
        // the newest rows whose looks were being built are shown at the next growth (or by loaded())
        followedUpTo = 0;
        lookWanted.clear();
        looks.clear();
    }

    private static RowLook readLook(PacketTable packets, int row, FastDissector fast, PacketSummary summary,
                                    ColouringRules rules, AnalysisMarks knownMarks, DissectorOptions options,
                                    List<String> fields) {
        Frame frame;
        try {
            frame = IndexPasses.read(packets, row);
        } catch (UncheckedIOException unreadable) {
            return new RowLook("[" + unreadable.getCause().getMessage() + "]", null, List.of());
        }
        packets.summarize(row, frame, fast, summary);
        ColouringRules.Rule colour = null;
        if (rules != null) {
            int rule = rules.match(summary, knownMarks, () -> new Dissector(options).dissect(frame));
            colour = rule >= 0 ? rules.rules().get(rule) : null;
        }
        List<String> custom = List.of();
        if (!fields.isEmpty()) {
            io.rocelens.dissect.Dissection detail = new Dissector(options).dissect(frame);
            custom = fields.stream().map(field -> String.join(",", TsharkFields.values(detail, field))).toList();
        }
        return new RowLook(PacketColumns.info(summary), colour, custom);
    }

    // ---------------------------------------------------------------------------------------------- settings

    public TimeFormat timeFormat() {
        return timeFormat;
    }

    public void setTimeFormat(TimeFormat format, ZoneId timeZone) {
        timeFormat = format;
        zone = timeZone;
        listener.replaced();
    }

    public ColouringRules colours() {
        return colours;
    }

    public void setColours(ColouringRules rules, boolean enabled) {
        colours = rules;
        colouring = enabled;
        matching = conversationColours.before(rules);
        forgetLooks();
        listener.replaced();
    }

    public ConversationColours conversationColours() {
        return conversationColours;
    }

    /** Colorize Conversation: these temporary rules first, then the user's. */
    public void setConversationColours(ConversationColours temporary) {
        conversationColours = temporary;
        matching = temporary.before(colours);
        forgetLooks();
        listener.replaced();
    }

    public boolean colouring() {
        return colouring;
    }

    public List<String> customColumns() {
        return customFields;
    }

    /** Shows these fields as custom columns; their values are read with the rows' looks, in the background. */
    public void setCustomColumns(List<String> fields) {
        customFields = List.copyOf(fields);
        forgetLooks();
        listener.replaced();
    }

    /** A custom column's text for a row ("" for an ignored frame, which is not dissected). */
    public String customText(int index, int column) {
        if (flags.ignored(rowAt(index) + 1L)) {
            return "";
        }
        List<String> values = look(index).custom();
        return column < values.size() ? values.get(column) : "";
    }

    // ---------------------------------------------------------------------------------------------- filter, sort

    public DisplayFilter filter() {
        return filter;
    }

    public PacketColumn sortColumn() {
        return sortColumn;
    }

    public boolean descending() {
        return descending;
    }

    /**
     * Applies a display filter (null or empty: show every frame) in the background.
     *
     * @param progress share done, 0 to 1, on the UI thread; null for none
     * @param done     run on the UI thread once the list shows the result
     */
    public void applyFilter(DisplayFilter newFilter, DoubleConsumer progress, Runnable done) {
        filter = newFilter == null || newFilter.isEmpty() ? null : newFilter;
        refilter(progress, done);
    }

    /** Orders the list by a column (null: frame order) in the background. */
    public void sort(PacketColumn column, boolean descendingOrder, DoubleConsumer progress, Runnable done) {
        sortColumn = column == PacketColumn.NUMBER && !descendingOrder ? null : column;
        descending = descendingOrder;
        refilter(progress, done);
    }

    private void refilter(DoubleConsumer progress) {
        refilter(progress, () -> { });
    }

    private void refilter(DoubleConsumer progress, Runnable done) {
        if (table == null) {
            passes.cancel();
            done.run();
            return;
        }
        if (filter == null && sortColumn == null) {
            passes.cancel();
            passPending = false;
            shown = new Shown(null, null, false);
            displayed = null;
            displayedCount = 0;
            forgetPlaces();
            allShown = table.size();
            filteredUpTo = allShown;
            listener.replaced();
            done.run();
            return;
        }
        PacketTable packets = table;
        DisplayFilter chosen = filter;
        AnalysisMarks knownMarks = marks;
        DissectorOptions options = dissectorOptions;
        PacketColumn column = sortColumn;
        boolean down = descending;
        int upTo = packets.size();
        passPending = true;
        long started = System.nanoTime();
        passes.submit(FAILED, request -> {
            int[] rows = chosen == null ? null
                    : IndexPasses.select(packets, chosen, knownMarks, options, 0, upTo, request::isCurrent,
                    fraction -> request.progress(progress, column == null ? fraction : fraction * 0.9));
            if (rows == null && chosen != null) {
                return null;
            }
            if (column == null) {
                return rows;
            }
            return order(packets, rows, column, down, upTo, options, request);
        }, result -> {
            if (result == null) {
                return;
            }
            passPending = false;
            LOG.info("listed {} of {} packets{}{} in {} s", result.length, upTo,
                    chosen == null ? "" : " passing '" + chosen.text() + "'",
                    column == null ? "" : ", sorted by " + column.title() + (down ? " (descending)" : ""),
                    String.format(java.util.Locale.ROOT, "%.2f", (System.nanoTime() - started) / 1e9));
            shown = new Shown(chosen, column, down);
            displayed = result;
            forgetPlaces();
            displayedCount = result.length;
            allShown = upTo;
            filteredUpTo = upTo;
            forgetLooks();
            listener.replaced();
            grew();
            done.run();
        }, () -> {
            // the list stays as it was, and answers again: its filter and order are those it shows
            passPending = false;
            filter = shown.filter();
            sortColumn = shown.sortColumn();
            descending = shown.descending();
            listener.replaced();
            done.run();
        });
    }

    /** The filter and order of the rows displayed. */
    private record Shown(DisplayFilter filter, PacketColumn sortColumn, boolean descending) {
    }

    /** Runs the current filter over rows loaded since the last pass and appends the matches (loading). */
    private void extend(int upTo) {
        int from = filteredUpTo;
        filteredUpTo = upTo;
        PacketTable packets = table;
        DisplayFilter chosen = filter;
        AnalysisMarks knownMarks = marks;
        DissectorOptions options = dissectorOptions;
        passes.current().then(FAILED, request -> chosen == null ? identityFrom(from, upTo)
                : IndexPasses.select(packets, chosen, knownMarks, options, from, upTo, request::isCurrent,
                        fraction -> { }), rows -> {
                    if (rows == null || rows.length == 0 || displayed == null) {
                        return;
                    }
                    int old = displayedCount;
                    if (displayed.length < old + rows.length) {
                        displayed = Arrays.copyOf(displayed, Math.max(old + rows.length, displayed.length * 2));
                    }
                    System.arraycopy(rows, 0, displayed, old, rows.length);
                    displayedCount = old + rows.length;
                    allShown = Math.max(allShown, upTo);
                    listener.grown(old, displayedCount);
                }, () -> { });
    }

    /**
     * Finds the next displayed frame after place {@code from} (wrapping around) that the filter passes, or whose
     * summary line (addresses, protocol, Info) holds the text, case ignored. Runs in the background.
     *
     * @param filter a compiled filter, or null to search for {@code text}
     * @param found  the place found, or -1, on the UI thread
     */
    public void find(DisplayFilter filter, String text, int from, java.util.function.IntConsumer found) {
        if (table == null || size() == 0) {
            found.accept(-1);
            return;
        }
        PacketTable packets = table;
        int count = size();
        int[] shown = displayed != null ? Arrays.copyOf(displayed, displayedCount) : null;
        AnalysisMarks knownMarks = marks;
        DissectorOptions options = dissectorOptions;
        passes.current().then("The packet could not be found", request -> IndexPasses.find(packets, shown, count,
                from, filter, text, knownMarks, options, request::isCurrent), found::accept, () -> found.accept(-1));
    }

    private static int[] identityFrom(int from, int to) {
        int[] rows = new int[to - from];
        Arrays.setAll(rows, i -> from + i);
        return rows;
    }

    private static int[] order(PacketTable packets, int[] rows, PacketColumn column, boolean down, int upTo,
                               DissectorOptions options, LatestWins.Request request) {
        if (column != PacketColumn.INFO) {
            // every row: no array of 0 … upTo-1 beside the sort's own (400 MB of 100M rows)
            return rows != null ? packets.sort(rows, column, down) : packets.sortFirst(upTo, column, down);
        }
        return IndexPasses.orderByInfo(packets, rows, upTo, down, options, request::isCurrent);
    }
}
