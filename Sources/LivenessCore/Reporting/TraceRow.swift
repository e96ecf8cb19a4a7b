/// The per-frame trace (SPEC §1): one CSV row per frame. Lid heights are in eye widths from the
/// eye's corner line (R = the subject's right eye); `openUpperLid*`/`openLowerLid*` are the open
/// eye the closure was judged against (the lower ones empty while the fallback stands in);
/// `lidDescent` how far the upper lids came down over the eyes since the previous frame, in eye
/// widths against the eyes' corners (`LidFlow`); `pixelChange` how much the face's pixels changed since the previous
/// frame (`PixelChange`, SPEC §6), `eyePixelChange` the eyes' (`RegionPixels`) and `cut` the actions whose change was a jump between two still
/// pictures (`ContinuityCheck`); `neutralYaw` the neutral the yaw is judged against (moved with the camera) and
/// `creditable` the actions whose rule the frame met, credited before or not, and `blinkSeenMs` the
/// closed frame of a blink the frame completed (`BlinkEvent`); `refused` each action seen and
/// refused on the frame, as `action@ms:rule+rule` (ms: the refused frame's, a blink's closed frame).
public enum Trace {
    public static let header = "frame,ms,faceFound,faces,ear,upperLidR,upperLidL,lowerLidR,lowerLidL,"
        + "openUpperLidR,openUpperLidL,openLowerLidR,openLowerLidL,closure,yaw,inCircle,framing,cameraDegPerSec,state,prompt,lidDescent,pixelChange,eyePixelChange,cut,neutralYaw,creditable,blinkSeenMs,refused"

    public static func row(_ m: FrameMeasurement, _ v: FrameVerdict) -> String {
        func number(_ x: Double?) -> String { x.map { JSON.format($0) } ?? "" }
        let lids = m.face?.lids
        let open = v.openEye
        return [
            String(m.frameIndex), number(m.timestampMs), m.face == nil ? "0" : "1", String(m.faceCount),
            number(m.face?.ear), number(lids?.right.upper), number(lids?.left.upper), number(lids?.right.lower), number(lids?.left.lower),
            number(open.right.upper), number(open.left.upper), number(open.right.lower), number(open.left.lower),
            number(v.closure), number(m.face?.yaw),
            v.framing == .inCircle ? "1" : "0", v.framing.rawValue, number(v.cameraDegPerSec),
            v.stage.rawValue, v.prompt?.rawValue ?? "",
            number(m.lidDescent), number(m.facePixelChange), number(m.eyePixelChange), v.cuts.map(\.rawValue).sorted().joined(separator: " "),
            number(v.neutralYaw), v.creditable.map(\.rawValue).sorted().joined(separator: " "), number(v.blinkSeen?.ms),
            v.refused.map { "\($0.action.rawValue)@\(JSON.format($0.frame.ms)):" + $0.refusals.map(\.rule.rawValue).joined(separator: "+") }.joined(separator: " "),
        ].joined(separator: ",")
    }
}
