package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;

import io.rocelens.app.Main;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.stats.Png;
import io.rocelens.app.gui.stats.journey.model.CorrelationRequest;
import io.rocelens.app.gui.stats.journey.model.PacketJourneys;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.generate.PathGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Takes docs/screenshots/packet-journey.png: a generated 3-point path (drops, CE marks, DSCP rewrites, reordering)
 * opened correlated, the Packet Journey view on its worst flow with a lost packet selected in the list. Run by
 * docs/screenshots/make-screenshots.sh under Xvfb; not a test.
 */
public final class JourneyScreenshot {

    private JourneyScreenshot() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Path work = Files.createTempDirectory("rocelens-journey");
        Path config = work.resolve("config");
        Files.createDirectories(config);
        if (Main.run("generate", "mixed", "-o", work.resolve("fabric.pcapng").toString(), "--points", "3",
                "--drop", "0.03", "--ce-mark", "0.1", "--dscp-rewrite", "0.05", "--reorder", "0.05") != 0) {
            throw new IllegalStateException("generate failed");
        }
        List<Path> points = IntStream.range(0, 3).mapToObj(p -> PathGenerator.pointFile(work.resolve("fabric.pcapng"),
                p)).toList();
        Fx.startToolkit();
        Stage stage = fx(Stage::new);
        MainWindow window = fx(() -> {
            MainWindow made = new MainWindow(stage, Preferences.load(config));
            stage.show();
            made.openCorrelated(CorrelationRequest.of(points, CorrelationRequest.ClockMode.ESTIMATED, null, "10ms",
                    DissectorOptions.defaults()));
            return made;
        });
        waitUntil(() -> window.correlated().journeys() != null && !window.packets().isLoading());
        fx(() -> {
            Fx.item(stage, "Statistics", "Packet Journey").fire();
            return null;
        });
        // a lost packet of the worst flow selected in the packet list: the view follows it
        PacketJourneys journeys = window.correlated().journeys();
        String worst = journeys.flows().get(0);
        long lostFrame = journeys.of(worst).stream().filter(PacketJourneys::lost)
                .mapToLong(journey -> journey.frames()[0]).filter(frame -> frame > 0).findFirst().orElse(1);
        fx(() -> {
            window.navigation().goTo(lostFrame);
            return null;
        });
        Thread.sleep(1500);
        fx(() -> {
            for (Window w : Window.getWindows()) {
                if (w.getScene().lookup("#packet-journey") != null) {
                    Png.write(w.getScene().snapshot(null), out.resolve("packet-journey.png"));
                }
            }
            return null;
        });
        System.out.println("wrote " + out.resolve("packet-journey.png") + " (lost frame " + lostFrame + ")");
        javafx.application.Platform.exit();
        System.exit(0);
    }
}
