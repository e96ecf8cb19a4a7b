import Foundation
import LivenessCore
import LivenessData

/// The benchmark's result as JSON (stdout, result.json) and as a table (stderr).
public enum BenchReport {
    /// `comparison` adds a last key, `comparison`; without it the result is as it always was.
    public static func json(_ run: BenchRun, manifest: String, comparison: BenchComparison? = nil) -> JSON {
        var fields: [(String, JSON)] = [
            ("manifest", .string(manifest)),
            ("date", .string(ISO8601DateFormatter().string(from: Date()))),
            ("machine", BenchMachine.current.json),
            ("metrics", .array(run.metrics.map { m in
                .object([("name", .string(m.name)), ("value", .number(m.value)), ("count", .number(Double(m.count))), ("note", .string(m.note))])
            })),
            ("floors", .array(run.floors.map { c in
                .object([
                    ("metric", .string(c.floor.metric)), ("min", c.floor.min.map(JSON.number) ?? .null), ("max", c.floor.max.map(JSON.number) ?? .null),
                    ("value", c.value.map(JSON.number) ?? .null), ("held", .bool(c.status == .held)), ("status", .string(c.status.rawValue)),
                ])
            })),
            ("broken", .array(run.floors.broken.map(JSON.string))),
            ("knownGaps", .array(run.floors.knownGaps.map(JSON.string))),
            ("clips", .array(run.verdicts.map(clipJSON))),
            ("failures", .array(run.failures.map { .object([("clip", .string($0.clip)), ("error", .string($0.error))]) })),
        ]
        if !run.identityClips.isEmpty {
            fields.append(("identities", .object([
                ("clips", .array(run.identityClips.map { c in
                    .object([("source", .string(c.source)), ("faces", .number(Double(c.faces))),
                             ("maxFromFirst", .number(c.maxFromFirst)), ("maxPair", .number(c.maxPair))])
                })),
                ("pairs", .array(run.identityGroups.map { g in
                    .object([("groups", .string(g.groups)), ("pairs", .number(Double(g.pairs))), ("min", .number(g.min)),
                             ("max", .number(g.max)), ("shareUnderThreshold", .number(g.under))])
                })),
            ])))
        }
        if let comparison { fields.append(("comparison", comparisonJSON(comparison))) }
        return .object(fields)
    }

