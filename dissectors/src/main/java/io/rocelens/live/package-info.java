/**
 * Live capture through the system's libpcap (bound here with JNA's direct mapping), shared by {@code rocelens
 * capture} and the desktop app: {@link io.rocelens.live.LiveCapture#interfaces()} lists what can be captured,
 * {@link io.rocelens.live.LiveCapture#checkFilter(String)} validates a BPF filter without privileges, and
 * {@link io.rocelens.live.LiveCapture#start} captures one or more interfaces into one pcapng (a file, standard output
 * or a ring of files) while handing each frame to a {@link io.rocelens.live.FrameListener}. Failures the user can act
 * on are {@link io.rocelens.live.CaptureException}s with a one-line message. {@link io.rocelens.live.FrameSender}
 * sends frames, for tests and measurements on veth pairs.
 */
package io.rocelens.live;
