import Foundation
import LivenessCore
import LivenessProcess

/// Running counts of a batch: outcomes, error kinds, frames; the summary line and the human summary.
public struct BatchTally {
    public var clips = 0
    public var skipped = 0
    public var done = 0
    public var outcomes: [String: Int] = ["passed": 0, "timedOut": 0, "incomplete": 0]
    public var errors: [String: Int] = [:]
    /// Per outcome that is not a pass, per action not credited, the clips whose nearest miss
    /// named each rule (`RecordFacts.misses`).
    public var whyNotPassed: [String: [String: [String: Int]]] = [:]
    public var frames = 0
    public var workersStarted = 0
    /// The most workers alive at once.
    public var peakWorkers = 0
    public var workerPeakRSSMB = 0.0
    public var worstExit: ExitCode = .passed
    public var aborted: String?

    public init() {}

    public var failed: Int { errors.values.reduce(0, +) }
    public var scored: Int { done - failed }

    public mutating func add(_ facts: RecordFacts) {
        done += 1
        frames += facts.frames
        if let rss = facts.peakRSSMB { workerPeakRSSMB = max(workerPeakRSSMB, rss) }
        if let kind = facts.errorKind {
            errors[kind, default: 0] += 1
            let code = facts.errorExitCode.flatMap(ExitCode.init(rawValue:)) ?? .internalFailure
            worstExit = Self.worse(worstExit, code)
        } else if let outcome = facts.outcome {
            outcomes[outcome, default: 0] += 1
            for miss in facts.misses where outcome != "passed" {
                whyNotPassed[outcome, default: [:]][miss.action, default: [:]][miss.rule, default: 0] += 1
            }
        }
    }

    /// A stop signal over 4 (internal) over 3 (input) over 0.
    public static func worse(_ a: ExitCode, _ b: ExitCode) -> ExitCode {
        let rank: (ExitCode) -> Int = { [.passed: 0, .notPassed: 0, .usage: 1, .inputOrModel: 2, .internalFailure: 3][$0] ?? 4 }
        return rank(b) > rank(a) ? b : a
    }

    /// The batch's exit status: 0 when every clip was scored (whatever its outcome), 3 when a clip
    /// had an input error or hit a limit, 4 when something failed on its own.
    public var exitCode: ExitCode { worstExit == .notPassed ? .passed : worstExit }

    /// `models`, `blas` and `version` as the single-clip report gives them (the workers run this
    /// binary in this environment, so they load the same BLAS as the coordinator).
    public func summaryJSON(
        wallMs: Double, workers: WorkerCount, shard: Shard?, coordinatorPeakRSSMB: Double, config: LivenessConfig,
        models: JSON, blas: JSON, version: String
    ) -> JSON {
        func number(_ value: Int) -> JSON { .number(Double(value)) }
        func counts(_ table: [String: Int]) -> JSON { .object(table.sorted { $0.key < $1.key }.map { ($0.key, number($0.value)) }) }
        let clipCounts: [(String, JSON)] = [
            ("clips", number(clips)), ("scored", number(scored)), ("failed", number(failed)),
            ("skipped", number(skipped)), ("notRun", number(clips - skipped - done)),
            ("outcomes", counts(outcomes)), ("errors", counts(errors)),
            ("whyNotPassed", .object(whyNotPassed.sorted { $0.key < $1.key }.map { outcome, actions in
                (outcome, .object(actions.sorted { $0.key < $1.key }.map { ($0.key, counts($0.value)) }))
            })),
        ]
        let speed: [(String, JSON)] = [
            ("frames", number(frames)), ("wallMs", .number(wallMs)),
            ("framesPerSecond", .number(perSecond(Double(frames), overMs: wallMs) ?? 0)),
            ("clipsPerMinute", .number((perSecond(Double(done), overMs: wallMs) ?? 0) * 60)),
            ("jobs", number(workers.jobs)), ("jobsAsked", number(workers.asked)),
            ("workersAtOnce", number(peakWorkers)), ("workersStarted", number(workersStarted)),
            ("shard", shard.map { .string($0.description) } ?? .null),
            ("peakRSSMB", .object([("coordinator", .number(coordinatorPeakRSSMB)), ("worker", .number(workerPeakRSSMB))])),
        ]
        let run: [(String, JSON)] = [
            ("exitCode", number(Int(exitCode.rawValue))),
            ("aborted", aborted.map(JSON.string) ?? .null),
            ("tool", .object([("name", .string("liveness")), ("version", .string(version))])),
            ("config", config.json),
            ("models", models),
            ("blas", blas),
        ]
        return .object([("summary", .object(clipCounts + speed + run))])
    }

    public func humanSummary(wallMs: Double, workers: WorkerCount) -> String {
        let outcomeText = ["passed", "timedOut", "incomplete"].map { "\(outcomes[$0] ?? 0) \($0)" }.joined(separator: ", ")
        var text = "liveness: \(done) of \(clips - skipped) clip(s) in \(BatchProgress.duration(wallMs / 1000)) with \(peakWorkers) worker(s)\(workers.capNote.map { " (\($0))" } ?? ""): \(outcomeText), \(failed) failed"
        if !errors.isEmpty { text += " (" + errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")" }
        if skipped > 0 { text += "; \(skipped) already in the output, skipped" }
        text += String(format: "; %d frames, %.0f frames/s", frames, perSecond(Double(frames), overMs: wallMs) ?? 0)
        for line in whyNotPassedLines() { text += "\n  " + line }
        if let aborted { text += "\n\(aborted)" }
        return text
    }

    /// One line per outcome that is not a pass, e.g. "timedOut 12: blink refused by cameraRotating
    /// 9, blink not seen 3; turnHead not seen 12", the commonest rule first.
    func whyNotPassedLines() -> [String] {
        ["timedOut", "incomplete"].compactMap { outcome in
            guard let actions = whyNotPassed[outcome], let n = outcomes[outcome], n > 0 else { return nil }
            let parts = actions.sorted { $0.key < $1.key }.map { action, rules in
                rules.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { rule, count in
                    switch rule {
                    case Refusal.Rule.notReached.rawValue: return "\(action) not seen \(count)"
                    case "noAutoshot": return "\(action) not judged (no autoshot) \(count)"
                    case "noFace": return "\(action) no face in the scan \(count)"
                    default: return "\(action) refused by \(rule) \(count)"
                    }
                }.joined(separator: ", ")
            }
            return "\(outcome) \(n): " + parts.joined(separator: "; ")
        }
    }
}
