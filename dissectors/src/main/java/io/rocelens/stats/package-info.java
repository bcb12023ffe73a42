/**
 * Wireshark's general statistics over a capture, with the numbers tshark's {@code -z} options give:
 * {@link io.rocelens.stats.Conversations} (conversations and endpoints for Ethernet, IPv4, IPv6 and UDP),
 * {@link io.rocelens.stats.ProtocolHierarchy} ({@code io,phs}) and {@link io.rocelens.stats.IoStatistics}
 * ({@code io,stat}); {@link io.rocelens.stats.StatsText} prints them as tshark does. Each is fed frames in capture
 * order through {@link io.rocelens.stats.FrameStatistic}, and may keep only the frames its own display filter passes.
 */
package io.rocelens.stats;
