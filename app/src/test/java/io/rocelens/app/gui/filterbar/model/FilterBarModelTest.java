package io.rocelens.app.gui.filterbar.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FilterBarModelTest {

    @Test
    void validInvalidOrEmpty() {
        assertEquals(FilterBarModel.State.EMPTY, FilterBarModel.check("  ").state());
        FilterBarModel.Check valid = FilterBarModel.check("bth.psn == 256");
        assertEquals(FilterBarModel.State.VALID, valid.state());
        assertEquals("bth.psn == 256", valid.filter().text());
        FilterBarModel.Check invalid = FilterBarModel.check("bth.psn ==");
        assertEquals(FilterBarModel.State.INVALID, invalid.state());
        assertEquals(10, invalid.position(), "the error is where the value should start");
        assertTrue(invalid.message().endsWith("(at column 11)"), invalid.message());
    }

    @Test
    void everySavedFilterButtonCompiles() {
        for (FilterBarModel.SavedFilter saved : FilterBarModel.SAVED) {
            assertEquals(FilterBarModel.State.VALID, FilterBarModel.check(saved.filter()).state(), saved.label());
        }
    }

    @Test
    void completesTheWordAtTheCaret() {
        List<FilterBarModel.Completion> completions = FilterBarModel.complete("ip.src == 1.2.3.4 && bth.ps", 27);
        assertEquals("bth.psn", completions.get(0).name());
        assertEquals("ip.src == 1.2.3.4 && bth.psn", completions.get(0).text());
        assertEquals(28, completions.get(0).caret());
        assertEquals(List.of(), FilterBarModel.complete("bth.psn == 25", 13), "no names for a number");
        assertEquals(List.of(), FilterBarModel.complete("bth.psn", 7), "a finished name is left alone");
    }

    @Test
    void historyKeepsTheLatestFirstAndOnce() {
        FilterBarModel bar = new FilterBarModel(List.of("pfc", "cnp"));
        bar.applied("cnp");
        bar.applied(" roce ");
        bar.applied("");
        assertEquals(List.of("roce", "cnp", "pfc"), bar.history());
    }
}
