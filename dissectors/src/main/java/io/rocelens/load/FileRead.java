package io.rocelens.load;

import io.rocelens.capture.CaptureFormat;
import java.nio.file.Path;

/**
 * How reading one file went.
 *
 * @param linkType as {@link io.rocelens.capture.CaptureReader#linkType()}
 * @param packets  frames read from it
 * @param problem  null when the file was read to its end (or to the frame limit, or until cancelled); otherwise
 *                 one sentence saying where and why reading stopped, everything before it having been read
 */
public record FileRead(Path file, CaptureFormat format, int linkType, long packets, String problem) {
}
