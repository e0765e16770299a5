/// Template data in flat tables, ready to render: what a `MustacheValue` holds, with every string's bytes in one
/// block and every list and hash as a run of indices.
///
/// A render reads it through plain pointers: looking a name up or writing a string counts no references. (A
/// `MustacheValue` tree costs a retain and a release per value read, and two threads rendering files from one
/// view model contend for the same reference counts; a large spec reads millions of values.)
///
/// Build one from a value (`init(_:)`), or directly with a `MustacheDataBuilder` (what repogen's projection
/// does, without making a `MustacheValue` tree first). Immutable once built, so safe to share between threads.
public final class MustacheData: @unchecked Sendable {
    // Every table is written by the builder, then only read: safe to read from several threads.
    let slots: FrozenBuffer<Slot>
    let children: FrozenBuffer<UInt32>
    let bytes: FrozenBuffer<UInt8>
    let keySets: FrozenBuffer<KeySet>
    let keyEntries: FrozenBuffer<KeyEntry>
    /// The value a render starts from.
    let root: Int

    /// The data of `value`.
    public convenience init(_ value: MustacheValue) {
        var builder = MustacheDataBuilder()
        builder.push(value)
        self.init(building: &builder)
    }

    /// Takes the tables of `builder`, which holds exactly one value: the root (see `MustacheDataBuilder.finish()`).
    init(building builder: inout MustacheDataBuilder) {
        precondition(builder.pending.count == 1, "MustacheData needs exactly one root value")
        root = Int(builder.pending[0])
        builder.pending.deallocate()
        slots = FrozenBuffer(&builder.slots)
        children = FrozenBuffer(&builder.children)
        bytes = FrozenBuffer(&builder.bytes)
        keySets = FrozenBuffer(&builder.keySets)
        keyEntries = FrozenBuffer(&builder.keyEntries)
        builder.keyIDs = [:]
        builder.keptKeys = []
    }

    deinit {
        slots.deallocate()
        children.deallocate()
        bytes.deallocate()
        keySets.deallocate()
        keyEntries.deallocate()
    }

    /// The data as a `MustacheValue` again (for tests and inspection; a render never needs it).
    public var value: MustacheValue { value(at: root) }

    func value(at index: Int) -> MustacheValue {
        let slot = slots[index]
        switch slot.kind {
        case .null: return .null
        case .bool: return .bool(slot.start != 0)
        case .number: return .number(slot.number)
        case .string: return .string(string(slot.first, slot.items))
        case .array: return .array((0..<slot.items).map { value(at: Int(children[slot.first + $0])) })
        case .dictionary:
            let keys = keySets[Int(slot.keys)]
            let names = (0..<Int(keys.count)).map { position in
                let entry = keyEntries[Int(keys.start) + position]
                return string(entry.start, entry.count)
            }
            let values = (0..<slot.items).map { value(at: Int(children[slot.first + $0])) }
            return .dictionary(MustacheDictionary(keys: MustacheKeys(names), values: values))
        }
    }

    /// The root, then the value `path` leads to from it (each step a hash's value by name or a list's item by
    /// position: `.key("files")`, `.item(2)`): a context stack to render with, as the section `{{#files}}` makes
    /// it for its third item. Nil when the path leads nowhere.
    package func contextStack(_ path: [MustachePathStep]) -> [Int]? {
        var current = root
        for step in path {
            let slot = slots[current]
            let position: Int
            switch (step, slot.kind) {
            case (.item(let item), .array):
                guard item >= 0 && item < slot.items else { return nil }
                position = item
            case (.key(let name), .dictionary):
                let keys = keySets[Int(slot.keys)]
                guard let found = (0..<keys.count).last(where: { position in
                    let entry = keyEntries[keys.start + position]
                    return string(entry.start, entry.count) == name
                }) else { return nil }
                position = found
            default:
                return nil
            }
            current = Int(children[slot.first + position])
        }
        return current == root ? [root] : [root, current]
    }

