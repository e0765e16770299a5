/// A value from the spec together with where it was written.
package struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A JSON value of the spec with the place of each of its parts: an `example`, checked against the type it is
/// decoded as, so that every mismatch is reported where it is written.
package struct LocatedValue: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case object([Member])
        case array([LocatedValue])
        case string(String)
        /// A number as written.
        case number(String)
        case bool(Bool)
        case null
    }

    /// One `key: value` of an object, in the order written.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: LocatedValue
    }

    package var kind: Kind
    package var location: SourceLocation

    /// What the value is, in the words an error message uses: "a string", "an array"…
    package var kindDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// One spec file as written: the endpoints of one domain, not yet checked against each other.
package struct Spec: Sendable, Equatable {
    /// The spec's path as the user typed it.
    package var path: String
    /// The output style this spec's files take (`completion`), unless `--style` names one for every spec; nil for
    /// the config's style.
    package var style: Located<String>? = nil
    /// `modelFiles`: how many files the models are spread over (`RepogenFacts.modelsFileIndex`); nil for one.
    package var modelFiles: Located<Int>? = nil
    /// Extra modules the generated files import (an app's model module, say `Model`).
    package var imports: [Located<String>]
    /// Types the spec uses without defining them, from an imported module or another spec of the same module.
    package var externalTypes: [Located<String>] = []
    package var models: [ModelSpec] = []
    /// Values every endpoint of the domain has unless it gives its own.
    package var defaults: EndpointDefaultsSpec? = nil
    package var endpoints: [EndpointSpec]
    /// `collections`: what the `tca` style's in-memory `mockValue` keeps, which endpoints' `mock` read and change.
    package var collections: [CollectionSpec] = []
    /// `servers`: the base URLs the API is served from, each a function of the domain's `<Domain>Servers`.
    package var servers: [ServerSpec] = []
    /// How many endpoints the file lists, including those that could not be decoded; nil when `endpoints` is
    /// missing or not an array (already reported).
    package var declaredEndpointCount: Int? = 0
    /// Names of models and endpoints that were written but could not be decoded (already reported): a later check
    /// that meets one of these names does not report it again as undefined ("one bad value, one error").
    package var brokenModels: Set<String> = []
    package var brokenEndpoints: Set<String> = []
}

/// A type the spec defines: a struct of fields, a string enum, or a union (`oneOf`).
package struct ModelSpec: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case fields([FieldSpec])
        case enumeration([EnumCaseSpec])
        /// `oneOf`: an enum with a case (and its payload) per variant.
        case union(UnionSpec)
    }

    package var name: Located<String>
    package var description: Located<String>?
    /// Generic parameters: `ContentsWithCursorResponse<T>` lists `T`.
    package var typeParameters: [Located<String>]
    package var kind: Kind
    /// Models declared inside this one (`WriteReviewInput.Image`), under the model's own `models` key.
    package var nested: [ModelSpec] = []
    package var location: SourceLocation
    /// The app's own type this model (a DTO, as the server sends it) maps to, with `toDomain()`.
    package var domain: DomainSpec? = nil
    /// `hashable: true`: the model is also `Hashable` (its fields' types must be).
    package var hashable: Located<Bool>? = nil
    /// `identifiable`: the field that identifies the model (`Identifiable`): `id` for `true`, else the name given.
    package var identifiable: Located<String>? = nil
    /// `unknown`: for a string enum, the case that keeps a raw value it does not list (`case unknown(String)`).
    package var unknown: Located<String>? = nil
    /// `additionalProperties`: for a struct, the type of the values of JSON keys besides its fields, kept in a stored
    /// `additionalProperties: [String: T]` (`Int`, `JSONValue`).
    package var additionalProperties: Located<String>? = nil
}

extension ModelSpec.Kind {
    var isUnion: Bool {
        if case .union = self { return true }
        return false
    }

    var isStruct: Bool {
        if case .fields = self { return true }
        return false
    }
}

/// `domain` of a model: the domain type a DTO maps to (`Photo` for `PhotoResponseDTO`).
package struct DomainSpec: Sendable, Equatable {
    package var name: Located<String>
    package var description: Located<String>?
    package var fields: [DomainFieldSpec]
    package var location: SourceLocation
    /// `hashable: true`: the domain type is also `Hashable`.
    package var hashable: Located<Bool>? = nil
    /// `identifiable`: the field that identifies the domain type: `id` for `true`, else the name given.
    package var identifiable: Located<String>? = nil
}

