/// How much a face's pixels changed between two frames, from two samples of the same region
/// (`side` x `side` gray levels, row by row): the mean absolute difference left after the best
/// shift of up to `maxShift` samples either way (a photo shaken by a hand moves as a whole),
/// over the first sample's spread (so lighting and contrast do not set the scale). A picture held
/// still or moved as one piece changes by its sensor noise only; a flip to another picture, a
/// blink or a turn of a live head changes it by more (SPEC §6, `ContinuityCheck`).
public enum PixelChange {
    /// nil when the samples are not both `side` x `side`, or are too small to shift.
    public static func between(_ a: [UInt8], _ b: [UInt8], side: Int, maxShift: Int) -> Double? {
        guard side > 2 * maxShift, a.count == side * side, b.count == side * side, maxShift >= 0 else { return nil }
        var sum = 0.0, squares = 0.0
        for v in a { let x = Double(v); sum += x; squares += x * x }
        let n = Double(a.count)
        let spread = max((squares / n - (sum / n) * (sum / n)).squareRoot(), 1)
        var best = Double.infinity
        // Only the part of `a` that stays inside `b` after the shift is compared.
        let inner = maxShift..<(side - maxShift)
        for dy in -maxShift...maxShift {
            for dx in -maxShift...maxShift {
                var total = 0
                for y in inner {
                    let rowA = y * side, rowB = (y + dy) * side + dx
                    for x in inner { total += abs(Int(a[rowA + x]) - Int(b[rowB + x])) }
                }
                best = min(best, Double(total))
            }
        }
        return best / Double(inner.count * inner.count) / spread
    }
}
