import Foundation
import LivenessCore
import LivenessFiles
import LivenessVision

/// Options shared by the commands that run the engine: configuration, seed and model paths.
enum CommonOptions {
    static let engine: [OptionSpec] = [
        OptionSpec(name: "config", valueName: "FILE", help: "JSON configuration; keys left out keep SPEC's defaults"),
        OptionSpec(name: "landmark-model", valueName: "FILE", help: "dlib 68-point model (default: $\(ModelFiles.landmarksEnvironment) or \(ModelFiles.debianLandmarks.path))"),
        OptionSpec(name: "face-cascade", valueName: "FILE", help: "OpenCV Haar face cascade (default: $\(ModelFiles.cascadeEnvironment) or \(ModelFiles.debianCascade.path))"),
        OptionSpec(name: "search-cascade", valueName: "FILE", help: "OpenCV LBP cascade for whole-frame searches (default: $\(ModelFiles.searchCascadeEnvironment) or \(ModelFiles.debianSearchCascade.path))"),
        OptionSpec(name: "descriptor-model", valueName: "FILE", help: "dlib face-recognition model (default: $\(ModelFiles.faceDescriptorEnvironment) or ~/.local/share/liveness/\(ModelFiles.faceDescriptorName), from make setup)"),
    ]
    static let reference = OptionSpec(
        name: "reference", valueName: "IMAGE",
        help: "a reference photo with one face (an ID portrait): the report says whether the autoshot and snapshot match it")
    static let help = OptionSpec(name: "help", valueName: nil, help: "show this help")
    /// The largest configuration file read.
    static let configLimit = 1 << 20

    static func config(_ args: ParsedArguments) throws -> LivenessConfig {
        guard let path = args.value("config") else { return LivenessConfig() }
        // A regular file or a pipe (`--config <(...)`), bounded: a configuration is a few hundred bytes.
        let data: Data
        do {
            data = try InputFile.readSmall(path, limit: configLimit)
        } catch let problem as FileProblem {
            throw problem == .missing ? ConfigFileError.missing(path: path) : ConfigFileError.unreadable(path: path, cause: problem.description)
        }
        do {
            return try LivenessConfig(json: data)
        } catch let error as ConfigError {
            throw ConfigFileError.malformed(path: path, cause: error.description)
        }
    }

    /// The files the options name for reading (configuration, reference photo, models): an
    /// output must never overwrite one of them.
    static func inputFiles(_ args: ParsedArguments, models: ModelFiles) -> [String] {
        [args.value("config"), args.value("reference")].compactMap { $0 } + models.paths
    }

    static func models(_ args: ParsedArguments) -> ModelFiles {
        ModelFiles(
            landmarks: args.value("landmark-model"), faceCascade: args.value("face-cascade"), searchCascade: args.value("search-cascade"),
            faceDescriptor: args.value("descriptor-model"))
    }

    /// `--reference IMAGE`, described by `analyzer`; nil without the option.
    static func reference(_ args: ParsedArguments, analyzer: FrameAnalyzer, config: LivenessConfig) throws -> ReferencePhoto? {
        try args.value("reference").map { try analyzer.referencePhoto(at: $0, config: config) }
    }

    /// The seed given, or a fresh one (printed in the report so the run can be replayed).
    static func seed(_ args: ParsedArguments, spec: CommandSpec) throws -> UInt64 {
        try args.integer("seed", spec: spec) ?? UInt64.random(in: 0...UInt64(UInt32.max))
    }
}
