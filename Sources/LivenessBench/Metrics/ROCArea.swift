/// The area under the ROC curve of a score meant to be higher for positives: the chance that a
/// random positive outscores a random negative, ties counting half.
public func rocArea(positives: [Double], negatives: [Double]) -> Double {
    precondition(!positives.isEmpty && !negatives.isEmpty, "need both classes")
    var wins = 0.0
    for p in positives {
        for n in negatives {
            if p > n { wins += 1 } else if p == n { wins += 0.5 }
        }
    }
    return wins / Double(positives.count * negatives.count)
}
