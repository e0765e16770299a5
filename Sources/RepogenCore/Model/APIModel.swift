/// One domain's endpoints after validation: every name checked, every reference resolved to an input.
package struct APIModel: Sendable, Equatable {
    /// The domain's type-name stem, from the spec's file name: `store.json` -> `Store`.
    package var domain: String
    /// The spec's path as printed in the generated files' header.
    package var specPath: String
    package var imports: [String]
    package var models: [Model] = []
    /// The domain types the models map to (`domain`), in the order of their models.
    package var domainModels: [DomainModel] = []
    package var endpoints: [Endpoint]
    /// `collections`: what the `tca` style's in-memory `mockValue` keeps.
    package var collections: [MockCollection] = []
    /// The module-level types the spec declares (its top-level models), with where each is named.
    package var modelDeclarations: [TypeDeclaration] = []
    /// How many files the models are spread over (a spec's `modelFiles`).
    package var modelFiles = 1
    /// `servers`: the base URLs, each a function of `<Domain>Servers`.
    package var servers: [Server] = []
    /// The spec's types and what it reads of external types, for the cross-check stage (`checkExternalReads`);
    /// nil when it has neither.
    package var types: SpecTypes? = nil
}

/// A server of `servers`: a function returning its URL, with a parameter per variable.
package struct Server: Sendable, Equatable {
    /// The function's name (`server1`, or the spec's `name`).
    package var name: String
    package var description: String?
    /// The URL template, `{name}` for each variable.
    package var url: String
    package var variables: [ServerVariable]
}

/// A variable of a server's URL.
package struct ServerVariable: Sendable, Equatable {
    /// As the URL names it, also the function's parameter.
    package var name: String
    package var defaultValue: String
    /// The values it may take (an enum type of them); empty for any `String`.
    package var values: [String]
    package var description: String?
}

/// A type a spec puts in its module: a model, or a type generated for the domain.
package struct TypeDeclaration: Sendable, Equatable {
    package var name: String
    /// Where the spec names it: the model's name, or the spec file's start for generated types.
    package var location: SourceLocation
    /// What it is, for messages: "model 'Store'", "the repository protocol of 'store.json'".
    package var what: String

    package init(name: String, location: SourceLocation, what: String) {
        self.name = name
        self.location = location
        self.what = what
    }
}

/// A validated model: a `Codable` struct, a string enum, or a union (an enum with a payload per case).
package struct Model: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case fields([Field])
        case enumeration([EnumCase])
        case union(Union)
    }

    package var name: String
    package var documentation: String?
    package var typeParameters: [String]
    package var kind: Kind
    /// Models declared inside this one.
    package var nested: [Model] = []
    /// `hashable: true`: `Hashable` rather than only `Equatable` (enums always are).
    package var isHashable = false
    /// `identifiable`: how the model is `Identifiable`.
    package var identity: Identity? = nil
    /// `unknown`: an enum's case for raw values it does not list (unescaped), which keeps the value.
    package var unknownCase: String? = nil
    /// `additionalProperties`: a struct's keys besides its fields are values of this type, kept in its stored
    /// `additionalProperties: [String: T]`.
    package var additionalProperties: SwiftType? = nil
}

/// How a model or a domain type is `Identifiable`.
package enum Identity: Sendable, Equatable {
    /// By its own field `id`.
    case idField
    /// By another field, through a computed `id`: the field's name (unescaped) and type.
    case field(String, SwiftType)
}

/// A stored property of a model.
package struct Field: Sendable, Equatable {
    /// The Swift name (unescaped).
    package var name: String
    package var type: SwiftType
    /// The key in JSON (equal to `name` unless the spec says otherwise).
    package var jsonKey: String
    package var documentation: String?
    /// The initializer parameter's default value, as Swift source (`20`, `[]`, `.distanceAsc`).
    package var defaultValue: String? = nil
    /// False for `encode: false`: left out of the encoded model.
    package var isEncoded = true
    /// The field holds, itself or through other structs' fields, a value of its own struct: it is stored in the
    /// runtime's `Indirect` box (`private var _name: Indirect<T>`) behind a computed `var name: T`.
    package var isIndirect = false
    /// `partHeader`: the field decodes from this header field of this part of a multipart response (elsewhere, from
    /// its JSON key).
    package var partHeader: PartHeader? = nil
}

