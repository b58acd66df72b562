import Testing

/// The release binary carries ICU's data without the items `scripts/icu-data` leaves out
/// (docs/install.md). Foundation's calls that read those items do not fail there: they
/// return nil or the input unchanged, so a use would change what the installed binary
/// prints and not what the debug build (whole ICU) prints, and no test would see it.
/// So none is written: a use needs the item back in `scripts/icu-data` first.
@Suite struct ICUDataRuleTests {
    @Test func noCallReadsTheDataLeftOutOfTheReleaseBuild() throws {
        let readers = [
            "applyingTransform",  // translit/
            "localizedString(forLanguageCode", "localizedString(forRegionCode", "localizedString(forIdentifier",
            "localizedString(forScriptCode",  // lang/, region/
            "MeasurementFormatter", "Measurement<",  // unit/
            "localizedStandardCompare", "localizedCompare", "localizedCaseInsensitiveCompare",  // coll/ tailorings
            // *.cnv (UTF-8/16/32, ASCII, Latin-1 and Windows-1252 are built in)
            ".shiftJIS", ".japaneseEUC", ".iso2022JP",
        ]
        for reader in readers {
            #expect(try SourceRulesTests.uses(reader).isEmpty, "\(reader)")
        }
    }
}
