package io.rocelens.export;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Plain decimal text for CSV cells: no exponent, no trailing zeros, so spreadsheets read every value as a number. */
final class Numbers {

    private Numbers() {
    }

    static String decimal(double value, int maxFractionDigits) {
        if (!Double.isFinite(value)) {
            return "";
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(maxFractionDigits, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return rounded.signum() == 0 ? "0" : rounded.toPlainString();
    }
}