/// A field of a domain type: copied from a DTO field (`from`, or the string form), or computed (`value`).
package struct DomainFieldSpec: Sendable, Equatable {
    package var name: Located<String>
    /// The DTO field it takes its value from.
    package var from: Located<String>?
    /// Its type, when given (required with `value`).
    package var type: Located<String>?
    /// A computed value: `UUID()`, `Date()`, `nil`, `[]`, `[:]`, a number, `true`/`false` or a quoted string.
    package var value: Located<String>?
    package var description: Located<String>?
}

/// `defaults`: endpoint keys that apply to every endpoint of the spec that does not set them.
package struct EndpointDefaultsSpec: Sendable, Equatable {
    package var usingQuery: Located<Bool>?
    package var header: HeaderSpec?
    /// `errors`: error bodies every endpoint declares, besides (and under) its own.
    package var errors: [ErrorBodySpec] = []
}

/// One entry of `errors`: a failure status (`400`, `4XX`, `default`) and the type its body decodes as.
package struct ErrorBodySpec: Sendable, Equatable {
    package var status: Located<String>
    package var type: Located<String>
}

/// A stored property of a model.
package struct FieldSpec: Sendable, Equatable {
    package var name: Located<String>
    package var type: Located<String>
    /// The key in JSON when it differs from the Swift name.
    package var jsonKey: Located<String>? = nil
    package var description: Located<String>? = nil
    /// The default value of the memberwise initializer's parameter, as written (a JSON value).
    package var defaultValue: Located<SpecNode>? = nil
    /// `encode: false`: the field is left out when the model is encoded (it still decodes).
    package var encode: Located<Bool>? = nil
    /// `partHeader: { part, header }`: the field holds header field `header` of part `part` of a multipart response.
    package var partHeader: PartHeaderSpec? = nil
}

/// `partHeader` of a field: which part's which header field it holds.
package struct PartHeaderSpec: Sendable, Equatable {
    package var part: Located<String>
    package var header: Located<String>
    /// Where `partHeader` is written.
    package var location: SourceLocation
}

/// `oneOf` of a model: the variants a value is one of, and the JSON property that says which (`discriminator`).
package struct UnionSpec: Sendable, Equatable {
    package var cases: [UnionCaseSpec]
    /// The JSON property of every variant whose value (the case's `tag`) picks the case; nil to try each in turn.
    package var discriminator: Located<String>?
    /// Where `oneOf` is written.
    package var location: SourceLocation
}

/// A variant of a union: `- PhoneContact` or `{ case: phone, type: PhoneContact, tag: phone }`.
package struct UnionCaseSpec: Sendable, Equatable {
    /// The Swift case name; derived from the type when not given.
    package var name: Located<String>?
    /// The payload's type.
    package var type: Located<String>
    /// The discriminator's value for this case; the type's name when not given.
    package var tag: Located<String>?
    package var description: Located<String>? = nil
    package var location: SourceLocation
}

/// A case of a string or `Int` enum model.
package struct EnumCaseSpec: Sendable, Equatable {
    /// The Swift case name; derived from the raw value when not given (a string value only).
    package var name: Located<String>? = nil
    /// The raw value as written: a string's text, or an integer's digits (`isInteger`).
    package var rawValue: Located<String>
    package var description: Located<String>? = nil
    /// `value` is a number: the case of an `Int` enum.
    package var isInteger = false
}