/// A header field of a part of a multipart response that a model's field holds.
package struct PartHeader: Sendable, Equatable {
    /// The part's name (the JSON key of another field of the model).
    package var part: String
    /// The header field's name, as written.
    package var header: String
}

/// A union (`oneOf`): decoded by the discriminator's value when there is one, else as the first case that decodes.
package struct Union: Sendable, Equatable {
    package var cases: [UnionCase]
    /// The JSON key of the property every case's payload has, whose value (a case's `tag`) picks the case.
    package var discriminator: String?
    /// `indirect`: a case's payload holds the union by value, which an enum can only hold through a box.
    package var isIndirect = false
}

/// A case of a union.
package struct UnionCase: Sendable, Equatable {
    /// The Swift name (unescaped).
    package var name: String
    package var type: SwiftType
    /// The discriminator's value that picks this case (meaningful with a discriminator).
    package var tag: String
    package var documentation: String?
    /// The case's payload is the union itself (`anyOf: [itself, string]`): it encodes as its payload, and decoding
    /// never gives it (the value is one of the other cases).
    package var isSelf = false
}

/// A case of a string or `Int` enum.
package struct EnumCase: Sendable, Equatable {
    /// The Swift name (unescaped).
    package var name: String
    /// The raw value: a string's text, or an `Int` enum's integer in decimal (`-1`, `0`: one spelling per value).
    package var rawValue: String
    package var documentation: String?
    /// The case of an `Int` enum (every case of an enum is, or none).
    package var isInteger = false
}

extension Model {
    /// An enum whose raw values are `Int`s (its cases' `value`s are numbers).
    package var isIntegerEnum: Bool {
        if case .enumeration(let cases) = kind { return cases.first?.isInteger == true }
        return false
    }
}

/// A validated endpoint.
package struct Endpoint: Sendable, Equatable {
    /// The API enum case name (unescaped).
    package var caseName: String
    /// The description from the spec, for doc comments.
    package var documentation: String? = nil
    /// The repository method name (unescaped).
    package var methodName: String
    package var inputs: [Input]
    package var method: MethodChoice
    /// The path (with `pathChoice`, its first branch: for summaries).
    package var path: [TemplatePart]
    package var param: Param
    package var header: Header
    /// The path chosen by a `Bool` or enum input's value; `nil` for one path.
    package var pathChoice: PathChoice? = nil
    /// `nil` when the runtime's default rule applies.
    package var usingQuery: Bool?
    /// `queryArrays`: param keys whose arrays have their own query style, in the spec's order.
    package var queryArrays: [QueryArray] = []
    /// `query`: what always goes to the URL query string (the runtime's `queryParam`), beside a param that is the
    /// JSON body; `.none` for nothing.
    package var query: Param = .none
    /// `body`: how the param is written when it is the body (the runtime's `bodyEncoding`).
    package var bodyEncoding: BodyEncoding = .json
    /// The success type; `nil` means no body, `Result<Void, Error>`.
    package var response: String?
    /// `responseMetadata`: the repository returns `APIResponse<…>` around the success type (status and headers).
    package var responseMetadata = false
    /// `errors`: the bodies failure statuses decode as, in the spec's order.
    package var errors: [ErrorBody] = []
    package var upload: Upload? = nil
    /// The example response as JSON text, for the mock.
    package var example: String? = nil
    /// When the response holds a DTO with a domain type: what the repository returns instead.
    package var domainResponse: DomainResponse? = nil
    /// `cache`: the repository answers this read from its local data source while a stored value is fresh.
    package var cache: CachePolicy? = nil
    /// What this write does to cached reads once it succeeds (`invalidates`, `updates`), in the spec's order.
    package var cacheEffects: [CacheEffect] = []
    /// `mock`: what the `tca` style's `mockValue` does for this endpoint with one of the collections.
    package var mockAction: MockAction? = nil
}

