package io.rocelens.live;

import io.rocelens.capture.Frame;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program for {@link CaptureHelperTest}, run as an unprivileged user: captures N frames from an interface as the
 * window does, through {@link LiveCapture#start} with a listener, and writes what the listener heard to a file
 * (timestamp, original length, captured length, bytes per frame) for the test to compare with what was sent. Prints
 * "started" once capturing, then the captured count and the interface's statistics.
 */
public final class ListenerProbe {

    public static void main(String[] args) throws Exception {
        String device = args[0];
        int count = Integer.parseInt(args[1]);
        Path file = Path.of(args[2]);
        Path heardFile = Path.of(args[3]);
        List<Frame> heard = Collections.synchronizedList(new ArrayList<>());
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(device))
                .withOutput(new CaptureOutput.NamedFile(file)).withMaxPackets(count), heard::add);
        System.out.println("started");
        System.out.flush();
        if (!capture.awaitTermination(60, TimeUnit.SECONDS)) {
            capture.stop();
        }
        capture.close();
        write(heard, heardFile);
        InterfaceStatistics stats = capture.statistics().get(0);
        System.out.println(capture.framesCaptured() + " " + stats.captured() + " " + stats.dropped() + " "
                + capture.files() + " " + capture.problem());
    }

    private static void write(List<Frame> heard, Path heardFile) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(heardFile)))) {
            for (Frame frame : heard) {
                ByteBuffer data = frame.data();
                byte[] bytes = new byte[data.remaining()];
                data.duplicate().get(bytes);
                out.writeLong(frame.timestampNanos());
                out.writeInt(frame.originalLength());
                out.writeInt(bytes.length);
                out.write(bytes);
            }
        }
    }
}