    static func comparisonJSON(_ comparison: BenchComparison) -> JSON {
        func number(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
        func checks(_ checks: ClipChecks?) -> JSON { checks.map { .object($0.fields.map { ($0.name, .string($0.value)) }) } ?? .null }
        return .object([
            ("previous", .string(comparison.previousPath)), ("previousDate", comparison.previousDate.map(JSON.string) ?? .null),
            ("previousMachine", comparison.machines?.previous.json ?? .null),
            ("metrics", .array(comparison.metrics.map { m in
                .object([("name", .string(m.name)), ("old", number(m.old)), ("new", number(m.new)), ("delta", number(m.delta)),
                         ("verdict", .string(m.verdict.rawValue))])
            })),
            ("clips", .array(comparison.clips.map { .object([("name", .string($0.name)), ("old", checks($0.old)), ("new", checks($0.new))]) })),
        ])
    }

    static func clipJSON(_ v: ClipVerdict) -> JSON {
        func flag(_ b: Bool?) -> JSON { b.map(JSON.bool) ?? .null }
        func actions(_ a: ActionRecall) -> JSON { .object([("found", .number(Double(a.found))), ("labelled", .number(Double(a.labelled)))]) }
        return .object([
            ("name", .string(v.name)), ("outcome", .string(v.outcome)), ("expected", v.expectedOutcome.map(JSON.string) ?? .null),
            ("outcomeOK", flag(v.outcomeOK)), ("blink", .string(v.blink.rawValue)), ("turn", .string(v.turn.rawValue)),
            ("blinkExpected", .bool(v.blinkExpected)), ("turnExpected", .bool(v.turnExpected)),
            ("attackKind", v.presentation.attackKind.map(JSON.string) ?? .null),
            ("blinkActions", actions(v.blinkActions)), ("turnActions", actions(v.turnActions)),
            ("promptsOK", flag(v.promptsOK)), ("sameDecisionsOK", flag(v.sameDecisionsOK)), ("faceChangedOK", .bool(v.faceChangedOK)),
            ("autoshotMs", v.autoshotMs.map(JSON.number) ?? .null), ("frames", .number(Double(v.frames))),
            ("framesWithFace", .number(Double(v.framesWithFace))),
            ("hogOnlyFrames", v.hogOnlyMs.map { .number(Double($0.count)) } ?? .null),
            ("hogOnlyMs", v.hogOnlyMs.map { .array($0.map(JSON.number)) } ?? .null),
        ])
    }

    /// Per clip one line, then every metric with its count, what changed since the previous run
    /// when there is a comparison, then the floors.
    public static func table(_ run: BenchRun, comparison: BenchComparison? = nil) -> String {
        func mark(_ b: Bool?) -> String { b.map { $0 ? "ok" : "WRONG" } ?? "-" }
        var lines = [pad("clip", 24) + pad("outcome", 12) + pad("expected", 12) + pad("blink", 11) + pad("turn", 11) + pad("prompts", 9)
            + pad("same", 6) + pad("faceChanged", 13) + pad("face/frames", 13) + "HOG only"]
        for v in run.verdicts {
            let outcome = v.outcome + (v.outcomeOK == false ? "!" : "")
            lines.append(pad(v.name, 24) + pad(outcome, 12) + pad(v.expectedOutcome ?? "-", 12) + pad(v.blink.rawValue, 11)
                + pad(v.turn.rawValue, 11) + pad(mark(v.promptsOK), 9) + pad(mark(v.sameDecisionsOK), 6) + pad(mark(v.faceChangedOK), 13)
                + pad("\(v.framesWithFace)/\(v.frames)", 13) + (v.hogOnlyMs.map { "\($0.count)" } ?? "-"))
        }
        for failure in run.failures { lines.append(pad(failure.clip, 24) + "NOT SCORED: " + failure.error) }
        lines.append("")
        if !run.identityClips.isEmpty {
            lines.append(pad("identity: clip", 50) + pad("faces", 8) + pad("max from first", 16) + "max pair")
            for c in run.identityClips {
                lines.append(pad((c.source as NSString).lastPathComponent, 50) + pad("\(c.faces)", 8) + pad(fmt(c.maxFromFirst), 16) + fmt(c.maxPair))
            }
            lines.append("")
            lines.append(pad("identity: pairs of", 50) + pad("pairs", 8) + pad("min", 8) + pad("max", 8) + "under threshold")
            for g in run.identityGroups {
                lines.append(pad(g.groups, 50) + pad("\(g.pairs)", 8) + pad(fmt(g.min), 8) + pad(fmt(g.max), 8) + fmt(g.under))
            }
            lines.append("")
        }
        for m in run.metrics {
            lines.append(pad(m.name, 30) + pad(fmt(m.value), 10) + pad("n=\(m.count)", 8) + m.note)
        }
        lines.append("")
        if let comparison { lines += comparisonLines(comparison) + [""] }
        for check in run.floors {
            let f = check.floor
            let bound = [f.min.map { ">= \(fmt($0))" }, f.max.map { "<= \(fmt($0))" }].compactMap { $0 }.joined(separator: ", ")
            let status = switch check.status {
            case .held: check.gapClosed ? "held (its knownGap can go)" : "held"
            case .knownGap: "known gap: " + (check.message ?? "")
            case .broken: "BROKEN: " + (check.message ?? "")
            }
            lines.append(pad(f.metric, 30) + pad(bound, 14) + status)
        }
        return lines.joined(separator: "\n")
    }

    /// Per metric old, new, the difference and its verdict; then per changed clip what changed
    /// (`real: blink falseAlarm -> none`). Four decimals: what the result JSON keeps.
    static func comparisonLines(_ comparison: BenchComparison) -> [String] {
        func value(_ v: Double?) -> String { v.map { fmt($0, 4) } ?? "-" }
        // A difference too small to print shows as +0.0000 rather than -0.0000.
        func signed(_ d: Double) -> String { d <= -BenchComparison.roundingTolerance ? fmt(d, 4) : "+" + fmt(max(d, 0), 4) }
        var lines = ["since \(comparison.previousPath)" + (comparison.previousDate.map { " (\($0))" } ?? "")]
        if let machines = comparison.machines {
            lines.append("made on another machine (\(machines.previous.description); this one: \(machines.now.description)): a change may be the machine's, not the code's")
        }
        lines.append(pad("metric", 30) + pad("old", 12) + pad("new", 12) + pad("change", 12) + "verdict")
        for m in comparison.metrics {
            lines.append(pad(m.name, 30) + pad(value(m.old), 12) + pad(value(m.new), 12) + pad(m.delta.map(signed) ?? "-", 12) + m.verdict.rawValue)
        }
        for clip in comparison.clips {
            guard let old = clip.old, let new = clip.new else {
                lines.append("\(clip.name): " + (clip.old == nil ? "new" : "gone"))
                continue
            }
            let changes = zip(old.fields, new.fields).filter { $0.value != $1.value }.map { "\($0.name) \($0.value) -> \($1.value)" }
            lines.append("\(clip.name): " + changes.joined(separator: ", "))
        }
        if comparison.clips.isEmpty { lines.append("no clip changed its outcome, blink or turn") }
        return lines
    }

    /// `s` padded to `n` columns, and always followed by at least one space.
    private static func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: max(n, s.count + 1), withPad: " ", startingAt: 0) }
}
