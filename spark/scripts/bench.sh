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

# wall and CPU seconds of a command (CPU: user + system of the JVM and its threads)
measure() { /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" > /dev/null 2>>"$work/bench.err"; awk '{printf "%s %.2f", $1, $2 + $3}' "$work/time.txt"; }
rate() { echo "scale=0; $packets / $1" | bc; }
report() {  # name cores wall cpu
  echo "$1: $3 s wall, $4 s CPU on $2 core(s): $(rate "$(echo "$3 * $2" | bc)") frames/s per core of wall time, $(rate "$4") frames per CPU-second"
}

for cores in 1 2; do
  cpus=$(seq -s, 0 $((cores - 1)))
  read -r wall cpu <<< "$(measure taskset -c "$cpus" "$java" -XX:ActiveProcessorCount="$cores" -Xmx2g -jar "$cli" analyze "$capture" --json)"
  report "rocelens analyze" "$cores" "$wall" "$cpu"
  read -r wall cpu <<< "$(measure taskset -c "$cpus" "$java" -XX:ActiveProcessorCount="$cores" $opens -Xmx3g -cp "$SPARK_HOME/jars/*" \
      org.apache.spark.deploy.SparkSubmit --master "local[$cores]" --conf spark.ui.enabled=false \
      --conf spark.sql.shuffle.partitions=$((cores * 2)) --driver-memory 3g \
      --class io.rocelens.spark.AnalyzeJob "$jar" --input "$capture" --output "$work/out$cores" --no-tables \
      --split-bytes 33554432)"
  report "AnalyzeJob local[$cores] (JVM and Spark start-up included)" "$cores" "$wall" "$cpu"
  "$java" -jar "$cli" analyze "$capture" --json > "$work/cli.json" 2>/dev/null || true
  cmp -s "$work/cli.json" "$work/out$cores/points/0/summary.json" \
      && echo "  same summary.json as rocelens analyze" || echo "  DIFFERENT summary.json from rocelens analyze"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