/// A body the endpoint declares for failure statuses (`errors`).
package struct ErrorBody: Sendable, Equatable {
    /// Which statuses: `400`, `4XX`, `default`.
    package enum Status: Sendable, Equatable, Hashable, CustomStringConvertible {
        case code(Int)
        /// By the first digit: `range(4)` is `4XX`.
        case range(Int)
        case `default`

        /// As the spec writes it: `400`, `4XX`, `default`.
        package var description: String {
            switch self {
            case .code(let code): String(code)
            case .range(let digit): "\(digit)XX"
            case .default: "default"
            }
        }

        /// The runtime's `ErrorBodyType.Status`: `.code(400)`, `.range(4)`, `.default`.
        package var runtimeCase: String {
            switch self {
            case .code(let code): ".code(\(code))"
            case .range(let digit): ".range(\(digit))"
            case .default: ".default"
            }
        }

        /// `400`, `4XX`/`4xx` (400–599 only) or `default`; nil for anything else.
        package init?(_ text: String) {
            if text == "default" {
                self = .default
            } else if text.count == 3, let digit = Int(text.prefix(1)), text.dropFirst().uppercased() == "XX" {
                guard digit == 4 || digit == 5 else { return nil }
                self = .range(digit)
            } else if text.count == 3, text.allSatisfy(\.isASCII), let code = Int(text), (400...599).contains(code) {
                self = .code(code)
            } else {
                return nil
            }
        }
    }

    package var status: Status
    /// The body's type as written in the code.
    package var type: String

    package init(status: Status, type: String) {
        self.status = status
        self.type = type
    }
}

/// How a param that is the body is written (`body`), as the spec spells it.
package enum BodyEncoding: String, Sendable, Equatable, CaseIterable {
    /// JSON, the default.
    case json
    /// `application/x-www-form-urlencoded`: the param's keys as the query string would have them.
    case form

    /// The runtime's `RequestBodyEncoding` case: `.json`, `.form`.
    package var runtimeCase: String {
        "." + rawValue
    }
}

/// A param key whose array has its own query style (`queryArrays`).
package struct QueryArray: Sendable, Equatable {
    /// How the spec spells a style, and the runtime's `NetworkConfiguration.QueryArrayStyle` case for it.
    package enum Style: String, Sendable, Equatable, CaseIterable {
        case repeated, comma, brackets, space, pipe
        /// The value's JSON text as one item (`filters=%5B%7B…%7D%5D`): generated code wraps it in `JSONParameter`,
        /// and the runtime sends it as a string.
        case json
        /// OpenAPI's `deepObject`: an object's keys as `sort[field]=name` items.
        case deepObject

        /// Whether the style sends a value that is not an array (`json`, `deepObject`).
        package var sendsWholeValue: Bool {
            self == .json || self == .deepObject
        }

        /// The runtime's case: `.repeatedKeys`, `.commaSeparated`, `.brackets`; nil for `json`, which the generated
        /// param code applies (`JSONParameter`) rather than the runtime's query encoder.
        package var runtimeCase: String? {
            switch self {
            case .json: nil
            case .deepObject: ".deepObject"
            case .repeated: ".repeatedKeys"
            case .comma: ".commaSeparated"
            case .brackets: ".brackets"
            case .space: ".spaceDelimited"
            case .pipe: ".pipeDelimited"
            }
        }
    }

    package var key: String
    package var style: Style
}

/// A collection of the in-memory mock: a list of a model's values, told apart by one field.
package struct MockCollection: Sendable, Equatable {
    /// The property of the mock's storage (a valid identifier).
    package var name: String
    /// The element type, as Swift writes it.
    package var elementType: String
    /// The element's field that identifies it, and its type.
    package var idField: String
    package var idType: SwiftType
    /// What the mock starts with: a JSON list, decoded as the runtime decodes responses.
    package var example: String?
}

