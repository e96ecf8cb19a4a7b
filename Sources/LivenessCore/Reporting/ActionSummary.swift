import Foundation

extension LivenessSession {
    /// One action's outcome for people (the summary on stderr, the live window's final screen):
    /// when and by what it was credited, or why not (its nearest miss, `ActionMiss.sentence`).
    public func actionSummary(_ action: LivenessAction) -> String {
        guard let credit = credits.first(where: { $0.action == action }) else {
            if let miss = nearestMiss(action) { return miss.sentence }
            return autoshot == nil ? "not judged: no autoshot" : "not seen: no face during the scan"
        }
        let direction = credit.direction.map { " (\($0))" } ?? ""
        return String(format: "at %.2f s", credit.ms / 1000) + " (frame \(credit.frame)), \(ActionMiss.measure(action, credit.value))\(direction)"
    }
}
