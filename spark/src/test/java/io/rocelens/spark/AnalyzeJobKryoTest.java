package io.rocelens.spark;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.apache.spark.SparkEnv;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link AnalyzeJobTest} again with Kryo as Spark's serializer ({@code spark.serializer}), as many
 * clusters are configured: what the job parallelises, shuffles, broadcasts and collects goes through Kryo then, and
 * Kryo 4 (Spark's) cannot build a Java record.
 */
class AnalyzeJobKryoTest extends AnalyzeJobTest {

    @Override
    SparkSession session() {
        return Spark.builder()
                .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                .getOrCreate();
    }

    @Test
    void sparksSerializerIsKryo() {
        assertInstanceOf(KryoSerializer.class, SparkEnv.get().serializer());
    }
}
