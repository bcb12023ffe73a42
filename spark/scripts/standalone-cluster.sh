#!/usr/bin/env bash
# A real Spark standalone cluster on loopback, from the jars Maven resolved (no Spark download): a master and two
# workers as separate JVMs (one core, 1 GB each), the job submitted with SparkSubmit in cluster-less client mode,
# and its results compared with `rocelens analyze` on the same files. Proves the serialisation of the tasks and the
# partial results and the class loading from the shaded jar, which local mode does not.
#
#   spark/scripts/standalone-cluster.sh [CAPTURE...]      (default: the sample captures)
#
# Needs a build first: ./mvnw -B -ntp package -pl spark,app -am -DskipTests
# Environment: WORK (scratch directory, default a new one under /tmp), PORT (master port, default 7177), WORKERS
# (how many workers, default 2; with 1, the one-core time that the two workers' time is compared with), JOB_ARGS
# (more options for the job, e.g. --no-tables --split-bytes 33554432), SERIALIZERS (Spark's data serializers to submit
# the job with in turn, default "java kryo": many clusters set spark.serializer to Kryo).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${WORK:-$(mktemp -d /tmp/rocelens-standalone.XXXXXX)}
port=${PORT:-7177}
workers=${WORKERS:-2}
serializers=${SERIALIZERS:-java kryo}
declare -A serializer_class=([java]=org.apache.spark.serializer.JavaSerializer
                             [kryo]=org.apache.spark.serializer.KryoSerializer)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jar=$root/spark/target/rocelens-spark.jar
[ -f "$jar" ] || { echo "no $jar: build it first (./mvnw -B -ntp package -pl spark,app -am -DskipTests)" >&2; exit 2; }

. "$root/spark/scripts/spark-home.sh"
cp="$SPARK_HOME/jars/*"

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

$java $opens -Xmx512m -cp "$cp" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" \
    --webui-port 0 > "$work/logs/master.log" 2>&1 &
pids+=($!)
for i in $(seq "$workers"); do
  $java $opens -Xmx256m -cp "$cp" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --webui-port 0 \
      --cores 1 --memory 1g --work-dir "$work/worker$i" "spark://127.0.0.1:$port" > "$work/logs/worker$i.log" 2>&1 &
  pids+=($!)
done
for _ in $(seq 60); do
  [ "$(grep -c 'Registering worker' "$work/logs/master.log" 2>/dev/null)" -ge "$workers" ] && break
  sleep 1
done
grep -c 'Registering worker' "$work/logs/master.log" | grep -qx "$workers" || { echo "workers did not register" >&2; cat "$work/logs/"*.log >&2; exit 1; }
echo "master spark://127.0.0.1:$port with $workers worker(s) (logs in $work/logs)"

if [ $# -eq 0 ]; then set -- sample-captures/*.pcap sample-captures/*.pcapng; fi
mkdir -p "$work/in"
for f in "$@"; do ln -sf "$(readlink -f "$f")" "$work/in/"; done

status=0
rocelens_jar=$root/app/target/rocelens.jar
for serializer in $serializers; do
  out=$work/out-$serializer
  start=$(date +%s%N)
  $java $opens -cp "$cp" org.apache.spark.deploy.SparkSubmit --master "spark://127.0.0.1:$port" \
      --conf spark.executor.cores=1 --conf spark.executor.memory=768m --conf spark.ui.enabled=false \
      --conf "spark.driver.extraJavaOptions=$opens" --conf "spark.executor.extraJavaOptions=$opens" \
      --conf spark.sql.shuffle.partitions=4 --conf "spark.serializer=${serializer_class[$serializer]}" \
      --class io.rocelens.spark.AnalyzeJob "$jar" --input "$work/in" --output "$out" ${JOB_ARGS:-} \
      > "$work/logs/submit-$serializer.log" 2>&1 \
      || { echo "the job failed with the $serializer serializer:" >&2; tail -40 "$work/logs/submit-$serializer.log" >&2; exit 1; }
  end=$(date +%s%N)
  echo "job done in $(( (end - start) / 1000000 )) ms on the cluster, $serializer serializer:" \
      "$(grep -c 'Registered executor\|Granted executor' "$work/logs/submit-$serializer.log" || true) executor lines"
  grep -h "Granted executor ID" "$work/logs/submit-$serializer.log" | sed 's/.*Granted/  granted/' || true

  # the same files through rocelens analyze, point by point (each file is a point)
  for f in "$work"/in/*; do
    dir=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([p["directory"] for p in d["points"] if p["point"]==sys.argv[2]][0])' "$out/summary.json" "$f")
    "$java" -jar "$rocelens_jar" analyze "$f" --json > "$work/cli.json" 2>/dev/null || true
    if cmp -s "$work/cli.json" "$out/$dir/summary.json"; then
      echo "same summary as rocelens analyze: $(basename "$f")"
    else
      echo "DIFFERENT summary: $(basename "$f")"; status=1
    fi
  done
done
exit $status