    func string(_ start: Int, _ count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes.start.map { $0 + start }, count: count), as: UTF8.self)
    }

    enum Kind: UInt8 {
        case null, bool, number, string, array, dictionary
    }

    /// One value, in 16 bytes. `bool`: `start` is 0 or 1; `number`: `start` and `count` hold the `Double`'s bits;
    /// `string`: its UTF-8 is `bytes[start..<start + count]`; `array` and `dictionary`: the items (values, in the
    /// order of the key set's names) are the values whose indices are `children[start..<start + count]`.
    struct Slot {
        var start: UInt32 = 0
        var count: UInt32 = 0
        /// A dictionary's names: an index into `keySets`.
        var keys: UInt32 = 0
        var kind: Kind

        init(kind: Kind, keys: UInt32 = 0, start: Int = 0, count: Int = 0) {
            // The tables of a view model are far smaller than 4 GB (a spec is at most a few megabytes).
            precondition(start >= 0 && start <= Int(UInt32.max) && count >= 0 && count <= Int(UInt32.max), "template data over 4 GB")
            self.kind = kind
            self.keys = keys
            self.start = UInt32(truncatingIfNeeded: start)
            self.count = UInt32(truncatingIfNeeded: count)
        }

        init(number: Double) {
            kind = .number
            start = UInt32(truncatingIfNeeded: number.bitPattern >> 32)
            count = UInt32(truncatingIfNeeded: number.bitPattern)
        }

        var number: Double { Double(bitPattern: UInt64(start) << 32 | UInt64(count)) }
        var first: Int { Int(start) }
        var items: Int { Int(count) }
    }

    /// The names of dictionaries of one shape (a `MustacheKeys`): `keyEntries[start..<start + count]`.
    struct KeySet {
        var mask: UInt64
        var start: Int
        var count: Int
    }

    /// A name: its signature (`NameSignature`), and its UTF-8 in `bytes[start..<start + count]`.
    struct KeyEntry {
        var signature: UInt64
        var start: Int
        var count: Int
    }
}

