/// What the sync, status and prune presenters share: the archive's wording, its dates and the
/// wording of errors, all in one language.
struct ArchivePresentation {
    let strings: ArchiveStrings
    let dates: DateFormatting
    let errors: ErrorPresenter

    init(language: Language) {
        strings = ArchiveStrings(language: language)
        dates = DateFormatting(language: language)
        errors = ErrorPresenter(language: language)
    }
}
