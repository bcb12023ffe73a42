package io.rocelens.export;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.BandwidthBins;
import io.rocelens.analysis.Exchange;
import io.rocelens.analysis.ExpertEvent;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.PausedInterval;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.Timestamps;

import java.io.IOException;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The four CSV exports of an analysis (RFC 4180: comma separated, CRLF line ends, quotes where needed, one header
 * row). The columns are listed in {@code package-info.java} and the README.
 */
public final class CsvExport {

    /** Per-QP CSV columns, in the contract's order. */
    public static final List<String> QP_COLUMNS = List.of(
            "src_ip", "dst_ip", "src_qp", "dst_qp", "priority", "dscp", "packets", "bytes", "payload_bytes",
            "first_ts", "last_ts", "duration_s", "throughput_bps", "messages", "rdma_write", "rdma_read_req",
            "read_resp", "send", "atomic", "flush", "acks", "naks", "rnr_naks", "cnps", "ecn_ce", "psn_gaps", "missing_psns",
            "retransmitted", "duplicates", "out_of_order", "icrc_errors",
            "cm_service_id", "cm_port", "cm_src_port", "cm_start_psn", "cm_peer_start_psn");

    public static final List<String> PRIORITY_COLUMNS = List.of(
            "bin_start", "bin_offset_s", "bin_width_s", "priority", "packets", "bytes", "bps", "share");

    public static final List<String> PFC_COLUMNS = List.of(
            "sender_mac", "priority", "start", "end", "start_offset_s", "duration_us", "start_frame", "end_frame",
            "xoff_frames", "ended_by");

    public static final List<String> EVENT_COLUMNS = List.of(
            "frame", "time", "offset_s", "severity", "kind", "flow", "message");

    private CsvExport() {
    }

    /** The printer is flushed, never closed, by the writers below: closing it would close the caller's stream. */
    private static CSVPrinter printer(Appendable out, List<String> columns) throws IOException {
        return CSVFormat.RFC4180.builder().setHeader(columns.toArray(String[]::new)).get().print(out);
    }

    /** One row per flow, sorted as {@link AnalysisResult#flows()}. */
    public static void writeQps(AnalysisResult result, Appendable out) throws IOException {
        writeQps(result.flows(), out);
    }

