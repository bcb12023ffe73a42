# Sourced by the scripts here, from the clone's root with $work set: makes SPARK_HOME a folder whose jars/ links
# every jar of Spark's runtime classpath as Maven resolved it (what spark-submit and a worker start JVMs with), and
# $opens the Java options Spark needs on Java 17.
# SPARK_HOME: a folder whose jars/ links every jar of Spark's runtime classpath (what a worker starts executors with)
# (Spark's jars only: the job's own classes and libraries come in the shaded jar, and a stale snapshot of ours in
# ~/.m2 must not shadow them)
# (test-compile before the goal: Maven 3 finds the project's own modules, which are never installed in ~/.m2, only
# in a build that runs a phase; the goal alone fails on a clean machine with "Could not find artifact io.rocelens:…")
./mvnw -q -B -ntp -pl spark -am test-compile org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -DincludeScope=test \
    -DexcludeGroupIds=io.rocelens,io.kaitai,info.picocli,com.google.re2j,org.hdrhistogram,net.java.dev.jna,org.openjfx,org.controlsfx,org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian \
    -DexcludeArtifactIds=commons-csv,slf4j-simple \
    -Dmdep.outputFile="$work/classpath.txt" >/dev/null
mkdir -p "$work/spark-home/jars" "$work/logs"
tr ':' '\n' < "$work/classpath.txt" | while read -r j; do
  case "$j" in *.jar) ln -sf "$j" "$work/spark-home/jars/" ;; esac
done
export SPARK_HOME=$work/spark-home SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1
opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
--add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
--add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
--add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
--add-opens=java.base/sun.nio.cs=ALL-UNNAMED --add-opens=java.base/sun.security.action=ALL-UNNAMED
--add-opens=java.base/sun.util.calendar=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false"
opens=$(echo $opens)
