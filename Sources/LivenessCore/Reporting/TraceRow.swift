/// The per-frame trace (SPEC §1): one CSV row per frame.
public enum Trace {
    public static let header = "frame,ms,faceFound,faces,ear,openEAR,closure,yaw,inCircle,framing,cameraDegPerSec,state,prompt"

    public static func row(_ m: FrameMeasurement, _ v: FrameVerdict) -> String {
        func number(_ x: Double?) -> String { x.map { JSON.format($0) } ?? "" }
        return [
            String(m.frameIndex), number(m.timestampMs), m.face == nil ? "0" : "1", String(m.faceCount),
            number(m.face?.ear), number(v.openEAR), number(v.closure), number(m.face?.yaw),
            v.framing == .inCircle ? "1" : "0", v.framing.rawValue, number(m.cameraRotationDegPerSec),
            v.stage.rawValue, v.prompt?.rawValue ?? "",
        ].joined(separator: ",")
    }
}