    /** One row per given flow, in the given order (the window copies the conversations it shows). */
    public static void writeQps(List<FlowStats> flows, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, QP_COLUMNS);
        for (FlowStats f : flows) {
            csv.printRecord(f.srcIp(), f.dstIp(), f.srcQp() < 0 ? "" : Formats.qp(f.srcQp()), Formats.qp(f.dstQp()),
                    f.priority(), f.dscp() < 0 ? "" : f.dscp(), f.packets(), f.bytes(), f.payloadBytes(),
                    Timestamps.iso(f.firstTs()), Timestamps.iso(f.lastTs()),
                    Numbers.decimal(f.durationSeconds(), 9), Numbers.decimal(f.throughputBps(), 3),
                    f.messages(), f.rdmaWrite(), f.rdmaReadReq(), f.readResp(), f.send(), f.atomic(), f.flush(),
                    f.acks(), f.naks(), f.rnrNaks(), f.cnps(), f.ecnCe(), f.psnGaps(), f.missingPsns(),
                    f.retransmitted(), f.duplicates(), f.outOfOrder(), f.icrcErrors(),
                    f.connection() == null ? "" : Formats.serviceId(f.connection().serviceId()),
                    blankIfNone(f.connection() == null ? -1 : f.connection().port()),
                    blankIfNone(f.connection() == null ? -1 : f.connection().sourcePort()),
                    blankIfNone(f.cmStartPsn()), blankIfNone(f.cmPeerStartPsn()));
        }
        csv.flush();
    }

    private static Object blankIfNone(int value) {
        return value < 0 ? "" : value;
    }

    /**
     * One row per time bin and priority, for every priority that carried RoCE traffic anywhere in the capture;
     * share is the priority's part of the bin's bytes (0 in an empty bin).
     */
    public static void writePriorities(AnalysisResult result, Appendable out) throws IOException {
        writePriorities(result, result.shownBins(), out);
    }

    /** As {@link #writePriorities(AnalysisResult, Appendable)} over other bins of the same result (another width). */
    public static void writePriorities(AnalysisResult result, BandwidthBins bins, Appendable out) throws IOException {
        double width = bins.widthNanos() / 1e9;
        CSVPrinter csv = printer(out, PRIORITY_COLUMNS);
        for (int bin = 0; bin < bins.size(); bin++) {
            long total = 0;
            for (int p = 0; p < 8; p++) {
                total += bins.bytes(bin, p);
            }
            long start = bins.startNanos(bin);
            for (int p = 0; p < 8; p++) {
                if (result.priorityPackets()[p] == 0) {
                    continue;
                }
                long bytes = bins.bytes(bin, p);
                csv.printRecord(Timestamps.iso(start), Numbers.decimal((start - result.firstTs()) / 1e9, 9),
                        Numbers.decimal(width, 9), p, bins.packets(bin, p), bytes,
                        Numbers.decimal(bytes * 8 / width, 3), Numbers.decimal(total == 0 ? 0 : (double) bytes / total, 6));
            }
        }
        csv.flush();
    }

    /** One row per paused interval, in start order; priority "all" is 802.3x PAUSE. */
    public static void writePfc(AnalysisResult result, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, PFC_COLUMNS);
        for (PausedInterval i : result.pausedIntervals()) {
            csv.printRecord(Addresses.mac(i.senderMac()), i.priority() < 0 ? "all" : Integer.toString(i.priority()),
                    Timestamps.iso(i.startNanos()), Timestamps.iso(i.endNanos()),
                    Numbers.decimal((i.startNanos() - result.firstTs()) / 1e9, 9),
                    Numbers.decimal(i.durationNanos() / 1000, 6), i.startFrame(), i.endFrame(), i.xoffFrames(),
                    i.endedByXon() ? "xon" : "expired");
        }
        csv.flush();
    }

    /**
     * One row per timed exchange: flow, kind (ack_rtt, read_first, read_last, message), both frames, latency in ns
     * and the request flow's priority.
     */
    public static void writeLatency(AnalysisResult result, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, List.of("flow", "kind", "request_frame", "answer_frame", "latency_ns",
                "priority"));
        for (Exchange e : result.exchanges()) {
            csv.printRecord(e.flow(), e.kind().label(), e.requestFrame(), e.answerFrame(), e.nanos(), e.priority());
        }
        csv.flush();
    }

    /**
     * The rate over time of each flow that received CNPs: one row per bin from its first packet to the capture's last
     * bin (in the bins of the DCQCN reaction, {@link io.rocelens.analysis.DcqcnReaction#widthFor}): flow, bin start
     * (ISO and ns since the epoch), bytes, bits per second, and the CNPs that arrived in that bin.
     */
    public static void writeRates(AnalysisResult result, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, List.of("flow", "bin_start", "bin_start_ns", "bytes", "bps", "cnps"));
        long width = io.rocelens.analysis.DcqcnReaction.widthFor(result);
        long lastBin = Math.floorDiv(result.lastTs(), width);
        for (io.rocelens.analysis.FlowRate fine : result.rates()) {
            io.rocelens.analysis.FlowRate rate = fine.inBinsOf(width);
            int cnp = 0;
            for (long bin = rate.firstBin(); bin <= lastBin; bin++) {
                int cnps = 0;
                while (cnp < rate.cnps() && Math.floorDiv(rate.cnpTs(cnp), width) <= bin) {
                    cnp++;
                    cnps++;
                }
                long bytes = rate.bytesInBin(bin);
                csv.printRecord(rate.flow(), Timestamps.iso(bin * width), bin * width, bytes,
                        Numbers.decimal(bytes * 8e9 / width, 3), cnps);
            }
        }
        csv.flush();
    }

    /** The columns of {@link #writeQcn}. */
    public static final List<String> QCN_COLUMNS = List.of("frame", "time", "time_relative_s", "cpid", "priority",
            "qfb", "cpq_offset", "cpq_delta", "reaction_point", "encap_dmac", "flow_id");

    /**
     * One row per stored Congestion Notification Message (IEEE 802.1Q QCN), in time order: its frame and time, the
     * congestion point, the encapsulated priority, the quantized feedback, cnmQOffset and cnmQDelta (signed, 64-byte
     * units), the reaction point it was sent to, the sampled frame's destination, and the CN-TAG's flow ID (empty
     * without one).
     */
    public static void writeQcn(AnalysisResult result, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, QCN_COLUMNS);
        for (io.rocelens.analysis.Cnm c : result.cnms()) {
            csv.printRecord(c.frame(), Timestamps.iso(c.timestampNanos()),
                    Numbers.decimal((c.timestampNanos() - result.firstTs()) / 1e9, 9), String.format("0x%016x", c.cpid()),
                    c.priority(), c.qfb(), c.qOffset(), c.qDelta(), Addresses.mac(c.reactionPoint()),
                    Addresses.mac(c.encapDmac()), c.flowId() < 0 ? "" : String.format("0x%04x", c.flowId()));
        }
        csv.flush();
    }

    /** One row per stored expert event, in time order. */

    public static void writeEvents(AnalysisResult result, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, EVENT_COLUMNS);
        for (ExpertEvent e : result.events()) {
            csv.printRecord(e.frame(), Timestamps.iso(e.timestampNanos()),
                    Numbers.decimal((e.timestampNanos() - result.firstTs()) / 1e9, 9), e.severity().label(),
                    e.kind().label(), e.flow(), e.message());
        }
        csv.flush();
    }
}