/// What the in-memory mock does for an endpoint.
package struct MockAction: Sendable, Equatable {
    package typealias Verb = MockActionSpec.Verb

    package var verb: Verb
    package var collection: MockCollection
    /// The id (`get`, `delete`) or the value (`create`, `update`), read from the endpoint's inputs.
    package var argument: ValueReference?
    /// What the endpoint answers: nothing, the element (or nil when `get` finds none, for an optional response).
    package var answersElement: Bool
    package var answersOptional: Bool
    /// `set`: the element's `Bool` field (unescaped), whether it is optional, and the value it gets.
    package var field: String? = nil
    package var fieldIsOptional = false
    package var fieldValue = false
    /// `list` with `page`: what the page model is built of.
    package var page: MockPage? = nil
}

/// A paged list of the in-memory mock: the response is a page model holding the slice of the collection the inputs
/// ask for, from the offset the cursor holds, with the next page's cursor.
package struct MockPage: Sendable, Equatable {
    /// How the cursor (an input, or the page model's `next` field) holds the offset.
    package enum CursorKind: Sendable, Equatable {
        /// `String` (`"20"`), `Int`, or a `Bool` that says whether there is more (`next` only).
        case text, number, flag
    }

    /// One argument of the page model's initializer.
    package enum Role: Sendable, Equatable {
        case items
        case next
        /// The number of elements in the whole collection.
        case total
        /// A default value (Swift source) for a field the mock does not fill.
        case value(String)
    }

    /// The page model's type, as the spec writes it (`ContentsWithCursorResponse<Person>`).
    package var type: String
    /// The initializer's arguments in order: the field's name (unescaped) and what it gets.
    package var arguments: [(field: String, role: Role)]
    /// The input that holds the page's first offset, and how; nil starts at 0.
    package var cursor: ValueReference?
    package var cursorKind: CursorKind = .number
    /// The input that holds the page's length; nil is the rest of the collection.
    package var size: ValueReference?
    /// How the `next` field holds the next page's cursor (nil when there is no `next`).
    package var nextKind: CursorKind?

    package static func == (lhs: MockPage, rhs: MockPage) -> Bool {
        lhs.type == rhs.type && lhs.arguments.map(\.field) == rhs.arguments.map(\.field)
            && lhs.arguments.map(\.role) == rhs.arguments.map(\.role) && lhs.cursor == rhs.cursor
            && lhs.cursorKind == rhs.cursorKind && lhs.size == rhs.size && lhs.nextKind == rhs.nextKind
    }
}

/// How a cached read is kept.
package struct CachePolicy: Sendable, Equatable {
    /// Seconds a stored value stays fresh, as a Swift literal (`300`, `0.5`); nil for as long as the store keeps it.
    package var timeToLive: String?
}

/// What a successful write does to one cached read.
package struct CacheEffect: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        case invalidate
        /// Store the write's response (nil) or one of its inputs as the read's value.
        case update(value: ValueReference?)
    }

    /// The cached read.
    package var endpoint: Endpoint
    /// The read's inputs (in its order), each read from the write's inputs; nil for every key of the read.
    package var arguments: [ValueReference]?
    package var action: Action

    package init(endpoint: Endpoint, arguments: [ValueReference]?, action: Action) {
        // Only what building the read's key needs: the read's own effects are not kept (no recursion in the model).
        var read = endpoint
        read.cacheEffects = []
        self.endpoint = read
        self.arguments = arguments
        self.action = action
    }
}

/// The domain type a repository method returns for a DTO response, and how it converts.
package struct DomainResponse: Sendable, Equatable {
    /// `[Photo]`.
    package var type: String
    package var conversion: DomainConversion

    /// A closure from the response to the domain value: `{ $0.map { $0.toDomain() } }`.
    package var closure: String { "{ " + conversion.apply(to: "$0") + " }" }
}

