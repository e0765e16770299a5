/// A library's templates compiled from node trees into flat tables of plain values, which the renderer reads
/// through plain pointers (no reference counting per node: every render of every thread reads the same nodes).
///
/// Each list of nodes (a template, a section's children, a block's default) is a run of instructions; a section
/// names the run of its children. Immutable once built.
final class Program: @unchecked Sendable {
    // Every table is written while compiling, then only read: safe to read from several threads.
    let instructions: FrozenBuffer<Instruction>
    /// Literal text and partial indentation, as UTF-8.
    let text: FrozenBuffer<UInt8>
    /// The tag names (`a.b.c`): each a run of `components`.
    let names: FrozenBuffer<Name>
    let components: FrozenBuffer<Component>
    let includes: FrozenBuffer<IncludeTarget>
    /// Each name as written, for messages.
    let nameTexts: [String]
    /// What each partial or parent tag includes, as written.
    let includeTags: [Include]
    /// Each parent tag's blocks, by name: runs of instructions.
    let overrides: [[String: Run]]
    /// Each block tag's name.
    let blockNames: [String]
    /// Where each tag is, for errors.
    let locations: [SourceLocation]
    /// Each template's nodes, by name.
    let templates: [String: Run]

    struct Run: Sendable, Equatable {
        var start: Int
        var end: Int
    }

    enum Operation: UInt8 {
        case text, lineStart, variable, section, invertedSection, partial, parent, block
    }

    /// One node. `text`: `text[a..<a + b]`; `variable`: name `a`, `escaped`; `section` and `invertedSection`:
    /// name `a`, children `instructions[b..<c]`; `partial`: include `a`; `parent`: include `a`, blocks
    /// `overrides[b]`; `block`: name `blockNames[a]`, default `instructions[b..<c]`.
    struct Instruction {
        var operation: Operation
        var escaped = false
        var a = 0
        var b = 0
        var c = 0
        /// An index into `locations` (or -1).
        var location = -1
    }

    /// A tag name: `components[start..<start + count]`; none for the implicit iterator `.`.
    struct Name {
        var start: Int
        var count: Int
    }

    /// One part of a dotted name: its signature (`NameSignature`), and its UTF-8 in `text[start..<start + count]`.
    struct Component {
        var signature: UInt64
        var start: Int
        var count: Int
    }

    /// What a partial or parent tag includes: the template's run (`start` -1 when the library has no such
    /// template), or for a dynamic name the name to look up (`dynamicName`); and the tag's indentation
    /// (`text[indentationStart..<indentationStart + indentationCount]`).
    struct IncludeTarget {
        var start: Int
        var end: Int
        var dynamicName: Int
        var indentationStart: Int
        var indentationCount: Int
        var location: Int
    }

    init(_ parsed: [String: ParsedTemplate]) {
        var compiler = Compiler()
        var templates: [String: Run] = [:]
        // Sorted: the tables come out the same for the same templates.
        for name in parsed.keys.sorted() {
            templates[name] = compiler.compile(parsed[name]!.nodes)
        }
        // Static partial names are resolved now; a missing template renders as nothing.
        for index in 0..<compiler.includeTags.count where !compiler.includeTags[index].isDynamic {
            if let run = templates[compiler.includeTags[index].name] {
                compiler.includes[index].start = run.start
                compiler.includes[index].end = run.end
            }
        }
        self.templates = templates
        instructions = FrozenBuffer(&compiler.instructions)
        text = FrozenBuffer(&compiler.text)
        names = FrozenBuffer(&compiler.names)
        components = FrozenBuffer(&compiler.components)
        includes = FrozenBuffer(&compiler.includes)
        nameTexts = compiler.nameTexts
        includeTags = compiler.includeTags
        overrides = compiler.overrides
        blockNames = compiler.blockNames
        locations = compiler.locations
    }

    deinit {
        instructions.deallocate()
        text.deallocate()
        names.deallocate()
        components.deallocate()
        includes.deallocate()
    }

    /// The text of `text[start..<start + count]`.
    func string(_ start: Int, _ count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: text.start.map { $0 + start }, count: count), as: UTF8.self)
    }

    private struct Compiler {
        var instructions = RawBuffer<Instruction>()
        var text = RawBuffer<UInt8>()
        var names = RawBuffer<Name>()
        var components = RawBuffer<Component>()
        var includes = RawBuffer<IncludeTarget>()
        var nameTexts: [String] = []
        var nameIDs: [String: Int] = [:]
        var includeTags: [Include] = []
        var overrides: [[String: Run]] = []
        var blockNames: [String] = []
        var locations: [SourceLocation] = []

        /// Compiles `nodes` into one run; their children's runs follow it.
        mutating func compile(_ nodes: [Node]) -> Run {
            let start = instructions.count
            for _ in nodes { instructions.append(Instruction(operation: .lineStart)) }
            for (offset, node) in nodes.enumerated() {
                instructions[start + offset] = compile(node)
            }
            return Run(start: start, end: start + nodes.count)
        }

        private mutating func compile(_ node: Node) -> Instruction {
            switch node {
            case .text(let literal):
                let (start, count) = append(literal)
                return Instruction(operation: .text, a: start, b: count)
            case .lineStart:
                return Instruction(operation: .lineStart)
            case .variable(let name, let escaped, let location):
                return Instruction(
                    operation: .variable, escaped: escaped, a: nameID(name), location: locationID(location))
            case .section(let name, let inverted, let children, let location):
                let id = nameID(name)
                let run = compile(children)
                return Instruction(
                    operation: inverted ? .invertedSection : .section, a: id, b: run.start, c: run.end,
                    location: locationID(location))
            case .partial(let include):
                return Instruction(operation: .partial, a: includeID(include), location: locationID(include.location))
            case .parent(let include, let blocks):
                let id = includeID(include)
                var runs: [String: Run] = [:]
                for name in blocks.keys.sorted() { runs[name] = compile(blocks[name]!) }
                overrides.append(runs)
                return Instruction(
                    operation: .parent, a: id, b: overrides.count - 1, location: locationID(include.location))
            case .block(let name, let children):
                blockNames.append(name)
                let id = blockNames.count - 1
                let run = compile(children)
                return Instruction(operation: .block, a: id, b: run.start, c: run.end)
            }
        }

        private mutating func append(_ literal: String) -> (start: Int, count: Int) {
            let start = text.count
            Array(literal.utf8).withUnsafeBufferPointer { text.append($0) }
            return (start, text.count - start)
        }

        private mutating func nameID(_ name: VariableName) -> Int {
            let written = name.components.isEmpty ? "." : name.components.joined(separator: ".")
            if let id = nameIDs[written] { return id }
            let start = components.count
            for (component, signature) in zip(name.components, name.signatures) {
                let (textStart, count) = append(component)
                components.append(Component(signature: signature, start: textStart, count: count))
            }
            names.append(Name(start: start, count: name.components.count))
            nameTexts.append(written)
            nameIDs[written] = names.count - 1
            return names.count - 1
        }

        private mutating func includeID(_ include: Include) -> Int {
            let (indentationStart, indentationCount) = append(include.indentation)
            includes.append(IncludeTarget(
                start: -1, end: -1, dynamicName: include.isDynamic ? nameID(VariableName(include.name)) : -1,
                indentationStart: indentationStart, indentationCount: indentationCount,
                location: locationID(include.location)))
            includeTags.append(include)
            return includes.count - 1
        }

        private mutating func locationID(_ location: SourceLocation) -> Int {
            locations.append(location)
            return locations.count - 1
        }
    }
}
