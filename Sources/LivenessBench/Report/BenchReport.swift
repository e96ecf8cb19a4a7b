import Foundation
import LivenessCore

/// The benchmark's result as JSON (stdout, result.json) and as a table (stderr).
public enum BenchReport {
    public static func json(_ run: BenchRun, manifest: String, floors: [Floor]) -> JSON {
        let values = Dictionary(run.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        return .object([
            ("manifest", .string(manifest)),
            ("date", .string(ISO8601DateFormatter().string(from: Date()))),
            ("metrics", .array(run.metrics.map { m in
                .object([("name", .string(m.name)), ("value", .number(m.value)), ("count", .number(Double(m.count))), ("note", .string(m.note))])
            })),
            ("floors", .array(floors.map { f in
                .object([
                    ("metric", .string(f.metric)), ("min", f.min.map(JSON.number) ?? .null), ("max", f.max.map(JSON.number) ?? .null),
                    ("value", values[f.metric].map(JSON.number) ?? .null), ("held", .bool(f.breach(values[f.metric]) == nil)),
                ])
            })),
            ("broken", .array(run.breaches.map(JSON.string))),
            ("clips", .array(run.verdicts.map(clipJSON))),
            ("failures", .array(run.failures.map { .object([("clip", .string($0.clip)), ("error", .string($0.error))]) })),
        ])
    }

    static func clipJSON(_ v: ClipVerdict) -> JSON {
        func flag(_ b: Bool?) -> JSON { b.map(JSON.bool) ?? .null }
        return .object([
            ("name", .string(v.name)), ("outcome", .string(v.outcome)), ("expected", v.expectedOutcome.map(JSON.string) ?? .null),
            ("outcomeOK", flag(v.outcomeOK)), ("blink", .string(v.blink.rawValue)), ("turn", .string(v.turn.rawValue)),
            ("blinkExpected", .bool(v.blinkExpected)), ("turnExpected", .bool(v.turnExpected)),
            ("promptsOK", flag(v.promptsOK)), ("sameDecisionsOK", flag(v.sameDecisionsOK)),
            ("autoshotMs", v.autoshotMs.map(JSON.number) ?? .null), ("frames", .number(Double(v.frames))),
            ("framesWithFace", .number(Double(v.framesWithFace))),
        ])
    }

    /// Per clip one line, then every metric with its count, then the floors.
    public static func table(_ run: BenchRun, floors: [Floor]) -> String {
        func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: max(n, s.count), withPad: " ", startingAt: 0) }
        func mark(_ b: Bool?) -> String { b.map { $0 ? "ok" : "WRONG" } ?? "-" }
        var lines = [pad("clip", 24) + pad("outcome", 12) + pad("expected", 12) + pad("blink", 11) + pad("turn", 11) + pad("prompts", 9) + "same"]
        for v in run.verdicts {
            let outcome = v.outcome + (v.outcomeOK == false ? "!" : "")
            lines.append(pad(v.name, 24) + pad(outcome, 12) + pad(v.expectedOutcome ?? "-", 12) + pad(v.blink.rawValue, 11)
                + pad(v.turn.rawValue, 11) + pad(mark(v.promptsOK), 9) + mark(v.sameDecisionsOK))
        }
        for failure in run.failures { lines.append(pad(failure.clip, 24) + "NOT SCORED: " + failure.error) }
        lines.append("")
        for m in run.metrics {
            lines.append(pad(m.name, 30) + pad(fmt(m.value), 10) + pad("n=\(m.count)", 8) + m.note)
        }
        lines.append("")
        let values = Dictionary(run.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        for f in floors {
            let bound = [f.min.map { ">= \(fmt($0))" }, f.max.map { "<= \(fmt($0))" }].compactMap { $0 }.joined(separator: ", ")
            lines.append(pad(f.metric, 30) + pad(bound, 14) + (f.breach(values[f.metric]).map { "BROKEN: " + $0 } ?? "held"))
        }
        return lines.joined(separator: "\n")
    }
}
