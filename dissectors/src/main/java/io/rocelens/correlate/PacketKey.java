package io.rocelens.correlate;

/**
 * One packet, by what the fabric does not change: its flow, opcode, PSN and ICRC (which masks DSCP, ECN and TTL,
 * the fields a hop may rewrite), or the BTH's extended headers where the ICRC was not captured. A retransmission has
 * the same key as its original: instances are told apart by time.
 */
record PacketKey(FlowKey flow, int opcode, int psn, long content) {
}
