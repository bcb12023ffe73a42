/**
 * Outputs of the analysis: {@link io.rocelens.export.CsvExport} (per-QP, priority, PFC and events CSV, RFC 4180
 * with a header row), {@link io.rocelens.export.JsonSummary} (the analysis contract's JSON) and
 * {@link io.rocelens.export.TextSummary} (the readable summary of {@code rocelens analyze}).
 *
 * <p>Columns, in order (docs/analysis.md explains each):
 * <ul>
 *   <li>per-QP: src_ip, dst_ip, src_qp, dst_qp, priority, dscp, packets, bytes, payload_bytes, first_ts, last_ts,
 *       duration_s, throughput_bps, messages, rdma_write, rdma_read_req, read_resp, send, atomic, flush, acks, naks,
 *       rnr_naks, cnps, ecn_ce, psn_gaps, missing_psns, retransmitted, duplicates, out_of_order, icrc_errors,
 *       cm_service_id, cm_port, cm_src_port, cm_start_psn, cm_peer_start_psn;</li>
 *   <li>priority: bin_start, bin_offset_s, bin_width_s, priority, packets, bytes, bps, share;</li>
 *   <li>PFC: sender_mac, priority, start, end, start_offset_s, duration_us, start_frame, end_frame, xoff_frames,
 *       ended_by;</li>
 *   <li>events: frame, time, offset_s, severity, kind, flow, message.</li>
 * </ul>
 */
package io.rocelens.export;
