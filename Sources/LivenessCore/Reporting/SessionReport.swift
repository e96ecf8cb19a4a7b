extension LivenessSession {
    /// The session's part of the final report (SPEC §1): outcome, order, autoshot, actions,
    /// snapshot, identity (SPEC §5, with the reference photo when given) and frame counts.
    /// `autoshotImage` and `snapshotImage` name the files written, if any.
    public func reportJSON(seed: UInt64, autoshotImage: String?, snapshotImage: String?, reference: ReferencePhoto? = nil) -> [(String, JSON)] {
        var stage: JSON = .null
        if case .incomplete(let s) = outcome { stage = .string(s.rawValue) }
        let actions: [JSON] = order.map { action in
            guard let credit = credits.first(where: { $0.action == action }) else {
                return .object([
                    ("action", .string(action.rawValue)), ("credited", .bool(false)),
                    ("nearestMiss", nearestMiss(action).map(\.json) ?? .null),
                ])
            }
            var pairs: [(String, JSON)] = [
                ("action", .string(action.rawValue)), ("credited", .bool(true)),
                ("frame", .number(Double(credit.frame))), ("ms", .number(credit.ms)), ("value", .number(credit.value)),
            ]
            if let direction = credit.direction { pairs.append(("direction", .string(direction))) }
            if let crossing = credit.crossing {
                pairs.append(("continuous", .object([
                    ("crossingMs", .number(crossing.ms)), ("pixelChange", crossing.step.map(JSON.number) ?? .null),
                    ("cut", .bool(crossing.isCut)), ("lifted", .bool(crossing.lifted)),
                    ("eyePixelChange", crossing.eyeStep.map(JSON.number) ?? .null), ("eyesCut", .bool(crossing.eyesCut)),
                    ("eyesMovedMs", crossing.eyesMovedMs.map(JSON.number) ?? .null),
                ])))
            }
            if let blink = credit.lidMotion {
                pairs.append(("lidMotion", .object([
                    ("reopenedFrame", .number(Double(blink.reopened.frame))), ("reopenedMs", .number(blink.reopened.ms)),
                    ("down", .number(blink.down)), ("up", .number(blink.up)), ("bound", .number(config.blinkMinLidTravel)),
                ])))
            }
            return .object(pairs)
        }
        return [
            ("outcome", outcome.map { .string($0.name) } ?? .null),
            ("incompleteStage", stage),
            ("seed", .string(String(seed))),
            ("order", .array(order.map { .string($0.rawValue) })),
            ("autoshot", autoshot.map { chosenFrameJSON($0, [("image", autoshotImage.map(JSON.string) ?? .null)]) } ?? .null),
            ("neutralYaw", neutralYaw.map(JSON.number) ?? .null),
            ("guide", guide.json),
            ("actions", .array(actions)),
            ("snapshot", snapshot.map {
                chosenFrameJSON($0, [("rule", snapshotRule.map { .string($0.rawValue) } ?? .null), ("image", snapshotImage.map(JSON.string) ?? .null)])
            } ?? .null),
            ("identity", identity.json(snapshotFrame: snapshot?.frame, reference: reference)),
            ("picture", .object([("suspected", .array(pictureSuspicions.map { entry in
                .object([("frame", .number(Double(entry.frame.frame))), ("ms", .number(entry.frame.ms))] + entry.suspicion.jsonPairs)
            }))])),
            ("frames", .object([
                ("processed", .number(Double(counts.frames))),
                ("withFace", .number(Double(counts.withFace))),
                ("withSeveralFaces", .number(Double(counts.withSeveralFaces))),
                ("inCircle", .number(Double(counts.inCircle))),
            ])),
            ("config", config.json),
        ]
    }

    private func chosenFrameJSON(_ frame: ChosenFrame, _ extra: [(String, JSON)]) -> JSON {
        .object([("frame", .number(Double(frame.frame))), ("ms", .number(frame.ms))] + extra)
    }
}
