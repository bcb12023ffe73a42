package io.rocelens.spark;

import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scan: the columns the query needs (the others are never built), the filters the reader applies, and one
 * input partition per split of every capture file.
 */
final class CaptureScan implements ScanBuilder, SupportsPushDownFilters, SupportsPushDownRequiredColumns, Scan, Batch {

    private static final Logger LOG = LoggerFactory.getLogger(CaptureScan.class);

    private final SourceOptions options;
    private StructType required = FrameColumns.schema();
    private FramePredicate predicate = FramePredicate.NONE;

    CaptureScan(SourceOptions options) {
        this.options = options;
    }

    @Override
    public Filter[] pushFilters(Filter[] filters) {
        predicate = FramePredicate.of(filters);
        return filters;     // Spark checks them all again: the reader's tests only save work
    }

    @Override
    public Filter[] pushedFilters() {
        return predicate.pushed();
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        required = requiredSchema;
    }

    @Override
    public Scan build() {
        return this;
    }

    @Override
    public StructType readSchema() {
        return required;
    }

    @Override
    public String description() {
        return "rocelens " + options.paths() + " columns " + List.of(required.fieldNames())
                + " pushed " + List.of(predicate.pushed());
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    /** Spark may ask more than once: the files are listed (and the skipped ones reported) once. */
    private InputPartition[] planned;

    @Override
    public InputPartition[] planInputPartitions() {
        if (planned == null) {
            planned = plan();
        }
        return planned.clone();
    }

    private InputPartition[] plan() {
        CaptureFiles.Listing listing = CaptureFiles.list(options.paths(), options.pointPattern());
        listing.warnings().forEach(LOG::warn);
        List<CaptureFiles.Split> splits = CaptureFiles.splits(listing.files(), options.splitBytes());
        List<String> columns = new ArrayList<>();
        for (StructField f : required.fields()) {
            columns.add(f.name());
        }
        InputPartition[] partitions = new InputPartition[splits.size()];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = new CapturePartition(splits.get(i), columns, predicate, options);
        }
        return partitions;
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return partition -> new CapturePartitionReader((CapturePartition) partition);
    }

    /** One split and what to make of its frames. */
    record CapturePartition(CaptureFiles.Split split, List<String> columns, FramePredicate predicate,
                            SourceOptions options) implements InputPartition {
    }
}
