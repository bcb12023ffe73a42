package io.rocelens.live;

/**
 * How a capture is going on one interface.
 *
 * @param name      the interface
 * @param captured  frames written to the output (and handed to the listener)
 * @param received  frames that passed the capture filter, as libpcap counts them (pcap_stats ps_recv)
 * @param dropped   frames dropped because the capture buffer was full (ps_drop)
 * @param ifDropped frames the interface or its driver dropped (ps_ifdrop)
 */
public record InterfaceStatistics(String name, long captured, long received, long dropped, long ifDropped) {
}
