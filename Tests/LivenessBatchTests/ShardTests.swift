import LivenessBatch
import XCTest

/// `--shard I/N`: disjoint shares that together hold every clip, the same on every machine.
final class ShardTests: XCTestCase {
    func testParsing() {
        XCTAssertEqual(Shard(parsing: "1/4"), Shard(index: 1, count: 4))
        XCTAssertEqual(Shard(parsing: "4/4"), Shard(index: 4, count: 4))
        for bad in ["0/4", "5/4", "1/0", "1", "1/2/3", "a/b", "-1/4", "1/-4", "", "/"] {
            XCTAssertNil(Shard(parsing: bad), bad)
        }
    }

    func testSharesAreDisjointAndCoverTheList() {
        let paths = (0..<1000).map { "clips/session_\($0).mp4" }
        let shares = (1...3).map { i in paths.filter(Shard(index: i, count: 3).contains) }
        XCTAssertEqual(shares.map(\.count).reduce(0, +), paths.count, "each path in exactly one share")
        XCTAssertEqual(Set(shares.flatMap { $0 }), Set(paths))
        for share in shares { XCTAssertGreaterThan(share.count, 250, "a share of a third, give or take: \(shares.map(\.count))") }
    }

    /// FNV-1a of the path's bytes: published values, so another build or machine picks the same share.
    func testTheHashIsFNV1a64() {
        XCTAssertEqual(fnv1a64(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(fnv1a64("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(fnv1a64("foobar"), 0x8594_4171_f739_67e8)
    }
}
