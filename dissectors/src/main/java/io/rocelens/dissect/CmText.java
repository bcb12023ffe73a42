package io.rocelens.dissect;

import io.rocelens.ksy.EnumTexts;

/** Names of CM values for the analysis and the views, from {@code ib_mad.ksy}'s enums. */
public final class CmText {

    private CmText() {
    }

    /** A ConnectReject's reason (IBTA vol. 1 §12.6.7.2, Table 102): "Consumer reject", or null for another value. */
    public static String rejectReason(int reason) {
        return EnumTexts.ibMadRejReasonEnum(reason);
    }
}
