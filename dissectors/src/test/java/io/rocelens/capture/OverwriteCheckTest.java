package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing a capture onto the file being read, under any of its names, is refused; other files are not. */
class OverwriteCheckTest {

    @TempDir
    Path folder;

    @Test
    void theSameFileUnderAnyNameIsTheInput() throws IOException {
        Path input = Files.write(folder.resolve("in.pcap"), new byte[] {1, 2, 3});
        Path hardLink = Files.createLink(folder.resolve("hard.pcap"), input);
        Path symbolic = Files.createSymbolicLink(folder.resolve("soft.pcap"), input);
        Path relative = Path.of("").toAbsolutePath().relativize(input);
        for (Path output : List.of(input, hardLink, symbolic, relative)) {
            assertEquals(input, OverwriteCheck.inputAt(output, List.of(folder.resolve("other.pcap"), input)),
                    output.toString());
        }
        OverwriteCheck.WouldOverwriteInput refused = assertThrows(OverwriteCheck.WouldOverwriteInput.class,
                () -> OverwriteCheck.check(hardLink, List.of(input)));
        assertEquals(hardLink + " is the capture being read (as " + input
                + "); writing there would destroy it: name another file", refused.getMessage());
    }

    @Test
    void anotherFileANewFileAndStandardOutputAreNot() throws IOException {
        Path input = Files.write(folder.resolve("in.pcap"), new byte[] {1, 2, 3});
        Path copy = Files.write(folder.resolve("copy.pcap"), new byte[] {1, 2, 3});
        assertNull(OverwriteCheck.inputAt(copy, List.of(input)));
        assertNull(OverwriteCheck.inputAt(folder.resolve("new.pcap"), List.of(input)));
        assertNull(OverwriteCheck.inputAt(Path.of("-"), List.of(input, Path.of("-"))));
        Path dangling = Files.createSymbolicLink(folder.resolve("dangling.pcap"), folder.resolve("gone.pcap"));
        assertNull(OverwriteCheck.inputAt(dangling, List.of(input)));
    }
}
