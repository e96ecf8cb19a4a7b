import Foundation
import LivenessCore

/// Describes one face at a time on a thread of its own, so that a live frame's analysis does not
/// wait the network's 15-20 ms (SPEC §5 asks for a face at the autoshot and where a credit is
/// proposed): the next frames are analysed meanwhile, and judged once the answer is in.
final class DescriberThread {
    private let analyzer: FrameAnalyzer
    private let condition = NSCondition()
    /// The answer of the request in flight; nil while it runs or when none was made.
    private var answer: Result<(descriptor: FaceDescriptor, ms: Double), Error>?
    private var isBusy = false

    init(analyzer: FrameAnalyzer) {
        self.analyzer = analyzer
    }

    /// Starts describing the face with `landmarks` in `image`, which must not change until the
    /// answer has been taken.
    func start(_ image: Image, landmarks: [Point2]) {
        precondition(!isBusy, "one face at a time")
        isBusy = true
        answer = nil
        let thread = Thread { [self] in
            var ms = 0.0
            let result = Result { try timed(&ms) { try analyzer.describe(image, landmarks: landmarks) } }.map { (descriptor: $0, ms: ms) }
            condition.lock()
            answer = result
            condition.signal()
            condition.unlock()
        }
        thread.name = "liveness-describer"
        thread.start()
    }

    /// The answer if it has come (`wait`: as soon as it comes), with the milliseconds it took;
    /// nil when it has not come and `wait` is false.
    func take(wait: Bool) throws -> (descriptor: FaceDescriptor, ms: Double)? {
        condition.lock()
        defer { condition.unlock() }
        while answer == nil {
            guard wait else { return nil }
            condition.wait()
        }
        let taken = answer!
        answer = nil
        isBusy = false
        return try taken.get()
    }
}
