#!/usr/bin/env bash
# A frame's cost on one core, warm: `rocelens bench` (analyze's pass, several times in one JVM) against BenchJob
# (AnalyzeJob several times in one Spark application, local[1], driver and executor in one JVM), pinned to CPU 0, on
# a small and a large header-only bulk capture, interleaved round by round. A pass's cost is the median CPU time of the
# passes after the first (an executor working through terabytes runs long past its JIT's warm-up); a frame's cost is
# the difference between the large and the small capture's pass over the difference in frames, so what a pass costs
# whatever its size (Spark's job set-up, the results written) drops out. Run it on a quiet machine: it prints the load
# average of each round.
#
#   spark/scripts/per-frame.sh [SMALL LARGE]        (frames; default 500000 8000000)
#
# Needs a build first: ./mvnw -B -ntp package -pl spark,app -am -DskipTests
# Environment: WORK (scratch directory and the captures, default a new one under /tmp), ROUNDS (default 3), PASSES
# (a JVM's passes, default 4), SERIALIZERS (Spark's data serializers, default "java kryo").
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
small=${1:-500000}
large=${2:-8000000}
rounds=${ROUNDS:-3}
passes=${PASSES:-4}
serializers=${SERIALIZERS:-java kryo}
work=${WORK:-$(mktemp -d /tmp/rocelens-per-frame.XXXXXX)}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jar=$root/spark/target/rocelens-spark.jar
cli=$root/app/target/rocelens.jar
[ -f "$jar" ] || { echo "no $jar: build it first (./mvnw -B -ntp package -pl spark,app -am -DskipTests)" >&2; exit 2; }
[ "$passes" -ge 2 ] || { echo "PASSES: at least 2 (the first is the JVM's warm-up)" >&2; exit 2; }
. "$root/spark/scripts/spark-home.sh"
declare -A serializer_class=([java]=org.apache.spark.serializer.JavaSerializer
                             [kryo]=org.apache.spark.serializer.KryoSerializer)
for n in "$small" "$large"; do
  [ -f "$work/bulk$n.pcap" ] || "$java" -jar "$cli" generate bulk -o "$work/bulk$n.pcap" --packets "$n" --qps 64 \
      --snaplen 128 --seed 1 >&2
done

# the median CPU seconds of the passes after the first, from lines "pass N: … (X s CPU)" or "pass N: … X s CPU"
warm_cpu() { grep '^pass' | tail -n +2 | sed -E 's/.*[ (]([0-9.]+) s CPU.*/\1/' | sort -n \
    | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
pass_cpu() {  # what frames
  if [ "$1" = analyze ]; then
    taskset -c 0 "$java" -XX:ActiveProcessorCount=1 -Xmx2g -jar "$cli" bench "$work/bulk$2.pcap" --passes "$passes" \
        | warm_cpu
  else
    rm -rf "$work/out"
    taskset -c 0 "$java" -XX:ActiveProcessorCount=1 $opens -Xmx3g -cp "$SPARK_HOME/jars/*" \
        org.apache.spark.deploy.SparkSubmit --master "local[1]" --conf spark.ui.enabled=false \
        --conf spark.sql.shuffle.partitions=2 --driver-memory 3g --conf "spark.serializer=${serializer_class[$1]}" \
        --class io.rocelens.spark.BenchJob "$jar" --passes "$passes" --output "$work/out" \
        --input "$work/bulk$2.pcap" --no-tables 2>> "$work/err.txt" | warm_cpu
  fi
}
ns() { echo "scale=1; ($2 - $1) * 1000000000 / ($large - $small)" | bc; }

echo "frames $small and $large, $rounds rounds, $passes passes a JVM; $(nproc) cores"
for round in $(seq "$rounds"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  declare -A cpu=()
  for what in analyze $serializers; do
    for n in "$small" "$large"; do
      cpu[$what$n]=$(pass_cpu "$what" "$n")
    done
  done
  a=$(ns "${cpu[analyze$small]}" "${cpu[analyze$large]}")
  line="round $round (load $load): analyze ${cpu[analyze$small]} / ${cpu[analyze$large]} s a pass, $a ns a frame"
  for s in $serializers; do
    j=$(ns "${cpu[$s$small]}" "${cpu[$s$large]}")
    line+="; job ($s) ${cpu[$s$small]} / ${cpu[$s$large]} s, $j ns, $(echo "scale=2; $j / $a" | bc) times analyze's"
  done
  echo "$line"
done
cmp -s <("$java" -jar "$cli" analyze "$work/bulk$large.pcap" --json 2>/dev/null) \
    "$work/out/pass-$passes/points/0/summary.json" \
    && echo "the job's last summary.json is rocelens analyze's" || echo "DIFFERENT summary.json from rocelens analyze"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
