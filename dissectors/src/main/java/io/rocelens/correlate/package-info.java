/**
 * Multi-point correlation: the same RoCE packets captured at several points of one path (the sender's NIC, a
 * switch's mirror, the receiver's NIC), recognised at each point, so that what happened between two points (lost,
 * CE-marked, DSCP or PCP rewritten, reordered, delayed) is counted per hop and direction and per flow.
 * {@link io.rocelens.correlate.Correlator} is the entry point; no JavaFX here.
 */
package io.rocelens.correlate;
