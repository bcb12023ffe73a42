package io.rocelens.spark;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.PartialAnalysis;
import io.rocelens.analysis.ResultCodec;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureSplit;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.export.CsvExport;
import io.rocelens.export.JsonSummary;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.util.CollectionAccumulator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rocelens analyze} as a Spark job: {@code spark-submit --class io.rocelens.spark.AnalyzeJob rocelens-spark.jar
 * --input PATH_OR_GLOB --output DIR}. The master is spark-submit's (or the {@code spark.master} property's).
 *
 * <p>The pass: (1) every split of every file is read by a task that dissects its frames and packs their summaries in
 * batches ({@link SummaryBatches}) by capture point and conversation (the unordered pair of hosts of a RoCE frame: a
 * flow's requests, its responses and its CNPs meet; the frames of no flow of a point stay together), with a record
 * of the split's frames and times for every partition; (2) the batches are repartitioned (not sorted: each says
 * which split of its point's stream it comes from and where in the split's series), taken in capture order (the
 * splits' order, the order {@code rocelens analyze} reads them in), numbered through their point's stream and
 * analysed per point by the library's {@link PartialAnalysis}; (3) the partial results are merged
 * per point as bytes ({@link ResultCodec}). Files of one point are one stream, in name order; points are analysed
 * apart and reported side by side. With {@code --row-per-frame} a first pass walks every split's record headers for
 * the same numbers and times, and the frames move as rows of {@code format("rocelens")}.
 *
 * <p>Outputs under DIR: {@code summary.json} (per point: its files, frames, damage, and the summary object that
 * {@code rocelens analyze --json} prints); {@code points/N/} with {@code summary.json}, {@code qps.csv},
 * {@code events.csv}, {@code priority_bins.csv}, {@code pfc_intervals.csv}, {@code latency.csv} and
 * {@code flow_rates.csv} exactly as the command line writes them; {@code parquet/TABLE} and {@code csv/TABLE} with every point's rows and a {@code point}
 * column. Exit status 0, or 1 with {@code --fail-on-damage} when a file is damaged, 2 for wrong arguments.
 */
@Command(name = "AnalyzeJob", mixinStandardHelpOptions = true,
        description = "The analysis of rocelens analyze over many captures, as a Spark job.")
public final class AnalyzeJob implements Callable<Integer> {

    /** The tables the job writes, by their name and the CSV writer of the command line that makes them. */
    static final Map<String, Export> TABLES = new LinkedHashMap<>();

    static {
        TABLES.put("qps", CsvExport::writeQps);
        TABLES.put("events", CsvExport::writeEvents);
        TABLES.put("priority_bins", CsvExport::writePriorities);
        TABLES.put("pfc_intervals", CsvExport::writePfc);
        TABLES.put("latency", CsvExport::writeLatency);
        TABLES.put("flow_rates", CsvExport::writeRates);
    }

    interface Export {
        void write(AnalysisResult result, Appendable out) throws IOException;
    }

    @Option(names = "--input", required = true, arity = "1..*", paramLabel = "PATH_OR_GLOB",
            description = "capture files, directories or globs (quote them: the job expands them)")
    List<String> inputs;

    @Option(names = "--output", required = true, paramLabel = "DIR", description = "directory for the results")
    Path output;

    @Option(names = "--point-pattern", paramLabel = "REGEX",
            description = "regular expression over a file's path whose first group names its capture point; "
                    + "without it every file is a point of its own")
    String pointPattern;

    @Option(names = "--roce-port", paramLabel = "PORT", split = ",", defaultValue = "4791",
            description = "UDP destination ports decoded as RoCEv2 (default: ${DEFAULT-VALUE})")
    Set<Integer> rocePorts;

    @Option(names = "--link-speed", paramLabel = "SPEED", defaultValue = "100G",
            description = "link speed for PFC quanta (default: ${DEFAULT-VALUE})")
    String linkSpeed;

    @Option(names = "--dscp-map", paramLabel = "DSCP=PRIO,...", description = "as analyze's --dscp-map")
    String dscpMap;

    @Option(names = "--bin-width", paramLabel = "DURATION", description = "as analyze's --bin-width")
    String binWidth;

    @Option(names = "--ets", paramLabel = "SHARES", description = "as analyze's --ets")
    String ets;

    @Option(names = "--storm-threshold", paramLabel = "PERCENT", defaultValue = "50",
            description = "as analyze's --storm-threshold (default: ${DEFAULT-VALUE})")
    double stormPercent;

    @Option(names = "--storm-window", paramLabel = "DURATION", defaultValue = "100ms",
            description = "as analyze's --storm-window (default: ${DEFAULT-VALUE})")
    String stormWindow;

    @Option(names = "--max-events", paramLabel = "N", defaultValue = "100000",
            description = "as analyze's --max-events (default: ${DEFAULT-VALUE})")
    int maxEvents;

    @Option(names = "--cnp-before-bins", paramLabel = "N", defaultValue = "3",
            description = "as analyze's --cnp-before-bins (default: ${DEFAULT-VALUE})")
    int cnpBeforeBins;

    @Option(names = "--split-bytes", paramLabel = "BYTES", defaultValue = "134217728",
            description = "largest byte range of a file one task reads (default: ${DEFAULT-VALUE})")
    long splitBytes;

    @Option(names = "--partitions", paramLabel = "N",
            description = "partitions of the analysis (default: spark.sql.shuffle.partitions)")
    Integer partitions;

    @Option(names = "--fail-on-damage", description = "exit with status 1 when a file is damaged (the results are "
            + "written all the same)")
    boolean failOnDamage;

    @Option(names = "--row-per-frame", description = "move the frames as rows of format(\"rocelens\"), one per "
            + "frame, instead of in batches (slower; the same results)")
    boolean rowPerFrame;

    @Option(names = "--no-tables", description = "write only summary.json and the per-point CSV files, not the "
            + "Parquet and CSV tables")
    boolean noTables;

    private SparkSession spark;
    private PrintStream err = System.err;

    /** The job under spark-submit: the session comes from it (master, configuration). */
    public static void main(String[] args) {
        submitted("rocelens analyze", spark -> run(spark, args));
    }

    /** Runs {@code job} in the session spark-submit configured, stops the session and exits with the job's status. */
    static void submitted(String appName, java.util.function.ToIntFunction<SparkSession> job) {
        SparkSession spark = SparkSession.builder().appName(appName).getOrCreate();
        int status;
        try {
            status = job.applyAsInt(spark);
        } finally {
            spark.stop();
        }
        System.exit(status);
    }

    /** Runs the job in a session the caller made (tests, notebooks); returns the exit status. */
    public static int run(SparkSession spark, String... args) {
        AnalyzeJob job = new AnalyzeJob();
        job.spark = spark;
        return new CommandLine(job).execute(args);
    }

    /**
     * A split's frames counted, its first and latest timestamp, and where it was damaged. Collected through Spark's
     * serializer: a class, since Kryo 4 cannot build a record.
     */
    static final class SplitStats implements Serializable {
        private final CaptureFiles.Split split;
        private final long frames;
        private final long firstTs;
        private final long maxTs;
        private final String problem;

        SplitStats(CaptureFiles.Split split, long frames, long firstTs, long maxTs, String problem) {
            this.split = split;
            this.frames = frames;
            this.firstTs = firstTs;
            this.maxTs = maxTs;
            this.problem = problem;
        }

        CaptureFiles.Split split() {
            return split;
        }

        long frames() {
            return frames;
        }

        long firstTs() {
            return firstTs;
        }

        long maxTs() {
            return maxTs;
        }

        String problem() {
            return problem;
        }
    }

    /** One part's result: its point's id and the bytes of its {@link AnalysisResult}. */
    record Part(int point, int index, byte[] result) implements Serializable {
    }

    static byte[] mergeEncoded(byte[] a, byte[] b) {
        return ResultCodec.encode(PartialAnalysis.merge(List.of(ResultCodec.decode(a), ResultCodec.decode(b))));
    }

    /**
     * What the tasks of --row-per-frame need to know: options, and what the first walk found: per file (by its id) the first byte of
     * each split and the frames of its point's stream before it, per point (by its id) its name and the first and
     * latest timestamp.
     */
    record Plan(JobOptions options, long[][] splitStarts, long[][] numberBefore, String[] points, long[][] bounds)
            implements Serializable {

        long numberBefore(int file, long splitStart) {
            int i = java.util.Arrays.binarySearch(splitStarts[file], splitStart);
            return numberBefore[file][i];
        }
    }

    @Override
    public Integer call() throws IOException {
        JobOptions options;
        try {
            if (!(stormPercent > 0 && stormPercent <= 100)) {
                throw new IllegalArgumentException("--storm-threshold must be above 0 and at most 100");
            }
            options = new JobOptions(AnalysisOptions.parseLinkSpeed(linkSpeed), dscpMap,
                    binWidth == null ? 0 : JobOptions.duration(binWidth), ets, stormPercent / 100,
                    JobOptions.duration(stormWindow), maxEvents, cnpBeforeBins, new LinkedHashSet<>(rocePorts));
            options.analysis();
        } catch (IllegalArgumentException wrong) {
            err.println("rocelens: " + wrong.getMessage());
            return 2;
        }
        CaptureFiles.Listing listing;
        try {
            listing = CaptureFiles.list(inputs, pointPattern);
        } catch (IllegalArgumentException | UncheckedIOException nothing) {
            err.println("rocelens: " + nothing.getMessage());
            return 2;
        }
        listing.warnings().forEach(w -> err.println("rocelens: warning: " + w));
        if (listing.files().isEmpty()) {
            err.println("rocelens: no capture among the inputs");
            return 2;
        }
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<CaptureFiles.Split> splits = CaptureFiles.splits(listing.files(), splitBytes);

        int n = partitions != null ? partitions : Integer.parseInt(spark.conf().get("spark.sql.shuffle.partitions", "200"));
        String[] points = pointNames(listing.files());
        JavaRDD<Part> parts;
        List<SplitStats> stats;
        CollectionAccumulator<SplitStats> read = null;
        if (rowPerFrame) {
            // a walk over the record headers: frame numbers, each point's first and last time, damage
            stats = context.parallelize(splits, splits.size()).map(AnalyzeJob::walk).collect();
            parts = partsFromSource(plan(options, listing.files(), stats), listing, n);
        } else {
            read = spark.sparkContext().collectionAccumulator("splits read");
            parts = partsFromBatches(context, options, splits, n, read);
            stats = null;
        }
        // the parts merged per point on the executors, two by two (what PartialAnalysis.merge keeps of events beyond
        // the bound, the earliest, is the same whatever the grouping), so the driver gets one result a point
        Map<Integer, byte[]> merged = parts
                .mapToPair(part -> new scala.Tuple2<>(part.point(), part.result()))
                .reduceByKey(AnalyzeJob::mergeEncoded, Math.max(1, Math.min(points.length, n)))
                .collectAsMap();
        if (read != null) {
            stats = distinct(read.value());
        }
        Map<String, AnalysisResult> byPoint = new TreeMap<>();
        merged.forEach((point, result) -> byPoint.put(points[point], ResultCodec.decode(result)));
        return write(listing, stats, byPoint);
    }

    /** Each point's name by its id. */
    static String[] pointNames(List<CaptureFiles.CaptureFileInfo> files) {
        String[] names = new String[files.isEmpty() ? 0 : files.get(files.size() - 1).pointId() + 1];
        for (CaptureFiles.CaptureFileInfo f : files) {
            names[f.pointId()] = f.point();
        }
        return names;
    }

    /**
     * The splits as the tasks reported them, once each (an accumulator may count a task run again twice), in the
     * order of the listing: by file, then start.
     */
    static List<SplitStats> distinct(List<SplitStats> reported) {
        List<SplitStats> sorted = new ArrayList<>(reported);
        sorted.sort(java.util.Comparator.comparingInt((SplitStats s) -> s.split().file().id())
                .thenComparingLong(s -> s.split().start()));
        List<SplitStats> once = new ArrayList<>();
        for (SplitStats s : sorted) {
            if (once.isEmpty() || !once.get(once.size() - 1).split().equals(s.split())) {
                once.add(s);
            }
        }
        return once;
    }

    /**
     * The frames dissected where they are read and their summaries packed in batches per split and partition
     * ({@link SummaryBatches}): Spark moves a record per batch, not per frame, and neither sorts nor holds them (each
     * batch says where it goes in its point's stream). What each split held goes to {@code read}.
     */
    private JavaRDD<Part> partsFromBatches(JavaSparkContext context, JobOptions options,
                                           List<CaptureFiles.Split> splits, int n,
                                           CollectionAccumulator<SplitStats> read) {
        Set<Integer> ports = new LinkedHashSet<>(rocePorts);
        List<scala.Tuple2<Integer, CaptureFiles.Split>> numbered = new ArrayList<>();
        for (int i = 0; i < splits.size(); i++) {
            numbered.add(new scala.Tuple2<>(i, splits.get(i)));
        }
        // the splits are in capture order, point by point: a split's number places it in its point's stream
        int[] pointOfSplit = splits.stream().mapToInt(s -> s.file().pointId()).toArray();
        return context.parallelize(numbered, splits.size())
                .flatMapToPair(split -> SummaryBatches.read(split._1(), split._2(), ports, n, read::add))
                .partitionBy(new SummaryBatches.ByPartition(n))
                .mapPartitionsWithIndex((index, batches) -> analyseBatches(options, pointOfSplit, index, batches), true);
    }

    /** The frames as rows of {@code format("rocelens")}, one per frame (--row-per-frame). */
    private JavaRDD<Part> partsFromSource(Plan plan, CaptureFiles.Listing listing, int n) throws IOException {
        Dataset<Row> frames = spark.read().format("rocelens")
                .option("paths", new ObjectMapper().writeValueAsString(
                        listing.files().stream().map(CaptureFiles.CaptureFileInfo::path).toList()))
                .option("pointPattern", pointPattern == null ? "" : pointPattern)
                .option("splitBytes", splitBytes)
                .option("rocePorts", String.join(",", rocePorts.stream().map(String::valueOf).toList()))
                .load()
                .select("point_id", "file_id", "split_start", "split_frame", "file_offset", "timestamp_ns",
                        "original_length", "link_type", "interface_id", "data", "conversation");
        // ids, not names, travel with each frame: a few bytes instead of two paths
        Dataset<Row> arranged = frames.repartition(n, functions.col("point_id"), functions.col("conversation"))
                .sortWithinPartitions("file_id", "file_offset");
        // Spark's own rows (InternalRow), not Row objects made from them: the frames go straight to the dissector
        return arranged.queryExecution().toRdd().toJavaRDD()
                .mapPartitionsWithIndex((index, rows) -> analyse(plan, index, rows), true);
    }

    /** The analysis of one partition's batches: a {@link PartialAnalysis} per point, fed in capture order. */
    static Iterator<Part> analyseBatches(JobOptions options, int[] pointOfSplit, int index,
                                         Iterator<scala.Tuple2<SummaryBatches.Key, byte[]>> batches) {
        AnalysisOptions analysisOptions = options.analysis();
        List<Part> parts = new ArrayList<>();
        SummaryBatches.replay(batches, pointOfSplit, new SummaryBatches.Sink() {
            private final Map<Integer, PartialAnalysis> analyses = new java.util.HashMap<>();
            // a point's frames come in runs of a batch or more: its analysis is looked up once a run
            private int point = -1;
            private PartialAnalysis analysis;

            @Override
            public void start(int point, long captureStartNanos) {
                analyses.put(point, new PartialAnalysis(analysisOptions, captureStartNanos));
            }

            @Override
            public void frame(int point, PacketSummary summary) {
                if (point != this.point) {
                    this.point = point;
                    analysis = analyses.get(point);
                }
                analysis.accept(summary);
            }

            @Override
            public void end(int point, long captureEndNanos) {
                this.point = -1;
                parts.add(new Part(point, index, ResultCodec.encode(analyses.remove(point).result(captureEndNanos))));
            }
        });
        return parts.iterator();
    }

    /** Walks one split's records: no dissection. */
    static SplitStats walk(CaptureFiles.Split split) throws IOException {
        long frames = 0;
        long first = Long.MIN_VALUE;
        long max = Long.MIN_VALUE;
        try (CaptureReader reader = CaptureSplit.open(Path.of(split.file().path()), split.start(), split.end())) {
            Frame f;
            while ((f = reader.next()) != null) {
                if (frames++ == 0) {
                    first = f.timestampNanos();
                }
                max = Math.max(max, f.timestampNanos());
            }
            return new SplitStats(split, frames, first, max, reader.problem());
        }
    }

    /** Frame numbers continue over the splits of a file and the files of a point (one stream, in name order). */
    static Plan plan(JobOptions options, List<CaptureFiles.CaptureFileInfo> files, List<SplitStats> stats) {
        int fileCount = files.size();
        int pointCount = files.isEmpty() ? 0 : files.get(fileCount - 1).pointId() + 1;
        List<List<SplitStats>> byFile = new ArrayList<>();
        for (int i = 0; i < fileCount; i++) {
            byFile.add(new ArrayList<>());
        }
        for (SplitStats s : stats) {
            byFile.get(s.split().file().id()).add(s);
        }
        long[][] starts = new long[fileCount][];
        long[][] before = new long[fileCount][];
        String[] points = pointNames(files);
        long[][] bounds = new long[pointCount][];
        long[] pointFrames = new long[pointCount];
        // files in id order: by point, then path, the order of each point's stream
        for (CaptureFiles.CaptureFileInfo f : files) {
            List<SplitStats> splits = byFile.get(f.id());
            splits.sort(java.util.Comparator.comparingLong(s -> s.split().start()));
            starts[f.id()] = splits.stream().mapToLong(s -> s.split().start()).toArray();
            before[f.id()] = new long[splits.size()];
            for (int i = 0; i < splits.size(); i++) {
                SplitStats s = splits.get(i);
                before[f.id()][i] = pointFrames[f.pointId()];
                pointFrames[f.pointId()] += s.frames();
                if (s.frames() > 0) {
                    long[] b = bounds[f.pointId()];
                    if (b == null) {
                        bounds[f.pointId()] = new long[] {s.firstTs(), s.maxTs()};
                    } else {
                        b[1] = Math.max(b[1], s.maxTs());
                    }
                }
            }
        }
        return new Plan(options, starts, before, points, bounds);
    }

    /** The analysis of one partition: a {@link PartialAnalysis} per point, fed in capture order. */
    static Iterator<Part> analyse(Plan plan, int index, Iterator<InternalRow> rows) {
        AnalysisOptions options = plan.options().analysis();
        FastDissector dissector = new FastDissector(new DissectorOptions(plan.options().rocePorts()));
        PacketSummary summary = new PacketSummary();
        List<Part> parts = new ArrayList<>();
        int point = -1;
        PartialAnalysis analysis = null;
        int file = -1;
        long splitStart = -1;
        long numberBefore = 0;
        while (rows.hasNext()) {
            InternalRow r = rows.next();
            int rowPoint = r.getInt(0);
            if (rowPoint != point) {
                if (analysis != null) {
                    parts.add(new Part(point, index, ResultCodec.encode(analysis.result())));
                }
                point = rowPoint;
                long[] bounds = plan.bounds()[point];
                analysis = new PartialAnalysis(options, bounds[0], bounds[1]);
            }
            if (r.getInt(1) != file || r.getLong(2) != splitStart) {
                file = r.getInt(1);
                splitStart = r.getLong(2);
                numberBefore = plan.numberBefore(file, splitStart);
            }
            byte[] data = r.getBinary(9);
            Frame frame = new Frame(numberBefore + r.getLong(3), r.getLong(5), r.getInt(6), r.getInt(7),
                    r.isNullAt(8) ? Frame.NO_INTERFACE : r.getInt(8), r.getLong(4), ByteBuffer.wrap(data));
            dissector.summarize(frame, summary);
            analysis.accept(summary);
        }
        if (analysis != null) {
            parts.add(new Part(point, index, ResultCodec.encode(analysis.result())));
        }
        return parts.iterator();
    }

    private int write(CaptureFiles.Listing listing, List<SplitStats> stats, Map<String, AnalysisResult> byPoint)
            throws IOException {
        Files.createDirectories(output);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode top = json.createObjectNode();
        ArrayNode pointsNode = top.putArray("points");
        boolean damaged = false;
        int pointIndex = 0;
        Map<String, String> pointDirectories = new LinkedHashMap<>();
        for (Map.Entry<String, AnalysisResult> entry : byPoint.entrySet()) {
            String point = entry.getKey();
            AnalysisResult result = entry.getValue();
            Path dir = output.resolve("points").resolve(Integer.toString(pointIndex++));
            Files.createDirectories(dir);
            pointDirectories.put(point, dir.toString());
            for (Map.Entry<String, Export> table : TABLES.entrySet()) {
                try (Writer out = Files.newBufferedWriter(dir.resolve(table.getKey() + ".csv"), StandardCharsets.UTF_8)) {
                    table.getValue().write(result, out);
                }
            }
            StringWriter summary = new StringWriter();
            JsonSummary.write(result, summary, true);
            Files.writeString(dir.resolve("summary.json"), summary + System.lineSeparator(), StandardCharsets.UTF_8);

            ObjectNode p = pointsNode.addObject();
            p.put("point", point);
            p.put("directory", output.relativize(dir).toString());
            ArrayNode files = p.putArray("files");
            ArrayNode problems = p.putArray("damage");
            long frames = 0;
            for (SplitStats s : stats) {
                if (!s.split().file().point().equals(point)) {
                    continue;
                }
                frames += s.frames();
                if (s.split().start() == 0) {
                    files.add(s.split().file().path());
                }
                if (s.problem() != null) {
                    damaged = true;
                    String problem = fileFrameNumbers(s.problem(), fileFramesBefore(stats, s));
                    ObjectNode d = problems.addObject();
                    d.put("file", s.split().file().path());
                    d.put("split_start", s.split().start());
                    d.put("problem", problem);
                    err.println("rocelens: " + s.split().file().path() + ": " + problem);
                }
            }
            p.put("frames", frames);
            p.set("summary", json.readTree(summary.toString()));
        }
        ArrayNode skipped = top.putArray("skipped");
        listing.warnings().forEach(skipped::add);
        json.writeValue(output.resolve("summary.json").toFile(), top);
        if (!noTables) {
            tables(pointDirectories);
        }
        return damaged && failOnDamage ? 1 : 0;
    }

    /** The frames of the file's splits before this one. */
    private static long fileFramesBefore(List<SplitStats> stats, SplitStats split) {
        long before = 0;
        for (SplitStats s : stats) {
            if (s.split().file().path().equals(split.split().file().path()) && s.split().start() < split.split().start()) {
                before += s.frames();
            }
        }
        return before;
    }

    /** A split's problem sentence counts frames from the split's first: made the file's numbers. */
    static String fileFrameNumbers(String problem, long before) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bframe (\\d+)\\b").matcher(problem);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, "frame " + (Long.parseLong(m.group(1)) + before));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Every point's CSV files as one table each, with a point column, in Parquet and CSV. */
    private void tables(Map<String, String> pointDirectories) {
        List<Row> names = new ArrayList<>();
        pointDirectories.forEach((point, dir) -> names.add(org.apache.spark.sql.RowFactory.create(point,
                Path.of(dir).getFileName().toString())));
        Dataset<Row> points = spark.createDataFrame(names, new org.apache.spark.sql.types.StructType()
                .add("point", "string").add("directory", "string"));
        for (String table : TABLES.keySet()) {
            List<String> paths = pointDirectories.values().stream().map(d -> d + "/" + table + ".csv").toList();
            Dataset<Row> rows = spark.read().option("header", "true").option("inferSchema", "true")
                    .csv(paths.toArray(new String[0]))
                    .withColumn("directory", functions.regexp_extract(functions.input_file_name(),
                            "/points/([0-9]+)/[^/]+$", 1));
            Dataset<Row> withPoint = points.join(rows, "directory").drop("directory");
            withPoint.write().mode(SaveMode.Overwrite).parquet(output.resolve("parquet").resolve(table).toString());
            withPoint.coalesce(1).write().mode(SaveMode.Overwrite).option("header", "true")
                    .csv(output.resolve("csv").resolve(table).toString());
        }
    }
}
