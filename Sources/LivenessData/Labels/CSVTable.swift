import Foundation

/// A small comma-separated table with a header row and no quoted fields (the data sets' label files).
public struct CSVTable {
    public let rows: [[String: String]]

    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(path: String) throws {
        let text = try BenchFile.text(path)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { throw Malformed(description: "\(path): empty") }
        guard Set(header).count == header.count else { throw Malformed(description: "\(path): a column name appears twice in the header") }
        rows = try lines.dropFirst().map { fields in
            guard fields.count == header.count else {
                throw Malformed(description: "\(path): a row has \(fields.count) fields, the header \(header.count)")
            }
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}

extension Dictionary where Key == String, Value == String {
    public func text(_ column: String) throws -> String {
        guard let value = self[column] else { throw CSVTable.Malformed(description: "no column \(column)") }
        return value
    }

    /// The column's number, within `range` (`LabelNumber`'s ranges).
    public func number(_ column: String, in range: ClosedRange<Double>) throws -> Double {
        let field = try text(column)
        guard let value = LabelNumber.parse(field, in: range) else {
            throw CSVTable.Malformed(description: "\(column): \(LabelNumber.problem(range)), got \(field)")
        }
        return value
    }
}
