package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Expected texts from RFC 5952 §4 and §5. */
class AddressesTest {

    @Test
    void ipv6TextFollowsRfc5952() {
        assertEquals("2001:db8::1", Addresses.ipv6(0x20010db800000000L, 1L));
        assertEquals("2001:db8:0:1:1:1:1:1", Addresses.ipv6(0x20010db800000001L, 0x0001000100010001L));
        assertEquals("2001:0:0:1::1", Addresses.ipv6(0x2001000000000001L, 1L));
        assertEquals("::", Addresses.ipv6(0, 0));
        assertEquals("fe80::", Addresses.ipv6(0xfe80000000000000L, 0));
        assertEquals("::ffff:192.0.2.1", Addresses.ipv6(0, Addresses.ipv4Mapped(0xc0000201L)));
    }

    @Test
    void ipv4MappedAddressesPrintAsDottedQuads() {
        assertEquals("10.1.16.61", Addresses.ip(0, Addresses.ipv4Mapped(0x0a01103dL)));
        assertEquals("2001:db8::1", Addresses.ip(0x20010db800000000L, 1L));
    }

    @Test
    void macAddressesPrintAsSixOctets() {
        assertEquals("01:80:c2:00:00:01", Addresses.mac(0x0180c2000001L));
        assertEquals("00:00:00:00:00:0a", Addresses.mac(0x0aL));
    }
}
