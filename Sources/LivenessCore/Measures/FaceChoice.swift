/// SPEC §2 "Chosen face": of several faces, the one whose centre is nearest the guide circle's
/// centre; on a tie, the larger. Returns the index into `boxes`, or nil when there are none.
public func chooseFace(_ boxes: [FaceBox], circle: Circle) -> Int? {
    boxes.indices.min { a, b in
        let da = boxes[a].centre.distance(to: circle.centre)
        let db = boxes[b].centre.distance(to: circle.centre)
        return da != db ? da < db : boxes[a].area > boxes[b].area
    }
}
