/// One measured figure of a benchmark run, with how many items it stands on.
public struct Metric: Sendable {
    public var name: String
    public var value: Double
    public var count: Int
    /// A short human note (units, what was counted).
    public var note: String

    public init(_ name: String, _ value: Double, count: Int, note: String = "") {
        self.name = name
        self.value = value
        self.count = count
        self.note = note
    }
}

extension Sequence where Element == Metric {
    /// Each metric's value by name (the first, should a name repeat): what floors and reports look up.
    public var valuesByName: [String: Double] {
        Dictionary(map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
