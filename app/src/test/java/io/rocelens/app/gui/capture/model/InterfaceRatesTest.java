package io.rocelens.app.gui.capture.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sparklines' rates from counters laid out as Linux's /sys/class/net. */
class InterfaceRatesTest {

    @TempDir
    Path sys;

    @Test
    void theRateIsTheChangeOfReceivedPlusSentPerSecondAndKeepsHalfAMinute() throws IOException {
        InterfaceRates rates = new InterfaceRates(sys);
        counters("eth0", 100, 50);
        rates.sample(List.of("eth0", "none0"), 1_000_000_000L);
        assertEquals(List.of(), rates.rates("eth0"), "one sample is no rate yet");
        counters("eth0", 300, 60);
        rates.sample(List.of("eth0", "none0"), 3_000_000_000L);
        assertEquals(List.of(105.0), rates.rates("eth0"), "(300 + 60 - 150) frames in 2 s");
        assertEquals(List.of(), rates.rates("none0"), "no counters, no rate");
        for (int i = 0; i < 40; i++) {
            rates.sample(List.of("eth0"), 4_000_000_000L + i * 1_000_000_000L);
        }
        assertEquals(InterfaceRates.HISTORY, rates.rates("eth0").size());
        assertEquals(0.0, rates.rates("eth0").get(InterfaceRates.HISTORY - 1));
    }

    private void counters(String name, long received, long sent) throws IOException {
        Path statistics = Files.createDirectories(sys.resolve(name).resolve("statistics"));
        Files.writeString(statistics.resolve("rx_packets"), received + "\n");
        Files.writeString(statistics.resolve("tx_packets"), sent + "\n");
    }
}
