/// A connection's prepared statements by their SQL, as a `[String: Statement]` kept them.
///
/// Not a `Dictionary`: the first one of a process with `String` keys makes its storage type at
/// run time, and checking `String: Hashable` for it reads every conformance record of the
/// program, a cost a cold `latest --offline` shows (bench/RESULTS.md). An open-addressed
/// table of the statements themselves, keyed by their `sql`, hashed as a dictionary would.
struct StatementCache {
    /// A power of two, at most half full; each statement sits at its SQL's slot or after it.
    private var slots: [Statement?] = Array(repeating: nil, count: 16)
    private var count = 0

    private var mask: Int { slots.count - 1 }

    private func home(_ sql: String) -> Int {
        sql.hashValue & mask
    }

    /// The slot of the statement of `sql`, or the empty slot where it would go.
    private func slot(_ sql: String) -> Int {
        var index = home(sql)
        while let statement = slots[index], statement.sql != sql { index = (index + 1) & mask }
        return index
    }

    /// The statement of `sql`; setting one keeps it under its own SQL (which must be `sql`), nil
    /// drops it.
    subscript(sql: String) -> Statement? {
        get { slots[slot(sql)] }
        set {
            if let newValue {
                assert(newValue.sql == sql, "a statement is kept under its own SQL")
                insert(newValue)
            } else {
                remove(sql)
            }
        }
    }

    /// Drops every statement (finalizing those nobody else holds).
    mutating func removeAll() {
        slots = Array(repeating: nil, count: 16)
        count = 0
    }

    private mutating func insert(_ statement: Statement) {
        let index = slot(statement.sql)
        if slots[index] != nil {
            slots[index] = statement
            return
        }
        slots[index] = statement
        count += 1
        if count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        for case let statement? in old { slots[slot(statement.sql)] = statement }
    }

    /// Empties the slot of `sql`, then moves back each statement after it that probed past it,
    /// so that every lookup still finds its statement before an empty slot.
    private mutating func remove(_ sql: String) {
        var hole = slot(sql)
        guard slots[hole] != nil else { return }
        slots[hole] = nil
        count -= 1
        var next = (hole + 1) & mask
        while let statement = slots[next] {
            // Its distance from its home slot, and from the hole: it may fill the hole when
            // the hole lies between its home and where it sits.
            if (next - home(statement.sql)) & mask >= (next - hole) & mask {
                slots[hole] = statement
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
    }
}
