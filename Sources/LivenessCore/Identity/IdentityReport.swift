extension SameFaceRule {
    /// The report's `identity` block (SPEC §5): the distance from the autoshot's face at each
    /// credited action and at the snapshot, each change to another face, and, given a reference
    /// photo, its distances from the autoshot and the snapshot and whether they match it (every
    /// distance there is under `differentFaceDistance`). null when no autoshot descriptor was taken.
    public func json(snapshotFrame: Int?, reference: ReferencePhoto?) -> JSON {
        guard let autoshot else { return .null }
        var snapshot: JSON = .null
        if let snapshotFrame, let snapshotDistance {
            snapshot = .object([("frame", .number(Double(snapshotFrame))), ("distance", .number(snapshotDistance))])
        }
        return .object([
            ("actions", .array(creditDistances.map { credit in
                .object([("action", .string(credit.action.rawValue)), ("frame", .number(Double(credit.frame))), ("distance", .number(credit.distance))])
            })),
            ("snapshot", snapshot),
            ("faceChanged", .array(changes.map { change in
                .object([("frame", .number(Double(change.frame))), ("ms", .number(change.ms)), ("distance", .number(change.distance))])
            })),
            ("refusedFrames", .number(Double(refusedFrames))),
            ("reference", reference.map { referenceJSON($0, autoshot: autoshot) } ?? .null),
        ])
    }

    private func referenceJSON(_ reference: ReferencePhoto, autoshot: FaceDescriptor) -> JSON {
        let fromAutoshot = autoshot.distance(to: reference.descriptor)
        let fromSnapshot = snapshot?.distance(to: reference.descriptor)
        let distances = [fromAutoshot] + (fromSnapshot.map { [$0] } ?? [])
        return .object([
            ("path", .string(reference.path)),
            ("distanceFromAutoshot", .number(fromAutoshot)),
            ("distanceFromSnapshot", fromSnapshot.map(JSON.number) ?? .null),
            ("match", .bool(distances.allSatisfy { $0 < differentFaceDistance })),
        ])
    }
}
