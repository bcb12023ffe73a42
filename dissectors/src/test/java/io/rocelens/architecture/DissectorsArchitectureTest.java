package io.rocelens.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The dissectors library runs headless and in batch jobs, so it must never reach for the desktop toolkit. */
@AnalyzeClasses(packages = "io.rocelens", importOptions = ImportOption.DoNotIncludeTests.class)
class DissectorsArchitectureTest {

    @ArchTest
    static final ArchRule noJavaFx = noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..")
            .because("dissectors is the headless library; only the app module may use JavaFX");

    @ArchTest
    static final ArchRule generatedParsersOnlyBehindAdapters = noClasses()
            .that().resideOutsideOfPackages("io.rocelens.dissect..", "io.rocelens.ksy..")
            .should().dependOnClassesThat().resideInAnyPackage("io.rocelens.ksy..")
            .because("the Kaitai-generated parsers are wrapped by the dissect package; nothing else touches them");
}
