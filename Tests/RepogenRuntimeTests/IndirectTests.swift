import Foundation
import RepogenRuntime
import XCTest

/// `Indirect`, the box of a recursive model's field: a value, equal and hashing as its value.
final class IndirectTests: XCTestCase {
    struct Node: Sendable, Hashable {
        var label: String
        var next: Node? {
            get { _next.value }
            set { _next = Indirect(newValue) }
        }
        private var _next: Indirect<Node?>

        init(label: String, next: Node? = nil) {
            self.label = label
            self._next = Indirect(next)
        }
    }

    func testABoxHoldsItsValueAndIsEqualAndHashesAsIt() {
        XCTAssertEqual(Indirect(3).value, 3)
        XCTAssertEqual(Indirect("a"), Indirect("a"))
        XCTAssertNotEqual(Indirect("a"), Indirect("b"))
        XCTAssertEqual(Set([Indirect(1), Indirect(1), Indirect(2)]).count, 2)
        XCTAssertNil(Indirect<Int?>(nil).value)
    }

    func testAStructHoldingItselfIsAValue() {
        let chain = Node(label: "a", next: Node(label: "b", next: Node(label: "c")))
        var copy = chain
        copy.next?.next?.label = "changed"
        XCTAssertEqual(chain.next?.next?.label, "c")
        XCTAssertEqual(copy.next?.next?.label, "changed")
        XCTAssertNotEqual(chain, copy)
        XCTAssertEqual(chain, Node(label: "a", next: Node(label: "b", next: Node(label: "c"))))
        XCTAssertEqual(chain.hashValue, Node(label: "a", next: Node(label: "b", next: Node(label: "c"))).hashValue)
        copy.next = nil
        XCTAssertNil(copy.next)
    }
}
