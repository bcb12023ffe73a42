package io.rocelens.dissect;

/** Where the walker found a header: the detail describer re-reads it there with field positions. */
record LayerMark(Kind kind, int offset, int length) {

    enum Kind { ETHERNET, SLL, SLL2, IPV4, IPV6, UDP, TCP, ARP, GRH, BTH, EXTENDED_HEADERS, PAYLOAD, ICRC, MAC_CONTROL, ERF, LRH, VCRC, GRE, ERSPAN_II, ERSPAN_III, VXLAN, LLC, STP }
}
