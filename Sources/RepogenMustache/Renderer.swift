#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a compiled template (`Program`) against flat data (`MustacheData`), writing its output.
///
/// Values are indices into the data's tables and nodes are indices into the program's, read through plain
/// pointers: the inner loop counts no references and allocates nothing but output.
struct Renderer {
    /// How deep partials and parents may include one another (a template may include itself).
    static let maximumIncludeDepth = 200

    let program: Program
    let data: MustacheData
    // The tables, copied out of their owners (held above) so that reading them is a pointer load.
    private let instructions: FrozenBuffer<Program.Instruction>
    private let text: FrozenBuffer<UInt8>
    private let names: FrozenBuffer<Program.Name>
    private let components: FrozenBuffer<Program.Component>
    private let includes: FrozenBuffer<Program.IncludeTarget>
    private let slots: FrozenBuffer<MustacheData.Slot>
    private let children: FrozenBuffer<UInt32>
    private let bytes: FrozenBuffer<UInt8>
    private let keySets: FrozenBuffer<MustacheData.KeySet>
    private let keyEntries: FrozenBuffer<MustacheData.KeyEntry>

    /// Whether interpolation escapes HTML.
    let escapesHTML: Bool
    let limits: RenderLimits
    /// The context stack, as value indices; names are looked up from the top (last) down.
    private var stack = RawBuffer<Int>()
    /// The indentation of the partials being rendered, outermost first: written at each line start.
    private var indentation = RawBuffer<UInt8>()
    /// The UTF-8 output so far (freed by `deallocate()`, unless taken).
    var output = OutputBuffer()
    private var includeDepth = 0
    /// Steps taken so far, against `limits.maximumSteps`.
    private var steps = 0

    /// What to do about a tag whose name the context stack does not have.
    enum NameCheck {
        /// Render it as nothing, as the specification says.
        case no
        /// Render it as nothing, and report it in `missing`.
        case report
        /// Throw an error at the tag.
        case strict
    }

    var nameCheck = NameCheck.no
    /// The tags whose names were missing (with `.report`), each tag once.
    var missing: [MustacheError] = []
    private var missingTags: Set<Int> = []

    /// No value: a missing name.
    private static let none = -1

    init(
        program: Program, data: MustacheData, escapesHTML: Bool, limits: RenderLimits = RenderLimits(),
        stack initial: [Int]? = nil
    ) {
        self.program = program
        self.data = data
        instructions = program.instructions
        text = program.text
        names = program.names
        components = program.components
        includes = program.includes
        slots = data.slots
        children = data.children
        bytes = data.bytes
        keySets = data.keySets
        keyEntries = data.keyEntries
        self.escapesHTML = escapesHTML
        self.limits = limits
        for value in initial ?? [data.root] { stack.append(value) }
    }

    /// Frees the stacks and any output not taken.
    mutating func deallocate() {
        stack.deallocate()
        indentation.deallocate()
        output.deallocate()
    }

    mutating func render(_ run: Program.Run, blocks: [String: Program.Run]) throws(MustacheError) {
        var index = run.start
        while index < run.end {
            try step()
            let instruction = instructions[index]
            index += 1
            switch instruction.operation {
            case .text:
                try write(text.start, instruction.a, instruction.b, escaping: false)
            case .lineStart:
                if indentation.count > 0 { try write(indentation.elements) }
            case .variable:
                let value = try checkedLookup(instruction.a, at: instruction.location)
                try interpolate(value, escaping: instruction.escaped && escapesHTML)
            case .section:
                do {
                    let value = try checkedLookup(instruction.a, at: instruction.location)
                    guard value != Renderer.none else { continue }
                    let slot = slots[value]
                    let children = Program.Run(start: instruction.b, end: instruction.c)
                    if slot.kind == .array {
                        var position = 0
                        while position < slot.items {
                            try step()
                            try render(children, pushing: Int(self.children[slot.first + position]), blocks: blocks)
                            position += 1
                        }
                    } else if isTruthy(slot) {
                        try render(children, pushing: value, blocks: blocks)
                    }
                } catch {
                    throw locate(error, at: instruction.location)
                }
            case .invertedSection:
                do {
                    let value = try checkedLookup(instruction.a, at: instruction.location)
                    if value == Renderer.none || !isTruthy(slots[value]) {
                        try render(Program.Run(start: instruction.b, end: instruction.c), blocks: blocks)
                    }
                } catch {
                    throw locate(error, at: instruction.location)
                }
            case .partial:
                guard let target = target(of: instruction.a) else { continue }
                try renderIncluded(target, include: instruction.a, blocks: blocks)
            case .parent:
                guard let target = target(of: instruction.a) else { continue }
                // The outermost override of a block wins.
                let merged = program.overrides[instruction.b].merging(blocks) { _, outer in outer }
                try renderIncluded(target, include: instruction.a, blocks: merged)
            case .block:
                let defaults = Program.Run(start: instruction.b, end: instruction.c)
                let run = blocks.isEmpty ? defaults : blocks[program.blockNames[instruction.a]] ?? defaults
                try render(run, blocks: blocks)
            }
        }
    }

