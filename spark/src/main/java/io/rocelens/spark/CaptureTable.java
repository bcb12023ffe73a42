package io.rocelens.spark;

import java.util.Set;

import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The frames of the capture files a path names, as a table that can only be read. */
final class CaptureTable implements SupportsRead {

    private final SourceOptions options;

    CaptureTable(SourceOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return "rocelens " + String.join(", ", options.paths());
    }

    @Override
    public StructType schema() {
        return FrameColumns.schema();
    }

    @Override
    public Set<TableCapability> capabilities() {
        return Set.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap ignored) {
        return new CaptureScan(options);
    }
}
