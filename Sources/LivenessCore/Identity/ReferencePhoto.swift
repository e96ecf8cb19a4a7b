/// A reference photo (an ID document's portrait, SPEC §5) and its one face's descriptor.
public struct ReferencePhoto: Sendable {
    public var path: String
    public var descriptor: FaceDescriptor

    public init(path: String, descriptor: FaceDescriptor) {
        self.path = path
        self.descriptor = descriptor
    }
}