/// One endpoint: an API enum case, its request and the repository method that sends it.
package struct EndpointSpec: Sendable, Equatable {
    /// The enum case name, named like the server's API.
    package var name: Located<String>
    /// Becomes the doc comment of the case and of the repository methods.
    package var description: Located<String>? = nil
    /// False when decoding reported a problem inside the endpoint, so later checks avoid follow-on noise.
    package var isComplete = true
    /// Inputs that were listed but could not be decoded; references to them are not reported again.
    package var brokenInputs: [String] = []
    /// The repository method's name when it differs from the case name.
    package var repositoryMethod: Located<String>?
    package var method: MethodSpec
    /// The path template: literal text with `{reference}` placeholders (with `pathChoice`, its first branch).
    package var path: Located<String>
    /// `path: { if: …, then: …, else: … }` or `path: { switch: …, cases: {…}, default: … }`: the path chosen by a
    /// `Bool` or enum input's value; `nil` for one path.
    package var pathChoice: PathChoiceSpec? = nil
    package var inputs: [InputSpec]
    package var param: ParamSpec?
    /// Overrides the runtime's query-or-body rule for this endpoint.
    package var usingQuery: Located<Bool>?
    /// `queryArrays`: array params with their own query style (`repeated`, `comma`, `brackets`), in order.
    package var queryArrays: [QueryArraySpec] = []
    /// `query`: what always goes to the URL query string, beside a param that is the JSON body; written like a
    /// param (a reference, keys, or a list of those).
    package var query: ParamSpec? = nil
    /// Where `query` was written, for the errors about it as a whole.
    package var queryLocation: SourceLocation? = nil
    /// `body`: how a param that is the body is written, `json` (the default) or `form`
    /// (`application/x-www-form-urlencoded`); checked by validation.
    package var body: Located<String>? = nil
    package var header: HeaderSpec?
    /// The success type; `nil` means the response has no body (`Result<Void, Error>`).
    package var response: Located<String>?
    /// `response` was written but could not be read (already reported): not "no response".
    package var brokenResponse = false
    /// `responseMetadata: true`: the repository method returns `APIResponse<…>` (the value with the response's
    /// status and headers).
    package var responseMetadata: Located<Bool>? = nil
    /// `errors`: the types failure statuses' bodies decode as (`"400": CodeError`, `4XX: …`, `default: …`).
    package var errors: [ErrorBodySpec] = []
    /// A `multipart/form-data` body: file parts and text fields.
    package var upload: UploadSpec? = nil
    /// An example response, as compact JSON text, that the mock answers with when nothing is stubbed.
    package var example: Located<String>? = nil
    /// The same example with the place of each of its parts, to check it against the response type.
    package var exampleValue: LocatedValue? = nil
    /// `cache`: the repository answers this read from the local data source while a stored value is fresh.
    package var cache: CacheSpec? = nil
    /// `cache` was written with a value that could not be read (already reported): neither cached nor not cached
    /// for later checks.
    package var brokenCache = false
    /// `invalidates`: cached reads this write removes once it succeeds.
    package var invalidates: [CacheTargetSpec] = []
    /// `updates`: cached reads this write replaces with a value once it succeeds (write-through).
    package var updates: [CacheTargetSpec] = []
    /// `mock`: what this endpoint does to a collection of the in-memory mock (`tca` style's `mockValue`).
    package var mock: MockActionSpec? = nil
    package var location: SourceLocation
}

/// One entry of `queryArrays`: a param key and how its array is spelled in the query string.
package struct QueryArraySpec: Sendable, Equatable {
    package var key: Located<String>
    package var style: Located<String>
}

/// A collection of the in-memory mock: `persons: { type: Person, id: id, example: [...] }`.
package struct CollectionSpec: Sendable, Equatable {
    package var name: Located<String>
    /// The element type: a model of the spec.
    package var type: Located<String>
    /// The element's field that identifies it (`id` unless given).
    package var id: Located<String>?
    /// The contents the mock starts with, as compact JSON text of a list.
    package var example: Located<String>?
    /// The same list with the place of each of its parts, to check it against the element type.
    package var exampleValue: LocatedValue? = nil
    package var location: SourceLocation
}

/// `mock: { list: persons }`, `{ get: persons, id: "{id}" }`, `{ create: persons, value: "{person}" }`,
/// `{ update: persons, value: "{person}" }`, `{ delete: persons, id: "{id}" }`,
/// `{ set: persons, id: "{id}", field: isFavorite, to: true }`, and a paged list,
/// `{ list: persons, page: { items: contents, cursor: "{cursor}", size: "{size}", next: nextCursor } }`.
package struct MockActionSpec: Sendable, Equatable {
    package enum Verb: String, Sendable, Equatable, CaseIterable {
        case list, get, create, update, delete, set
    }

    package var verb: Verb
    package var collection: Located<String>
    /// `id` (get, delete, set) or `value` (create, update): one placeholder naming an input.
    package var argument: Located<String>?
    /// `set`: the element's `Bool` field and the value it gets.
    package var field: Located<String>? = nil
    package var to: Located<Bool>? = nil
    /// `list` with `page`: the response is a page model holding a slice of the collection.
    package var page: MockPageSpec? = nil
    package var location: SourceLocation
}

