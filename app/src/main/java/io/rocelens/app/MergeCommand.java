package io.rocelens.app;

import io.rocelens.capture.CaptureMerge;
import io.rocelens.capture.OverwriteCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rocelens merge}: captures into one pcapng file in time order, as {@code mergecap -w OUT IN…} does. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Merge captures (pcap, pcapng, any link type) into one pcapng file in time order, as "
                + "mergecap does: each input interface becomes an interface of the output, named after its file.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every frame was merged",
                "1:an input is cut short or corrupt; its frames before the damage were merged",
                "2:an input could not be opened, or the output could not be written"})
public final class MergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "2..*", description = "the captures to merge (at least two)")
    List<Path> inputs;

    @Option(names = "-w", paramLabel = "OUT", required = true, description = "the merged capture (.pcapng)")
    Path output;

    @Option(names = "-q", description = "do not print the count merged")
    boolean quiet;

    @Override
    public Integer call() {
        if (!output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pcapng")) {
            CliSupport.printError("-w " + output + ": a merge is written as pcapng (its inputs may have several link "
                    + "types): name the output .pcapng");
            return CliSupport.EXIT_UNREADABLE;
        }
        if (!CliSupport.notAnInput("-w", output, inputs)) {
            return CliSupport.EXIT_UNREADABLE;
        }
        CaptureMerge.Result merged;
        try {
            merged = CaptureMerge.merge(inputs, output, () -> false);
        } catch (OverwriteCheck.WouldOverwriteInput refused) {
            CliSupport.printError("-w " + refused.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        } catch (IOException failure) {
            CliSupport.printError(failure.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        if (!quiet) {
            System.err.println("merged " + merged.frames() + " frames of " + inputs.size() + " captures into "
                    + output);
        }
        if (!merged.problems().isEmpty()) {
            CliSupport.printError(String.join("; ", merged.problems()));
            return CliSupport.EXIT_DAMAGED;
        }
        return CliSupport.EXIT_OK;
    }
}
