/**
 * Loading captures for the command line and the window: open, the bulk pass with progress and cancel, analysis and
 * the packet index, in one task ({@link io.rocelens.load.CaptureLoad}).
 */
package io.rocelens.load;
