package io.rocelens.dissect;

import java.util.List;

/**
 * One protocol layer of a dissected frame, with its fields in wire order.
 *
 * @param name   short stable name: eth, vlan, sll, ip, ipv6, udp, grh, bth, rdeth, deth, reth, atomic, aeth,
 *               atomicack, immdt, ieth, cnp, payload, icrc, macc, malformed
 * @param title  heading for the detail tree, e.g. "Base Transport Header, RC RDMA WRITE First"
 * @param offset absolute byte offset in the frame
 * @param length bytes of the layer within the captured data
 */
public record Layer(String name, String title, int offset, int length, List<Field> fields) {

    public Field field(String fieldName) {
        for (Field field : fields) {
            if (field.name().equals(fieldName)) {
                return field;
            }
        }
        return null;
    }
}
