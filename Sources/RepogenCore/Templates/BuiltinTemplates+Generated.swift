package enum BuiltinTemplates {
    package static let all: [String: String] = [:]
}
