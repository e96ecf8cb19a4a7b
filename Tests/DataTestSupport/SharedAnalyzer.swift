import LivenessCore
import LivenessVision
import TestSupport
import XCTest

/// Loading dlib's model takes about half a second: stills share one analyzer for the whole run.
/// Video tests make their own (`fresh()`), because an analyzer tracks the face from frame to frame.
/// A missing or corrupt model skips the test, or fails it under CI.
public enum SharedAnalyzer {
    private static let loaded = Result { try FrameAnalyzer(models: ModelFiles()) }

    public static func forStills() throws -> FrameAnalyzer {
        do {
            return try loaded.get()
        } catch let error as VisionError {
            throw Prerequisite.missing("landmark or face model not available: \(error)")
        }
    }

    public static func fresh() throws -> FrameAnalyzer {
        do {
            return try FrameAnalyzer(models: ModelFiles())
        } catch let error as VisionError {
            throw Prerequisite.missing("landmark or face model not available: \(error)")
        }
    }
}