/// `page: { items: contents, cursor: "{cursor}", size: "{size}", next: nextCursor, total: total }`: the page model's
/// list field, the inputs that say where the page starts and how long it is, the field that gets the next page's
/// cursor and the one that gets the collection's count.
package struct MockPageSpec: Sendable, Equatable {
    package var items: Located<String>
    package var cursor: Located<String>?
    package var size: Located<String>?
    package var next: Located<String>?
    /// The page model's `Int` field that gets the number of elements in the whole collection.
    package var total: Located<String>? = nil
    package var location: SourceLocation
}

/// `cache: true` or `cache: { ttl: 300 }`.
package struct CacheSpec: Sendable, Equatable {
    /// Seconds a stored value stays fresh; nil for as long as the local data source keeps it.
    package var timeToLive: Located<String>?
    package var location: SourceLocation
}

/// An entry of `invalidates` or `updates`: a cached read (`endpoint`), all of its keys or, with `inputs`, the one
/// key those inputs give; for `updates`, the value stored (`with`: `response`, or an input as `"{input}"`).
package struct CacheTargetSpec: Sendable, Equatable {
    package typealias Pair = (name: Located<String>, value: Located<String>)
    package var endpoint: Located<String>
    /// The read's inputs, each a template string over the write's inputs (`"{storeId}"`); nil for every key.
    package var inputs: [Pair]?
    package var with: Located<String>?
    package var location: SourceLocation

    package static func == (lhs: CacheTargetSpec, rhs: CacheTargetSpec) -> Bool {
        func same(_ a: [Pair]?, _ b: [Pair]?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
        return lhs.endpoint == rhs.endpoint && same(lhs.inputs, rhs.inputs) && lhs.with == rhs.with
            && lhs.location == rhs.location
    }
}

/// `upload: { files: { images: "{images}" }, fields: { storeId: "{storeId}" }, json: { metadata: "{metadata}" } }`.
package struct UploadSpec: Sendable, Equatable {
    package typealias Pair = (name: Located<String>, value: Located<String>)
    package var files: [Pair]
    package var fields: [Pair]
    /// Parts sent as their value's JSON (`Content-Type: application/json`).
    package var json: [Pair] = []
    /// Header fields of parts, by part name: `headers: { log: { x-log-type: "{logType.rawValue}" } }`.
    package var headers: [(part: Located<String>, headers: [Pair])] = []
    package var location: SourceLocation

    package static func == (lhs: UploadSpec, rhs: UploadSpec) -> Bool {
        func same(_ a: [Pair], _ b: [Pair]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
        return same(lhs.files, rhs.files) && same(lhs.fields, rhs.fields) && same(lhs.json, rhs.json)
            && lhs.headers.count == rhs.headers.count
            && zip(lhs.headers, rhs.headers).allSatisfy { $0.part == $1.part && same($0.headers, $1.headers) }
            && lhs.location == rhs.location
    }
}

/// One associated value of the case, which is also one argument of the repository method.
package struct InputSpec: Sendable, Equatable {
    package var name: Located<String>
    package var type: Located<String>
    /// The repository method's argument label when it differs from `name`.
    package var argument: Located<String>?
    /// `true` writes the associated value without a label: `case fetchDetail(FetchDetailInput)`.
    package var unlabeled: Bool
    /// `default`: the value a call that leaves the argument out passes (a JSON value, checked against the type).
    package var defaultValue: Located<SpecNode>? = nil
    package var location: SourceLocation
}

/// The HTTP method: fixed, or chosen by a Bool input (`isDelete ? .delete : .put`).
/// A path chosen by an input's value.
package enum PathChoiceSpec: Sendable, Equatable {
    /// `{ if: isSeason, then: "/season/{id}", else: "/episode/{id}" }`.
    case conditional(input: Located<String>, whenTrue: Located<String>, whenFalse: Located<String>)
    /// `{ switch: kind, cases: { season: "/season/{id}", … }, default: "/other/{id}" }`: keys are the enum's raw
    /// values.
    case switching(input: Located<String>, cases: [PathCaseSpec], otherwise: Located<String>?)
}

/// One `cases` entry of a path `switch`: an enum raw value and its path.
package struct PathCaseSpec: Sendable, Equatable {
    package var key: Located<String>
    package var path: Located<String>
}

package enum MethodSpec: Sendable, Equatable {
    case fixed(Located<String>)
    case conditional(input: Located<String>, whenTrue: Located<String>, whenFalse: Located<String>)
}

/// What `param` returns.
package enum ParamSpec: Sendable, Equatable {
    /// One value passed through as it is, usually an `Encodable` input struct: `"param": "{input}"`.
    case value(Located<String>)
    /// A dictionary built from inputs and constants, in the order written.
    case fields([ParamField])
    /// A list of parts merged into one object: references whose keys are spread, and dictionaries of keys.
    case merged([ParamPartSpec])
}

/// One part of a merged param list.
package enum ParamPartSpec: Sendable, Equatable {
    /// `"{input}"`: the keys of a model or a `[String: …]` dictionary, spread to the top level.
    case spread(Located<String>)
    /// `{ key: value, … }`.
    case fields([ParamField])
}

/// One key of a dictionary param.
package struct ParamField: Sendable, Equatable {
    package var key: Located<String>
    package var value: ParamValueSpec
    /// `{ value: "{filter}", omitWhen: [all] }`: the values of the input (an enum's raw values, `true`/`false`) for
    /// which the key is left out, as nil is; nil when the value is written alone.
    package var omitWhen: [Located<String>]? = nil
}

/// A param dictionary value: a template string (`"{cursor}"`, `"LATEST"`) or a JSON constant.
package enum ParamValueSpec: Sendable, Equatable {
    case template(Located<String>)
    case number(Located<String>)
    case bool(Located<Bool>)
    /// `firstOf: [{ max_id: "{maxId}" }, { since_id: "{sinceId}" }]`: only the first alternative whose value is not
    /// nil is sent.
    case firstOf([ParamField], at: SourceLocation)
    /// A constant list, `["mention", "follow"]`: its elements, each a template string, a number or a boolean
    /// (a nested list or an object is reported when it is read).
    case list([ParamValueSpec], at: SourceLocation)
}

/// What `header` returns.
package enum HeaderSpec: Sendable, Equatable {
    /// `.default`, `.json` or `.location`.
    case named(Located<String>)
    /// `.multipart(boundary:)` with a template string for the boundary.
    case multipart(boundary: Located<String>)
    /// `.custom([...])`: header names and template-string values, in the order written; `json`: the value was
    /// written `{ json: "{input}" }`, the input's JSON text.
    case custom([(name: Located<String>, value: Located<String>, json: Bool)])

    package static func == (lhs: HeaderSpec, rhs: HeaderSpec) -> Bool {
        switch (lhs, rhs) {
        case (.named(let a), .named(let b)): return a == b
        case (.multipart(let a), .multipart(let b)): return a == b
        case (.custom(let a), .custom(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value && $0.json == $1.json }
        default: return false
        }
    }
}

extension ParamValueSpec {
    /// Where the value is written.
    package var location: SourceLocation {
        switch self {
        case .template(let text): return text.location
        case .number(let text): return text.location
        case .bool(let flag): return flag.location
        case .firstOf(_, let location): return location
        case .list(_, let location): return location
        }
    }
}

/// One of `servers`: `{ url: "{scheme}://{host}/v1", name?, description?, variables?: { scheme: { default: https,
/// enum?: [http, https], description? } } }`.
package struct ServerSpec: Sendable, Equatable {
    package var url: Located<String>
    /// The function's name; nil for `server<n>`.
    package var name: Located<String>?
    package var description: Located<String>?
    package var variables: [ServerVariableSpec]
    package var location: SourceLocation
}

/// A variable of a server's URL template.
package struct ServerVariableSpec: Sendable, Equatable {
    package var name: Located<String>
    /// The value when none is given (required: OpenAPI's `default`).
    package var defaultValue: Located<String>?
    /// The values it may take; empty for any.
    package var values: [Located<String>]
    package var description: Located<String>?
    package var location: SourceLocation
}