/// Builds `MustacheData` bottom-up: each `push` adds a value on top of a stack of pending values, and
/// `pushArray(count:)` / `pushDictionary(_:)` replace the top values by the list or hash that holds them. A value
/// can be used more than once (`push(existing:)`): a hash shared by several lists is stored once.
///
/// Owns `malloc` blocks: end with `finish()` (which hands them to the data) or `deallocate()`.
// Owns its blocks alone (a copy must not outlive a finish or deallocate): handing one to another thread is safe.
package struct MustacheDataBuilder: @unchecked Sendable {
    var slots = RawBuffer<MustacheData.Slot>()
    var children = RawBuffer<UInt32>()
    var bytes = RawBuffer<UInt8>()
    var keySets = RawBuffer<MustacheData.KeySet>()
    var keyEntries = RawBuffer<MustacheData.KeyEntry>()
    /// Values not yet inside a list or hash, by index; the last is the top.
    var pending = RawBuffer<UInt32>()
    /// The key set of each `MustacheKeys` used so far (kept alive, so that no two share an identifier).
    var keyIDs: [ObjectIdentifier: UInt32] = [:]
    var keptKeys: [MustacheKeys] = []

    package init() {}

    /// The number of values so far.
    package var count: Int { slots.count }

    /// The index of the top pending value.
    package var top: Int {
        precondition(pending.count > 0, "no pending value")
        return Int(pending[pending.count - 1])
    }

    private mutating func add(_ slot: MustacheData.Slot) {
        precondition(slots.count < Int(UInt32.max), "too many template values")
        pending.append(UInt32(truncatingIfNeeded: slots.count))
        slots.append(slot)
    }

    package mutating func pushNull() {
        add(MustacheData.Slot(kind: .null))
    }

    package mutating func push(_ flag: Bool) {
        add(MustacheData.Slot(kind: .bool, start: flag ? 1 : 0))
    }

    package mutating func push(_ number: Double) {
        add(MustacheData.Slot(number: number))
    }

    package mutating func push(_ text: String) {
        let start = bytes.count
        appendBytes(of: text)
        add(MustacheData.Slot(kind: .string, start: start, count: bytes.count - start))
    }

    private mutating func appendBytes(of text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append($0) }
        if copied == nil { Array(text.utf8).withUnsafeBufferPointer { bytes.append($0) } }
    }

    /// Pushes a value already in the data again (a value held by several lists or hashes).
    package mutating func push(existing index: Int) {
        precondition(index >= 0 && index < slots.count, "no value \(index)")
        pending.append(UInt32(truncatingIfNeeded: index))
    }

    /// Replaces the top `count` pending values by a list of them (the deepest first).
    package mutating func pushArray(count: Int) {
        let start = moveToChildren(count)
        add(MustacheData.Slot(kind: .array, start: start, count: count))
    }

    /// Replaces the top `keys.names.count` pending values by a hash with those names (the deepest value first).
    package mutating func pushDictionary(_ keys: MustacheKeys) {
        let count = keys.names.count
        let start = moveToChildren(count)
        add(MustacheData.Slot(kind: .dictionary, keys: keySet(keys), start: start, count: count))
    }

    private mutating func moveToChildren(_ count: Int) -> Int {
        precondition(count >= 0 && count <= pending.count, "fewer pending values than \(count)")
        let start = children.count
        let from = pending.count - count
        children.append(UnsafeBufferPointer(rebasing: pending.elements[from...]))
        pending.truncate(to: from)
        return start
    }

    private mutating func keySet(_ keys: MustacheKeys) -> UInt32 {
        // A view model has a dozen shapes of hash: comparing identities beats hashing them.
        for index in 0..<Swift.min(keptKeys.count, 16) where keptKeys[index] === keys { return UInt32(index) }
        if let id = keyIDs[ObjectIdentifier(keys)] { return id }
        let id = UInt32(keySets.count)
        keySets.append(MustacheData.KeySet(
            mask: keys.mask, start: keyEntries.count, count: keys.names.count))
        for (name, signature) in zip(keys.names, keys.signatures) {
            let start = bytes.count
            appendBytes(of: name)
            keyEntries.append(MustacheData.KeyEntry(signature: signature, start: start, count: bytes.count - start))
        }
        keyIDs[ObjectIdentifier(keys)] = id
        keptKeys.append(keys)
        return id
    }

    /// The value at `position` in the hash or list `index` (to reuse it with `push(existing:)`).
    package func item(_ position: Int, of index: Int) -> Int {
        let slot = slots[index]
        precondition(slot.kind == .array || slot.kind == .dictionary, "value \(index) holds no items")
        precondition(position >= 0 && position < slot.items, "no item \(position) in value \(index)")
        return Int(children[slot.first + position])
    }

    /// Pushes a `MustacheValue` (one value, with everything it holds).
    ///
    /// A list or hash that the value holds more than once (copies of one Swift array share its storage) is stored
    /// once and pushed again by index: a tree of shared subtrees (a list of 1,000 copies of a list of 1,000 copies
    /// of ...) takes as many values as it has distinct lists, not as many as it has paths (which a render's step
    /// budget bounds instead).
    package mutating func push(_ value: MustacheValue) {
        var stored: [SharedStorage: Int] = [:]
        push(value, sharing: &stored)
    }

    /// A list's or hash's storage, identified while the value being pushed keeps it alive.
    private struct SharedStorage: Hashable {
        var address: UInt
        var count: Int
        /// A hash's names (two hashes could share one values storage with different names).
        var keys: ObjectIdentifier?
    }

    private mutating func push(_ value: MustacheValue, sharing stored: inout [SharedStorage: Int]) {
        switch value {
        case .null: pushNull()
        case .bool(let flag): push(flag)
        case .number(let number): push(number)
        case .string(let text): push(text)
        case .array(let items):
            let storage = SharedStorage(
                address: items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, count: items.count,
                keys: nil)
            if let index = stored[storage] { return push(existing: index) }
            for item in items { push(item, sharing: &stored) }
            pushArray(count: items.count)
            stored[storage] = top
        case .dictionary(let dictionary):
            let storage = SharedStorage(
                address: dictionary.storageAddress, count: dictionary.keys.names.count,
                keys: ObjectIdentifier(dictionary.keys))
            if let index = stored[storage] { return push(existing: index) }
            dictionary.forEachValue { push($0, sharing: &stored) }
            pushDictionary(dictionary.keys)
            stored[storage] = top
        }
    }

    /// Moves everything `other` built to the end of this builder: its values keep their order (indices shift by
    /// this builder's count, returned), and its pending values go on top of this builder's. `other` is empty
    /// afterwards. (For building halves of a large list on two threads.)
    @discardableResult
    package mutating func absorb(_ other: inout MustacheDataBuilder) -> Int {
        // Key sets first: a new one adds its names to `bytes`.
        var keyMap: [UInt32] = []
        for keys in other.keptKeys { keyMap.append(keySet(keys)) }
        let slotBase = slots.count
        let childBase = children.count
        let byteBase = bytes.count
        precondition(slotBase + other.slots.count < Int(UInt32.max), "too many template values")
        for index in 0..<other.slots.count {
            var slot = other.slots[index]
            switch slot.kind {
            case .string: slot = MustacheData.Slot(kind: .string, start: slot.first + byteBase, count: slot.items)
            case .array: slot = MustacheData.Slot(kind: .array, start: slot.first + childBase, count: slot.items)
            case .dictionary:
                slot = MustacheData.Slot(
                    kind: .dictionary, keys: keyMap[Int(slot.keys)], start: slot.first + childBase, count: slot.items)
            case .null, .bool, .number: break
            }
            slots.append(slot)
        }
        for index in 0..<other.children.count {
            children.append(other.children[index] + UInt32(slotBase))
        }
        bytes.append(other.bytes.elements)
        for index in 0..<other.pending.count {
            pending.append(other.pending[index] + UInt32(slotBase))
        }
        other.deallocate()
        return slotBase
    }

    /// The data, whose root is the one pending value; the builder is empty afterwards.
    package mutating func finish() -> MustacheData {
        MustacheData(building: &self)
    }

    /// Frees what the builder holds (when it is not finished).
    package mutating func deallocate() {
        slots.deallocate()
        children.deallocate()
        bytes.deallocate()
        keySets.deallocate()
        keyEntries.deallocate()
        pending.deallocate()
        keyIDs = [:]
        keptKeys = []
    }
}

/// One step of a path into template data (`MustacheData.contextStack(_:)`).
package enum MustachePathStep: Equatable, Sendable {
    /// A hash's value by its name.
    case key(String)
    /// A list's item by its position.
    case item(Int)
}
