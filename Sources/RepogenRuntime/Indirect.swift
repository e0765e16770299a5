/// The storage of a model's field that holds, itself or through other models, a value of the model
/// (`RecursivePet.parent: RecursivePet?`, or `Tree.root: Node` with `Node.tree: Tree?`): a struct cannot contain
/// itself, so such a field keeps its value in a box of its own, an indirect enum case.
///
/// The generated struct keeps the field's API a plain property, `public var parent: RecursivePet?`, read and set
/// through `private var _parent: Indirect<RecursivePet?>`; its initializer, coding, equality and hashing are those
/// of any other field (two boxes are equal when their values are). It is a value: setting the field of a copy leaves
/// the original as it was.
public enum Indirect<Value: Sendable>: Sendable {
    indirect case boxed(Value)

    public init(_ value: Value) {
        self = .boxed(value)
    }

    /// The value in the box.
    public var value: Value {
        switch self {
        case .boxed(let value): value
        }
    }
}

extension Indirect: Equatable where Value: Equatable {}

extension Indirect: Hashable where Value: Hashable {}