    private mutating func render(
        _ run: Program.Run, pushing value: Int, blocks: [String: Program.Run]
    ) throws(MustacheError) {
        // An error ends the whole render: the stack needs no restoring on the way out.
        stack.append(value)
        try render(run, blocks: blocks)
        stack.truncate(to: stack.count - 1)
    }

    /// Counts one step of the budget: an increment and a compare.
    @inline(__always)
    private mutating func step() throws(MustacheError) {
        steps &+= 1
        if steps > limits.maximumSteps { throw budgetError() }
    }

    @inline(__always)
    private func isTruthy(_ slot: MustacheData.Slot) -> Bool {
        switch slot.kind {
        case .null: false
        case .bool: slot.start != 0
        case .array: slot.count > 0
        case .number, .string, .dictionary: true
        }
    }

    // MARK: Output

    /// Appends `count` bytes at `start + offset`, HTML-escaped when `escaping`, within the budget.
    @inline(__always)
    private mutating func write(
        _ start: UnsafePointer<UInt8>?, _ offset: Int, _ count: Int, escaping: Bool
    ) throws(MustacheError) {
        guard count > 0, let start else { return }
        let piece = UnsafeBufferPointer(start: start + offset, count: count)
        if escaping {
            writeEscaped(piece)
        } else {
            output.append(piece)
        }
        if output.count > limits.maximumOutputBytes { throw budgetError() }
    }

    private mutating func write(_ piece: UnsafeBufferPointer<UInt8>) throws(MustacheError) {
        try write(piece.baseAddress, 0, piece.count, escaping: false)
    }

    private mutating func write(_ text: String, escaping: Bool) throws(MustacheError) {
        let utf8 = Array(text.utf8)
        try utf8.withUnsafeBufferPointer { (piece) throws(MustacheError) in
            try write(piece.baseAddress, 0, piece.count, escaping: escaping)
        }
    }

