package io.rocelens.app.gui.stats.expert.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocelens.analysis.EventKind;
import io.rocelens.analysis.Severity;
import io.rocelens.app.gui.stats.Samples;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.index.PacketIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Expert Information: counts against {@code analyze --json} and the truth, NAKs by code against tshark. */
class ExpertInfoTest {

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void countsEqualTheCommandLinesAndTheTruth(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        Samples.Loaded loaded = Samples.load(capture);
        ExpertInfo info = ExpertInfo.of(loaded.analysis(), frame -> nakCode(loaded.index(), frame),
                loaded.index().comments());
        JsonNode events = Samples.cliJson("analyze", "--json", capture.toString()).get("events");
        for (EventKind kind : EventKind.values()) {
            assertEquals(events.path(kind.label()).asLong(0), info.count(kind), kind.label());
        }
        JsonNode truth = Samples.truth(capture);
        assertEquals(truth.get("naks").asLong(), info.count(EventKind.NAK));
        assertEquals(truth.get("rnr_naks").asLong(), info.count(EventKind.RNR_NAK));
        assertEquals(truth.get("icrc_bad").asLong(), info.count(EventKind.ICRC_BAD));
        assertEquals(truth.get("malformed").asLong(), info.count(EventKind.MALFORMED));
        assertEquals(truth.get("psn_gaps").asLong(), info.count(EventKind.PSN_GAP));
        assertEquals(0, info.notStored());
        Severity previous = Severity.ERROR;
        for (ExpertInfo.Group group : info.groups()) {
            assertTrue(group.severity().compareTo(previous) <= 0, "errors first, then warnings, then notes");
            previous = group.severity();
            assertEquals(group.count(), group.children().isEmpty() ? group.entries().size()
                    : group.children().stream().mapToLong(ExpertInfo.Group::count).sum(), group.summary());
        }
    }

    @Test
    void nakGroupsByCodeWithItsFrames() throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        ExpertInfo info = ExpertInfo.of(loaded.analysis(), frame -> nakCode(loaded.index(), frame),
                loaded.index().comments());
        ExpertInfo.Group nak = info.groups().stream().filter(g -> g.kind() == EventKind.NAK).findFirst().orElseThrow();
        // tshark -r mixed.pcapng -Y "infiniband.aeth.syndrome != 31" -T fields -e frame.number -e infiniband.aeth.syndrome:
        // 63 96 (NAK, code 0: PSN sequence error) and 70 46 (RNR NAK)
        assertEquals(1, nak.children().size());
        assertEquals("NAK: PSN sequence error", nak.children().get(0).summary());
        assertEquals(List.of(63L), nak.children().get(0).entries().stream().map(ExpertInfo.Entry::frame).toList());
        ExpertInfo.Group rnr = info.groups().stream().filter(g -> g.kind() == EventKind.RNR_NAK).findFirst().orElseThrow();
        assertEquals(List.of(70L), rnr.entries().stream().map(ExpertInfo.Entry::frame).toList());
        // the truth lists the bad-ICRC and malformed frames
        assertEquals(List.of(145L), frames(info, EventKind.ICRC_BAD));
        assertEquals(List.of(148L), frames(info, EventKind.MALFORMED));
    }

    @Test
    void saysWhenTheCapOnListedEventsWasReached() throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.INCAST, io.rocelens.analysis.AnalysisOptions.defaults()
                .withMaxStored(10));
        ExpertInfo info = ExpertInfo.of(loaded.analysis(), frame -> -1, loaded.index().comments());
        JsonNode events = Samples.cliJson("analyze", "--json", "--max-events", "10", Samples.INCAST.toString())
                .get("events");
        assertEquals(events.get("not_stored").asLong(), info.notStored());
        assertTrue(info.notStored() > 0);
        assertTrue(info.footer().contains(info.notStored() + " counted but not listed"), info.footer());
        assertTrue(info.footer().contains("the cap was reached"), info.footer());
        assertEquals(10, info.groups().stream().mapToLong(g -> g.entries().size()).sum());
    }

    private static List<Long> frames(ExpertInfo info, EventKind kind) {
        return info.groups().stream().filter(g -> g.kind() == kind).flatMap(g -> g.entries().stream())
                .map(ExpertInfo.Entry::frame).toList();
    }

    static int nakCode(PacketIndex index, long frame) {
        PacketSummary summary = new PacketSummary();
        index.fill((int) frame - 1, summary);
        return summary.aethSyndrome >= 0 ? summary.aethSyndrome & 0x1f : -1;
    }
}
