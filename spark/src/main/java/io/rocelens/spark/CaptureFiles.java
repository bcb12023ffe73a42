package io.rocelens.spark;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureSplit;
import io.rocelens.capture.NotACaptureException;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The capture files an input names and the byte ranges (splits) they are read in. An input is a file, a directory
 * (every file below it whose name does not start with '.' or '_', as Spark lists directories), or a glob
 * ({@code *}, {@code **}, {@code ?}, {@code [..]}, {@code {a,b}}, as {@link java.nio.file.FileSystem#getPathMatcher}).
 * Files are read through memory mapping ({@link CaptureSplit}), so every executor must see them at the same path: a
 * local disk in local mode, a shared file system (NFS, a mounted bucket) on a cluster.
 *
 * <p>A file that is not a capture is skipped with a warning; the capture point of a file is the first group of the
 * point pattern matched against its absolute path (the whole path when there is no pattern or it does not match):
 * files of one point are one stream, in name order (a ring buffer's names sort in time order).
 */
public final class CaptureFiles {

    /** Spark's default maximum bytes per partition of file sources. */
    public static final long DEFAULT_SPLIT_BYTES = 128L * 1024 * 1024;

    private CaptureFiles() {
    }

    /**
     * One capture file: its absolute path, its point, the point's index among the points of the listing (in name
     * order), the file's index in the listing (by point, then path: the order of the streams), its place among its
     * point's files.
     */
    public static final class CaptureFileInfo implements Serializable {
        private final String path;
        private final String point;
        private final int pointId;
        private final int id;
        private final int order;
        private final long size;
        private final boolean splittable;

        public CaptureFileInfo(String path, String point, int pointId, int id, int order, long size,
                               boolean splittable) {
            this.path = path;
            this.point = point;
            this.pointId = pointId;
            this.id = id;
            this.order = order;
            this.size = size;
            this.splittable = splittable;
        }

        public String path() {
            return path;
        }

        public String point() {
            return point;
        }

        public int pointId() {
            return pointId;
        }

        public int id() {
            return id;
        }

        public int order() {
            return order;
        }

        public long size() {
            return size;
        }

        public boolean splittable() {
            return splittable;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CaptureFileInfo that && Objects.equals(path, that.path)
                    && Objects.equals(point, that.point) && pointId == that.pointId && id == that.id
                    && order == that.order && size == that.size && splittable == that.splittable;
        }

        @Override
        public int hashCode() {
            return Objects.hash(path, point, pointId, id, order, size, splittable);
        }
    }

    /**
     * The byte range {@code [start, end)} of one file that one task reads. Not a record, nor is {@link
     * CaptureFileInfo}: the job parallelises splits and collects them through Spark's serializer, and Kryo 4 (Spark's)
     * cannot build a record.
     */
    public static final class Split implements Serializable {
        private final CaptureFileInfo file;
        private final long start;
        private final long end;

        public Split(CaptureFileInfo file, long start, long end) {
            this.file = file;
            this.start = start;
            this.end = end;
        }

        public CaptureFileInfo file() {
            return file;
        }

        public long start() {
            return start;
        }

        public long end() {
            return end;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Split that && Objects.equals(file, that.file) && start == that.start && end == that.end;
        }

        @Override
        public int hashCode() {
            return Objects.hash(file, start, end);
        }
    }

    /** What the listing found: the captures, in point then name order, and a warning per file skipped. */
    public record Listing(List<CaptureFileInfo> files, List<String> warnings) implements Serializable {
    }

    /**
     * Lists the capture files of the inputs.
     *
     * @param pointPattern a regular expression over the absolute path, its first group naming the point; or null
     * @throws IllegalArgumentException when an input names nothing
     */
    public static Listing list(List<String> inputs, String pointPattern) {
        Pattern point = pointPattern == null || pointPattern.isEmpty() ? null : Pattern.compile(pointPattern);
        List<Path> paths = new ArrayList<>();
        for (String input : inputs) {
            List<Path> found = expand(input);
            if (found.isEmpty()) {
                throw new IllegalArgumentException("no file matches " + input);
            }
            paths.addAll(found);
        }
        List<String> warnings = new ArrayList<>();
        List<CaptureFileInfo> files = new ArrayList<>();
        for (Path path : paths.stream().map(p -> p.toAbsolutePath().normalize()).distinct().sorted().toList()) {
            boolean splittable;
            try (CaptureReader ignored = CaptureSplit.open(path, 0, 0)) {
                splittable = CaptureSplit.splittable(path);
            } catch (NotACaptureException notACapture) {
                warnings.add("skipped " + path + ": not a capture (" + notACapture.getMessage() + ")");
                continue;
            } catch (IOException unreadable) {
                warnings.add("skipped " + path + ": cannot read it (" + unreadable.getMessage() + ")");
                continue;
            }
            long size;
            try {
                size = Files.size(path);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            files.add(new CaptureFileInfo(path.toString(), pointOf(point, path.toString()), 0, 0, 0, size, splittable));
        }
        files.sort(Comparator.comparing(CaptureFileInfo::point).thenComparing(CaptureFileInfo::path));
        List<CaptureFileInfo> ordered = new ArrayList<>();
        String previous = null;
        int order = 0;
        int pointId = -1;
        for (CaptureFileInfo f : files) {
            boolean samePoint = Objects.equals(previous, f.point());
            order = samePoint ? order + 1 : 0;
            pointId = samePoint ? pointId : pointId + 1;
            previous = f.point();
            ordered.add(new CaptureFileInfo(f.path(), f.point(), pointId, ordered.size(), order, f.size(),
                    f.splittable()));
        }
        return new Listing(List.copyOf(ordered), List.copyOf(warnings));
    }

    static String pointOf(Pattern point, String path) {
        if (point == null) {
            return path;
        }
        Matcher m = point.matcher(path);
        if (!m.find()) {
            return path;
        }
        return m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : m.group();
    }

    /** The splits of the files: ranges of at most {@code splitBytes}; a gzip'd or empty file is one split. */
    public static List<Split> splits(List<CaptureFileInfo> files, long splitBytes) {
        if (splitBytes < 1) {
            throw new IllegalArgumentException("split size must be positive, not " + splitBytes);
        }
        List<Split> splits = new ArrayList<>();
        for (CaptureFileInfo f : files) {
            if (!f.splittable() || f.size() <= splitBytes) {
                splits.add(new Split(f, 0, Math.max(f.size(), 1)));
                continue;
            }
            for (long start = 0; start < f.size(); start += splitBytes) {
                splits.add(new Split(f, start, Math.min(f.size(), start + splitBytes)));
            }
        }
        return splits;
    }

    private static List<Path> expand(String input) {
        String text = input.startsWith("file:") ? Path.of(java.net.URI.create(input)).toString() : input;
        int glob = firstGlobCharacter(text);
        try {
            if (glob < 0) {
                Path path = Path.of(text);
                if (Files.isDirectory(path)) {
                    return walk(path, p -> true);
                }
                return Files.isRegularFile(path) ? List.of(path) : List.of();
            }
            int slash = text.lastIndexOf('/', glob);
            Path base = Path.of(slash < 0 ? "." : slash == 0 ? "/" : text.substring(0, slash));
            if (!Files.isDirectory(base)) {
                return List.of();
            }
            String pattern = base.toAbsolutePath().normalize() + "/" + text.substring(slash + 1);
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
            return walk(base, p -> matcher.matches(p.toAbsolutePath().normalize()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + input, e);
        }
    }

    private static List<Path> walk(Path base, java.util.function.Predicate<Path> keep) throws IOException {
        try (Stream<Path> all = Files.walk(base)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> !base.relativize(p).toString().matches("(.*/)?[._].*"))
                    .filter(keep)
                    .sorted()
                    .toList();
        }
    }

    private static int firstGlobCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            if ("*?[{".indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
