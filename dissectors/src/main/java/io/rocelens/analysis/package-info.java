/**
 * The ordered analysis pass over a capture's {@link io.rocelens.dissect.PacketSummary} stream:
 * {@link io.rocelens.analysis.RoceAnalyzer} tracks QP flows and conversations, PSN gaps and retransmissions, NAK →
 * retransmission and CE → CNP links, PFC/PAUSE paused intervals and storms, bandwidth by priority in time bins, and
 * expert events; {@link io.rocelens.analysis.AnalysisResult} holds what it found and merges with other results.
 * Definitions: docs/analysis.md.
 */
package io.rocelens.analysis;
