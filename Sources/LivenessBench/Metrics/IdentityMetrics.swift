import LivenessCore
import LivenessData

/// The same/different pairs metric (Benchmarks/README.md): every pair of one person's samples
/// (within and across their clips) should lie under `differentFaceDistance`; every pair of two
/// people's, and of a person's and a stranger's, at or above it. Strangers are not paired with
/// each other: nothing says two stranger photos are not of one person.
public enum IdentityMetrics {
    public static func compute(_ samples: IdentitySamples, differentFaceDistance threshold: Double) -> [Metric] {
        let known = samples.samples.filter { $0.person != nil }
        let strangers = samples.samples.filter { $0.person == nil }
        var same: [Double] = [], different: [Double] = []
        for (i, a) in known.enumerated() {
            for b in known[(i + 1)...] {
                let distance = a.descriptor.distance(to: b.descriptor)
                if a.person == b.person { same.append(distance) } else { different.append(distance) }
            }
            different += strangers.map { a.descriptor.distance(to: $0.descriptor) }
        }
        let limit = fmt(threshold, 2)
        return [
            Metric("identity.sameAccepted", share(same.filter { $0 < threshold }.count, of: same.count), count: same.count,
                   note: "pairs of one person's faces under \(limit)"),
            Metric("identity.differentRejected", share(different.filter { $0 >= threshold }.count, of: different.count), count: different.count,
                   note: "pairs of two people's faces at or above \(limit)"),
            Metric("identity.sameDistanceMax", same.max() ?? .nan, count: same.count, note: "the farthest pair of one person"),
            Metric("identity.differentDistanceMin", different.min() ?? .nan, count: different.count, note: "the closest pair of two people"),
        ]
    }

    /// Per pair of groups (a person with themselves, two people, a person and the strangers): how
    /// many pairs, the smallest and largest distance, and the share under `threshold`.
    public static func perGroupPair(_ samples: IdentitySamples, differentFaceDistance threshold: Double)
        -> [(groups: String, pairs: Int, min: Double, max: Double, under: Double)] {
        let names = samples.samples.reduce(into: [String]()) { names, s in
            let name = s.person ?? "strangers"
            if !names.contains(name) { names.append(name) }
        }
        var rows: [(String, Int, Double, Double, Double)] = []
        for (i, a) in names.enumerated() where a != "strangers" {
            for b in names[i...] {
                let left = samples.samples.filter { ($0.person ?? "strangers") == a }
                let right = samples.samples.filter { ($0.person ?? "strangers") == b }
                var distances: [Double] = []
                for (j, x) in left.enumerated() {
                    for y in (a == b ? Array(left[(j + 1)...]) : right) { distances.append(x.descriptor.distance(to: y.descriptor)) }
                }
                guard !distances.isEmpty else { continue }
                rows.append((a == b ? a : "\(a) / \(b)", distances.count, distances.min()!, distances.max()!,
                             share(distances.filter { $0 < threshold }.count, of: distances.count)))
            }
        }
        return rows
    }

    /// Per source clip: how far its faces stray from its first one, and from each other.
    public static func perClip(_ samples: IdentitySamples) -> [(source: String, faces: Int, maxFromFirst: Double, maxPair: Double)] {
        let known = samples.samples.filter { $0.person != nil }
        var sources: [String] = []
        for sample in known where !sources.contains(sample.source) { sources.append(sample.source) }
        return sources.map { source in
            let faces = known.filter { $0.source == source }.map(\.descriptor)
            let fromFirst = faces.map { faces[0].distance(to: $0) }.max() ?? 0
            var maxPair = 0.0
            for (i, a) in faces.enumerated() { for b in faces[(i + 1)...] { maxPair = max(maxPair, a.distance(to: b)) } }
            return (source, faces.count, fromFirst, maxPair)
        }
    }
}
