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
