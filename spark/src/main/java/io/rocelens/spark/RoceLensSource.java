package io.rocelens.spark;

import java.util.Map;

import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code spark.read.format("rocelens").load("/captures/**}{@code /*.pcapng")}: one row per frame of pcap and pcapng
 * files (gzip'd too), read in byte-range splits by the library's {@link io.rocelens.capture.CaptureSplit} and
 * dissected by its {@link io.rocelens.dissect.FastDissector}. Options and columns: docs/spark.md.
 */
public final class RoceLensSource implements TableProvider, DataSourceRegister {

    @Override
    public String shortName() {
        return "rocelens";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return FrameColumns.schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new CaptureTable(SourceOptions.of(properties));
    }
}