/// How a value holding a DTO becomes the domain value: the DTO's `toDomain()`, through an optional or an array.
package enum DomainConversion: Sendable, Equatable {
    case value, optional, array, optionalArray

    /// The conversion of the value `expression`.
    package func apply(to expression: String) -> String {
        switch self {
        case .value: expression + ".toDomain()"
        case .optional: expression + "?.toDomain()"
        case .array: expression + ".map { $0.toDomain() }"
        case .optionalArray: expression + "?.map { $0.toDomain() }"
        }
    }
}

/// A `multipart/form-data` body.
package struct Upload: Sendable, Equatable {
    /// File parts: the part name and the input (an `UploadFile`, `[UploadFile]` or optional one).
    package var files: [(name: String, value: ValueReference)]
    /// Text fields: the name and a template string; one that is a single reference to an array is one part per
    /// element.
    package var fields: [(name: String, value: [TemplatePart])]
    /// JSON parts: the name and the value (optional: left out when nil).
    package var json: [(name: String, value: ValueReference)] = []
    /// Header fields of parts, by part name (a lone optional value: set only when it is there).
    package var headers: [(part: String, headers: [CustomHeader])] = []

    package static func == (lhs: Upload, rhs: Upload) -> Bool {
        lhs.files.map(\.name) == rhs.files.map(\.name) && lhs.files.map(\.value) == rhs.files.map(\.value)
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
            && lhs.json.map(\.name) == rhs.json.map(\.name) && lhs.json.map(\.value) == rhs.json.map(\.value)
            && lhs.headers.map(\.part) == rhs.headers.map(\.part) && lhs.headers.map(\.headers) == rhs.headers.map(\.headers)
    }
}

/// An associated value of the case and argument of the repository method.
package struct Input: Sendable, Equatable {
    /// The case's label and the name bound in `switch` patterns.
    package var name: String
    package var type: SwiftType
    /// The repository method's argument label (and parameter name).
    package var argumentLabel: String
    /// `true` when the case declares the value without a label.
    package var unlabeled: Bool
    /// The spec's `default`, as Swift source (`20`, `false`, `[]`, `.public`, `nil`): what a call that leaves the
    /// argument out passes.
    package var defaultValue: String? = nil

    /// Whether a call can leave the argument out: the input has a `default`, or is optional (nil).
    package var isOmittable: Bool { defaultValue != nil || type.isOptional }
    /// What a call that leaves the argument out passes: the default, else `nil`.
    package var omittedValue: String { defaultValue ?? "nil" }
}

/// HTTP methods `RequestMethod` knows.
package enum HTTPMethod: String, Sendable, Equatable, CaseIterable {
    case get, post, put, patch, delete
}

/// A path chosen by an input's value: `path: { if: isSeason, … }` or `path: { switch: kind, … }`.
package struct PathChoice: Sendable, Equatable {
    /// The index of the `Bool` or enum input (never optional).
    package var input: Int
    /// The `Bool`'s two paths (`true` first), or the enum's cases in the spec's order.
    package var branches: [PathBranch]
    /// The path of the enum's other values (`default`): its unlisted cases, and an open enum's unknown ones.
    package var otherwise: [TemplatePart]? = nil
    /// Whether the input is a `Bool` (`if`), not an enum (`switch`).
    package var isBool: Bool

    /// Every path the choice can give.
    package var paths: [[TemplatePart]] { branches.map(\.path) + (otherwise.map { [$0] } ?? []) }
}

/// One value of a path choice and its path.
package struct PathBranch: Sendable, Equatable {
    /// The value as the spec writes it: `true`, `false`, an enum's raw value.
    package var key: String
    /// The Swift pattern that matches it: `true`, `.season`.
    package var pattern: String
    package var path: [TemplatePart]
}

/// How the endpoint's HTTP method is chosen.
package enum MethodChoice: Sendable, Equatable {
    case fixed(HTTPMethod)
    /// `input ? whenTrue : whenFalse`, where `input` is a `Bool` input's index.
    case conditional(input: Int, whenTrue: HTTPMethod, whenFalse: HTTPMethod)
}

