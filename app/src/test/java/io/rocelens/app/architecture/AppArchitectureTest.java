package io.rocelens.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The headless commands never load JavaFX (they run on servers without a display), and the window's view models
 * hold no JavaFX either, so they are tested as plain Java.
 */
@AnalyzeClasses(packages = "io.rocelens.app", importOptions = ImportOption.DoNotIncludeTests.class)
class AppArchitectureTest {

    @ArchTest
    static final ArchRule viewModelsWithoutJavaFx = noClasses().that().resideInAPackage("io.rocelens.app.gui.model..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "com.sun.javafx..")
            .because("view models hold the state and the logic and are tested without JavaFX");

    @ArchTest
    static final ArchRule commandsWithoutJavaFx = noClasses().that().resideInAPackage("io.rocelens.app")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
            .because("the headless commands must run where no display can be opened; the window starts from"
                    + " io.rocelens.app.gui.GuiLauncher");
}
