package io.rocelens.spark;

import org.apache.spark.sql.SparkSession;

/** The tests' Spark: local mode on two threads, no UI, few shuffle partitions (test data is small). */
final class Spark {

    private Spark() {
    }

    static SparkSession local() {
        return builder().getOrCreate();
    }

    static SparkSession.Builder builder() {
        return SparkSession.builder()
                .master("local[2]")
                .appName("rocelens-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1");
    }
}