/// A value read from the inputs: `storeId`, `input.id`, `placeType.rawValue`, `itemTypes[].rawValue`.
package struct ValueReference: Sendable, Equatable {
    /// Index into the endpoint's inputs.
    package var input: Int
    /// Members read from the input, in order.
    package var members: [String]
    /// Members read from every element when the reference maps an array (`itemTypes[].rawValue`).
    package var mappedMembers: [String]?
    /// Whether the value can be nil: the input is optional, or a member read is.
    package var isOptional = false
    /// The positions in `members` of the optional members of Foundation types read through (`host` in
    /// `referer.host.count`, written `referer.host?.count`).
    package var chainedMembers: [Int] = []
    /// The value's type, when repogen knows it (members of external types are not known).
    package var type: SwiftType? = nil
    /// Where `type` is written: the qualified name of the model that declares it, split at dots (empty for inputs).
    package var typeScope: [String] = []
}

/// A piece of a template string such as a path or a header value.
package enum TemplatePart: Sendable, Equatable {
    case literal(String)
    case reference(ValueReference)
}

/// What `param` returns.
package enum Param: Sendable, Equatable {
    case none
    /// One value passed through, usually an `Encodable` input struct.
    case value(ValueReference)
    /// A dictionary in the order written.
    case fields([ParamEntry])
    /// Parts merged into one object, in order.
    case merged([ParamPart])
}

/// A part of a merged param.
package enum ParamPart: Sendable, Equatable {
    /// The keys of a model or dictionary value, spread to the top level.
    case spread(ValueReference)
    case fields([ParamEntry])
}

/// One key of a dictionary param.
package struct ParamEntry: Sendable, Equatable {
    package var key: String
    package var value: ParamValue
    /// `omitWhen`: the values of the reference's input (Swift expressions: `.all`, `false`) that leave the key out,
    /// as nil does; empty for none.
    package var omitWhen: [String] = []
}

/// A dictionary param value.
package enum ParamValue: Sendable, Equatable {
    /// A single reference, passed with its own type; optional references make the key conditional.
    case reference(ValueReference)
    /// Text, possibly with interpolated references: always a `String`.
    case text([TemplatePart])
    case number(String)
    case bool(Bool)
    /// `firstOf`: the first of these keys whose value is not nil (each a reference; all but the last optional).
    case firstOf([ParamEntry])
    /// A constant list: its elements, all `.text` (strings, placeholders interpolated), all `.number` or all
    /// `.bool`; sent as an array (a JSON array in a body, the key's array style in a query).
    case list([ParamValue])
}

/// What `header` returns.
package enum Header: Sendable, Equatable {
    case `default`
    case json
    case location
    case multipart(boundary: [TemplatePart])
    case custom([CustomHeader])
}

/// One `name: value` of a custom header.
package struct CustomHeader: Sendable, Equatable {
    package var name: String
    package var value: [TemplatePart]
    /// `{ json: "{input}" }`: the value is one reference, sent as its JSON text (`JSONParameter.headerValue`).
    package var json = false
}

/// A type of the app's domain and how a DTO (a model as the server sends it) maps to it: `Photo`, made
/// by `PhotoResponseDTO.toDomain()`.
package struct DomainModel: Sendable, Equatable {
    package var name: String
    package var documentation: String?
    /// The DTO's qualified name (`PhotoResponseDTO`, `PhotoResponseDTO.URLDTO`).
    package var dto: String
    package var fields: [DomainField]
    /// `hashable: true`: `Hashable` rather than only `Equatable`.
    package var isHashable = false
    /// `identifiable`: how the domain type is `Identifiable`.
    package var identity: Identity? = nil
}

/// A stored property of a domain type.
package struct DomainField: Sendable, Equatable {
    /// The Swift name (unescaped).
    package var name: String
    package var type: SwiftType
    package var documentation: String?
    /// The expression that computes it inside the DTO's `toDomain()`: `self.id`, `self.urls.toDomain()`, `UUID()`.
    package var value: String
}
