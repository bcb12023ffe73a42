package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BandwidthBinsTest {

    @Test
    void binsAlignToMultiplesOfTheWidth() {
        BandwidthBins bins = new BandwidthBins(1_000, 100);
        bins.add(1_500, 3, 100);   // bin [1000, 2000)
        bins.add(1_999, 3, 50);    // same bin
        bins.add(4_000, 5, 10);    // bin [4000, 5000): bins 2000 and 3000 stay empty
        assertEquals(4, bins.size());
        assertEquals(1_000, bins.startNanos(0));
        assertEquals(150, bins.bytes(0, 3));
        assertEquals(2, bins.packets(0, 3));
        assertEquals(0, bins.bytes(1, 3));
        assertEquals(10, bins.bytes(3, 5));
    }

    @Test
    void binsOfFilesFarApartMergeWithPositiveWidths() {
        // one file of two packets 136 years apart (its bins grow to 10^15 ns = 11.6 days), one file of 1 µs bins:
        // the factor between the widths, 10^12, does not fit an int
        long years136 = 136L * 365 * 86_400 * 1_000_000_000L;
        BandwidthBins wide = new BandwidthBins(1_000, 10_000);
        wide.add(0, 3, 100);
        wide.add(years136, 3, 200);
        assertEquals(1_000_000_000_000_000L, wide.widthNanos());
        BandwidthBins narrow = new BandwidthBins(1_000, 10_000);
        narrow.add(years136 + 5_000, 4, 7);
        BandwidthBins merged = wide.merge(narrow);
        assertEquals(1_000_000_000_000_000L, merged.widthNanos());
        assertEquals(0, merged.startNanos(0));
        assertEquals(100, merged.bytes(0, 3));
        int last = merged.size() - 1;
        // 136 years = 4 288 896 000 s = bin 4288 of 10^6 s
        assertEquals(4_289, merged.size());
        assertEquals(4_288_000_000_000_000_000L, merged.startNanos(last));
        assertEquals(200, merged.bytes(last, 3));
        assertEquals(7, merged.bytes(last, 4));
    }

    @Test
    void anEarlierTimestampShiftsTheBins() {
        BandwidthBins bins = new BandwidthBins(1_000, 100);
        bins.add(5_000, 0, 1);
        bins.add(2_500, 1, 2);
        assertEquals(4, bins.size());
        assertEquals(2_000, bins.startNanos(0));
        assertEquals(2, bins.bytes(0, 1));
        assertEquals(1, bins.bytes(3, 0));
    }

    @Test
    void tooManyBinsMakeThemTenTimesWider() {
        // 10 bins allowed: t = 0 and t = 10 µs at 1 µs would need 11 -> width 10 µs, bins [0, 10) and [10, 20)
        BandwidthBins bins = new BandwidthBins(1_000, 10);
        bins.add(0, 0, 1);
        bins.add(9_999, 0, 2);
        bins.add(10_000, 0, 4);
        assertEquals(10_000, bins.widthNanos());
        assertEquals(2, bins.size());
        assertEquals(3, bins.bytes(0, 0));
        assertEquals(4, bins.bytes(1, 0));
    }

    @Test
    void atMostPicksTheNextWidthOfTheOneTwoFiveSeries() {
        BandwidthBins bins = new BandwidthBins(1_000, 10_000);
        for (int i = 0; i < 1_500; i++) {
            bins.add(i * 1_000L, 2, 1);
        }
        // 1500 bins > 1000: factor 2 gives 750 bins of 2 µs
        BandwidthBins shown = bins.atMost(1_000);
        assertEquals(2_000, shown.widthNanos());
        assertEquals(750, shown.size());
        assertEquals(2, shown.bytes(0, 2));
        // at most 100: factor 20 gives 75 bins of 20 µs
        assertEquals(20_000, bins.atMost(100).widthNanos());
        assertEquals(75, bins.atMost(100).size());
    }

    @Test
    void mergeUsesTheWiderWidth() {
        BandwidthBins fine = new BandwidthBins(1_000, 100);
        fine.add(12_000, 1, 5);
        BandwidthBins coarse = new BandwidthBins(10_000, 100);
        coarse.add(31_000, 1, 7);
        BandwidthBins merged = fine.merge(coarse);
        assertEquals(10_000, merged.widthNanos());
        assertEquals(3, merged.size());          // [10, 20), [20, 30), [30, 40) µs
        assertEquals(5, merged.bytes(0, 1));
        assertEquals(7, merged.bytes(2, 1));
    }

    @Test
    void capturesFarApartMergeIntoTenTimesWiderBins() {
        // t = 0 and t = 10^15 ns (11.6 days) with 100 000 bins at most: at 10^10 ns the bins are 0 and 100 000,
        // 100 001 of them; at 10^11 ns they are 0 and 10 000, 10 001 of them
        BandwidthBins early = new BandwidthBins(1_000, 100_000);
        early.add(0, 3, 100);
        BandwidthBins late = new BandwidthBins(1_000, 100_000);
        late.add(1_000_000_000_000_000L, 3, 50);
        BandwidthBins merged = early.merge(late);
        assertEquals(100_000_000_000L, merged.widthNanos());
        assertEquals(10_001, merged.size());
        assertEquals(100, merged.bytes(0, 3));
        assertEquals(50, merged.bytes(10_000, 3));
        assertEquals(1, merged.packets(10_000, 3));
    }
}
