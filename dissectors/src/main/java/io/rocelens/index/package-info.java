/** The packet list's compact, columnar index of a capture ({@link io.rocelens.index.PacketIndex}). */
package io.rocelens.index;
