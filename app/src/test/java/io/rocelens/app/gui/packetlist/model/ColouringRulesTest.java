package io.rocelens.app.gui.packetlist.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.rocelens.app.gui.common.model.Preferences;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColouringRulesTest {

    @TempDir
    Path folder;

    @Test
    void everyDefaultRuleCompiles() {
        for (ColouringRules.Rule rule : ColouringRules.DEFAULTS) {
            assertNull(ColouringRules.problem(rule.filter()), rule.name());
        }
    }

    /** An empty display filter matches every frame; a rule without a filter (a new one) must colour none. */
    @Test
    void aRuleWithoutAFilterIsNotValid() {
        assertEquals("no filter", ColouringRules.problem(""));
        assertEquals("no filter", ColouringRules.problem("  "));
    }

    @Test
    void editedRulesAreSavedAndReadBack() {
        ColouringRules rules = ColouringRules.defaults()
                .plus(new ColouringRules.Rule("QP 0x55", "bth.dqpn == 0x55", "#102030", "#ffffff", true))
                .moved(0, 2)
                .without(0);
        Preferences preferences = Preferences.load(folder);
        rules.saveTo(preferences);
        ColouringRules again = ColouringRules.from(preferences);
        assertEquals(rules.rules(), again.rules());
        assertEquals("QP 0x55", again.rules().get(1).name());
        assertEquals(ColouringRules.DEFAULTS.size(), again.rules().size());
    }

    @Test
    void noSavedRulesMeansTheDefaultsButAnEmptiedListStaysEmpty() {
        Preferences preferences = Preferences.load(folder);
        assertEquals(ColouringRules.DEFAULTS, ColouringRules.from(preferences).rules());
        new ColouringRules(List.of()).saveTo(preferences);
        assertEquals(List.of(), ColouringRules.from(preferences).rules());
    }
}
