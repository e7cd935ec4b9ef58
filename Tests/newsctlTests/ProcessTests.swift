import Testing

/// The suites that run the built binary, one test at a time: many processes at once on two
/// cores would slow the timed transport tests running beside them past their deadlines.
@Suite(.serialized) enum ProcessTests {}
