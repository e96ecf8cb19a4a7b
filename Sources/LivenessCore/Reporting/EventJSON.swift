extension SessionEvent {
    /// One line of events.jsonl (SPEC §4): the event's name, frame and ms, then its details. An
    /// action is credited on the frame that completes it; `creditedFrame` and `creditedMs` name
    /// the frame it is credited at (a blink's closed frame, before its reopening).
    public var json: JSON {
        var pairs: [(String, JSON)] = [("event", .string(kind.name)), ("frame", .number(Double(frame))), ("ms", .number(ms))]
        switch kind {
        case .prompt(let prompt):
            pairs += [("code", prompt.map { .string($0.rawValue) } ?? .null), ("message", prompt.map { .string($0.message) } ?? .null)]
        case .guidePlaced(let circle):
            pairs += circle.jsonPairs
        case .scanStarted(let order):
            pairs.append(("order", .array(order.map { .string($0.rawValue) })))
        case .actionCredited(let credit):
            pairs += [
                ("action", .string(credit.action.rawValue)), ("value", .number(credit.value)),
                ("creditedFrame", .number(Double(credit.frame))), ("creditedMs", .number(credit.ms)),
            ]
            if let direction = credit.direction { pairs.append(("direction", .string(direction))) }
        case .incomplete(let stage):
            pairs.append(("stage", .string(stage.rawValue)))
        case .snapshot(let rule):
            pairs.append(("rule", .string(rule.rawValue)))
        case .faceChanged(let distance):
            pairs.append(("distance", .number(distance)))
        case .pictureSuspected(let suspicion):
            pairs += suspicion.jsonPairs
        case .started, .settled, .autoshot, .faceLost, .faceBack, .passed, .timedOut, .ended:
            break
        }
        return .object(pairs)
    }
}
