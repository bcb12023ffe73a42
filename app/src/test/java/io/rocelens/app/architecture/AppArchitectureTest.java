package io.rocelens.app.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

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

    /**
     * The window is split by feature (packet list, details, filter bar, capture, each statistics view, common), each
     * with its views beside a {@code model} package: the models hold the state and the logic, know nothing of
     * JavaFX and nothing of the views, and are tested as plain Java.
     */
    @ArchTest
    static final ArchRule modelsKnowNoJavaFxAndNoView = noClasses().that().resideInAPackage("io.rocelens.app.gui..model..")
            .should().dependOnClassesThat(resideInAnyPackage("javafx..", "org.controlsfx..", "com.sun.javafx..")
                    .or(resideInAPackage("io.rocelens.app.gui..").and(not(resideInAPackage("io.rocelens.app.gui..model.."))))
                    .as("JavaFX or a view of the window"))
            .because("view models hold the state and the logic and are tested without JavaFX; views use models,"
                    + " never the other way round");

    /** Every part of the window is in a feature package or its model; the window's own parts are in gui itself. */
    @ArchTest
    static final ArchRule guiPackagesByFeature = classes().that().resideInAPackage("io.rocelens.app.gui..")
            .should().resideInAnyPackage("io.rocelens.app.gui", "io.rocelens.app.gui.common..",
                    "io.rocelens.app.gui.packetlist..", "io.rocelens.app.gui.details..",
                    "io.rocelens.app.gui.filterbar..", "io.rocelens.app.gui.capture..", "io.rocelens.app.gui.stats..",
                    "io.rocelens.app.gui.export..")
            .because("the window is organised by feature");

    /** The features of the window do not lean on each other in a circle. */
    @ArchTest
    static final ArchRule guiFeaturesWithoutCycles = slices().matching("io.rocelens.app.gui.(*)..")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule commandsWithoutJavaFx = noClasses().that().resideInAPackage("io.rocelens.app")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
            .because("the headless commands must run where no display can be opened; the window starts from"
                    + " io.rocelens.app.gui.GuiLauncher");
}
