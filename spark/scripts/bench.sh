#!/usr/bin/env bash
# Frames per second per core: `rocelens analyze` against the Spark job in local mode on 1 and 2 cores, on one
# generated header-only capture (bulk: many RC WRITE flows). Run it on a quiet machine: it says the load average.
#
#   spark/scripts/bench.sh [PACKETS]        (default 2000000)
#
# Needs a build first: ./mvnw -B -ntp package -pl spark,app -am -DskipTests
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
packets=${1:-2000000}
work=${WORK:-$(mktemp -d /tmp/rocelens-bench.XXXXXX)}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jar=$root/spark/target/rocelens-spark.jar
cli=$root/app/target/rocelens.jar
. "$root/spark/scripts/spark-home.sh"

capture=$work/bulk.pcap
[ -f "$capture" ] || "$java" -jar "$cli" generate bulk -o "$capture" --packets "$packets" --qps 64 --snaplen 128 --seed 1
echo "capture: $capture, $(du -h "$capture" | cut -f1), $packets frames; $(nproc) cores; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

seconds() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>>"$work/bench.err"; e=$(date +%s.%N); echo "$e - $s" | bc; }
rate() { echo "scale=0; $packets / $1 / $2" | bc; }

for cores in 1 2; do
  cpus=$(seq -s, 0 $((cores - 1)))
  t=$(seconds taskset -c "$cpus" "$java" -XX:ActiveProcessorCount="$cores" -Xmx2g -jar "$cli" analyze "$capture" --json)
  echo "rocelens analyze, $cores core(s): $t s, $(rate "$t" "$cores") frames/s per core"
  t=$(seconds taskset -c "$cpus" "$java" -XX:ActiveProcessorCount="$cores" $opens -Xmx2g -cp "$SPARK_HOME/jars/*" \
      org.apache.spark.deploy.SparkSubmit --master "local[$cores]" --conf spark.ui.enabled=false \
      --conf spark.sql.shuffle.partitions=$((cores * 2)) --driver-memory 2g \
      --class io.rocelens.spark.AnalyzeJob "$jar" --input "$capture" --output "$work/out$cores" --no-tables \
      --split-bytes 33554432)
  echo "AnalyzeJob local[$cores]:         $t s, $(rate "$t" "$cores") frames/s per core (start-up of the JVM and Spark included)"
  cmp -s <("$java" -jar "$cli" analyze "$capture" --json 2>/dev/null) "$work/out$cores/points/0/summary.json" \
      && echo "  same summary.json as rocelens analyze" || echo "  DIFFERENT summary.json from rocelens analyze"
done