    /// Appends `piece` with `&`, `"`, `<` and `>` as HTML entities (bytes, since none of them is part of a
    /// longer UTF-8 sequence).
    private mutating func writeEscaped(_ piece: UnsafeBufferPointer<UInt8>) {
        var plain = 0
        for index in 0..<piece.count {
            let entity: StaticString
            switch piece[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            default: continue
            }
            output.append(UnsafeBufferPointer(rebasing: piece[plain..<index]))
            output.append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            plain = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: piece[plain...]))
    }

    /// Writes what an interpolation tag shows for a value: lists as their items joined with commas, hashes and
    /// missing values as nothing.
    private mutating func interpolate(_ value: Int, escaping: Bool) throws(MustacheError) {
        guard value != Renderer.none else { return }
        let slot = slots[value]
        switch slot.kind {
        case .string:
            try write(bytes.start, slot.first, slot.items, escaping: escaping)
        case .null, .dictionary:
            break
        case .bool, .number:
            try write(data.value(at: value).interpolatedText, escaping: escaping)
        case .array:
            for position in 0..<slot.items {
                if position > 0 { try write(",", escaping: false) }
                try interpolate(Int(children[slot.first + position]), escaping: escaping)
            }
        }
    }

    /// The error for a spent budget. It has no position yet (an empty template name): the innermost
    /// section or partial tag it unwinds through gives it its own (see `locate`).
    @inline(never)
    private func budgetError() -> MustacheError {
        let what =
            steps > limits.maximumSteps
            ? "expands to more than \(limits.maximumSteps) steps"
            : "outputs more than \(limits.maximumOutputBytes) bytes"
        return MustacheError(
            templateName: "", line: 0, column: 0,
            message: "rendering stopped: the template \(what) (do partials include each other in a loop or fan out?)")
    }

    /// Gives a budget error the position of the tag being rendered when the budget ran out.
    private func locate(_ error: MustacheError, at location: Int) -> MustacheError {
        guard error.templateName.isEmpty, location >= 0 else { return error }
        return program.locations[location].error(error.message)
    }

    // MARK: Partials

    /// The template a partial or parent tag includes, or nil when the library has none of that name.
    private func target(of include: Int) -> Program.Run? {
        let target = includes[include]
        if target.dynamicName >= 0 {
            let value = resolve(target.dynamicName)
            guard value != Renderer.none else { return program.templates[""] }
            return program.templates[data.value(at: value).interpolatedText]
        }
        return target.start < 0 ? nil : Program.Run(start: target.start, end: target.end)
    }

    private mutating func renderIncluded(
        _ run: Program.Run, include: Int, blocks: [String: Program.Run]
    ) throws(MustacheError) {
        let target = includes[include]
        guard includeDepth < Renderer.maximumIncludeDepth else {
            throw program.locations[target.location].error(
                "partials nested too deeply (more than \(Renderer.maximumIncludeDepth))")
        }
        includeDepth += 1
        let outer = indentation.count
        if target.indentationCount > 0, let start = text.start {
            indentation.append(UnsafeBufferPointer(start: start + target.indentationStart, count: target.indentationCount))
        }
        do {
            try render(run, blocks: blocks)
        } catch {
            throw locate(error, at: target.location)
        }
        indentation.truncate(to: outer)
        includeDepth -= 1
    }

    // MARK: Names

    /// `resolve`, reporting or throwing (per `nameCheck`) when the name is missing.
    @inline(__always)
    private mutating func checkedLookup(_ name: Int, at location: Int) throws(MustacheError) -> Int {
        let value = resolve(name)
        if value == Renderer.none, nameCheck != .no { try reportMissing(name, at: location) }
        return value
    }

    @inline(never)
    private mutating func reportMissing(_ name: Int, at location: Int) throws(MustacheError) {
        let error = program.locations[location].error("no value named '\(program.nameTexts[name])' to render here")
        if nameCheck == .strict { throw error }
        if missingTags.insert(location).inserted {
            missing.append(error)
        }
    }

    /// The value of a name, or `none`: the first part against the context stack (top down), the rest inside that
    /// value. (`.` is the top of the stack.)
    @inline(__always)
    private func resolve(_ nameIndex: Int) -> Int {
        let name = names[nameIndex]
        guard name.count > 0 else { return stack[stack.count - 1] }
        let first = components[name.start]
        var level = stack.count - 1
        var value = Renderer.none
        while level >= 0 {
            value = member(first, of: stack[level])
            if value != Renderer.none { break }
            level -= 1
        }
        guard value != Renderer.none else { return Renderer.none }
        var part = 1
        while part < name.count {
            value = member(components[name.start + part], of: value)
            if value == Renderer.none { return Renderer.none }
            part += 1
        }
        return value
    }

    /// The value of the name `component` in the hash `value` (its last, for a repeated name), or `none`.
    @inline(__always)
    private func member(_ component: Program.Component, of value: Int) -> Int {
        let slot = slots[value]
        guard slot.kind == .dictionary else { return Renderer.none }
        let keys = keySets[Int(slot.keys)]
        guard keys.mask & NameSignature.bit(component.signature) != 0 else { return Renderer.none }
        var position = Int(keys.count) - 1
        while position >= 0 {
            let entry = keyEntries[Int(keys.start) + position]
            // A signature holds the length and the first seven bytes: for a short name, equal signatures are
            // equal names.
            if entry.signature == component.signature && (component.count <= 7 || sameBytes(entry, component)) {
                return Int(children[slot.first + position])
            }
            position -= 1
        }
        return Renderer.none
    }

    private func sameBytes(_ entry: MustacheData.KeyEntry, _ component: Program.Component) -> Bool {
        guard entry.count == component.count else { return false }
        guard let left = bytes.start, let right = text.start else { return entry.count == 0 }
        return memcmp(left + entry.start, right + component.start, entry.count) == 0
    }
}
