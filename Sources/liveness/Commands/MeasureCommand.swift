import LivenessCore
import LivenessFiles
import LivenessProcess
import LivenessVision

/// `liveness measure IMAGE...`: every face of each still, as the engine sees it.
enum MeasureCommand {
    static let spec = CommandSpec(
        name: "measure",
        summary: "Measure every face of still images: box, 68 landmarks, EAR, lid heights, closure (fallback open eye) and yaw.",
        positionals: "IMAGE...",
        options: [
            OptionSpec(name: "json", valueName: nil, help: "one JSON object per image on stdout (the default is a table)"),
        ] + CommonOptions.engine + [CommonOptions.help],
        positionalCount: 1...Int.max)

    static func run(_ args: ParsedArguments) throws -> ExitCode {
        let config = try CommonOptions.config(args)
        let analyzer = try FrameAnalyzer(models: CommonOptions.models(args), describing: false)
        var failed = false
        for path in args.positionals {
            let faces: [(box: FaceBox, face: FaceMeasurement)]
            do {
                faces = try analyzer.measureStill(Image.load(path), config: config)
            } catch let error as VisionError {
                // One bad image is reported and the rest are still measured.
                printError(ErrorReport.render(error).message)
                failed = true
                continue
            }
            // A stdout that cannot take the result ends the run (exit 4).
            try StandardStreams.printOutput(args.has("json") ? json(path: path, faces: faces, config: config).serialized() : table(path: path, faces: faces, config: config))
        }
        return failed ? .inputOrModel : .passed
    }

    static func closure(_ face: FaceMeasurement, _ config: LivenessConfig) -> Double {
        stillEyeClosure(face.lids, config: config)
    }

    /// Each eye's lid heights over its corner line, in eye widths.
    static func lids(_ face: FaceMeasurement) -> JSON {
        func eye(_ lids: LidHeights) -> JSON { .object([("upper", .number(lids.upper)), ("lower", .number(lids.lower))]) }
        return .object([("right", eye(face.lids.right)), ("left", eye(face.lids.left))])
    }

    static func json(path: String, faces: [(box: FaceBox, face: FaceMeasurement)], config: LivenessConfig) -> JSON {
        .object([
            ("image", .string(FileName.display(path))),
            ("faces", .array(faces.map { box, face in
                .object([
                    ("box", .object([("x", .number(box.x)), ("y", .number(box.y)), ("width", .number(box.width)), ("height", .number(box.height))])),
                    ("landmarks", .array(face.landmarks.map { .array([.number($0.x), .number($0.y)]) })),
                    ("ear", .number(face.ear)),
                    ("lids", lids(face)),
                    ("closure", .number(closure(face, config))),
                    ("yaw", .number(face.yaw)),
                    ("pitch", .number(face.pose.pitch)),
                    ("roll", .number(face.pose.roll)),
                ])
            })),
        ])
    }

    static func table(path: String, faces: [(box: FaceBox, face: FaceMeasurement)], config: LivenessConfig) -> String {
        let name = FileName.display(path)
        guard !faces.isEmpty else { return "\(name): no face" }
        return ([name] + faces.enumerated().map { i, entry in
            let (box, face) = entry
            return "  face \(i + 1) at (\(Int(box.x)), \(Int(box.y))) \(Int(box.width))x\(Int(box.height)): "
                + "EAR \(JSON.format(face.ear)), upper lids \(JSON.format(face.lids.right.upper)) \(JSON.format(face.lids.left.upper)), "
                + "lower lids \(JSON.format(face.lids.right.lower)) \(JSON.format(face.lids.left.lower)), closure \(JSON.format(closure(face, config))), yaw \(JSON.format(face.yaw))°"
        }).joined(separator: "\n")
    }
}
